// A planted wrong solution for the CI proof (not for students): the reads right, the write index
// without the factor 2 (merged blocks placed s apart instead of 2s). Must fail at TODO 2.
#pragma once
#include "../solution.hpp"
namespace lab08_planted {
FFT_HD inline std::uint64_t write_index(std::uint64_t i, unsigned log2s) {
  const std::uint64_t k = i & ((std::uint64_t{1} << log2s) - 1);
  return (i - k) + k;  // wrong stride
}
}  // namespace lab08_planted
#define LAB08_WRITE_INDEX lab08_planted::write_index
