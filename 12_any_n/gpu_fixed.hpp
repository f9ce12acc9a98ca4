// Single passes whose shape is known when the kernel is compiled. The generic pass kernel reads
// its radices, strides and block shape from its arguments, so every index is computed at run
// time; for the common sizes below the same phases (gpu_block.hpp) run with those numbers as
// constants, and an index like q + s (p + j m) becomes an offset built into the instruction.
#pragma once

#include <algorithm>
#include <array>
#include <tuple>
#include <utility>
#include <vector>

#include "12_any_n/gpu_block.hpp"

namespace course::anyn::gpu {

// An L-point single pass, L = R1 R2 ..., the radices in the order its stages run, C transforms a
// block of THREADS threads (16 points a thread): what make_passes builds for such an L, as
// constants. threads_at<P> is a launch at P points a thread.
template <unsigned C, unsigned THREADS, unsigned... R>
struct FixedPass {
  static constexpr unsigned l = (R * ...);
  static constexpr unsigned c = C, threads = THREADS;
  static constexpr int stages = sizeof...(R);
  static constexpr std::array<unsigned, sizeof...(R)> radices{R...};
  template <int P>
  static constexpr unsigned threads_at = launch_threads(C * l, P);
  // The most points a thread holds in one stage at P points a thread: U = ceil(P / R) butterflies
  // of R (StageRegs).
  template <int P>
  static constexpr unsigned peak_points = [] {
    unsigned most = 0;
    for (unsigned r : radices) most = std::max(most, (P + r - 1) / r * r);
    return most;
  }();
  // The fewest points a thread, at least 5, that are whole butterflies of the largest radix: one
  // butterfly of it a thread. At 16 a radix-5 stage holds 4 butterflies (20 points) for 16, at 5
  // none idle.
  static constexpr int matched_points = [] {
    unsigned r = 0;
    for (unsigned x : radices) r = std::max(r, x);
    return static_cast<int>((5 + r - 1) / r * r);
  }();
  static_assert(threads_at<kPointsPerThread> == THREADS, "THREADS is make_passes' 16 points a thread");
  // Compiled shapes run run_stage_of with MAX_PRIME = 7, where a stage of a prime above 7 would be skipped.
  static_assert((!is_odd_prime_radix(R) && ...), "prime radices above 7 run only in the MAX_PRIME kernels (gpu_block.hpp)");

  // Stage st as add_stages makes it: the pass's roots from the table's start, m = n / R of the
  // n = L / (R1 ... R(st-1)) points left, stride R1 ... R(st-1).
  static constexpr StageShape stage(int st) {
    std::uint32_t n = l, s = 1;
    for (int i = 0; i < st; ++i) {
      n /= radices[i];
      s *= radices[i];
    }
    StageShape sh{};
    sh.radix = static_cast<std::uint8_t>(radices[st]);
    sh.offset = 0;
    sh.m = n / radices[st];
    sh.s = make_divisor(s);
    sh.per = make_divisor(l / radices[st]);
    return sh;
  }

  // Whether pass a (from make_passes) is this shape.
  template <class T>
  static bool matches(const MixedPassArgs<T>& a) {
    if (a.d != 1 || a.columns_fast || a.l != l || a.c != C || a.threads != THREADS || a.stages != stages) return false;
    for (int st = 0; st < stages; ++st)
      if (a.stage[st].radix != radices[st]) return false;
    return true;
  }
};

template <class Shape, bool DIRECT, int ST, class T, class Each, class Barrier, class RegsFor>
FFT_HD COURSE_FORCEINLINE void run_fixed_stage(std::uint64_t block, const MixedPassArgs<T>& a, Complex<T>* buf, Each&& each,
                                               Barrier&& barrier, RegsFor&& regs_for) {
  constexpr unsigned R = Shape::radices[ST];
  constexpr StageShape shape = Shape::stage(ST);
  run_stage<R, DIRECT && ST == 0, DIRECT && ST + 1 == Shape::stages>(block, a, shape, buf, each, barrier, regs_for.template get<R>());
}

template <class Shape, bool DIRECT, class T, class Each, class Barrier, class RegsFor, std::size_t... ST>
FFT_HD COURSE_FORCEINLINE void run_fixed_stages(std::uint64_t block, const MixedPassArgs<T>& a, Complex<T>* buf, Each&& each,
                                                Barrier&& barrier, RegsFor&& regs_for, std::index_sequence<ST...>) {
  (run_fixed_stage<Shape, DIRECT, static_cast<int>(ST)>(block, a, buf, each, barrier, regs_for), ...);
}

// The arguments of a pass of this Shape with its shape fields replaced by constants (a launch of
// `threads` threads).
template <class Shape, class T>
FFT_HD COURSE_FORCEINLINE MixedPassArgs<T> fixed_args(const MixedPassArgs<T>& args, unsigned threads = Shape::threads) {
  MixedPassArgs<T> a = args;
  a.n = a.l = Shape::l;
  a.d = 1;
  a.l_div = make_divisor(Shape::l);
  a.s = make_divisor(1);
  a.c = Shape::c;
  a.threads = threads;
  a.log_c = 0;
  a.columns_fast = false;
  a.twiddled = false;
  a.stages = Shape::stages;
  return a;
}

// run_block for a pass of this Shape at P points a thread (Shape::threads_at<P> threads; regs_for
// gives StageRegs of P): the arguments' shape fields replaced by constants, the stages unrolled
// with their radices and strides as template arguments.
template <class Shape, bool DIRECT, int P = kPointsPerThread, class T, class Each, class Barrier, class RegsFor>
FFT_HD COURSE_FORCEINLINE void run_fixed_block(std::uint64_t block, const MixedPassArgs<T>& args, Complex<T>* buf, Each&& each,
                                               Barrier&& barrier, RegsFor&& regs_for) {
  const MixedPassArgs<T> a = fixed_args<Shape>(args, Shape::template threads_at<P>);
  if constexpr (!DIRECT) {
    each([&](unsigned tid, unsigned threads) { load<P>(tid, threads, block, a, buf); });
    barrier();
  }
  run_fixed_stages<Shape, DIRECT>(block, a, buf, each, barrier, regs_for, std::make_index_sequence<Shape::stages>{});
  if constexpr (!DIRECT) each([&](unsigned tid, unsigned threads) { store(tid, threads, block, a, buf); });
}

// The most registers a thread may have. Each of an SM's four schedulers has 16384 registers for
// whole warps, a warp's in steps of 256 (a 160-thread double block at 136 registers leaves two
// blocks an SM where 128 give three). Double keeps as many blocks an SM as the generic kernel at
// 128 registers. Float takes one block more than at the generic kernel's 64 where 56 registers
// give it (blocks of 5, 6, 7 and 12 warps: 2187, 2401, 3000, 3125, 6144), else keeps them: the
// extra block outweighs the few spills 56 registers cause (NOTES.md).
constexpr unsigned warps_per_sm(unsigned registers) {
  return 4 * (16384 / ((registers * 32 + 255) / 256 * 256));
}
constexpr unsigned register_cap_for(unsigned warps, unsigned blocks) {
  unsigned cap = 248;
  while (cap > 8 && warps_per_sm(cap) / warps < blocks) cap -= 8;
  return cap;
}
// At P points a thread a thread holds P / 16 of the points: the blocks an SM that the generic
// kernel's registers scaled by P / 16 allow (at 8, double's 64, as float's 16 points), and no
// more than an SM's 64 warps hold (float 3125 at 5 points: three blocks of 20 warps).
template <class T, int P = kPointsPerThread>
constexpr unsigned fixed_blocks_per_sm(unsigned threads) {
  const unsigned warps = (threads + 31) / 32, generic = (sizeof(T) == 4 ? 64 : 128) * P / kPointsPerThread;
  const unsigned most = 64 / warps > 0 ? 64 / warps : 1;  // an SM holds 64 warps
  const unsigned blocks = std::min(most, warps_per_sm(generic) / warps > 0 ? warps_per_sm(generic) / warps : 1);
  return sizeof(T) == 4 && blocks < most && register_cap_for(warps, blocks + 1) >= 56 ? blocks + 1 : blocks;
}
template <class T, int P = kPointsPerThread>
constexpr int fixed_register_cap(unsigned threads) {
  return static_cast<int>(register_cap_for((threads + 31) / 32, fixed_blocks_per_sm<T, P>(threads)));
}
// Whether a thread's registers under that cap hold its peak points (4 registers a double point, 2
// a float one) with 16 left for indices and addresses. At 8 points a thread 2401's radix-7 stages
// hold 14 points and 1920's radix-16 stage 16, too many under a cap of 64; 6144's radix-16
// stages hold 16 under its cap of 80 (one block an SM), just.
template <class T, int P>
constexpr bool fixed_registers_hold(unsigned threads, unsigned peak_points) {
  return peak_points * 2 * sizeof(T) / 4 + 16 <= static_cast<unsigned>(fixed_register_cap<T, P>(threads));
}
// What the rule gives the shapes below (H100 runs: NOTES.md).
static_assert(fixed_register_cap<float>(160) == 56 && fixed_register_cap<float>(224) == 56 && fixed_register_cap<float>(384) == 56);
static_assert(fixed_register_cap<float>(256) == 64 && fixed_register_cap<float>(640) == 96);
static_assert(fixed_register_cap<double>(160) == 128 && fixed_register_cap<double>(224) == 128 && fixed_register_cap<double>(256) == 128);
static_assert(fixed_register_cap<double>(192) == 168 && fixed_register_cap<double>(384) == 168);
static_assert(fixed_register_cap<double, 8>(512) == 64 && fixed_register_cap<double, 8>(288) == 72 &&
              fixed_register_cap<double, 8>(416) == 72 && fixed_register_cap<double, 8>(384) == 80 &&
              fixed_register_cap<double, 8>(768) == 80);
// At matched points (3000 at 10, 2187 at 9, 2401 at 7, 3125 at 5; 1000's four transforms at 10).
static_assert(fixed_register_cap<float, 10>(320) == 48 && fixed_register_cap<float, 9>(256) == 40 &&
              fixed_register_cap<float, 7>(352) == 32 && fixed_register_cap<float, 10>(1024) == 64 &&
              fixed_register_cap<float, 5>(640) == 32 && fixed_blocks_per_sm<float, 5>(640) == 3);
static_assert(fixed_register_cap<double, 10>(320) == 96 && fixed_register_cap<double, 9>(256) == 80 &&
              fixed_register_cap<double, 7>(352) == 56 && fixed_register_cap<double, 10>(416) == 128 &&
              fixed_register_cap<double, 5>(640) == 48);

// The shapes compiled: the single passes of common sizes, as make_passes builds them in both
// precisions at the default block sizes (checked by test_12_gpu_emulated).
using FixedPasses = std::tuple<FixedPass<4, 256, 10, 10, 10>,         // 1000
                               FixedPass<2, 256, 3, 5, 8, 16>,        // 1920
                               FixedPass<1, 160, 3, 9, 9, 9>,         // 2187
                               FixedPass<1, 160, 7, 7, 7, 7>,         // 2401
                               FixedPass<1, 192, 3, 10, 10, 10>,      // 3000
                               FixedPass<1, 224, 5, 5, 5, 5, 5>,      // 3125
                               FixedPass<1, 384, 3, 8, 16, 16>,       // 6144
                               FixedPass<1, 640, 10, 10, 10, 10>>;    // 10000 (float)

// L of each compiled single pass, for the tests and the benchmark.
template <std::size_t... I>
constexpr std::array<std::size_t, sizeof...(I)> fixed_pass_lengths(std::index_sequence<I...>) {
  return {std::tuple_element_t<I, FixedPasses>::l...};
}
constexpr auto fixed_pass_lengths() { return fixed_pass_lengths(std::make_index_sequence<std::tuple_size_v<FixedPasses>>{}); }

// Bluestein's M-point pass in one block (gpu_bluestein_block.hpp) for M = 1024, 2048, 4096:
// N from 257 to 2048.
using FixedBluesteinPasses = std::tuple<FixedPass<4, 256, 8, 8, 16>, FixedPass<2, 256, 8, 16, 16>, FixedPass<1, 256, 16, 16, 16>>;

// Calls f(Shape{}) for the first of the Shapes that pass a matches; false when none does.
template <class Shapes, std::size_t I = 0, class T, class F>
bool visit_matching_shape(const MixedPassArgs<T>& a, F&& f) {
  if constexpr (I == std::tuple_size_v<Shapes>) {
    return false;
  } else {
    using Shape = std::tuple_element_t<I, Shapes>;
    if (!Shape::matches(a)) return visit_matching_shape<Shapes, I + 1>(a, f);
    f(Shape{});
    return true;
  }
}

// P = kMatchedPoints asks for each shape's own matched_points.
inline constexpr int kMatchedPoints = 0;
template <class Shape, int P>
inline constexpr int points_for = P == kMatchedPoints ? Shape::matched_points : P;

// Whether a kernel of Shape for T at P points a thread is built (gpu_fixed.cuh): at 16 for every
// shape a pass of T can have (no double pass has more than 512 threads at 16 points: its blocks
// hold at most 8192 points, so the 640-thread 10000 is float only); where the registers hold
// them, at 8 (double) and at the shape's matched_points where that is neither 8 nor 16; never
// above a block's 1024 threads.
template <class T, class Shape, int P>
inline constexpr bool fixed_kernel_built =
    (sizeof(T) == 4 || Shape::threads <= 512) && Shape::template threads_at<points_for<Shape, P>> <= 1024 &&
    (P == kPointsPerThread ||
     (((P == 8 && sizeof(T) == 8) || (P == kMatchedPoints && points_for<Shape, P> != 8 && points_for<Shape, P> != kPointsPerThread)) &&
      fixed_registers_hold<T, points_for<Shape, P>>(Shape::template threads_at<points_for<Shape, P>>,
                                                     Shape::template peak_points<points_for<Shape, P>>)));

// L of each shape T has at P points a thread (kMatchedPoints: at its matched_points), for the
// tests and the benchmark.
template <class T, int P>
std::vector<std::size_t> built_lengths() {
  std::vector<std::size_t> built;
  [&]<std::size_t... I>(std::index_sequence<I...>) {
    ((fixed_kernel_built<T, std::tuple_element_t<I, FixedPasses>, P> ? built.push_back(std::tuple_element_t<I, FixedPasses>::l) : void()),
     ...);
  }(std::make_index_sequence<std::tuple_size_v<FixedPasses>>{});
  return built;
}
inline std::vector<std::size_t> eight_point_lengths() { return built_lengths<double, 8>(); }

// Which kernel runs a single pass (the benchmark's comparison, one change a row).
enum class PassKernel {
  best,       // compiled for the pass's shape where built, at the points a thread and I/O measured best (best_choice), else generic
  generic,    // one kernel for every shape; in float its first and last stages read and write global memory (direct_pass)
  shared_io,  // the generic kernel, loading and storing through shared memory as passes of several do
  eight_points,    // double: compiled for the shape, at 8 points a thread where built (twice the threads); float: at 16
  sixteen_points,  // compiled for the shape, at 16 points a thread
  matched_points,  // compiled for the shape, at its matched_points a thread where built, else 16
  matched_direct,  // double: matched points with the first and last stages in global memory, as float's; float: as matched
  two_passes,      // double 10000: its two passes one kernel each, not one pass on a cluster of two blocks (gpu_cluster.hpp)
  // Bluestein with M above one block:
  fused_chirp,     // the chirp and product inside the M-point passes (gpu_bluestein_pass.hpp)
  separate_chirp,  // 09's plan for the FFTs of M, three element-wise kernels around them
};

// The kernel the plan runs for a compiled pass of length l: points a thread (8, 16 or
// kMatchedPoints) and, for double, whether its first and last stages read and write global
// memory (float's compiled kernels always do).
struct FixedChoice {
  std::size_t l;
  int points;
  bool direct;
};
// Whichever took least time on the H100 (bench_12_gpu.json's gpu/16-points, gpu/8-points,
// gpu/matched-points and gpu/matched-direct rows; NOTES.md). Float: its matched points wherever
// built. Double: matched points with direct global I/O wherever built (1000, 2187, 2401, 3000,
// 3125); 8 points for 6144; 16 for 1920.
inline constexpr std::array<FixedChoice, 6> kDoubleChoices = {{{1000, kMatchedPoints, true},
                                                                {2187, kMatchedPoints, true},
                                                                {2401, kMatchedPoints, true},
                                                                {3000, kMatchedPoints, true},
                                                                {3125, kMatchedPoints, true},
                                                                {6144, 8, false}}};
template <class T>
constexpr FixedChoice best_choice(std::size_t l) {
  if constexpr (sizeof(T) == 4) {
    return {l, kMatchedPoints, true};  // the 16-point kernel runs where no matched one is built (1920, 6144)
  } else {
    for (const FixedChoice& c : kDoubleChoices)
      if (c.l == l) return c;
    return {l, kPointsPerThread, false};
  }
}
// Each double choice names a kernel that is built (else the plan would quietly run 16 points).
template <std::size_t... I>
constexpr bool double_choices_built(std::index_sequence<I...>) {
  auto built = [](const FixedChoice& c, auto shape) {
    using Shape = decltype(shape);
    return c.l != Shape::l || (c.points == 8 ? fixed_kernel_built<double, Shape, 8> : fixed_kernel_built<double, Shape, kMatchedPoints>);
  };
  for (const FixedChoice& c : kDoubleChoices)
    if (!(built(c, std::tuple_element_t<I, FixedPasses>{}) && ...)) return false;
  return true;
}
static_assert(double_choices_built(std::make_index_sequence<std::tuple_size_v<FixedPasses>>{}));

// The points a thread and I/O that `kernel` asks of a compiled pass of length l (the plan's and
// the emulation's one reading of PassKernel).
template <class T>
constexpr FixedChoice fixed_choice(PassKernel kernel, std::size_t l) {
  switch (kernel) {
    case PassKernel::eight_points: return {l, 8, false};
    case PassKernel::sixteen_points: return {l, kPointsPerThread, false};
    case PassKernel::matched_points: return {l, kMatchedPoints, false};
    case PassKernel::matched_direct: return {l, kMatchedPoints, true};
    default: return best_choice<T>(l);
  }
}

// How `kernel` runs pass a, as MixedPlan and the emulation both read it: whether a compiled
// kernel is asked for, at which points a thread, with which I/O (`fixed_direct`), and the generic
// kernel's I/O (`direct`) where none is built; `short_store_runs` where only the store-run rule
// (direct_pass) keeps the generic kernel off direct (describe() says so).
struct PassRun {
  bool compiled;
  int points;
  bool direct;
  bool fixed_direct;
  bool short_store_runs;
};
template <class T>
PassRun pass_run(PassKernel kernel, const MixedPassArgs<T>& a) {
  // The kernels with prime radices above 7 are built through shared memory only: a direct variant
  // would be one more kernel set for a few sizes, and the radix-11/13 one already spills in float
  // (NOTES.md).
  const bool may_run_direct = kernel != PassKernel::shared_io && max_prime_of(a) == 7;
  const bool direct = may_run_direct && direct_pass(a, false);
  const FixedChoice choice = fixed_choice<T>(kernel, a.l);
  // Double's compiled kernel runs direct where asked or chosen; float's are direct unless asked not.
  return {kernel != PassKernel::generic && kernel != PassKernel::shared_io, choice.points, direct,
          direct || (choice.direct && !a.columns_fast && a.stages > 0), may_run_direct && short_store_runs(a)};
}

template <class T>
using PassKernelPtr = void (*)(MixedPassArgs<T>);

// A compiled kernel, the points a thread it takes and its launch's threads (launch_threads(C L,
// points): twice make_passes' at 8 points).
template <class T>
struct FixedKernel {
  PassKernelPtr<T> kernel = nullptr;
  int points = kPointsPerThread;
  unsigned threads = 0;
  bool direct = false;  // its first and last stages in global memory
};

// The compiled kernel of pass a's shape, or none (the generic kernel runs it). Float's fixed
// kernels read and write global memory directly (direct_pass); a float pass asked to load through
// shared memory (direct false) gets none. Double's go through shared memory, or direct at matched
// points when `direct` asks for it. `points` asks for 16 points a thread, 8 (double) or
// kMatchedPoints; where that kernel is not built, 16 runs.
template <class T>
FixedKernel<T> fixed_kernel_for(const MixedPassArgs<T>& a, bool direct, int points = kPointsPerThread);
template <>
FixedKernel<float> fixed_kernel_for(const MixedPassArgs<float>& a, bool direct, int points);  // gpu_fixed_f32.cu
template <>
FixedKernel<double> fixed_kernel_for(const MixedPassArgs<double>& a, bool direct, int points);  // gpu_fixed_f64.cu

}  // namespace course::anyn::gpu
