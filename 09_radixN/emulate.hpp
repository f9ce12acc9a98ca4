// The pass kernels run on the CPU: every thread of every block, phase by phase, through the
// same __host__ __device__ functions the GPU executes (tile_fft.hpp's run()). A barrier becomes "all
// threads finish this phase before any starts the next", which is exactly what __syncthreads
// guarantees. Shared memory starts as NaN each block, so a read of a slot no thread wrote
// shows up in the result. Slow (one element at a time) but exact: tests use N <= 2^16.
#pragma once

#include <limits>
#include <stdexcept>
#include <vector>

#include "09_radixN/dispatch.hpp"
#include "09_radixN/pass_args.hpp"
#include "common/twiddle.hpp"

namespace course::radixn {

template <class T, int LOGM, int LOGR, int LOG_BUDGET = kLog2TileBudget>
void emulate_pass(const TilePassArgs<T>& a, std::uint64_t blocks) {
  using F = TileFft<T, LOGM, LOGR, kLog2ElementsPerThread, LOG_BUDGET>;
  const T nan = std::numeric_limits<T>::quiet_NaN();
  std::vector<Complex<T>> sm(static_cast<std::size_t>(F::C) * F::S.row_stride);
  std::vector<Complex<T>> regs(static_cast<std::size_t>(F::kThreads) * F::E);
  for (std::uint64_t block = 0; block < blocks; ++block) {
    std::fill(sm.begin(), sm.end(), Complex<T>{nan, nan});
    std::fill(regs.begin(), regs.end(), Complex<T>{nan, nan});
    const EveryThread<T> each{regs.data(), F::kThreads, F::E};
    F::with_io(a, [&](auto io) { F::template run<decltype(io)::value>(block, a, sm.data(), each, [] {}); });
  }
}

// The stage twiddle table of a pass: w(j, M) for j < M, exact to one rounding.
template <class T>
std::vector<Complex<T>> stage_table(int logm) {
  return twiddle_table<T>(std::size_t{1} << logm, std::size_t{1} << logm);
}

// A whole plan on the CPU: same shape, same pass arguments, same per-thread code as the GPU.
template <class T>
void emulate_plan(const PlanShape& s, const Complex<T>* in, Complex<T>* out, Direction dir) {
  std::vector<Complex<T>> scratch(s.passes.size() > 1 ? s.n * s.batch : 0);
  std::vector<std::vector<Complex<T>>> tables;
  std::vector<const Complex<T>*> table_ptrs;
  if (!s.options.computed_twiddles)
    for (const auto& p : s.passes) {
      tables.push_back(stage_table<T>(p.tile.logm));
      table_ptrs.push_back(tables.back().data());
    }
  const auto args = make_pass_args<T>(s, in, out, scratch.data(), table_ptrs, dir);
  for (std::size_t p = 0; p < args.size(); ++p) {
    const auto& t = s.passes[p].tile;
    with_tile(t.logm, s.options.max_log2_radix, t.log_budget, [&]<int LOGM, int LOGR, int LOG_BUDGET>() {
      // Only the tiles that get a GPU kernel (tile_shape.hpp's tile_compiled).
      if constexpr (tile_compiled(LOGM, LOGR, static_cast<int>(sizeof(Complex<T>)), LOG_BUDGET))
        emulate_pass<T, LOGM, LOGR, LOG_BUDGET>(args[p], s.passes[p].blocks);
      else
        throw std::logic_error("09_radixN: no GPU kernel for this tile (over one SM's shared memory, or the small budget where it changes nothing)");
    });
  }
}

}  // namespace course::radixn
