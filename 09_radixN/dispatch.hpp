// From run-time (log2 M, log2 radix, tile budget) to the compile-time kernel shape: calls
// f.template operator()<LOGM, LOGR, LOG_BUDGET>() for logm = 0..14, logr = 1..4 and the two
// tile budgets (tile_shape.hpp). The one place that decides which tile shapes exist; the
// kernels and the CPU emulation both go through it.
#pragma once

#include <stdexcept>
#include <string>

#include "09_radixN/tile_shape.hpp"

namespace course::radixn {

inline constexpr int kMaxTileLog2 = 14;  // 2^14 float points: 136 KiB of shared memory, one 1024-thread block per SM

namespace detail {
template <int LOGR, int LOG_BUDGET, int LOGM, class F>
void with_logm(int logm, F&& f) {
  if constexpr (LOGM > kMaxTileLog2) {
    throw std::logic_error("09_radixN: no kernel for 2^" + std::to_string(logm) + " points in one tile");
  } else {
    if (logm == LOGM) f.template operator()<LOGM, LOGR, LOG_BUDGET>();
    else with_logm<LOGR, LOG_BUDGET, LOGM + 1>(logm, f);
  }
}
}  // namespace detail

template <int LOGR, class F>
void with_tile_logm(int logm, int log_budget, F&& f) {
  if (log_budget == kLog2TileBudget) return detail::with_logm<LOGR, kLog2TileBudget, 0>(logm, f);
  if (log_budget == kLog2SmallTileBudget) return detail::with_logm<LOGR, kLog2SmallTileBudget, 0>(logm, f);
  throw std::logic_error("09_radixN: no kernel for a tile budget of 2^" + std::to_string(log_budget) + " bytes");
}

template <class F>
void with_tile(int logm, int logr, int log_budget, F&& f) {
  switch (logr) {
    case 1: return with_tile_logm<1>(logm, log_budget, f);
    case 2: return with_tile_logm<2>(logm, log_budget, f);
    case 3: return with_tile_logm<3>(logm, log_budget, f);
    case 4: return with_tile_logm<4>(logm, log_budget, f);
    default: throw std::logic_error("09_radixN: no kernel for radix 2^" + std::to_string(logr));
  }
}

}  // namespace course::radixn
