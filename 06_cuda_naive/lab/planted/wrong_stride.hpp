// A planted wrong solution for the CI proof (not for students): the blocks of a stage taken
// `half` apart instead of 2 half (a wrong stride). The grader must fail it at TODO 1.
#pragma once
#include "../solution.hpp"
namespace lab06_planted {
FFT_HD inline lab06::Butterfly butterfly_of(std::size_t n, unsigned stage, std::size_t t) {
  const std::size_t k = t % (n / 2), half = std::size_t{1} << stage, p = k % half;
  const std::size_t top = (k / half) * half + p;  // wrong stride
  return {t / (n / 2), top, top + half, p};
}
}  // namespace lab06_planted
#define LAB06_BUTTERFLY_OF lab06_planted::butterfly_of
