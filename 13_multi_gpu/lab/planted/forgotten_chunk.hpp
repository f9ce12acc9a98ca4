// A second planted mistake (not for students): step 4 reads every chunk's columns from chunk 0
// (the offset c N2 N1/(P C) of piece c left out). With one chunk (C = 1) that is right; the
// grader must fail it at TODO 3, where C > 1.
#pragma once
#include "../solution.hpp"
namespace lab13_planted {
inline std::int64_t step4_input(const lab13::Split& s, std::int64_t c, std::int64_t n2, std::int64_t kc) {
  (void)c;  // forgotten
  return n2 * s.chunk_cols() + kc;
}
}  // namespace lab13_planted
#define LAB13_STEP4_INPUT lab13_planted::step4_input
