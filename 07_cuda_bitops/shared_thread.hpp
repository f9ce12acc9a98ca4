// 07 v4 and v5: the three phases of the shared-memory kernel (load, one stage, store) as
// __host__ __device__ functions of (block, thread). On the GPU, shared_kernel runs them with
// __syncthreads() between phases; the emulated test runs each phase for every thread of a block
// before the next phase, which is exactly what the barriers guarantee, so the index arithmetic
// is checked without a GPU too. The barriers themselves are checked on the GPU (racecheck).
//
// Block b owns points [b P, (b + 1) P) (P = 2^log2p): P / M whole sub-transforms of size
// M = 2^log2m, whose first log2m stages it runs in shared memory `s` (P points).
#pragma once

#include <cstdint>

#include "07_cuda_bitops/bitops_thread.hpp"

namespace course::bitops {

//
// Bank conflicts: shared memory serves a warp in one pass only when its 32 threads hit
// different banks. The reversed load writes point i to slot rev(i): 32 consecutive i land
// 2^(log2m - 5) points apart, all in the same bank (a 32-way conflict that made the load cost
// as much as all the stages). Every point p is therefore stored at slot(p) = p XOR (five higher
// bits of p): that spreads the reversed writes over all banks and, since it only permutes
// points within each aligned group of 32, leaves the stages' contiguous accesses conflict-free.
struct SharedGeometry {
  unsigned log2n;   // the transform
  unsigned log2m;   // stages done in shared memory
  unsigned log2p;   // points per block
  std::uint32_t points;  // N x batch
  bool reverse;     // load in bit-reversed order (M = N), or as is (v5: already permuted)
  unsigned swizzle_shift;  // >= 5, so slot() is a bijection
  FFT_HD std::uint32_t tile() const { return std::uint32_t{1} << log2p; }
  FFT_HD std::uint32_t slot(std::uint32_t p) const { return p ^ ((p >> swizzle_shift) & 31u); }
};

// Blocks of at least 1024 points, so a block has work for 512 threads even for tiny N.
inline SharedGeometry shared_geometry(unsigned log2n, unsigned log2m, std::uint32_t points, bool reverse) {
  return {log2n, log2m, log2m > 10 ? log2m : 10u, points, reverse, log2m >= 10 ? log2m - 5 : 5u};
}

// Phase 1, point i of block b (i < P): global -> shared, reversing within each sub-transform.
// Past the last transform (a partial last block) the stages run on zeros and store nothing.
template <class T>
FFT_HD inline void shared_load(const Complex<T>* in, Complex<T>* s, const SharedGeometry& g, std::uint32_t block,
                               std::uint32_t i) {
  const std::uint32_t mask = (std::uint32_t{1} << g.log2m) - 1;
  const std::uint32_t global = (block << g.log2p) + i;
  const std::uint32_t local = g.reverse ? (i & ~mask) | reverse_bits32(i & mask, g.log2m) : i;
  s[g.slot(local)] = global < g.points ? in[global] : Complex<T>{};
}

// Phase 2, butterfly k of the block (k < P/2) in stage `stage` (< log2m), in shared memory.
template <class T>
FFT_HD inline void shared_butterfly(Complex<T>* s, const SharedGeometry& g, const TableTwiddle<T>& twiddle, unsigned stage,
                                    std::uint32_t k) {
  const std::uint32_t low = (std::uint32_t{1} << stage) - 1;
  const std::uint32_t top = g.slot(butterfly_top(k, stage));
  const std::uint32_t bottom = g.slot(butterfly_top(k, stage) | (low + 1));
  const Complex<T> a = s[top];
  const Complex<T> wb = twiddle(k & low, stage) * s[bottom];
  s[top] = a + wb;
  s[bottom] = a - wb;
}

// Phase 3, point i of block b: shared -> global, in natural order.
template <class T>
FFT_HD inline void shared_store(const Complex<T>* s, Complex<T>* out, const SharedGeometry& g, std::uint32_t block,
                                std::uint32_t i) {
  const std::uint32_t global = (block << g.log2p) + i;
  if (global < g.points) out[global] = s[g.slot(i)];
}

// v5's launches in order: launch(step, geometry, stage, threads). Up to one tile the transform is
// v4's single launch; beyond, the permutation, one shared-memory pass for the first tile_log2
// stages of every tile (in place), then the remaining stages in global memory.
enum class TiledStep { shared, permute, stage };

template <class Launch>
void for_each_tiled_launch(unsigned log2n, std::uint32_t points, unsigned tile_log2, Launch&& launch) {
  if (log2n <= tile_log2) return launch(TiledStep::shared, shared_geometry(log2n, log2n, points, true), 0u, points);
  const SharedGeometry none{};
  launch(TiledStep::permute, none, 0u, points);
  launch(TiledStep::shared, shared_geometry(log2n, tile_log2, points, false), 0u, points);
  for (unsigned s = tile_log2; s < log2n; ++s) launch(TiledStep::stage, none, s, points / 2);
}

}  // namespace course::bitops
