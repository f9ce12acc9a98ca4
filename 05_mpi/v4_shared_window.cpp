#include "05_mpi/v4_shared_window.hpp"

#include <cstdint>
#include <utility>

#include "common/twiddle.hpp"

namespace course::mpi {

namespace {
// [begin, end) of an even split of `count` items over `ranks`.
std::pair<std::size_t, std::size_t> slice(std::size_t count, int rank, int ranks) {
  const std::size_t p = static_cast<std::size_t>(ranks), r = static_cast<std::size_t>(rank);
  return {count * r / p, count * (r + 1) / p};
}
}  // namespace

template <class T>
SharedWindowFft<T>::SharedWindowFft(MPI_Comm comm, std::size_t n)
    : comm_(comm), rank_(rank_of(comm)), ranks_(size_of(comm)), n_(n) {
  const std::string v = "v4 (shared window)";
  require_n(v, n, ranks_);
  if (n < 2 * static_cast<std::size_t>(ranks_))
    refuse(v, n, ranks_, "each rank needs at least one of the N/2 butterflies, so N >= 2P = " + std::to_string(2 * ranks_), "");

  // Every rank learns the same fact (do all ranks share one node?) before deciding, so the
  // refusal stays identical everywhere.
  MPI_Comm node = MPI_COMM_NULL;
  check(MPI_Comm_split_type(comm, MPI_COMM_TYPE_SHARED, 0, MPI_INFO_NULL, &node), "MPI_Comm_split_type");
  int node_ranks = size_of(node), fewest = 0;
  MPI_Comm_free(&node);
  check(MPI_Allreduce(&node_ranks, &fewest, 1, MPI_INT, MPI_MIN, comm), "MPI_Allreduce");
  if (fewest != ranks_)
    refuse(v, n, ranks_, "the ranks span more than one node (a node holds as few as " + std::to_string(fewest) +
                             "), and a shared-memory window needs all P ranks on one node",
           "v2 and v3 run across nodes");

  // Rank 0 allocates data and twiddles; the others ask where that memory is mapped for them.
  // OpenMPI may hand out a segment only 8-byte aligned, and Complex<double> loads assume 16
  // (a vectorised butterfly then faults): allocate 64 bytes more and start at a cache line.
  // Rank 0 picks the offset so that every rank uses the same one, whatever its mapping.
  constexpr MPI_Aint line = 64;
  const MPI_Aint bytes = rank_ == 0 ? static_cast<MPI_Aint>(2 * n * sizeof(Complex<T>)) + line : 0;
  void* base = nullptr;
  check(MPI_Win_allocate_shared(bytes, 1, MPI_INFO_NULL, comm, &base, &win_), "MPI_Win_allocate_shared");
  MPI_Aint size = 0;
  int unit = 0;
  check(MPI_Win_shared_query(win_, 0, &size, &unit, &base), "MPI_Win_shared_query");
  long pad = static_cast<long>((line - static_cast<MPI_Aint>(reinterpret_cast<std::uintptr_t>(base) % line)) % line);
  check(MPI_Bcast(&pad, 1, MPI_LONG, 0, comm), "MPI_Bcast");
  data_ = reinterpret_cast<Complex<T>*>(static_cast<char*>(base) + pad);
  twiddles_ = data_ + n;
  check(MPI_Win_lock_all(MPI_MODE_NOCHECK, win_), "MPI_Win_lock_all");

  const auto [t0, t1] = slice(n, rank_, ranks_);
  for (std::size_t t = std::max<std::size_t>(t0, 1); t < t1; ++t) {
    const std::size_t h = std::size_t{1} << log2_exact(t + 1) >> 1;  // largest power of two <= t
    twiddles_[t] = twiddle<T>(static_cast<std::int64_t>(t - h), static_cast<std::int64_t>(2 * h));
  }
  sync();
}

template <class T>
SharedWindowFft<T>::~SharedWindowFft() {
  if (win_ == MPI_WIN_NULL) return;
  MPI_Win_unlock_all(win_);
  MPI_Win_free(&win_);
}

template <class T>
void SharedWindowFft<T>::sync() {
  MPI_Win_sync(win_);
  MPI_Barrier(comm_);
  MPI_Win_sync(win_);
}

template <class T>
void SharedWindowFft<T>::execute(Direction dir) {
  sync();  // the caller's writes to data() are visible to every rank
  const unsigned bits = log2_exact(n_);
  {  // bit reversal: rank owns the swaps (i, rev i) whose smaller index i falls in its slice
    const auto [i0, i1] = slice(n_, rank_, ranks_);
    for (std::size_t i = i0; i < i1; ++i) {
      const std::size_t j = reverse_bits64(i, bits);
      if (i < j) std::swap(data_[i], data_[j]);
    }
  }
  sync();
  const auto [b0, b1] = slice(n_ / 2, rank_, ranks_);
  for (unsigned s = 0; s < bits; ++s) {
    const std::size_t h = std::size_t{1} << s;
    const Complex<T>* w = twiddles_ + h;
    for (std::size_t b = b0; b < b1; ++b) {
      const std::size_t j = b & (h - 1), i = ((b >> s) << (s + 1)) + j;  // b % h, (b / h) 2h + b % h
      const Complex<T> tw = dir == Direction::forward ? w[j] : conj(w[j]);
      const Complex<T> a = data_[i], c = data_[i + h] * tw;
      data_[i] = a + c;
      data_[i + h] = a - c;
    }
    sync();
  }
}

template class SharedWindowFft<float>;
template class SharedWindowFft<double>;

}  // namespace course::mpi
