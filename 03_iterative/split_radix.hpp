// 03_iterative v4: split radix, in place, table-driven, decimation in frequency.
//
// Transposing 02's split-radix recursion (02_recursive/split_radix.hpp) gives the DIF form
// [DuhamelHollmann1984, SorensenHeidemanBurrus1986]: for a block of m points p[0 .. m) and
// q = m/4, k < q,
//     p[k]      <- p[k] + p[k + 2q]          p[k + q] <- p[k + q] + p[k + 3q]     (X[2k]: size m/2)
//     z1 = (p[k] - p[k + 2q]) - i (p[k + q] - p[k + 3q]),  p[k + 2q] <- w(k, m)  z1  (X[4k + 1]: size m/4)
//     z3 = (p[k] - p[k + 2q]) + i (p[k + q] - p[k + 3q]),  p[k + 3q] <- w(3k, m) z3  (X[4k + 3]: size m/4)
// then the same on the half p[0, 2q) and on the two quarters p[2q, 3q) and p[3q, 4q). The output
// lands in bit-reversed order, as radix 2's DIF does (X[4k + 1] at 2q + rev(k), ...), and v3's
// tiled permutation puts it right.
//
// The blocks are irregular (a half and two quarters), so the plan does not loop over stages: it
// keeps a table of every block, (offset, log2 m), in the order the recursion would visit them
// (a block before its half, the half before the quarters). That order works on a block while it is
// in cache: once m points fit in L2, every block inside it is done from L2. Each block size has
// its twiddles w(k, m), then w(3k, m), k < m/4, contiguous.
#pragma once

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

#include "02_recursive/split_radix.hpp"
#include "03_iterative/bit_reverse_tiled.hpp"
#include "03_iterative/radix2.hpp"

namespace course::iterative {

// One L butterfly of decimation in frequency at k: the two sums stay in the half, the two
// differences are returned for their twiddles.
template <Direction dir, class C>
inline void dif_l(C* p, std::size_t q, std::size_t k, C& z1, C& z3) {
  const C x0 = p[k], x1 = p[k + q], x2 = p[k + 2 * q], x3 = p[k + 3 * q];
  p[k] = x0 + x2;
  p[k + q] = x1 + x3;
  const C d02 = x0 - x2, d13 = splitradix::times_minus_i<dir>(x1 - x3);
  z1 = d02 + d13;
  z3 = d02 - d13;
}

// All L butterflies of one block of m >= 4 points (m = 2: one radix-2 butterfly). w1[k] = w(k, m),
// w3[k] = w(3k, m), k < m/4; k = 0 needs no twiddle, k = m/8 the eighth-turn products.
template <Direction dir, class C>
void split_block(C* p, std::size_t m, const C* w1, const C* w3) {
  if (m == 2) {
    const C a = p[0], b = p[1];
    p[0] = a + b;
    p[1] = a - b;
    return;
  }
  const std::size_t q = m / 4;
  C z1, z3;
  dif_l<dir>(p, q, 0, z1, z3);
  p[2 * q] = z1;
  p[3 * q] = z3;
  if (m < 8) return;
  using R = decltype(C{}.re);
  const R h = R(std::sqrt(0.5L));
  const std::size_t e = q / 2;
  for (std::size_t k = 1; k < e; ++k) {
    dif_l<dir>(p, q, k, z1, z3);
    p[k + 2 * q] = splitradix::orient<dir>(w1[k]) * z1;
    p[k + 3 * q] = splitradix::orient<dir>(w3[k]) * z3;
  }
  dif_l<dir>(p, q, e, z1, z3);
  p[e + 2 * q] = splitradix::times_eighth<dir>(z1, h);
  p[e + 3 * q] = splitradix::times_three_eighths<dir>(z3, h);
  for (std::size_t k = e + 1; k < q; ++k) {
    dif_l<dir>(p, q, k, z1, z3);
    p[k + 2 * q] = splitradix::orient<dir>(w1[k]) * z1;
    p[k + 3 * q] = splitradix::orient<dir>(w3[k]) * z3;
  }
}

// A block of the schedule: offset << 6 | log2 m.
using SplitBlock = std::uint64_t;

// The blocks of a split-radix DIF of n points, in the recursion's order (blocks of one point do nothing).
inline std::vector<SplitBlock> split_schedule(std::size_t n) {
  std::vector<SplitBlock> blocks;
  struct Item { std::size_t offset; unsigned log2m; };
  std::vector<Item> stack;
  if (n >= 2) stack.push_back({0, log2_exact(n)});
  while (!stack.empty()) {
    const Item b = stack.back();
    stack.pop_back();
    blocks.push_back((SplitBlock(b.offset) << 6) | b.log2m);
    if (b.log2m < 2) continue;
    const std::size_t m = std::size_t{1} << b.log2m;
    // Pushed in reverse: the half is visited first, then the quarter at m/2, then at 3m/4.
    if (b.log2m >= 3) {
      stack.push_back({b.offset + 3 * m / 4, b.log2m - 2});
      stack.push_back({b.offset + m / 2, b.log2m - 2});
    }
    stack.push_back({b.offset, b.log2m - 1});
  }
  return blocks;
}

// Runs the schedule on x: table + offsets[log2 m] holds w(k, m), then w(3k, m), k < m/4.
template <Direction dir, class C>
void split_radix_dif(C* x, std::span<const SplitBlock> blocks, const C* table, const std::size_t* offsets) {
  for (const SplitBlock b : blocks) {
    const unsigned log2m = static_cast<unsigned>(b & 63);
    const std::size_t m = std::size_t{1} << log2m;
    const C* w1 = table + offsets[log2m];
    split_block<dir>(x + (b >> 6), m, w1, w1 + m / 4);
  }
}

template <class T>
class SplitRadixPlan {
 public:
  explicit SplitRadixPlan(std::size_t n) : n_(n) {
    require_size(n);
    blocks_ = split_schedule(n);
    const unsigned log2n = log2_exact(n);
    offsets_.assign(log2n + 1, 0);
    for (unsigned l = 3; l <= log2n; ++l) {  // m >= 8 reads its table (m = 4 only k = 0)
      const std::size_t m = std::size_t{1} << l, q = m / 4;
      offsets_[l] = table_.size();
      for (std::size_t k = 0; k < q; ++k) table_.push_back(twiddle<T>(static_cast<std::int64_t>(k * (n / m)), static_cast<std::int64_t>(n)));
      for (std::size_t k = 0; k < q; ++k) table_.push_back(twiddle<T>(static_cast<std::int64_t>(3 * k * (n / m)), static_cast<std::int64_t>(n)));
    }
    if (table_.empty()) table_.push_back(Complex<T>(1, 0));
  }

  std::size_t size() const { return n_; }
  std::span<const SplitBlock> blocks() const { return blocks_; }
  std::span<const Complex<T>> table() const { return table_; }
  std::span<const std::size_t> table_offsets() const { return offsets_; }

  void execute(std::span<Complex<T>> x, Direction dir) const {
    if (x.size() != n_)
      throw std::invalid_argument(std::string(chapter) + ": span of " + std::to_string(x.size()) +
                                  " points given to a plan for N = " + std::to_string(n_));
    if (dir == Direction::forward) split_radix_dif<Direction::forward>(x.data(), std::span<const SplitBlock>(blocks_), table_.data(), offsets_.data());
    else split_radix_dif<Direction::inverse>(x.data(), std::span<const SplitBlock>(blocks_), table_.data(), offsets_.data());
    if (n_ > 1) bit_reverse_tiled_range(x, 0, bit_reverse_tiles(n_));
  }

 private:
  std::size_t n_;
  std::vector<SplitBlock> blocks_;
  std::vector<std::size_t> offsets_;
  std::vector<Complex<T>> table_;
};

}  // namespace course::iterative
