// v4, the thesis's proposal: the ranks of one node share a single array through an MPI-3
// shared-memory window (MPI_Win_allocate_shared) and run the serial iterative radix-2 on it,
// each rank doing its slice of the N/2 butterflies of a stage, all ranks meeting at a barrier
// between stages (log2 N + 1 barriers per transform). No point is ever copied between ranks:
// loads and stores go straight to the shared array, like threads in chapter 04.
//
// The twiddle table (w(j, 2h) at index h + j, as in LocalFft) is shared too: one copy per node,
// computed by all ranks in slices.
//
// Any P works (slices may differ by one butterfly), but only inside one node: a communicator
// spanning nodes is refused, and v2/v3 are the variants that cross nodes.
#pragma once

#include <mpi.h>

#include <span>

#include "05_mpi/mpi_common.hpp"

namespace course::mpi {

template <class T>
class SharedWindowFft {
 public:
  SharedWindowFft(MPI_Comm comm, std::size_t n);
  ~SharedWindowFft();
  SharedWindowFft(const SharedWindowFft&) = delete;
  SharedWindowFft& operator=(const SharedWindowFft&) = delete;

  // The whole signal, the same memory on every rank. Write it from any rank(s) before
  // execute(); execute() begins and ends with a barrier, so every rank then sees the result.
  std::span<Complex<T>> data() { return {data_, n_}; }
  void execute(Direction dir);

  static const char* name() { return "v4"; }

 private:
  void sync();  // make this rank's stores visible, wait for everyone, see theirs

  MPI_Comm comm_;
  int rank_, ranks_;
  std::size_t n_;
  MPI_Win win_ = MPI_WIN_NULL;
  Complex<T>* data_ = nullptr;
  Complex<T>* twiddles_ = nullptr;  // n values after the data in the same window
};

}  // namespace course::mpi
