// A planted wrong solution for the lesson's claim (02 README, exercise 1): the twiddle taken
// from the half size, w(k, N/2) instead of w(k, N). At N = 2 both are 1, so the first wrong
// output appears at N = 4.
#pragma once
#include "../solution.hpp"
namespace lab02_planted {
using course::Complex;
using course::Direction;
template <class T>
void combine(std::span<const Complex<T>> E, std::span<const Complex<T>> O, std::span<Complex<T>> out, Direction dir) {
  const std::size_t m = E.size();
  for (std::size_t k = 0; k < m; ++k) {
    Complex<T> w = course::twiddle<T>(static_cast<std::int64_t>(k), static_cast<std::int64_t>(m));  // w(k, N/2)
    if (dir == Direction::inverse) w = conj(w);
    out[k] = E[k] + w * O[k];
    out[k + m] = E[k] - w * O[k];
  }
}
}  // namespace lab02_planted
#define LAB02_COMBINE lab02_planted::combine
