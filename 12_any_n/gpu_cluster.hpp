// A transform too large for one block's shared memory, in one pass over global memory: 11's
// cluster pass for mixed radix. Double 10000 (160000 bytes) takes two passes of 100 through
// global memory; here the two blocks of a cluster (sm_90) each hold half of it, and the
// exchange between the two passes reads the other block's shared memory (distributed shared
// memory) instead of global memory.
//
// N = L1 L2. The first pass's column b < L2 is x[b + j L2], j < L1; the second pass's column
// b' < L1 takes output b' of every first-pass column j, times w(j b', N), and writes
// X[b' + L1 k], k < L2 (09's four-step split, as make_passes gives it). Block r of the cluster:
//   first    runs the L1-point DFTs (First's stages) of first-pass columns r C1 .. r C1 + C1 - 1
//            (C1 = L2 / 2), the first stage reading global memory, the outputs left in its
//            shared memory, column c at row c of `pitch1` points;
//   -------  cluster barrier: both blocks' first-pass outputs are complete
//   take     for its second-pass columns b' = r C2 + c (C2 = L1 / 2), the inputs of the second
//            pass's first stage, point j from the block holding first-pass column j, times the
//            twiddle, into registers;
//   second   the L2-point DFTs (Second's stages) from those registers: the first stage's
//            butterflies, then
//   -------  cluster barrier: no block overwrites what the other is still reading (arrived at
//            after the take, waited for after the butterflies, which overlap it)
//            its outputs to shared memory, the other stages, the last writing global memory.
// Both ends in registers, as 11's REGISTER_IO: no load or store phase through shared memory.
// Rows are an odd number of points apart (pitch 101 for L = 100): a warp's 16-byte accesses down
// a column then fall in distinct banks, where 100 apart four of every eight would share them.
//
// The phases are __host__ __device__: the kernel (gpu_cluster.cu) runs them with __syncthreads()
// and the cluster barriers between them, the emulation (gpu_emulate.hpp) both blocks one after
// another.
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

#include "12_any_n/gpu_fixed.hpp"

namespace course::anyn::gpu {

// A column's row in shared memory: an odd number of points (bank note above).
constexpr unsigned row_pitch(unsigned l) { return l | 1; }

// First and Second: the two passes' shapes (FixedPass), each with C = its columns / ranks; P
// points a thread.
template <int P, class FirstShape, class SecondShape>
struct ClusterPass {
  using First = FirstShape;
  using Second = SecondShape;
  static constexpr unsigned l1 = First::l, l2 = Second::l, n = l1 * l2;
  static constexpr unsigned c1 = First::c, c2 = Second::c;
  static constexpr unsigned ranks = l2 / c1;  // blocks a cluster
  static_assert(ranks >= 2 && c1 * ranks == l2 && c2 * ranks == l1, "a block holds the same share of the columns of each pass");
  static constexpr unsigned pitch1 = row_pitch(l1), pitch2 = row_pitch(l2);
  static constexpr unsigned points = n / ranks;  // a block's
  static constexpr int points_per_thread = P;
  static constexpr unsigned threads = launch_threads(points, P);
  static constexpr unsigned shared_points = c1 * pitch1 > c2 * pitch2 ? c1 * pitch1 : c2 * pitch2;
  // A transform's worth of points an SM, in `ranks` blocks: while one waits at a barrier or loads,
  // the others run their stages (one block an SM holding all 10000 points barely beat two
  // passes, NOTES.md).
  static constexpr unsigned blocks_per_sm = ranks;
  static constexpr int registers = static_cast<int>(register_cap_for((threads + 31) / 32, blocks_per_sm));
};

// The one cluster pass compiled: double 10000 = 100 x 100, each pass 10 x 10, 50 columns a block,
// 10 points a thread: one radix-10 butterfly, 512 threads under a cap of 64 registers. At 20
// points (two butterflies, 256 threads, 128 registers) half the warps an SM were slower
// (NOTES.md).
using DoubleCluster10000 = ClusterPass<10, FixedPass<50, 320, 10, 10>, FixedPass<50, 320, 10, 10>>;
static_assert(DoubleCluster10000::ranks == 2 && DoubleCluster10000::threads == 512 && DoubleCluster10000::registers == 64);
static_assert(DoubleCluster10000::shared_points * sizeof(Complex<double>) * 2 <= 228 * 1024, "two blocks an SM");

// The two bound passes (bind_pass), their stage twiddles moved to each pass's own roots, where
// FixedPass::stage's offset (0) counts from.
template <class T>
struct ClusterArgs {
  MixedPassArgs<T> first, second;
  std::uint64_t transforms = 0;
};
template <class T>
ClusterArgs<T> cluster_args(MixedPassArgs<T> first, MixedPassArgs<T> second, std::uint64_t transforms) {
  first.stage_twiddles += first.stage[0].offset;
  second.stage_twiddles += second.stage[0].offset;
  return {first, second, transforms};
}

// Whether make_passes' passes of N are Cluster's: two passes of T = double, each with Shape's
// radices (every stage of a pass reads the same roots, add_stages).
template <class Shape, class T>
bool cluster_pass_matches(const MixedPassArgs<T>& a) {
  if (a.l != Shape::l || a.stages != Shape::stages) return false;
  for (int st = 0; st < Shape::stages; ++st)
    if (a.stage[st].radix != Shape::radices[st]) return false;
  return true;
}
template <class Cluster, class T>
bool cluster_matches(const std::vector<MixedPassArgs<T>>& passes) {
  return sizeof(T) == 8 && passes.size() == 2 && passes[0].n == Cluster::n && cluster_pass_matches<typename Cluster::First>(passes[0]) &&
         cluster_pass_matches<typename Cluster::Second>(passes[1]);
}
// Whether `kernel` asks for Cluster's pass over these passes and its blocks fit shared_limit_bytes
// (what the plan and the emulation both ask; the plan then asks the device, gpu_cluster.cu).
template <class Cluster, class T>
bool cluster_wanted(PassKernel kernel, const std::vector<MixedPassArgs<T>>& passes, std::size_t shared_limit_bytes) {
  return kernel == PassKernel::best && cluster_matches<Cluster>(passes) && Cluster::shared_points * sizeof(Complex<T>) <= shared_limit_bytes;
}

// The one pass's arguments from make_passes' two (the tables as bind_pass takes them).
template <class T>
ClusterArgs<T> bind_cluster(const std::vector<MixedPassArgs<T>>& passes, std::uint64_t transforms, const Complex<T>* in, Complex<T>* out,
                            Direction dir, const Complex<T>* stage, const Complex<T>* lo, const Complex<T>* hi) {
  return cluster_args(bind_pass<T>(passes[0], 0, 2, in, nullptr, dir, stage, lo, hi), bind_pass<T>(passes[1], 1, 2, nullptr, out, dir, stage, lo, hi),
                      transforms);
}

// Butterfly i of a block's stage, numbered column first: column c = i mod C, butterfly b = i / C
// of it, b = q + s p. Neighbouring threads take neighbouring columns, which are rows an odd
// pitch apart in shared memory (distinct banks) and neighbouring addresses in global memory.
// (gather and scatter number them within a column first, for transforms laid end to end: here
// ten threads down a column of 100 would share banks, and read rows 1600 bytes apart.)
template <unsigned C>
FFT_HD COURSE_FORCEINLINE bool cluster_butterfly(const StageShape& st, std::uint32_t i, std::uint32_t& c, std::uint32_t& p, std::uint32_t& q) {
  if (i >= C * st.per.d) return false;
  const std::uint32_t b = i / C;
  c = i - b * C;
  p = divide(b, st.s);
  q = b - p * st.s.d;
  return true;
}

// f(u, c, p, q) for each of thread tid's butterflies u < U of a stage, numbered as
// cluster_butterfly numbers them.
template <unsigned C, int U, class F>
FFT_HD COURSE_FORCEINLINE void each_cluster_butterfly(unsigned tid, unsigned threads, const StageShape& st, F&& f) {
  COURSE_UNROLL
  for (int u = 0; u < U; ++u) {
    std::uint32_t c, p, q;
    if (cluster_butterfly<C>(st, tid + static_cast<std::uint32_t>(u) * threads, c, p, q)) f(u, c, p, q);
  }
}

// A stage in shared memory, columns at rows row_pitch(L) points apart: each thread's
// butterflies' inputs into registers (cluster_gather); the butterflies and their twiddles
// (cluster_butterflies), then their outputs (cluster_store), both cluster_scatter.
template <class Shape, unsigned R, class T, int P>
FFT_HD COURSE_FORCEINLINE void cluster_gather(unsigned tid, unsigned threads, const StageShape& st, const Complex<T>* buf, StageRegs<R, T, P>& r) {
  each_cluster_butterfly<Shape::c, StageRegs<R, T, P>::U>(tid, threads, st, [&](int u, std::uint32_t c, std::uint32_t p, std::uint32_t q) {
    COURSE_UNROLL
    for (unsigned j = 0; j < R; ++j) r.v[u][j] = buf[c * row_pitch(Shape::l) + q + st.s.d * (p + j * st.m)];
  });
}
template <class Shape, unsigned R, class T, int P>
FFT_HD COURSE_FORCEINLINE void cluster_butterflies(unsigned tid, unsigned threads, const StageShape& st, const Complex<T>* twiddles,
                                                   StageRegs<R, T, P>& r) {
  each_cluster_butterfly<Shape::c, StageRegs<R, T, P>::U>(tid, threads, st, [&](int u, std::uint32_t /*c*/, std::uint32_t p, std::uint32_t /*q*/) {
    Complex<T>* v = r.v[u];
    butterfly<R, Direction::forward>(v);
    COURSE_UNROLL
    for (unsigned k = 1; k < R; ++k)
      if (p != 0) v[k] = v[k] * stage_twiddle(twiddles + st.offset, st.s.d * p, k);
  });
}
template <class Shape, unsigned R, class T, int P>
FFT_HD COURSE_FORCEINLINE void cluster_store(unsigned tid, unsigned threads, const StageShape& st, const StageRegs<R, T, P>& r, Complex<T>* buf) {
  each_cluster_butterfly<Shape::c, StageRegs<R, T, P>::U>(tid, threads, st, [&](int u, std::uint32_t c, std::uint32_t p, std::uint32_t q) {
    Complex<T>* row = buf + c * row_pitch(Shape::l) + q + st.s.d * R * p;
    COURSE_UNROLL
    for (unsigned k = 0; k < R; ++k) row[st.s.d * k] = r.v[u][k];
  });
}
template <class Shape, unsigned R, class T, int P>
FFT_HD COURSE_FORCEINLINE void cluster_scatter(unsigned tid, unsigned threads, const StageShape& st, const Complex<T>* twiddles,
                                               StageRegs<R, T, P>& r, Complex<T>* buf) {
  cluster_butterflies<Shape>(tid, threads, st, twiddles, r);
  cluster_store<Shape>(tid, threads, st, r, buf);
}

// Stages FROM .. TO - 1 of Shape in shared memory, as run_stage: inputs, wait, outputs, wait.
template <class Shape, int FROM, int TO, class T, class Each, class Barrier, class RegsFor>
FFT_HD COURSE_FORCEINLINE void cluster_stages(const Complex<T>* twiddles, Complex<T>* buf, Each&& each, Barrier&& barrier, RegsFor&& regs_for) {
  if constexpr (FROM < TO) {
    constexpr unsigned R = Shape::radices[FROM];
    constexpr StageShape st = Shape::stage(FROM);
    auto&& regs = regs_for.template get<R>();
    each([&](unsigned tid, unsigned threads) { cluster_gather<Shape>(tid, threads, st, buf, regs(tid)); });
    barrier();
    each([&](unsigned tid, unsigned threads) { cluster_scatter<Shape>(tid, threads, st, twiddles, regs(tid), buf); });
    barrier();
    cluster_stages<Shape, FROM + 1, TO>(twiddles, buf, each, barrier, regs_for);
  }
}

// The first pass's first stage reads its inputs straight from global memory: butterfly p of
// the block's column c (first-pass column b = rank C1 + c) takes points p + j m, at
// x[b + (p + j m) L2].
template <class Cluster, unsigned R, class T, int P>
FFT_HD COURSE_FORCEINLINE void cluster_gather_columns(unsigned tid, unsigned threads, std::uint64_t t, unsigned rank, const ClusterArgs<T>& a,
                                                      const StageShape& st, StageRegs<R, T, P>& r) {
  each_cluster_butterfly<Cluster::c1, StageRegs<R, T, P>::U>(tid, threads, st, [&](int u, std::uint32_t c, std::uint32_t p, std::uint32_t /*q*/) {  // s = 1: q = 0
    const Complex<T>* x = a.first.in + t * Cluster::n + rank * Cluster::c1 + c + p * Cluster::l2;
    COURSE_UNROLL
    for (unsigned j = 0; j < R; ++j) r.v[u][j] = maybe_conj(x[j * st.m * Cluster::l2], a.first.conj_in);
  });
}

// The first pass in block `rank` of transform t's cluster: its columns' L1-point DFTs, the
// outputs left in shared memory (column c at row c).
template <class Cluster, class T, class Each, class Barrier, class RegsFor>
FFT_HD COURSE_FORCEINLINE void cluster_first(std::uint64_t t, unsigned rank, const ClusterArgs<T>& a, Complex<T>* buf, Each&& each,
                                             Barrier&& barrier, RegsFor&& regs_for) {
  using First = typename Cluster::First;
  constexpr unsigned R = First::radices[0];
  constexpr StageShape st = First::stage(0);
  auto&& regs = regs_for.template get<R>();
  each([&](unsigned tid, unsigned threads) { cluster_gather_columns<Cluster>(tid, threads, t, rank, a, st, regs(tid)); });
  each([&](unsigned tid, unsigned threads) { cluster_scatter<First>(tid, threads, st, a.first.stage_twiddles, regs(tid), buf); });
  barrier();
  cluster_stages<First, 1, First::stages>(a.first.stage_twiddles, buf, each, barrier, regs_for);
}

// The second pass's first stage takes its inputs from both blocks' shared memory: point j of
// second-pass column b' = rank C2 + c is first-pass column j's output b', in block j / C1
// (block_buf(r)), times w(j b', N).
template <class Cluster, class T>
using ClusterTaken = StageRegs<Cluster::Second::radices[0], T, Cluster::points_per_thread>;
template <class Cluster, unsigned R, class T, int P, class BlockBuf>
FFT_HD COURSE_FORCEINLINE void cluster_take(unsigned tid, unsigned threads, unsigned rank, const ClusterArgs<T>& a, BlockBuf&& block_buf,
                                            StageRegs<R, T, P>& r) {
  using Second = typename Cluster::Second;
  static_assert(R == Second::radices[0] && P == Cluster::points_per_thread);
  constexpr StageShape st = Second::stage(0);
  each_cluster_butterfly<Cluster::c2, StageRegs<R, T, P>::U>(tid, threads, st, [&](int u, std::uint32_t c, std::uint32_t p, std::uint32_t /*q*/) {  // s = 1: q = 0
    const std::uint32_t b = rank * Cluster::c2 + c;
    COURSE_UNROLL
    for (unsigned j = 0; j < R; ++j) {
      const std::uint32_t point = p + j * st.m, holder = point / Cluster::c1;
      const Complex<T> z = block_buf(holder)[(point - holder * Cluster::c1) * Cluster::pitch1 + b];
      r.v[u][j] = point * b == 0 ? z : z * outer_twiddle(a.first, std::uint64_t{point} * b);
    }
  });
}

// The second pass's last stage writes straight to global memory: output q + s k of column b'
// (m = 1, so p = 0 and no stage twiddles) is X[b' + L1 (q + s k)].
template <class Cluster, unsigned R, class T, int P>
FFT_HD COURSE_FORCEINLINE void cluster_scatter_columns(unsigned tid, unsigned threads, std::uint64_t t, unsigned rank, const ClusterArgs<T>& a,
                                                       const StageShape& st, StageRegs<R, T, P>& r) {
  each_cluster_butterfly<Cluster::c2, StageRegs<R, T, P>::U>(tid, threads, st, [&](int u, std::uint32_t c, std::uint32_t /*p*/, std::uint32_t q) {
    Complex<T>* v = r.v[u];
    butterfly<R, Direction::forward>(v);
    Complex<T>* y = a.second.out + t * Cluster::n + rank * Cluster::c2 + c;
    COURSE_UNROLL
    for (unsigned k = 0; k < R; ++k) y[(q + st.s.d * k) * Cluster::l1] = maybe_conj(v[k], a.second.conj_out);
  });
}

// The second pass from the taken points (taken(tid): a thread's registers of its first stage):
// that stage's butterflies, then (after others_done: the other blocks have taken their points
// from this block's shared memory) its outputs to shared memory, the stages between, the last
// stage to global memory.
template <class Cluster, class T, class Taken, class OthersDone, class Each, class Barrier, class RegsFor>
FFT_HD COURSE_FORCEINLINE void cluster_second(std::uint64_t t, unsigned rank, const ClusterArgs<T>& a, Taken&& taken, OthersDone&& others_done,
                                              Complex<T>* buf, Each&& each, Barrier&& barrier, RegsFor&& regs_for) {
  using Second = typename Cluster::Second;
  static_assert(Second::stages >= 2, "a first stage from the cluster, a last to global memory");
  constexpr int last = Second::stages - 1;
  constexpr unsigned RL = Second::radices[last];
  constexpr StageShape st0 = Second::stage(0), stl = Second::stage(last);
  each([&](unsigned tid, unsigned threads) { cluster_butterflies<Second>(tid, threads, st0, a.second.stage_twiddles, taken(tid)); });
  others_done();
  each([&](unsigned tid, unsigned threads) { cluster_store<Second>(tid, threads, st0, taken(tid), buf); });
  barrier();
  cluster_stages<Second, 1, last>(a.second.stage_twiddles, buf, each, barrier, regs_for);
  auto&& regs = regs_for.template get<RL>();
  each([&](unsigned tid, unsigned threads) { cluster_gather<Second>(tid, threads, stl, buf, regs(tid)); });
  each([&](unsigned tid, unsigned threads) { cluster_scatter_columns<Cluster>(tid, threads, t, rank, a, stl, regs(tid)); });
}

}  // namespace course::anyn::gpu
