// v3, the transpose (four-step) algorithm: N = N1 N2, seen as an N1 x N2 row-major matrix
// (x[n1 N2 + n2]) whose rows are dealt out in blocks, so input blocks are natural order.
//
//   1. transpose            -> N2 x N1, rank holds N2/P whole columns of x
//   2. N2/P local N1-point FFTs along those rows
//   3. twiddle: element (n2, k1) times w(n2 k1, N)
//   4. transpose            -> N1 x N2
//   5. N1/P local N2-point FFTs: element (k1, k2) is now X[k1 + N1 k2]
//   6. transpose (natural order only) -> N2 x N1: element (k2, k1) = X[k2 N1 + k1], blocks.
//
// Order::transposed stops after step 5: rank r holds X[k1 + N1 k2] for its k1 block
// k1 = r N1/P + j / N2, k2 = j % N2 (local index j); FFTW-MPI's SCRAMBLED_OUT is the same idea.
//
// All communication is in the transposes: one MPI_Alltoall each, P - 1 messages of N/P^2
// points per rank, (P-1)/P of the block leaving the rank. Needs P | N1 and P | N2.
#pragma once

#include <mpi.h>

#include <span>
#include <vector>

#include "05_mpi/local_fft.hpp"
#include "05_mpi/mpi_common.hpp"
#include "05_mpi/transpose.hpp"

namespace course::mpi {

template <class T>
class TransposeFft {
 public:
  TransposeFft(MPI_Comm comm, std::size_t n, Order order = Order::natural);

  std::size_t local_size() const { return m_; }
  std::size_t n1() const { return n1_; }
  std::size_t n2() const { return n2_; }
  std::size_t global_output_index(int r, std::size_t j) const;
  void execute(std::span<Complex<T>> block, Direction dir);

  static const char* name() { return "v3"; }

 private:
  MPI_Comm comm_;
  int rank_, ranks_;
  std::size_t n_, n1_, n2_, m_;
  Order order_;
  LocalFft<T> fft1_, fft2_;
  std::vector<Complex<T>> twiddles_;  // w(n2 k1, N) for this rank's n2 rows, row-major
  DistributedTranspose<T> rows_to_cols_, cols_to_rows_;  // N1 x N2 -> N2 x N1, and back
  std::vector<Complex<T>> work_, send_;
};

}  // namespace course::mpi
