// A planted wrong solution for the CI proof (not for students): E and O from Z[M-k] without the
// conjugate (a sign slip on the imaginary parts). Must fail at TODO 1.
#pragma once
#include "../solution.hpp"
namespace lab10_planted {
template <class T>
FFT_HD inline void even_odd(course::Complex<T> zk, course::Complex<T> zmk, course::Complex<T>& E, course::Complex<T>& O) {
  E = (zk + zmk) * T(0.5);                   // wrong: conj(zmk)
  O = course::mul_neg_i(zk - zmk) * T(0.5);
}
}  // namespace lab10_planted
#define LAB10_EVEN_ODD lab10_planted::even_odd
