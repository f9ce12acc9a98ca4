// v1, the thesis's design: rank 0 holds the whole array; for every one of the log2 N stages it
// deals the N/2 butterflies out to the ranks (MPI_Scatter), each rank computes its share, and
// rank 0 collects the results (MPI_Gather) before the next stage can start.
//
// Each stage moves all N points out of rank 0 and back, so one transform sends 2 N log2 N
// points through one rank, against the 5 N log2 N flops it shares out: at best a few flops per
// byte moved, which no network (or shared-memory transport) can feed. Kept to show why.
#pragma once

#include <mpi.h>

#include <span>
#include <vector>

#include "05_mpi/mpi_common.hpp"

namespace course::mpi {

template <class T>
class ScatterGatherFft {
 public:
  // Collective over comm. Refuses (on every rank, same message) unless N = 2^k and P divides N/2.
  ScatterGatherFft(MPI_Comm comm, std::size_t n);

  // data: the whole signal on rank 0 (ignored elsewhere), transformed in place, natural order.
  void execute(std::span<Complex<T>> data, Direction dir);

  std::size_t size() const { return n_; }
  static const char* name() { return "v1"; }

 private:
  MPI_Comm comm_;
  int rank_, ranks_;
  std::size_t n_, share_;                 // butterflies per rank per stage
  std::vector<Complex<T>> twiddles_;      // this rank's twiddles, stage after stage
  std::vector<Complex<T>> pairs_, mine_;  // rank 0: every (top, bottom) pair; all: its share
};

}  // namespace course::mpi
