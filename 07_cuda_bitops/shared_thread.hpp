// 07 v4 and v5: the three phases of the shared-memory kernel (load, one stage, store) as
// __host__ __device__ functions of (block, thread). On the GPU, shared_kernel runs them with
// __syncthreads() between phases; the emulated test runs each phase for every thread of a block
// before the next phase, which is exactly what the barriers guarantee, so the index arithmetic
// is checked without a GPU too. The barriers themselves are checked on the GPU (racecheck).
//
// A block holds a tile of P = 2^log2p points in shared memory `s`: C = 2^log2c columns of
// M = 2^log2m points, each in bit-reversed order, whose first log2m stages it runs there.
//   v4 (and v5 up to one v4 tile): block b owns the points [b P, (b + 1) P) of the input, P / M
//     whole transforms of M = N points (C = 1: several transforms sit in one column's place).
//   v5 beyond: the permutation is folded into the load (`folded`), see shared_load_index.
#pragma once

#include <cstdint>

#include "07_cuda_bitops/bitops_thread.hpp"

namespace course::bitops {

// Bank conflicts. Shared memory serves a warp's request in 128-byte wavefronts: 16 float or 8
// double points (2^v), each from its own bank group, else one more wavefront per collision.
// Two access patterns collide on plain addresses:
//   - the reversed load: 2^v consecutive points i go to rev(i), 2^(log2m - v) apart, all in one
//     bank group (a 2^v-way conflict that made the load cost as much as all the stages);
//   - stages 0 .. v-1: the 2^v butterflies of a wavefront have their tops at every other point,
//     or every other pair, ... of 2^(v+1) points, so each bank group is hit twice.
// The kernel therefore stores point p at slot(p) = p XOR rev_term XOR flip_term, both of which
// change only the low v bits of p and depend only on higher bits (so slot is a bijection):
//   - rev_term: the v bits of p that the reversed load's neighbours differ in, moved down;
//   - flip_term: all v low bits inverted when bit v is set, so that the two points of a stage-s
//     pattern that share their low bits (bit s clear in both) part: one of them gets bit s set.
// Contiguous aligned runs of 2^v points (stages >= v, the store) keep conflict-free, since
// both terms are constant on them.
// In float the kernel is limited by the instructions it issues, and once rev_term has made the
// load conflict-free, the flip's instructions cost more than the 2-way conflicts of stages 0..3
// they remove (NOTES.md). So the flip is kept where it pays: double, and float transforms too
// short for a rev_term.
struct SharedGeometry {
  unsigned log2n;         // the transform
  unsigned log2m;         // stages done in shared memory, on columns of 2^log2m points
  unsigned log2c;         // columns per block (v5 folded), else 0
  unsigned log2p;         // points per block
  std::uint32_t points;   // N x batch
  bool reverse;           // load in bit-reversed order (false: the input is permuted already)
  bool folded;            // v5, N > M: the whole transform's reversal is done by the load
  unsigned vec_log2;      // v: points per 128-byte wavefront, log2
  unsigned rev_shift;     // rev_term = (p >> rev_shift) & rev_mask
  std::uint32_t rev_mask; // 0 where the tile is too small for a rev_term apart from the flip
  bool flip;              // with flip_term (see above for where)
  FFT_HD std::uint32_t tile() const { return std::uint32_t{1} << log2p; }
  FFT_HD std::uint32_t slot(std::uint32_t p) const {
    const std::uint32_t low = (std::uint32_t{1} << vec_log2) - 1;
    return p ^ ((p >> rev_shift) & rev_mask) ^ (flip ? (0u - ((p >> vec_log2) & 1u)) & low : 0u);
  }
};

template <class T>
constexpr unsigned wavefront_log2() { return sizeof(Complex<T>) == 8 ? 4 : 3; }

// `top` is the highest bit + 1 of the bits the reversed load's 2^v neighbours differ in.
template <class T>
SharedGeometry make_geometry(unsigned log2n, unsigned log2m, unsigned log2c, unsigned log2p, std::uint32_t points,
                             bool reverse, bool folded, unsigned top) {
  const unsigned v = wavefront_log2<T>();
  // rev_term must read bits above the flip's bit v, or the two terms would interfere.
  const bool room = top >= 2 * v + 1;
  return {log2n, log2m, log2c, log2p, points, reverse, folded, v, room ? top - v : v + 1,
          room ? (std::uint32_t{1} << v) - 1 : 0u, sizeof(Complex<T>) == 16 || !room};
}

// v4 (and v5 up to a v4 tile): blocks of at least 1024 points, so that even for tiny N a block
// has work for its threads.
template <class T>
SharedGeometry shared_geometry(unsigned log2n, unsigned log2m, std::uint32_t points, bool reverse) {
  return make_geometry<T>(log2n, log2m, 0, log2m > 10 ? log2m : 10u, points, reverse, false, log2m);
}

// v5 beyond a v4 tile: C columns of M points per block (runs of C points are 32 bytes, one
// DRAM sector), in a tile of 2^log2p points of opt-in shared memory (tiled_log2p).
template <class T>
SharedGeometry folded_geometry(unsigned log2n, std::uint32_t points, unsigned log2p) {
  const unsigned most = log2p - tiled_run_log2<T>() < tiled_max_log2m ? log2p - tiled_run_log2<T>() : tiled_max_log2m;
  const unsigned m = log2n < most ? log2n : most;
  const unsigned c = log2n - m < tiled_run_log2<T>() ? log2n - m : tiled_run_log2<T>();
  return make_geometry<T>(log2n, m, c, m + c, points, true, true, m + c);
}

// Phase 1, element e of block b (e < P): which input point it reads (`global`, or >= points:
// none) and where in the tile (before slot()) it goes.
//   Not folded: point b P + e, reversed within its transform of M = N points.
//   Folded: after the full reversal, tile t of a transform (positions t M .. t M + M - 1)
//   holds x[rev_m(r) 2^q + rev_q(t)], r < M, q = log2n - log2m: column rev_q(t) of the
//   input read with stride 2^q. A block takes C neighbouring columns of one transform, walked
//   across the columns first so that a warp reads runs of C points.
FFT_HD inline void shared_load_index(const SharedGeometry& g, std::uint32_t block, std::uint32_t e,
                                     std::uint32_t& global, std::uint32_t& local) {
  const std::uint32_t mask = (std::uint32_t{1} << g.log2m) - 1;
  if (!g.folded) {
    global = (block << g.log2p) + e;
    local = g.reverse ? (e & ~mask) | reverse_bits32(e & mask, g.log2m) : e;
    return;
  }
  const unsigned q = g.log2n - g.log2m, groups_log2 = q - g.log2c;
  const std::uint32_t transform = block >> groups_log2, group = block & ((std::uint32_t{1} << groups_log2) - 1);
  const std::uint32_t c = e & ((std::uint32_t{1} << g.log2c) - 1), j = e >> g.log2c;
  global = (transform << g.log2n) + (j << q) + (group << g.log2c) + c;
  local = (c << g.log2m) | reverse_bits32(j, g.log2m);
}

template <class T>
FFT_HD inline void shared_load(const Complex<T>* in, Complex<T>* s, const SharedGeometry& g, std::uint32_t block,
                               std::uint32_t e) {
  std::uint32_t global, local;
  shared_load_index(g, block, e, global, local);
  // Past the last transform (a partial last block) the stages run on zeros and store nothing.
  s[g.slot(local)] = global < g.points ? in[global] : Complex<T>{};
}

// Phase 2, one stage, thread t of `threads`: its butterflies k = t + (k0 + j) threads, j < B,
// read all of them first (2B independent shared loads in flight, where one butterfly per thread
// left each thread waiting on every load), then write. When half <= threads, k mod half is
// t mod half for every j: one twiddle serves all B.
template <unsigned B, class T>
FFT_HD inline void shared_butterflies(Complex<T>* s, const SharedGeometry& g, const TableTwiddle<T>& twiddle,
                                      unsigned stage, std::uint32_t t, std::uint32_t threads, std::uint32_t k0) {
  const std::uint32_t half = std::uint32_t{1} << stage, low = half - 1;
  std::uint32_t top[B], bottom[B];
  Complex<T> a[B], b[B];
  for (unsigned j = 0; j < B; ++j) {
    const std::uint32_t k = t + (k0 + j) * threads, at = butterfly_top(k, stage);
    top[j] = g.slot(at);
    bottom[j] = g.slot(at | half);
    a[j] = s[top[j]];
    b[j] = s[bottom[j]];
  }
  Complex<T> w = twiddle(t & low, stage);
  for (unsigned j = 0; j < B; ++j) {
    if (half > threads) w = twiddle((t + (k0 + j) * threads) & low, stage);
    const Complex<T> wb = w * b[j];
    s[top[j]] = a[j] + wb;
    s[bottom[j]] = a[j] - wb;
  }
}

// Phase 3, element e of block b: shared -> global, in natural order (v4) or, folded, column c's
// M points to tile rev_q(column) of its transform: runs of M points, walked along the column.
FFT_HD inline void shared_store_index(const SharedGeometry& g, std::uint32_t block, std::uint32_t e,
                                      std::uint32_t& global, std::uint32_t& local) {
  local = e;
  if (!g.folded) {
    global = (block << g.log2p) + e;
    return;
  }
  const unsigned q = g.log2n - g.log2m, groups_log2 = q - g.log2c;
  const std::uint32_t transform = block >> groups_log2, group = block & ((std::uint32_t{1} << groups_log2) - 1);
  const std::uint32_t c = e >> g.log2m, r = e & ((std::uint32_t{1} << g.log2m) - 1);
  global = (transform << g.log2n) + (reverse_bits32((group << g.log2c) + c, q) << g.log2m) + r;
}

template <class T>
FFT_HD inline void shared_store(const Complex<T>* s, Complex<T>* out, const SharedGeometry& g, std::uint32_t block,
                                std::uint32_t e) {
  std::uint32_t global, local;
  shared_store_index(g, block, e, global, local);
  if (global < g.points) out[global] = s[g.slot(local)];
}

// Threads of one block and butterflies per thread per stage (a multiple of B, the ones one
// thread has in flight at once). Shared by the kernel launch and the emulated test.
// B = 4 (for a tile of 1024 points: 128 threads), except float tiles of 4096 points, where
// 512 threads with B = 4 need more registers and fewer blocks fit an SM; with B = 2 (two
// groups per stage) one more block fits, which is faster there (for 2048 points B = 4 is the
// faster). 1024 threads never paid (NOTES.md).
inline constexpr unsigned shared_max_threads = 512;
template <class T>
unsigned shared_batch(const SharedGeometry& g) {
  return sizeof(Complex<T>) == 8 && !g.folded && g.log2p == 12 ? 2 : 4;
}
inline std::uint32_t shared_threads(const SharedGeometry& g, unsigned b) {
  const std::uint32_t want = g.tile() / 2 / b;
  return want < shared_max_threads ? want : shared_max_threads;
}

// v5's launches in order: launch(step, geometry, stage, threads). Up to one v4 tile the
// transform is v4's single launch; beyond, one shared-memory pass that reads the input in
// bit-reversed order and does the first log2m stages of every tile, then the remaining stages
// in global memory, in place in out.
enum class TiledStep { shared, stage };

template <class T, class Launch>
void for_each_tiled_launch(unsigned log2n, std::uint32_t points, unsigned tile_log2p, Launch&& launch) {
  if (log2n <= shared_max_log2<T>()) return launch(TiledStep::shared, shared_geometry<T>(log2n, log2n, points, true), 0u, points);
  const SharedGeometry g = folded_geometry<T>(log2n, points, tile_log2p);
  launch(TiledStep::shared, g, 0u, points);
  for (unsigned s = g.log2m; s < log2n; ++s) launch(TiledStep::stage, g, s, points / 2);
}

}  // namespace course::bitops
