#include "05_mpi/v2_binary_exchange.hpp"

#include <algorithm>

#include "common/twiddle.hpp"

namespace course::mpi {

namespace {
std::size_t checked_block(std::size_t n, int p, Order order) {
  const std::string v = "v2 (binary exchange)";
  require_n(v, n, p);
  require_power_of_two_ranks(v, n, p);
  const std::size_t ranks = static_cast<std::size_t>(p);
  if (n < ranks) refuse(v, n, p, "every rank needs at least one point, so N >= P = " + std::to_string(p), "");
  if (order == Order::natural && n / ranks < ranks)
    refuse(v, n, p, "natural output order needs N/P >= P, i.e. N >= P^2 = " + std::to_string(ranks * ranks),
           "Order::transposed takes N >= P");
  return n / ranks;
}
}  // namespace

template <class T>
BinaryExchangeFft<T>::BinaryExchangeFft(MPI_Comm comm, std::size_t n, Order order)
    : comm_(comm), rank_(rank_of(comm)), ranks_(size_of(comm)), n_(n),
      m_(checked_block(n, ranks_, order)), order_(order),
      rank_bits_(log2_exact(static_cast<std::uint64_t>(ranks_))), local_(m_) {
  const std::size_t g0 = static_cast<std::size_t>(rank_) * m_;
  for (std::size_t h = n / 2; h >= m_ && h >= 1; h /= 2) {
    const bool upper = (static_cast<std::size_t>(rank_) & (h / m_)) != 0;
    std::vector<Complex<T>> w;
    if (upper) {
      // Point g0 + l is the bottom of its pair; its twiddle is w(i mod h, 2h) = w((g0 mod h) + l, 2h).
      w.resize(m_);
      for (std::size_t l = 0; l < m_; ++l)
        w[l] = twiddle<T>(static_cast<std::int64_t>(g0 % h + l), static_cast<std::int64_t>(2 * h));
    }
    stage_twiddles_.push_back(std::move(w));
    if (h == 1) break;
  }
  partner_.resize(m_);
  if (order_ == Order::natural) scratch_.resize(m_);
}

template <class T>
std::size_t BinaryExchangeFft<T>::global_output_index(int r, std::size_t j) const {
  if (order_ == Order::natural) return static_cast<std::size_t>(r) * m_ + j;
  return j * static_cast<std::size_t>(ranks_) + reverse_bits64(static_cast<std::uint64_t>(r), rank_bits_);
}

template <class T>
void BinaryExchangeFft<T>::execute(std::span<Complex<T>> block, Direction dir) {
  const MPI_Datatype real = real_type<T>();
  const int count = real_count(m_);
  Complex<T>* x = block.data();
  std::size_t stage = 0;
  for (std::size_t h = n_ / 2; h >= m_ && h >= 1; h /= 2, ++stage) {
    const int partner = rank_ ^ static_cast<int>(h / m_);
    check(MPI_Sendrecv(x, count, real, partner, static_cast<int>(stage), partner_.data(), count, real, partner,
                       static_cast<int>(stage), comm_, MPI_STATUS_IGNORE),
          "MPI_Sendrecv");
    if (rank_ < partner) {
      for (std::size_t l = 0; l < m_; ++l) x[l] = x[l] + partner_[l];
    } else {
      const Complex<T>* w = stage_twiddles_[stage].data();
      if (dir == Direction::forward)
        for (std::size_t l = 0; l < m_; ++l) x[l] = (partner_[l] - x[l]) * w[l];
      else
        for (std::size_t l = 0; l < m_; ++l) x[l] = (partner_[l] - x[l]) * conj(w[l]);
    }
    if (h == 1) break;
  }
  local_.execute(x, dir);  // now x[j] = X[j P + rev(rank)]
  if (order_ == Order::transposed) return;

  // Cyclic -> blocks: X[j P + rev(r)] belongs to rank j / Q (Q = M/P), so rank r sends its
  // j-range [d Q, (d+1) Q) to rank d: contiguous. The receiver interleaves with stride P.
  const std::size_t q = m_ / static_cast<std::size_t>(ranks_);
  check(MPI_Alltoall(x, real_count(q), real, scratch_.data(), real_count(q), real, comm_), "MPI_Alltoall");
  for (int s = 0; s < ranks_; ++s) {
    const std::size_t offset = reverse_bits64(static_cast<std::uint64_t>(s), rank_bits_);
    const Complex<T>* from = scratch_.data() + static_cast<std::size_t>(s) * q;
    for (std::size_t t = 0; t < q; ++t) x[t * static_cast<std::size_t>(ranks_) + offset] = from[t];
  }
}

template class BinaryExchangeFft<float>;
template class BinaryExchangeFft<double>;

}  // namespace course::mpi
