// v2, binary exchange: each rank keeps M = N/P contiguous points for the whole transform.
//
// Radix-2 decimation in frequency over the global index: the stage with span h pairs i with
// i + h. While h >= M the pair lives on two ranks, r and its partner r XOR (h/M): both swap
// their whole blocks (one MPI_Sendrecv of M points each way), then the lower rank keeps a + b
// and the upper keeps (a - b) w. That is log2 P exchange stages; every later stage (h < M) is
// local, and together they are exactly an M-point FFT of the block.
//
// (The issue states the mirror image: decimation in time on bit-reversed input, local stages
// first, exchanges last. With natural input in blocks the exchanges must come first; the count
// of stages, messages and bytes is the same.)
//
// Output, Order::transposed: rank r holds X[j P + rev(r)], j = 0..M-1, where rev reverses the
// log2 P bits of r (a cyclic layout: ranks own residues mod P).
// Output, Order::natural: one MPI_Alltoall of M/P points per rank pair turns that into
// blocks; it needs M >= P, i.e. N >= P^2.
//
// Per rank and transform: log2 P messages of M points (+ P - 1 of M/P for natural order).
#pragma once

#include <mpi.h>

#include <span>
#include <vector>

#include "05_mpi/local_fft.hpp"
#include "05_mpi/mpi_common.hpp"

namespace course::mpi {

template <class T>
class BinaryExchangeFft {
 public:
  BinaryExchangeFft(MPI_Comm comm, std::size_t n, Order order = Order::natural);

  std::size_t local_size() const { return m_; }
  // Global index of output element j on rank r (input element j of rank r is x[r M + j]).
  std::size_t global_output_index(int r, std::size_t j) const;
  // block: this rank's M points, transformed in place.
  void execute(std::span<Complex<T>> block, Direction dir);

  static const char* name() { return "v2"; }

 private:
  MPI_Comm comm_;
  int rank_, ranks_;
  std::size_t n_, m_;
  Order order_;
  unsigned rank_bits_;
  LocalFft<T> local_;
  std::vector<std::vector<Complex<T>>> stage_twiddles_;  // only for stages where this rank is upper
  std::vector<Complex<T>> partner_, scratch_;
};

}  // namespace course::mpi
