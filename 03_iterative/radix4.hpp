// 03_iterative v2: the same in-place bottom-up scheme, two radix-2 stages fused into one
// radix-4 stage.
//
// A radix-4 butterfly combines four transforms of size q into one of size 4q. With the input
// in radix-2 bit-reversed order, the four sub-transforms at offsets 0, q, 2q, 3q hold the
// samples whose index is 0, 2, 1, 3 mod 4, so
//     y[j + m q] = sum_r w(r j, 4q) (-i)^(r m) A_r[j]
// needs three twiddle multiplications (r = 1, 2, 3) where two radix-2 stages need four, and one
// pass over the data where they need two. The factors (-i)^(r m) are swaps and sign flips.
// When log2 N is odd, one radix-2 stage (half = 1, no twiddles) comes first.
#pragma once

#include <cstddef>
#include <span>
#include <vector>

#include "03_iterative/bit_reverse_tiled.hpp"
#include "03_iterative/radix2.hpp"

namespace course::iterative {

// Radix-4 butterflies [begin, end) of the stage with quarter size q (0 <= begin <= end <= N/4).
// Butterfly b reads x[base + m q], m = 0..3, base = (b / q) 4q + b % q, and the twiddles
// w[j] = w(j, 4q), w[q + j] = w(2j, 4q), w[2q + j] = w(3j, 4q) with j = b % q: three
// contiguous runs, so that each of the seven streams of the inner loop is read in order (with
// the three twiddles of a butterfly side by side instead, the compiler does not vectorize).
template <Direction dir, class T>
void radix4_stage(std::span<Complex<T>> x, std::span<const Complex<T>> w, std::size_t quarter, std::size_t begin,
                  std::size_t end) {
  Complex<T>* const data = x.data();
  const Complex<T>* const __restrict w1 = w.data();
  const Complex<T>* const __restrict w2 = w1 + quarter;
  const Complex<T>* const __restrict w3 = w2 + quarter;
  const unsigned shift = log2_exact(quarter);  // a power of two: shift and mask, as in v1
  std::size_t b = begin;
  while (b < end) {
    const std::size_t j0 = b & (quarter - 1);
    const std::size_t j1 = std::min(quarter, j0 + (end - b));
    // The four quarters of a block never overlap each other or the table.
    Complex<T>* const __restrict p0 = data + ((b >> shift) << (shift + 2));
    Complex<T>* const __restrict p1 = p0 + quarter;
    Complex<T>* const __restrict p2 = p1 + quarter;
    Complex<T>* const __restrict p3 = p2 + quarter;
    for (std::size_t j = j0; j < j1; ++j) {
      // p1 holds the residue-2 samples' transform, p2 the residue-1 one (bit-reversed order).
      const Complex<T> t0 = p0[j];
      const Complex<T> t1 = oriented<dir>(w1[j]) * p2[j];
      const Complex<T> t2 = oriented<dir>(w2[j]) * p1[j];
      const Complex<T> t3 = oriented<dir>(w3[j]) * p3[j];
      const Complex<T> s02 = t0 + t2, d02 = t0 - t2, s13 = t1 + t3;
      // (-i) (t1 - t3) forward, (+i) (t1 - t3) inverse.
      const Complex<T> r13 = dir == Direction::forward ? mul_neg_i(t1 - t3) : mul_pos_i(t1 - t3);
      p0[j] = s02 + s13;
      p1[j] = d02 + r13;
      p2[j] = s02 - s13;
      p3[j] = d02 - r13;
    }
    b += j1 - j0;
  }
}

// How a plan puts the input in bit-reversed order: per index (v1, v2) or in tiles (v3).
enum class Reversal { per_index, tiled };

// A radix-4 plan: one table of 3q twiddles per radix-4 stage (w(j, 4q), then w(2j, 4q), then
// w(3j, 4q), j < q), laid out so the inner loop reads it contiguously; about N entries in all.
template <class T>
class Radix4Plan {
 public:
  // v2: Radix4Plan(n); v3: Radix4Plan(n, Reversal::tiled).
  explicit Radix4Plan(std::size_t n, Reversal reversal = Reversal::per_index) : n_(n), reversal_(reversal) {
    require_size(n);
    const unsigned log2n = log2_exact(n);
    leading_radix2_ = log2n % 2 == 1;
    // w(k, N) for k < N/2 from the index; w(k + N/2, N) = -w(k, N) exactly.
    const auto half_turn = twiddle_table<T>(n, n / 2);
    auto w = [&](std::size_t k) { return k < n / 2 ? half_turn[k] : -half_turn[k - n / 2]; };
    for (std::size_t q = leading_radix2_ ? 2 : 1; 4 * q <= n; q *= 4) {
      offsets_.push_back(table_.size());
      quarters_.push_back(q);
      const std::size_t step = n / (4 * q);  // w(m j, 4q) = w(m j step, N)
      for (std::size_t m = 1; m <= 3; ++m)
        for (std::size_t j = 0; j < q; ++j) table_.push_back(w(m * j * step));
    }
  }

  std::size_t size() const { return n_; }
  Reversal reversal() const { return reversal_; }
  // True when log2 N is odd: one radix-2 stage with half = 1 runs before the radix-4 stages.
  bool leading_radix2() const { return leading_radix2_; }
  unsigned radix4_stages() const { return static_cast<unsigned>(quarters_.size()); }
  std::size_t stage_quarter(unsigned s) const { return quarters_[s]; }
  std::span<const Complex<T>> stage_twiddles(unsigned s) const { return {table_.data() + offsets_[s], 3 * quarters_[s]}; }

  void execute(std::span<Complex<T>> x, Direction dir) const {
    if (x.size() != n_)
      throw std::invalid_argument(std::string(chapter) + ": span of " + std::to_string(x.size()) +
                                  " points given to a plan for N = " + std::to_string(n_));
    if (dir == Direction::forward) run<Direction::forward>(x);
    else run<Direction::inverse>(x);
  }

 private:
  template <Direction dir>
  void run(std::span<Complex<T>> x) const {
    if (reversal_ == Reversal::tiled) bit_reverse_tiled_range(x, 0, bit_reverse_tiles(n_));
    else bit_reverse_range(x, 0, n_);
    if (leading_radix2_) radix2_stage<dir, T>(x, {}, 1, 0, n_ / 2);
    for (unsigned s = 0; s < quarters_.size(); ++s) radix4_stage<dir, T>(x, stage_twiddles(s), quarters_[s], 0, n_ / 4);
  }

  std::size_t n_;
  Reversal reversal_;
  bool leading_radix2_ = false;
  std::vector<std::size_t> quarters_, offsets_;
  std::vector<Complex<T>> table_;
};

}  // namespace course::iterative
