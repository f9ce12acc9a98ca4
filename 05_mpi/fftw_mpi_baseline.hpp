// The library baseline: FFTW-MPI's distributed 1D complex transform (fftw_mpi_plan_dft_1d),
// float and double, behind the same shape as the course's plans. FFTW chooses its own block
// sizes (local_size()); for N = 2^k and P = 2^j they are the same N/P blocks as v2 and v3.
#pragma once

#include <mpi.h>

#include <span>

#include "05_mpi/mpi_common.hpp"
#include "common/reference.hpp"

namespace course::mpi {

// Once after MPI_Init, before any FftwMpiFft; fftw_mpi_cleanup comes with finalize_fftw_mpi.
void init_fftw_mpi();
void finalize_fftw_mpi();

template <class T>
class FftwMpiFft {
 public:
  // order: natural, or transposed = FFTW_MPI_SCRAMBLED_OUT (FFTW's own output permutation).
  FftwMpiFft(MPI_Comm comm, std::size_t n, Direction dir, PlanEffort effort, Order order = Order::natural);
  ~FftwMpiFft();
  FftwMpiFft(const FftwMpiFft&) = delete;
  FftwMpiFft& operator=(const FftwMpiFft&) = delete;

  std::size_t local_size() const { return local_n_; }
  std::size_t local_start() const { return local_start_; }
  std::span<Complex<T>> block() { return {buffer_, local_n_}; }
  void execute();  // block() -> block(), in place

  static const char* name() { return "fftw_mpi"; }

 private:
  std::size_t local_n_ = 0, local_start_ = 0;
  Complex<T>* buffer_ = nullptr;
  void* plan_ = nullptr;
};

}  // namespace course::mpi
