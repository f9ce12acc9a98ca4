// Error metrics, accumulated in long double, and the tolerance model the tests use.
#pragma once

#include <cmath>
#include <cstddef>
#include <limits>
#include <span>

#include "common/complex.hpp"

namespace course {

template <class A>
bool all_finite(std::span<const Complex<A>> x) {
  for (const auto& z : x)
    if (!std::isfinite(z.re) || !std::isfinite(z.im)) return false;
  return true;
}

// ||x - ref|| / ||ref|| (L2). Infinite if x holds a NaN or Inf: an unwritten element fails.
template <class A, class B>
double rel_l2_error(std::span<const Complex<A>> x, std::span<const Complex<B>> ref) {
  if (x.size() != ref.size()) return std::numeric_limits<double>::infinity();
  long double num = 0, den = 0;
  for (std::size_t i = 0; i < x.size(); ++i) {
    if (!std::isfinite(x[i].re) || !std::isfinite(x[i].im)) return std::numeric_limits<double>::infinity();
    const long double dr = static_cast<long double>(x[i].re) - static_cast<long double>(ref[i].re);
    const long double di = static_cast<long double>(x[i].im) - static_cast<long double>(ref[i].im);
    num += dr * dr + di * di;
    den += static_cast<long double>(ref[i].re) * ref[i].re + static_cast<long double>(ref[i].im) * ref[i].im;
  }
  if (den == 0) return static_cast<double>(std::sqrt(num));
  return static_cast<double>(std::sqrt(num / den));
}

template <class A, class B>
double max_abs_error(std::span<const Complex<A>> x, std::span<const Complex<B>> ref) {
  long double m = 0;
  for (std::size_t i = 0; i < x.size() && i < ref.size(); ++i) {
    if (!std::isfinite(x[i].re) || !std::isfinite(x[i].im)) return std::numeric_limits<double>::infinity();
    const long double dr = static_cast<long double>(x[i].re) - static_cast<long double>(ref[i].re);
    const long double di = static_cast<long double>(x[i].im) - static_cast<long double>(ref[i].im);
    m = std::max(m, std::sqrt(dr * dr + di * di));
  }
  return static_cast<double>(m);
}

// The tolerance model: a radix-2 FFT with accurate twiddles has relative L2 error that grows
// like eps * sqrt(log2 N) on random data (each of log2 N stages adds about one rounding);
// the bound allows eps * (1 + log2 N) times a safety factor of 4, which still sits orders of
// magnitude below what any indexing or twiddle bug produces (errors of order 1).
template <class T>
double tolerance(std::size_t n) {
  const double eps = static_cast<double>(std::numeric_limits<T>::epsilon());
  double log2n = 0;
  while ((std::size_t{1} << static_cast<unsigned>(log2n)) < n) log2n += 1;
  return 4.0 * eps * (1.0 + log2n);
}

}  // namespace course
