// From run-time (log2 M, log2 radix) to the compile-time kernel shape: calls
// f.template operator()<LOGM, LOGR>() for logm = 0..14, logr = 1..4. The one place that
// decides which tile shapes exist; the kernels and the CPU emulation both go through it.
#pragma once

#include <stdexcept>
#include <string>

namespace course::radixn {

inline constexpr int kMaxTileLog2 = 14;  // 2^14 float points: 136 KiB of shared memory, one 1024-thread block per SM

namespace detail {
template <int LOGR, int LOGM, class F>
void with_logm(int logm, F&& f) {
  if constexpr (LOGM > kMaxTileLog2) {
    throw std::logic_error("09_radixN: no kernel for 2^" + std::to_string(logm) + " points in one tile");
  } else {
    if (logm == LOGM) f.template operator()<LOGM, LOGR>();
    else with_logm<LOGR, LOGM + 1>(logm, f);
  }
}
}  // namespace detail

template <int LOGR, class F>
void with_tile_logm(int logm, F&& f) {
  detail::with_logm<LOGR, 0>(logm, f);
}

template <class F>
void with_tile(int logm, int logr, F&& f) {
  switch (logr) {
    case 1: return with_tile_logm<1>(logm, f);
    case 2: return with_tile_logm<2>(logm, f);
    case 3: return with_tile_logm<3>(logm, f);
    case 4: return with_tile_logm<4>(logm, f);
    default: throw std::logic_error("09_radixN: no kernel for radix 2^" + std::to_string(logr));
  }
}

}  // namespace course::radixn
