// A planted wrong solution for the CI proof (not for students): radix16 as 4 x 4 with the
// twiddles between the two radix-4 steps off by one (w(n (k + 1), 16) for w(n k, 16)); the split
// from the solution. The grader must fail it at TODO 1.
#pragma once
#include "../solution.hpp"
namespace lab09_planted {
using course::Complex;
template <class T>
FFT_HD inline void dft4(Complex<T>& a, Complex<T>& b, Complex<T>& c, Complex<T>& d) {
  const Complex<T> s0 = a + c, d0 = a - c, s1 = b + d, d1 = course::mul_neg_i(b - d);
  a = s0 + s1; b = d0 + d1; c = s0 - s1; d = d0 - d1;
}
template <class T>
FFT_HD inline void radix16(Complex<T>* v) {
  Complex<T> u[16];
  for (int n1 = 0; n1 < 4; ++n1) {  // 4-point DFTs over j = n1 + 4 n2
    Complex<T> a = v[n1], b = v[n1 + 4], c = v[n1 + 8], d = v[n1 + 12];
    dft4(a, b, c, d);
    const Complex<T> r[4] = {a, b, c, d};
    for (int k1 = 0; k1 < 4; ++k1) {
      const int m = (n1 * (k1 + 1)) % 16;  // wrong: w(n1 k1, 16)
      const double ang = -2.0 * 3.14159265358979323846 * m / 16.0;
      const Complex<T> w{static_cast<T>(cos(ang)), static_cast<T>(sin(ang))};
      u[n1 * 4 + k1] = r[k1] * w;
    }
  }
  for (int k1 = 0; k1 < 4; ++k1) {
    Complex<T> a = u[k1], b = u[4 + k1], c = u[8 + k1], d = u[12 + k1];
    dft4(a, b, c, d);
    v[k1] = a; v[k1 + 4] = b; v[k1 + 8] = c; v[k1 + 12] = d;
  }
}
}  // namespace lab09_planted
#define LAB09_RADIX16 lab09_planted::radix16
