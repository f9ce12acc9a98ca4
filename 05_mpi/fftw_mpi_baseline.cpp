#include "05_mpi/fftw_mpi_baseline.hpp"

#include <fftw3-mpi.h>

#include <algorithm>
#include <stdexcept>

namespace course::mpi {

void init_fftw_mpi() {
  fftw_mpi_init();
  fftwf_mpi_init();
}
void finalize_fftw_mpi() {
  fftw_mpi_cleanup();
  fftwf_mpi_cleanup();
}

namespace {
unsigned flags_of(PlanEffort effort, Order order) {
  unsigned f = effort == PlanEffort::measure ? FFTW_MEASURE : FFTW_ESTIMATE;
  if (order == Order::transposed) f |= FFTW_MPI_SCRAMBLED_OUT;
  return f;
}
void require(const std::string& what, std::size_t n, int p, bool ok) {
  if (!ok) refuse("fftw_mpi", n, p, what, "");
}
// FFTW-MPI's 1D transform is itself a transpose algorithm; below P^2 points it has no plan,
// and FFTW 3.3.10 corrupts its heap planning N = 1 (seen here), so N >= 2 as well.
void require_blocks(std::size_t n, int p) {
  const std::size_t ranks = static_cast<std::size_t>(p), least = std::max<std::size_t>(2, ranks * ranks);
  if (n < least) refuse("fftw_mpi", n, p, "FFTW-MPI's 1D plan is used here for N >= max(2, P^2) = " + std::to_string(least), "");
}
}  // namespace

// FFTW's API differs between precisions only by prefix; one specialisation each.
template <>
FftwMpiFft<double>::FftwMpiFft(MPI_Comm comm, std::size_t n, Direction dir, PlanEffort effort, Order order) {
  const int p = size_of(comm);
  require_n("fftw_mpi", n, p);
  require_blocks(n, p);
  ptrdiff_t ni = 0, i0 = 0, no = 0, o0 = 0;
  const int sign = dir == Direction::forward ? FFTW_FORWARD : FFTW_BACKWARD;
  const ptrdiff_t alloc = fftw_mpi_local_size_1d(static_cast<ptrdiff_t>(n), comm, sign, flags_of(effort, order), &ni, &i0, &no, &o0);
  require("FFTW-MPI needs the same input and output block on each rank here", n, p, ni == no && i0 == o0);
  local_n_ = static_cast<std::size_t>(ni);
  local_start_ = static_cast<std::size_t>(i0);
  buffer_ = reinterpret_cast<Complex<double>*>(fftw_alloc_complex(static_cast<std::size_t>(alloc > 0 ? alloc : 1)));
  auto* b = reinterpret_cast<fftw_complex*>(buffer_);
  plan_ = fftw_mpi_plan_dft_1d(static_cast<ptrdiff_t>(n), b, b, comm, sign, flags_of(effort, order));
  if (!plan_) {
    fftw_free(buffer_);
    throw std::runtime_error("fftw_mpi: no plan for N = " + std::to_string(n) + " on " + std::to_string(p) + " ranks");
  }
}
template <>
FftwMpiFft<double>::~FftwMpiFft() {
  if (plan_) fftw_destroy_plan(static_cast<fftw_plan>(plan_));
  fftw_free(buffer_);
}
template <>
void FftwMpiFft<double>::execute() { fftw_execute(static_cast<fftw_plan>(plan_)); }

template <>
FftwMpiFft<float>::FftwMpiFft(MPI_Comm comm, std::size_t n, Direction dir, PlanEffort effort, Order order) {
  const int p = size_of(comm);
  require_n("fftw_mpi", n, p);
  require_blocks(n, p);
  ptrdiff_t ni = 0, i0 = 0, no = 0, o0 = 0;
  const int sign = dir == Direction::forward ? FFTW_FORWARD : FFTW_BACKWARD;
  const ptrdiff_t alloc = fftwf_mpi_local_size_1d(static_cast<ptrdiff_t>(n), comm, sign, flags_of(effort, order), &ni, &i0, &no, &o0);
  require("FFTW-MPI needs the same input and output block on each rank here", n, p, ni == no && i0 == o0);
  local_n_ = static_cast<std::size_t>(ni);
  local_start_ = static_cast<std::size_t>(i0);
  buffer_ = reinterpret_cast<Complex<float>*>(fftwf_alloc_complex(static_cast<std::size_t>(alloc > 0 ? alloc : 1)));
  auto* b = reinterpret_cast<fftwf_complex*>(buffer_);
  plan_ = fftwf_mpi_plan_dft_1d(static_cast<ptrdiff_t>(n), b, b, comm, sign, flags_of(effort, order));
  if (!plan_) {
    fftwf_free(buffer_);
    throw std::runtime_error("fftw_mpi: no plan for N = " + std::to_string(n) + " on " + std::to_string(p) + " ranks");
  }
}
template <>
FftwMpiFft<float>::~FftwMpiFft() {
  if (plan_) fftwf_destroy_plan(static_cast<fftwf_plan>(plan_));
  fftwf_free(buffer_);
}
template <>
void FftwMpiFft<float>::execute() { fftwf_execute(static_cast<fftwf_plan>(plan_)); }

}  // namespace course::mpi
