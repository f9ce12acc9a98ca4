// v3, cache-aware: the same butterflies as v2, grouped so that threads rarely wait and data
// is reused while it sits in cache.
//
// After bit reversal, the first log2 M stages of an N-point transform are N/M independent
// M-point transforms of contiguous blocks. Each thread takes its share of the blocks and runs
// all their stages alone: no barrier, and M is chosen so a block stays in the core's L2
// (256 KiB). Out of place, the thread also gathers its blocks from the input (the reversal). The remaining log2(N/M) stages join points at least M apart, and point i only
// ever meets points with the same i mod M: they are M independent (N/M)-point transforms of
// the strided "columns" i mod M = c. Each thread takes a contiguous range of columns and runs
// all those stages on a tile of columns at a time, copied into a small contiguous buffer.
// One barrier in all (two in place).
//
// This is the four-step idea without its whole-array transposes: only one cache-sized tile
// of adjacent columns is gathered at a time; each row of the tile is one contiguous run, and
// the tile stays in cache for all of its stages.
#pragma once

#include <cstddef>
#include <span>
#include <vector>

#include "04_threads/stages.hpp"
#include "04_threads/team.hpp"

namespace course::ch04 {

template <class T>
class V3Blocked {
 public:
  // block_bytes: the most a block may hold (256 KiB, a comfortable share of L2). Tests pass
  // a few hundred bytes to get many blocks, columns and tiles at small N.
  V3Blocked(std::size_t n, int threads, std::size_t block_bytes = 256 * 1024);
  void execute(std::span<const Complex<T>> in, std::span<Complex<T>> out, Direction dir);
  std::size_t size() const { return n_; }
  int threads() const { return team_.size(); }
  std::size_t block_size() const { return m_; }   // M: points per block of the first phase
  std::size_t blocks() const { return n_ / m_; }  // N/M: also the size of each column transform
  std::size_t tile() const { return tile_; }      // columns handled together in the second phase

  // The largest block of at most block_bytes, and at most N / P' (P' = P rounded up to a
  // power of two) so that every thread gets at least one block.
  static std::size_t choose_block(std::size_t n, int threads, std::size_t block_bytes);

 private:
  template <Direction dir> void run(const Complex<T>* in, Complex<T>* out);
  std::size_t n_;
  Twiddles<T> tw_;
  Team team_;
  std::size_t m_, tile_;
  std::vector<std::vector<Complex<T>>> scratch_;  // one tile buffer per thread (phase 2)
};

}  // namespace course::ch04
