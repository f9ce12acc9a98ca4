// Twiddle factors w(k, n) = exp(-2 pi i k / n), computed from the index, never by recurrence.
//
// Each factor is computed in long double after reducing k/n to the first octant with exact
// integer arithmetic, so quarter and eighth turns are exact (w(n/4, n) is exactly -i) and the
// error of every factor is one rounding to T, independent of k and n. A recurrence
// w_{k+1} = w_k * w_1 instead accumulates about k roundings (03_iterative measures the cost).
#pragma once

#include <cmath>
#include <cstdint>
#include <vector>

#include "common/complex.hpp"

namespace course {

// exp(-2 pi i k / n) in long double, k any integer (reduced mod n), n >= 1.
inline Complex<long double> twiddle_ld(std::int64_t k, std::int64_t n) {
  constexpr long double pi = 3.141592653589793238462643383279502884L;
  k %= n;
  if (k < 0) k += n;
  // The angle is the fraction k/n of a turn. q = the quarter turn it lies in; r/(4n) of a
  // turn is what is left inside that quarter (r in [0, n)), all in exact integers.
  const std::int64_t q = (4 * k) / n;
  const std::int64_t r = 4 * k - q * n;
  long double cq = 1, sq = 0;  // cos and sin of the angle left inside the quarter
  if (r != 0) {
    // Past the eighth, use the complementary angle so sin/cos only see [0, pi/4].
    const bool reflect = 2 * r > n;
    const long double a = pi * static_cast<long double>(reflect ? n - r : r) / (2 * static_cast<long double>(n));
    cq = reflect ? std::sin(a) : std::cos(a);
    sq = reflect ? std::cos(a) : std::sin(a);
  }
  long double c, s;  // rotate by q quarter turns
  switch (q) {
    case 0: c = cq; s = sq; break;
    case 1: c = -sq; s = cq; break;
    case 2: c = -cq; s = -sq; break;
    default: c = sq; s = -cq; break;
  }
  return {c, -s};  // exp(-i angle)
}

template <class T>
inline Complex<T> twiddle(std::int64_t k, std::int64_t n) {
  const auto w = twiddle_ld(k, n);
  return {static_cast<T>(w.re), static_cast<T>(w.im)};
}

// w(k, n) for k = 0 .. count-1: the table every radix-2 stage reads (count = n/2 usually).
template <class T>
std::vector<Complex<T>> twiddle_table(std::size_t n, std::size_t count) {
  std::vector<Complex<T>> w(count);
  for (std::size_t k = 0; k < count; ++k) w[k] = twiddle<T>(static_cast<std::int64_t>(k), static_cast<std::int64_t>(n));
  return w;
}

// The anti-pattern, kept so lessons can measure it: w_k by repeated multiplication by w_1.
template <class T>
std::vector<Complex<T>> twiddle_table_by_recurrence(std::size_t n, std::size_t count) {
  std::vector<Complex<T>> w(count);
  const Complex<T> step = twiddle<T>(1, static_cast<std::int64_t>(n));
  Complex<T> cur{T(1), T(0)};
  for (std::size_t k = 0; k < count; ++k) { w[k] = cur; cur = cur * step; }
  return w;
}

}  // namespace course
