// A planted wrong solution for the CI proof (not for students): TODO 1 and 2 right, TODO 3
// takes x1 as the residue-1 quarter (natural order thinking). The grader must fail it at TODO 3.
#pragma once

#include "../solution.hpp"

namespace lab03_planted {
using course::Complex;
using course::Direction;
template <Direction dir, class T>
void radix4_butterfly(Complex<T>& x0, Complex<T>& x1, Complex<T>& x2, Complex<T>& x3, Complex<T> w1, Complex<T> w2,
                      Complex<T> w3) {
  const Complex<T> a0 = x0, a1 = w1 * x1, a2 = w2 * x2, a3 = w3 * x3;  // wrong: x1 is residue 2
  const Complex<T> s02 = a0 + a2, d02 = a0 - a2, s13 = a1 + a3;
  const Complex<T> r13 = dir == Direction::forward ? course::mul_neg_i(a1 - a3) : course::mul_pos_i(a1 - a3);
  x0 = s02 + s13; x1 = d02 + r13; x2 = s02 - s13; x3 = d02 - r13;
}
}  // namespace lab03_planted

#define LAB03_BUTTERFLY lab03_planted::radix4_butterfly
