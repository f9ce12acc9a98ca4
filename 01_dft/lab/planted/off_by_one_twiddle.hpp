// A planted wrong solution for the CI proof (not for students): TODO 1 and 3 from the chapter,
// TODO 2 with the table off by one (w[m] = w(m + 1, N)). The grader must fail it at TODO 2.
#pragma once
#include "../solution.hpp"
namespace lab01_planted {
template <class T>
std::vector<course::Complex<T>> make_twiddles(std::size_t n) {
  std::vector<course::Complex<T>> w(n);
  for (std::size_t m = 0; m < n; ++m) w[m] = course::twiddle<T>(static_cast<std::int64_t>(m + 1), static_cast<std::int64_t>(n));
  return w;
}
}  // namespace lab01_planted
#define LAB01_MAKE_TWIDDLES lab01_planted::make_twiddles
