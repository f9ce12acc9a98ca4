// A planted wrong solution for lab 12 (the CI proof that the grader catches it, at TODO 2): a right
// butterfly, and the chirp with the angle 2 pi j^2 / N instead of pi j^2 / N (j^2 mod N over N: the
// "/ 2" of Bluestein's identity forgotten). It is right at j = 0 only.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "12_any_n/butterflies.hpp"
#include "common/twiddle.hpp"

namespace lab12 {

using course::Complex;
using course::Direction;

template <Direction dir, class T>
void radix3_butterfly(Complex<T>& a0, Complex<T>& a1, Complex<T>& a2) {
  Complex<T> a[3] = {a0, a1, a2};
  course::anyn::butterfly3<dir>(a);
  a0 = a[0];
  a1 = a[1];
  a2 = a[2];
}

template <class T>
std::vector<Complex<T>> bluestein_chirp(std::size_t n) {
  std::vector<Complex<T>> c(n);
  for (std::uint64_t j = 0; j < n; ++j)
    c[j] = course::twiddle<T>(static_cast<std::int64_t>((j * j) % n), static_cast<std::int64_t>(n));
  return c;
}

}  // namespace lab12
