// A transform too large for one block's shared memory, in one pass over global memory: 11's
// cluster pass for mixed radix. Double 10000 (160000 bytes) takes two passes of 100 through
// global memory; here the two blocks of a cluster (sm_90) each hold half of it, and the
// exchange between the two passes reads the other block's shared memory (distributed shared
// memory) instead of global memory.
//
// N = L1 L2. The first pass's column b < L2 is x[b + j L2], j < L1; the second pass's column
// b' < L1 takes output b' of every first-pass column j, times w(j b', N), and writes
// X[b' + L1 k], k < L2 (09's four-step split, as make_passes gives it). Block r of the cluster:
//   first    loads first-pass columns r C1 .. r C1 + C1 - 1 (C1 = L2 / 2) and runs their L1-point
//            DFTs (First's stages) in its shared memory, column c at row c of `pitch1` points;
//   -------  cluster barrier: both blocks' first-pass outputs are complete
//   take     for its second-pass columns b' = r C2 + c (C2 = L1 / 2), point j of each from the
//            block holding first-pass column j, times the twiddle, into registers;
//   -------  cluster barrier: no block overwrites what the other is still reading
//   second   puts them in its own shared memory, runs the L2-point DFTs (Second's stages) and
//            writes them out.
// Rows are an odd number of points apart (pitch 101 for L = 100): a warp's 16-byte accesses down
// a column then fall in distinct banks, where 100 apart four of every eight would share them.
//
// The phases are __host__ __device__: the kernel (gpu_cluster.cu) runs them with __syncthreads()
// and cluster.sync() between them, the emulation (gpu_emulate.hpp) both blocks one after another.
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

#include "12_any_n/gpu_fixed.hpp"

namespace course::anyn::gpu {

// First and Second: the two passes' shapes (FixedPass), each with C = half its columns; P points
// a thread.
template <int P, class FirstShape, class SecondShape>
struct ClusterPass {
  using First = FirstShape;
  using Second = SecondShape;
  static constexpr unsigned ranks = 2;
  static constexpr unsigned l1 = First::l, l2 = Second::l, n = l1 * l2;
  static constexpr unsigned c1 = First::c, c2 = Second::c;
  static_assert(c1 * ranks == l2 && c2 * ranks == l1, "a block holds half the columns of each pass");
  static constexpr unsigned pitch1 = l1 | 1, pitch2 = l2 | 1;
  static constexpr unsigned points = n / ranks;  // a block's
  static constexpr int points_per_thread = P;
  static constexpr unsigned threads = launch_threads(points, P);
  static constexpr unsigned shared_points = c1 * pitch1 > c2 * pitch2 ? c1 * pitch1 : c2 * pitch2;
  // Two blocks an SM: each block holds half a transform, so one can load or store while the other
  // runs its stages (one block an SM holding all 10000 points gained 2% over two passes, NOTES.md).
  static constexpr unsigned blocks_per_sm = 2;
  static constexpr int registers = static_cast<int>(register_cap_for((threads + 31) / 32, blocks_per_sm));
};

// The one cluster pass compiled: double 10000 = 100 x 100, each pass 10 x 10, 50 columns a block,
// 20 points a thread (two radix-10 butterflies, 80 registers of points under a cap of 128).
using DoubleCluster10000 = ClusterPass<20, FixedPass<50, 320, 10, 10>, FixedPass<50, 320, 10, 10>>;
static_assert(DoubleCluster10000::threads == 256 && DoubleCluster10000::registers == 128);
static_assert(DoubleCluster10000::shared_points * sizeof(Complex<double>) * 2 <= 228 * 1024, "two blocks an SM");

// The two bound passes (bind_pass), their stage twiddles moved to each pass's own first entry,
// which FixedPass::stage's offsets count from.
template <class T>
struct ClusterArgs {
  PassArgs<T> first, second;
  std::uint64_t transforms = 0;
};
template <class T>
ClusterArgs<T> cluster_args(PassArgs<T> first, PassArgs<T> second, std::uint64_t transforms) {
  first.stage_twiddles += first.stage[0].offset;
  second.stage_twiddles += second.stage[0].offset;
  return {first, second, transforms};
}

// Whether make_passes' passes of N are Cluster's: two passes of T = double, each with Shape's
// radices and twiddle offsets (counted from the pass's first).
template <class Shape, class T>
bool cluster_pass_matches(const PassArgs<T>& a) {
  if (a.l != Shape::l || a.stages != Shape::stages) return false;
  for (int st = 0; st < Shape::stages; ++st)
    if (a.stage[st].radix != Shape::radices[st] || a.stage[st].offset - a.stage[0].offset != Shape::stage(st).offset) return false;
  return true;
}
template <class Cluster, class T>
bool cluster_matches(const std::vector<PassArgs<T>>& passes) {
  return sizeof(T) == 8 && passes.size() == 2 && passes[0].n == Cluster::n && cluster_pass_matches<typename Cluster::First>(passes[0]) &&
         cluster_pass_matches<typename Cluster::Second>(passes[1]);
}

// The arguments a pass's stages read in a block: Shape::c columns, a row of `pitch` points each,
// the pass's stage twiddles.
template <class Shape, class T>
FFT_HD COURSE_FORCEINLINE PassArgs<T> cluster_stage_args(const PassArgs<T>& pass, unsigned threads) {
  PassArgs<T> a;
  a.stage_twiddles = pass.stage_twiddles;
  a.c = a.columns = Shape::c;
  a.l = Shape::l | 1;
  a.threads = threads;
  a.stages = Shape::stages;
  return a;
}

// A thread's points between the two cluster barriers.
template <class T, int P>
struct ClusterHeld {
  Complex<T> v[P];
};

// The first pass's columns of transform t for block `rank`: neighbouring threads read
// neighbouring columns (runs of C1 points), then the stages.
template <class Cluster, class T, class Each, class Barrier, class RegsFor>
FFT_HD COURSE_FORCEINLINE void cluster_first(std::uint64_t t, unsigned rank, const ClusterArgs<T>& a, Complex<T>* buf, Each&& each,
                                             Barrier&& barrier, RegsFor&& regs_for) {
  using First = typename Cluster::First;
  each([&](unsigned tid, unsigned threads) {
    const Complex<T>* x = a.first.in + t * Cluster::n + rank * Cluster::c1;
    Complex<T> v[Cluster::points_per_thread];
    COURSE_UNROLL
    for (int u = 0; u < Cluster::points_per_thread; ++u) {
      const std::uint32_t e = tid + static_cast<std::uint32_t>(u) * threads, j = e / Cluster::c1, c = e - j * Cluster::c1;
      if (e < Cluster::points) v[u] = x[c + j * Cluster::l2];
    }
    COURSE_UNROLL
    for (int u = 0; u < Cluster::points_per_thread; ++u) {
      const std::uint32_t e = tid + static_cast<std::uint32_t>(u) * threads, j = e / Cluster::c1, c = e - j * Cluster::c1;
      if (e < Cluster::points) buf[c * Cluster::pitch1 + j] = maybe_conj(v[u], a.first.conj_in);
    }
  });
  barrier();
  const PassArgs<T> s = cluster_stage_args<First>(a.first, Cluster::threads);
  run_fixed_stages<First, false>(0, s, buf, each, barrier, regs_for, std::make_index_sequence<First::stages>{});
}

// Block `rank`'s second-pass points: point j of column b' is first-pass column j's output b',
// in the shared memory of block j / C1 (block_buf(r)), times w(j b', N).
template <class Cluster, class T, class BlockBuf>
FFT_HD COURSE_FORCEINLINE void cluster_take(unsigned tid, unsigned threads, unsigned rank, const ClusterArgs<T>& a, BlockBuf&& block_buf,
                                            ClusterHeld<T, Cluster::points_per_thread>& held) {
  COURSE_UNROLL
  for (int u = 0; u < Cluster::points_per_thread; ++u) {
    const std::uint32_t e = tid + static_cast<std::uint32_t>(u) * threads, j = e / Cluster::c2, c = e - j * Cluster::c2;
    if (e >= Cluster::points) continue;
    const std::uint32_t b = rank * Cluster::c2 + c, holder = j / Cluster::c1;
    const Complex<T> z = block_buf(holder)[(j - holder * Cluster::c1) * Cluster::pitch1 + b];
    held.v[u] = j * b == 0 ? z : z * outer_twiddle(a.first, std::uint64_t{j} * b);
  }
}

// The taken points into this block's own shared memory, column c at row c (both blocks are past
// the second barrier: nothing reads the first pass's outputs any more).
template <class Cluster, class T>
FFT_HD COURSE_FORCEINLINE void cluster_put(unsigned tid, unsigned threads, const ClusterHeld<T, Cluster::points_per_thread>& held,
                                           Complex<T>* buf) {
  COURSE_UNROLL
  for (int u = 0; u < Cluster::points_per_thread; ++u) {
    const std::uint32_t e = tid + static_cast<std::uint32_t>(u) * threads, j = e / Cluster::c2, c = e - j * Cluster::c2;
    if (e < Cluster::points) buf[c * Cluster::pitch2 + j] = held.v[u];
  }
}

// The second pass's stages, then X[b' + L1 k]: runs of C2 points.
template <class Cluster, class T, class Each, class Barrier, class RegsFor>
FFT_HD COURSE_FORCEINLINE void cluster_second(std::uint64_t t, unsigned rank, const ClusterArgs<T>& a, Complex<T>* buf, Each&& each,
                                              Barrier&& barrier, RegsFor&& regs_for) {
  using Second = typename Cluster::Second;
  barrier();  // every point put before a stage reads it
  const PassArgs<T> s = cluster_stage_args<Second>(a.second, Cluster::threads);
  run_fixed_stages<Second, false>(0, s, buf, each, barrier, regs_for, std::make_index_sequence<Second::stages>{});
  each([&](unsigned tid, unsigned threads) {
    Complex<T>* y = a.second.out + t * Cluster::n + rank * Cluster::c2;
    for (std::uint32_t e = tid; e < Cluster::points; e += threads) {
      const std::uint32_t k = e / Cluster::c2, c = e - k * Cluster::c2;
      y[c + k * Cluster::l1] = maybe_conj(buf[c * Cluster::pitch2 + k], a.second.conj_out);
    }
  });
}

}  // namespace course::anyn::gpu
