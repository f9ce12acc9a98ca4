#include "05_mpi/v3_transpose.hpp"

#include <algorithm>

#include "common/twiddle.hpp"

namespace course::mpi {

namespace {
// N1 = 2^ceil(k/2) >= N2 = 2^floor(k/2): as square as a power of two allows.
std::size_t split_n1(std::size_t n, int p) {
  const std::string v = "v3 (transpose)";
  require_n(v, n, p);
  require_power_of_two_ranks(v, n, p);
  const unsigned k = log2_exact(n);
  const std::size_t n1 = std::size_t{1} << ((k + 1) / 2), n2 = n / n1;
  const std::size_t ranks = static_cast<std::size_t>(p);
  if (n1 % ranks != 0 || n2 % ranks != 0)
    refuse(v, n, p,
           "N = N1 x N2 = " + std::to_string(n1) + " x " + std::to_string(n2) + " and P must divide both, so N >= P^2 = " +
               std::to_string(ranks * ranks),
           "v2 with Order::transposed takes N >= P");
  return n1;
}
}  // namespace

template <class T>
TransposeFft<T>::TransposeFft(MPI_Comm comm, std::size_t n, Order order)
    : comm_(comm), rank_(rank_of(comm)), ranks_(size_of(comm)), n_(n), n1_(split_n1(n, ranks_)), n2_(n / n1_),
      m_(n / static_cast<std::size_t>(ranks_)), order_(order), fft1_(n1_), fft2_(n2_),
      rows_to_cols_(comm, n1_, n2_), cols_to_rows_(comm, n2_, n1_) {
  const std::size_t rows = n2_ / static_cast<std::size_t>(ranks_);
  const std::size_t first = static_cast<std::size_t>(rank_) * rows;
  twiddles_.resize(m_);
  for (std::size_t r = 0; r < rows; ++r)
    for (std::size_t k1 = 0; k1 < n1_; ++k1)
      twiddles_[r * n1_ + k1] =
          twiddle<T>(static_cast<std::int64_t>(((first + r) * k1) % n), static_cast<std::int64_t>(n));
  work_.resize(m_);
  send_.resize(m_);
}

template <class T>
std::size_t TransposeFft<T>::global_output_index(int r, std::size_t j) const {
  if (order_ == Order::natural) return static_cast<std::size_t>(r) * m_ + j;
  const std::size_t k1 = static_cast<std::size_t>(r) * (n1_ / static_cast<std::size_t>(ranks_)) + j / n2_;
  return k1 + n1_ * (j % n2_);
}

template <class T>
void TransposeFft<T>::execute(std::span<Complex<T>> block, Direction dir) {
  Complex<T>* x = block.data();
  Complex<T>* w = work_.data();
  const std::size_t p = static_cast<std::size_t>(ranks_);
  rows_to_cols_(x, w, send_.data());  // 1
  // 2 and 3 row by row: the twiddles are applied while the row is still in cache from its FFT.
  for (std::size_t r = 0; r < n2_ / p; ++r) {
    Complex<T>* row = w + r * n1_;
    const Complex<T>* tw = twiddles_.data() + r * n1_;
    fft1_.execute(row, dir);
    if (dir == Direction::forward)
      for (std::size_t k1 = 0; k1 < n1_; ++k1) row[k1] = row[k1] * tw[k1];
    else
      for (std::size_t k1 = 0; k1 < n1_; ++k1) row[k1] = row[k1] * conj(tw[k1]);
  }
  cols_to_rows_(w, x, send_.data());  // 4
  fft2_.execute_rows(x, n1_ / p, dir);                                                 // 5
  if (order_ == Order::transposed) return;
  // In place is safe: the whole block is packed into send_ before anything is written back.
  rows_to_cols_(x, x, send_.data());  // 6
}

template class TransposeFft<float>;
template class TransposeFft<double>;

}  // namespace course::mpi
