#include "05_mpi/v1_scatter_gather.hpp"

#include "common/twiddle.hpp"

namespace course::mpi {

template <class T>
ScatterGatherFft<T>::ScatterGatherFft(MPI_Comm comm, std::size_t n)
    : comm_(comm), rank_(rank_of(comm)), ranks_(size_of(comm)), n_(n) {
  require_n("v1 (scatter/gather)", n, ranks_);
  require_power_of_two_ranks("v1 (scatter/gather)", n, ranks_);
  if (n < 2 * static_cast<std::size_t>(ranks_))
    refuse("v1 (scatter/gather)", n, ranks_,
           "each rank needs at least one of the N/2 butterflies, so N >= 2P = " + std::to_string(2 * ranks_), "");
  share_ = n / 2 / static_cast<std::size_t>(ranks_);
  // Butterfly b of the stage with span h pairs (i, i + h), i = (b / h) 2h + b % h, twiddle w(b % h, 2h).
  for (std::size_t h = 1; h < n; h *= 2)
    for (std::size_t k = 0; k < share_; ++k) {
      const std::size_t b = static_cast<std::size_t>(rank_) * share_ + k;
      twiddles_.push_back(twiddle<T>(static_cast<std::int64_t>(b % h), static_cast<std::int64_t>(2 * h)));
    }
  if (rank_ == 0) pairs_.resize(n);
  mine_.resize(2 * share_);
}

template <class T>
void ScatterGatherFft<T>::execute(std::span<Complex<T>> data, Direction dir) {
  const MPI_Datatype real = real_type<T>();
  const int count = real_count(2 * share_);
  if (rank_ == 0) bit_reverse_permute(data.first(n_));
  const Complex<T>* w = twiddles_.data();
  for (std::size_t h = 1; h < n_; h *= 2, w += share_) {
    if (rank_ == 0)
      for (std::size_t b = 0; b < n_ / 2; ++b) {
        const std::size_t i = (b / h) * 2 * h + b % h;
        pairs_[2 * b] = data[i];
        pairs_[2 * b + 1] = data[i + h];
      }
    check(MPI_Scatter(pairs_.data(), count, real, mine_.data(), count, real, 0, comm_), "MPI_Scatter");
    for (std::size_t k = 0; k < share_; ++k) {
      const Complex<T> tw = dir == Direction::forward ? w[k] : conj(w[k]);
      const Complex<T> a = mine_[2 * k], b = mine_[2 * k + 1] * tw;
      mine_[2 * k] = a + b;
      mine_[2 * k + 1] = a - b;
    }
    check(MPI_Gather(mine_.data(), count, real, pairs_.data(), count, real, 0, comm_), "MPI_Gather");
    if (rank_ == 0)
      for (std::size_t b = 0; b < n_ / 2; ++b) {
        const std::size_t i = (b / h) * 2 * h + b % h;
        data[i] = pairs_[2 * b];
        data[i + h] = pairs_[2 * b + 1];
      }
  }
}

template class ScatterGatherFft<float>;
template class ScatterGatherFft<double>;

}  // namespace course::mpi
