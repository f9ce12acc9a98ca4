// A planted wrong solution for the CI proof (not for students): the split right, the combine with
// w(k + 1, N) for w(k, N). The grader must fail it at TODO 2.
#pragma once
#include "../solution.hpp"
namespace lab02_planted {
using course::Complex;
using course::Direction;
template <class T>
void combine(std::span<const Complex<T>> E, std::span<const Complex<T>> O, std::span<Complex<T>> out, Direction dir) {
  const std::size_t m = E.size(), n = 2 * m;
  for (std::size_t k = 0; k < m; ++k) {
    Complex<T> w = course::twiddle<T>(static_cast<std::int64_t>(k + 1), static_cast<std::int64_t>(n));  // off by one
    if (dir == Direction::inverse) w = conj(w);
    out[k] = E[k] + w * O[k];
    out[k + m] = E[k] - w * O[k];
  }
}
}  // namespace lab02_planted
#define LAB02_COMBINE lab02_planted::combine
