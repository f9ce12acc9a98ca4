// A planted wrong solution for the lesson's claim (02 README, exercise 1): the sign of the lower
// half's butterfly output wrong, out[k + N/2] = E[k] + w O[k]. The upper half stays right, so
// the first wrong output is at k >= N/2.
#pragma once
#include "../solution.hpp"
namespace lab02_planted {
using course::Complex;
using course::Direction;
template <class T>
void combine(std::span<const Complex<T>> E, std::span<const Complex<T>> O, std::span<Complex<T>> out, Direction dir) {
  const std::size_t m = E.size(), n = 2 * m;
  for (std::size_t k = 0; k < m; ++k) {
    Complex<T> w = course::twiddle<T>(static_cast<std::int64_t>(k), static_cast<std::int64_t>(n));
    if (dir == Direction::inverse) w = conj(w);
    out[k] = E[k] + w * O[k];
    out[k + m] = E[k] + w * O[k];  // the sign: must be E[k] - w O[k]
  }
}
}  // namespace lab02_planted
#define LAB02_COMBINE lab02_planted::combine
