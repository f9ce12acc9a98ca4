// What ./course lab 06 --solution grades: 06 v2's index map (naive_butterfly in naive_thread.hpp)
// written out as the lab's functions; its bit reversal is 06's reverse_by_division.
#pragma once

#include "06_cuda_naive/naive_thread.hpp"

namespace lab06 {
struct Butterfly {
  std::size_t transform, top, bottom, p;
};
FFT_HD inline Butterfly butterfly_of(std::size_t n, unsigned stage, std::size_t t) {
  const std::size_t butterflies = n / 2, k = t % butterflies, half = std::size_t{1} << stage, p = k % half;
  const std::size_t top = (k / half) * 2 * half + p;
  return {t / butterflies, top, top + half, p};
}
FFT_HD inline std::size_t reverse(std::size_t i, unsigned bits) { return course::cuda_naive::reverse_by_division(i, bits); }
}  // namespace lab06
