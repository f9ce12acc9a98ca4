// 03_iterative v3: the bit-reversal permutation in cache-sized tiles.
//
// v1 and v2 swap x[i] with x[rev(i)] for i = 0, 1, 2, ...: the first access walks through
// memory in order, the second jumps by N/2, N/4, ... and uses one element of every cache line
// it loads, so for arrays beyond the L2 cache nearly every swap waits for a far line.
//
// Write i with log2 N = 2t + b bits as (hi, m, lo): t high bits, b middle bits, t low bits.
// Then rev(i) = (rev(lo), rev(m), rev(hi)): the 2^t x 2^t tile of elements with middle bits m
// (2^t rows hi of 2^t contiguous points lo) goes to the tile with middle bits rev(m),
// transposed and with rows and columns bit-reversed. Moving whole tiles, copied through a small
// buffer, reads and writes every row contiguously: each cache line is loaded once and used
// fully. (Carter and Gatlin's COBRA algorithm, 1998, does the same in general form.)
#pragma once

#include <array>
#include <cstddef>
#include <span>

#include "03_iterative/radix2.hpp"

namespace course::iterative {

// Tiles of 2^3 x 2^3 points: a row is 8 points (one or two cache lines), two tiles fit in L1.
inline constexpr unsigned tile_bits = 3;

// How many middle-bit values m the tiled reversal of n points iterates over (1 below 2^6,
// where it falls back to the per-index loop).
inline std::size_t bit_reverse_tiles(std::size_t n) {
  const unsigned bits = log2_exact(n);
  return bits < 2 * tile_bits ? 1 : std::size_t{1} << (bits - 2 * tile_bits);
}

// The permutation restricted to the tiles with middle bits m in [m_begin, m_end). The pair of
// tiles (m, rev(m)) is moved by the range holding the smaller of the two, so disjoint ranges
// may run concurrently. The whole permutation: m from 0 to bit_reverse_tiles(n).
template <class T>
void bit_reverse_tiled_range(std::span<Complex<T>> x, std::size_t m_begin, std::size_t m_end) {
  const std::size_t n = x.size();
  const unsigned bits = log2_exact(n);
  if (bits < 2 * tile_bits) {  // smaller than one tile: the per-index loop, all in L1 anyway
    if (m_begin == 0 && m_end > 0) bit_reverse_range(x, 0, n);
    return;
  }
  constexpr std::size_t side = std::size_t{1} << tile_bits;
  constexpr auto rev_t = [] {
    std::array<unsigned char, side> r{};
    for (unsigned i = 0; i < side; ++i) r[i] = static_cast<unsigned char>(reverse_bits32(i, tile_bits));
    return r;
  }();
  const unsigned b = bits - 2 * tile_bits;
  const std::size_t row_stride = std::size_t{1} << (b + tile_bits);  // distance between rows hi
  Complex<T> tile_a[side][side], tile_b[side][side];
  Complex<T>* const data = x.data();
  for (std::size_t m = m_begin; m < m_end; ++m) {
    const std::size_t mr = reverse_bits64(m, b);
    if (mr < m) continue;  // moved with its partner
    Complex<T>* const a = data + (m << tile_bits);
    Complex<T>* const c = data + (mr << tile_bits);
    for (std::size_t hi = 0; hi < side; ++hi)
      for (std::size_t lo = 0; lo < side; ++lo) {
        tile_a[hi][lo] = a[hi * row_stride + lo];
        tile_b[hi][lo] = c[hi * row_stride + lo];
      }
    // x[(hi, m, lo)] receives the old x[(rev lo, rev m, rev hi)], and the other way round.
    for (std::size_t hi = 0; hi < side; ++hi)
      for (std::size_t lo = 0; lo < side; ++lo) {
        a[hi * row_stride + lo] = tile_b[rev_t[lo]][rev_t[hi]];
        c[hi * row_stride + lo] = tile_a[rev_t[lo]][rev_t[hi]];
      }
  }
}

}  // namespace course::iterative
