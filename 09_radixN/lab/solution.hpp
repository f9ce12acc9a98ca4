// What ./course lab 09 --solution grades: 09's radix-16 butterfly, and a pass split. The split is
// checked by its invariants (not against 09's planner, whose choices also weigh the hardware):
// fewest passes P = ceil(log2n / cap), then log2n spread over P as evenly as integers allow.
#pragma once

#include <vector>

#include "reference.hpp"

namespace lab09 {
using course::Complex;
using lab09_reference::radix16;

inline std::vector<int> split_passes(int log2n, int cap_log2) {
  const int passes = (log2n + cap_log2 - 1) / cap_log2;
  std::vector<int> bits(passes, log2n / passes);
  for (int i = 0; i < log2n % passes; ++i) ++bits[i];  // the larger ones first
  return bits;
}
}  // namespace lab09
