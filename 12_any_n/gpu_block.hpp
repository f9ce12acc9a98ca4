// One block of a pass, phase by phase, written once for the kernel and for the emulation:
// each(f) runs f(tid, threads) for every thread, barrier() waits for all, and regs<R>(tid)
// gives thread tid's registers for a radix-R stage (on the GPU, the thread's own locals).
#pragma once

#include <type_traits>

#include "12_any_n/gpu_pass.hpp"

namespace course::anyn::gpu {

// A stage: inputs into registers, the block waits (the outputs go to the same buffer), the
// butterflies and their outputs, the block waits again. At the ends of a single pass read
// directly (FROM_GLOBAL, TO_GLOBAL), the waits that guard nothing are left out.
template <unsigned R, bool FROM_GLOBAL, bool TO_GLOBAL, class T, class Each, class Barrier, class Regs>
FFT_HD inline void run_stage(std::uint64_t block, const MixedPassArgs<T>& a, const StageShape& st, Complex<T>* buf, Each&& each,
                             Barrier&& barrier, Regs&& regs) {
  each([&](unsigned tid, unsigned threads) { gather<R, FROM_GLOBAL>(tid, threads, block, a, st, buf, regs(tid)); });
  // Shared to shared: every input read before any output lands in the same buffer. Global to
  // global (a one-stage pass): in place (in == out), a block reads and writes the same points.
  if constexpr (FROM_GLOBAL == TO_GLOBAL) barrier();
  each([&](unsigned tid, unsigned threads) { scatter<R, TO_GLOBAL>(tid, threads, block, a, st, regs(tid), buf); });
  if constexpr (!TO_GLOBAL) barrier();  // every output written before the next stage reads it
}

// Stage st, whatever its radix. Forced inline: run_block calls it at up to four places, and a
// call that stayed a call would take the addresses of the kernel's arguments and locals, which
// moves them to local memory.
// MAX_PRIME: the largest prime radix compiled in. 7: the stages up to 10 and 16; 13 adds the
// radix-11 and -13 stages, 31 those of 17 to 31 (kernels of their own: their registers would
// make every other pass's kernel spill). A pass must have no stage above its kernel's MAX_PRIME.
template <unsigned R, bool FROM_GLOBAL, bool TO_GLOBAL, int MAX_PRIME, class T, class Each, class Barrier, class RegsFor>
FFT_HD COURSE_FORCEINLINE void run_prime_stage(std::uint64_t block, const MixedPassArgs<T>& a, int st, Complex<T>* buf, Each&& each,
                                               Barrier&& barrier, RegsFor&& regs_for) {
  if constexpr (static_cast<int>(R) <= MAX_PRIME)
    run_stage<R, FROM_GLOBAL, TO_GLOBAL>(block, a, a.stage[st], buf, each, barrier, regs_for.template get<R>());
}

// Stages of 12, 14 and 15 only in the kernels of kWidePoints a thread (RegsFor::points): at 16 a
// thread would hold two butterflies of them. Stages of 18 to 28 only in the kernels built for
// them (RegsFor::widest, 16 points a thread).
template <unsigned R, bool FROM_GLOBAL, bool TO_GLOBAL, class T, class Each, class Barrier, class RegsFor>
FFT_HD COURSE_FORCEINLINE void run_wide_stage(std::uint64_t block, const MixedPassArgs<T>& a, int st, Complex<T>* buf, Each&& each,
                                              Barrier&& barrier, RegsFor&& regs_for) {
  using Regs = std::decay_t<RegsFor>;
  if constexpr (is_widest_radix(R) ? Regs::widest : Regs::points == kWidePoints)
    run_stage<R, FROM_GLOBAL, TO_GLOBAL>(block, a, a.stage[st], buf, each, barrier, regs_for.template get<R>());
}

template <bool FROM_GLOBAL, bool TO_GLOBAL, int MAX_PRIME = 7, class T, class Each, class Barrier, class RegsFor>
FFT_HD COURSE_FORCEINLINE void run_stage_of(std::uint64_t block, const MixedPassArgs<T>& a, int st, Complex<T>* buf, Each&& each,
                                            Barrier&& barrier, RegsFor&& regs_for) {
  // The primes 17 to 31 only where compiled in, so that the other kernels' code stays as it was.
  if constexpr (MAX_PRIME > 13) {
    switch (a.stage[st].radix) {
      case 17: run_prime_stage<17, FROM_GLOBAL, TO_GLOBAL, MAX_PRIME>(block, a, st, buf, each, barrier, regs_for); return;
      case 19: run_prime_stage<19, FROM_GLOBAL, TO_GLOBAL, MAX_PRIME>(block, a, st, buf, each, barrier, regs_for); return;
      case 23: run_prime_stage<23, FROM_GLOBAL, TO_GLOBAL, MAX_PRIME>(block, a, st, buf, each, barrier, regs_for); return;
      case 29: run_prime_stage<29, FROM_GLOBAL, TO_GLOBAL, MAX_PRIME>(block, a, st, buf, each, barrier, regs_for); return;
      case 31: run_prime_stage<31, FROM_GLOBAL, TO_GLOBAL, MAX_PRIME>(block, a, st, buf, each, barrier, regs_for); return;
      default: break;
    }
  }
  switch (a.stage[st].radix) {
    case 2: run_stage<2, FROM_GLOBAL, TO_GLOBAL>(block, a, a.stage[st], buf, each, barrier, regs_for.template get<2>()); break;
    case 3: run_stage<3, FROM_GLOBAL, TO_GLOBAL>(block, a, a.stage[st], buf, each, barrier, regs_for.template get<3>()); break;
    case 4: run_stage<4, FROM_GLOBAL, TO_GLOBAL>(block, a, a.stage[st], buf, each, barrier, regs_for.template get<4>()); break;
    case 5: run_stage<5, FROM_GLOBAL, TO_GLOBAL>(block, a, a.stage[st], buf, each, barrier, regs_for.template get<5>()); break;
    case 6: run_stage<6, FROM_GLOBAL, TO_GLOBAL>(block, a, a.stage[st], buf, each, barrier, regs_for.template get<6>()); break;
    case 7: run_stage<7, FROM_GLOBAL, TO_GLOBAL>(block, a, a.stage[st], buf, each, barrier, regs_for.template get<7>()); break;
    case 8: run_stage<8, FROM_GLOBAL, TO_GLOBAL>(block, a, a.stage[st], buf, each, barrier, regs_for.template get<8>()); break;
    case 9: run_stage<9, FROM_GLOBAL, TO_GLOBAL>(block, a, a.stage[st], buf, each, barrier, regs_for.template get<9>()); break;
    case 10: run_stage<10, FROM_GLOBAL, TO_GLOBAL>(block, a, a.stage[st], buf, each, barrier, regs_for.template get<10>()); break;
    case 12: run_wide_stage<12, FROM_GLOBAL, TO_GLOBAL>(block, a, st, buf, each, barrier, regs_for); break;
    case 14: run_wide_stage<14, FROM_GLOBAL, TO_GLOBAL>(block, a, st, buf, each, barrier, regs_for); break;
    case 15: run_wide_stage<15, FROM_GLOBAL, TO_GLOBAL>(block, a, st, buf, each, barrier, regs_for); break;
    case 18: run_wide_stage<18, FROM_GLOBAL, TO_GLOBAL>(block, a, st, buf, each, barrier, regs_for); break;
    case 20: run_wide_stage<20, FROM_GLOBAL, TO_GLOBAL>(block, a, st, buf, each, barrier, regs_for); break;
    case 21: run_wide_stage<21, FROM_GLOBAL, TO_GLOBAL>(block, a, st, buf, each, barrier, regs_for); break;
    case 24: run_wide_stage<24, FROM_GLOBAL, TO_GLOBAL>(block, a, st, buf, each, barrier, regs_for); break;
    case 28: run_wide_stage<28, FROM_GLOBAL, TO_GLOBAL>(block, a, st, buf, each, barrier, regs_for); break;
    case 11: run_prime_stage<11, FROM_GLOBAL, TO_GLOBAL, MAX_PRIME>(block, a, st, buf, each, barrier, regs_for); break;
    case 13: run_prime_stage<13, FROM_GLOBAL, TO_GLOBAL, MAX_PRIME>(block, a, st, buf, each, barrier, regs_for); break;
    default: run_stage<16, FROM_GLOBAL, TO_GLOBAL>(block, a, a.stage[st], buf, each, barrier, regs_for.template get<16>()); break;
  }
}

#if defined(__CUDACC__)
// On the GPU, a thread's registers for a radix-R stage at P points a thread: its own locals,
// whatever tid.
template <class T, int P = kPointsPerThread, bool WIDEST = false>
struct OwnRegs {
  static constexpr int points = P;
  static constexpr bool widest = WIDEST;  // stages of 18 to 28 compiled in
  template <unsigned R>
  struct Of {
    StageRegs<R, T, P> r;
    __device__ StageRegs<R, T, P>& operator()(unsigned) { return r; }
  };
  template <unsigned R>
  __device__ Of<R> get() const { return {}; }
};
#endif

// RegsFor<R> is a template that gives StageRegs<R, T>& for a thread.
//
// DIRECT (a single pass, whole transforms, D = 1, at least one stage): the first stage reads
// the block's points straight from global memory and the last writes them straight back, two
// round trips through shared memory and three barriers fewer than load() and store(). Passes of
// several (columns, outer twiddles) load and store through shared memory.
template <bool DIRECT, int MAX_PRIME = 7, class T, class Each, class Barrier, class RegsFor>
FFT_HD COURSE_FORCEINLINE void run_block(std::uint64_t block, const MixedPassArgs<T>& a, Complex<T>* buf, Each&& each, Barrier&& barrier,
                             RegsFor&& regs_for) {
  if constexpr (DIRECT) {
    if (a.stages == 1) {
      run_stage_of<true, true, MAX_PRIME>(block, a, 0, buf, each, barrier, regs_for);
    } else {
      run_stage_of<true, false, MAX_PRIME>(block, a, 0, buf, each, barrier, regs_for);
      for (int st = 1; st + 1 < a.stages; ++st) run_stage_of<false, false, MAX_PRIME>(block, a, st, buf, each, barrier, regs_for);
      run_stage_of<false, true, MAX_PRIME>(block, a, a.stages - 1, buf, each, barrier, regs_for);
    }
  } else {
    each([&](unsigned tid, unsigned threads) { load(tid, threads, block, a, buf); });
    barrier();
    for (int st = 0; st < a.stages; ++st) run_stage_of<false, false, MAX_PRIME>(block, a, st, buf, each, barrier, regs_for);
    each([&](unsigned tid, unsigned threads) { store(tid, threads, block, a, buf); });
  }
}

// The run of neighbouring points that a warp's store of the last stage writes when the pass
// runs DIRECT: y[c L + q + k s], neighbouring threads on neighbouring q, so runs of s = L / R_last
// (a one-stage pass such as N = 6 or 10: runs of one point, 32 sectors an instruction). The
// first stage's loads, x[c L + p + j m], have runs of m = L / R_first (one point in a one-stage
// pass too); where those are short, the next j reads the rest of each sector, still in L1, but a
// store shorter than a sector is written as it is, a partial sector.
template <class T>
std::uint32_t last_store_run(const MixedPassArgs<T>& a) {
  return a.stages == 0 ? 0 : a.stage[a.stages - 1].s.d;
}
// A run as long as a 32-byte sector: 4 float points (a run of 5 or more may still straddle two).
inline constexpr std::uint32_t kMinDirectRun = 4;

// Whether only the length of its last stage's store runs keeps a float single pass off DIRECT
// (direct_pass below; describe() says so where it decided).
template <class T>
bool short_store_runs(const MixedPassArgs<T>& a) {
  return sizeof(T) == 4 && !a.columns_fast && a.stages > 0 && last_store_run(a) < kMinDirectRun;
}

// Whether a pass runs DIRECT: a single pass with at least one stage, in float, whose last stage
// stores runs of at least a sector, unless the plan was asked to load and store through shared
// memory (the benchmark's comparison). Shorter runs load and store through shared memory, where
// the block's points move as one run (H200, float 3-48: 1.04-3.2x faster batched, NOTES.md). In
// double the direct kernel needs more than its 128 registers and was slower at 1000, 2187 and
// 6144 points on the H100 (NOTES.md), so double loads and stores through shared memory; only its
// compiled shapes at matched points, with registers to spare, may run direct (best_choice,
// gpu_fixed.hpp).
template <class T>
bool direct_pass(const MixedPassArgs<T>& a, bool shared_io) {
  return sizeof(T) == 4 && !shared_io && !a.columns_fast && a.stages > 0 && !short_store_runs(a);
}

}  // namespace course::anyn::gpu
