// One block of a pass, phase by phase, written once for the kernel and for the emulation:
// each(f) runs f(tid, threads) for every thread, barrier() waits for all, and regs<R>(tid)
// gives thread tid's registers for a radix-R stage (on the GPU, the thread's own locals).
#pragma once

#include "12_any_n/gpu_pass.hpp"

namespace course::anyn::gpu {

// Whether a stage reads or writes global memory instead of shared memory (at the ends of a
// single pass), and whether the block waits between the two (only when they can touch the
// same points) and after.
struct StageIo {
  bool from_global, to_global, wait_between, wait_after;
};

template <unsigned R, class T, class Each, class Barrier, class Regs>
FFT_HD inline void run_stage(std::uint64_t block, const PassArgs<T>& a, int st, Complex<T>* buf, const StageIo& io, Each&& each,
                             Barrier&& barrier, Regs&& regs) {
  each([&](unsigned tid, unsigned threads) { gather<R>(tid, threads, block, a, st, buf, io.from_global, regs(tid)); });
  if (io.wait_between) barrier();  // every input read before any output lands in the same buffer
  each([&](unsigned tid, unsigned threads) { scatter<R>(tid, threads, block, a, st, regs(tid), buf, io.to_global); });
  if (io.wait_after) barrier();  // every output written before the next stage reads it
}

// RegsFor<R> is a template that gives StageRegs<R, T>& for a thread.
//
// A single pass (whole transforms, D = 1) has its first stage read the block's points straight
// from global memory and its last stage write them straight back: two round trips through
// shared memory, and three barriers, fewer than loading and storing through it. Passes of
// several (columns, outer twiddles) load and store through shared memory.
template <class T, class Each, class Barrier, class RegsFor>
FFT_HD inline void run_block(std::uint64_t block, const PassArgs<T>& a, Complex<T>* buf, Each&& each, Barrier&& barrier,
                             RegsFor&& regs_for) {
  const bool direct = !a.columns_fast && a.stages > 0;
  if (!direct) {
    each([&](unsigned tid, unsigned threads) { load(tid, threads, block, a, buf); });
    barrier();
  }
  for (int st = 0; st < a.stages; ++st) {
    const bool from_global = direct && st == 0, to_global = direct && st + 1 == a.stages;
    // Wait between: shared to shared, or global to global (in place, in == out, a block reads
    // and writes the same points).
    const StageIo io{from_global, to_global, from_global == to_global, !to_global};
    switch (a.stage[st].radix) {
      case 2: run_stage<2>(block, a, st, buf, io, each, barrier, regs_for.template get<2>()); break;
      case 3: run_stage<3>(block, a, st, buf, io, each, barrier, regs_for.template get<3>()); break;
      case 4: run_stage<4>(block, a, st, buf, io, each, barrier, regs_for.template get<4>()); break;
      case 5: run_stage<5>(block, a, st, buf, io, each, barrier, regs_for.template get<5>()); break;
      case 6: run_stage<6>(block, a, st, buf, io, each, barrier, regs_for.template get<6>()); break;
      case 7: run_stage<7>(block, a, st, buf, io, each, barrier, regs_for.template get<7>()); break;
      case 8: run_stage<8>(block, a, st, buf, io, each, barrier, regs_for.template get<8>()); break;
      case 9: run_stage<9>(block, a, st, buf, io, each, barrier, regs_for.template get<9>()); break;
      case 10: run_stage<10>(block, a, st, buf, io, each, barrier, regs_for.template get<10>()); break;
      default: run_stage<16>(block, a, st, buf, io, each, barrier, regs_for.template get<16>()); break;
    }
  }
  if (!direct) each([&](unsigned tid, unsigned threads) { store(tid, threads, block, a, buf); });
}

}  // namespace course::anyn::gpu
