// 12_any_n (CPU): the odd-radix butterflies as the CPU stage runs them. The same sums as
// butterflies.hpp's butterfly3/5/7, bit for bit, written so that SSE2 code needs no blends.
//
// butterflies.hpp forms each odd output pair as r +- rotate(v), v = sum_j sin(..) d_j: the
// rotation by -i (forward) is a swap and a sign, and g++ then merges r + rotate(v) and
// r - rotate(v) lane by lane (two blends a pair). Here the swap is done once on each d_j, and the
// sign rides on the constants, (s, -s) forward and (-s, s) inverse:
//     -i sin(t) d  =  (d.im sin(t), -d.re sin(t))  =  swap(d) * (sin(t), -sin(t)),
// so each pair of outputs is a plain add and subtract (NOTES.md: the measured gain).
#pragma once

#include "12_any_n/butterflies.hpp"

namespace course::anyn {

// swap(d) * (s, -s) forward, swap(d) * (-s, s) inverse: -i s d forward, +i s d inverse.
template <Direction dir, class T>
inline Complex<T> rotated_sine(Complex<T> swapped_d, T s) {
  constexpr T sign = dir == Direction::forward ? T(1) : T(-1);
  return {swapped_d.re * (sign * s), swapped_d.im * (-sign * s)};
}

template <class T>
inline Complex<T> swapped(Complex<T> z) { return {z.im, z.re}; }

template <Direction dir, class T>
inline void cpu_butterfly3(Complex<T>* a) {
  constexpr T s60 = T(0.86602540378443864676L);
  const Complex<T> s = a[1] + a[2];
  const Complex<T> d = rotated_sine<dir>(swapped(a[1] - a[2]), s60);
  const Complex<T> m = a[0] - s * T(0.5);
  a[0] = a[0] + s;
  a[1] = m + d;
  a[2] = m - d;
}

template <Direction dir, class T>
inline void cpu_butterfly5(Complex<T>* a) {
  constexpr T c1 = T(0.30901699437494742410L), c2 = T(-0.80901699437494742410L);
  constexpr T s1 = T(0.95105651629515357212L), s2 = T(0.58778525229247312917L);
  const Complex<T> s_1 = a[1] + a[4], e_1 = swapped(a[1] - a[4]);
  const Complex<T> s_2 = a[2] + a[3], e_2 = swapped(a[2] - a[3]);
  const Complex<T> r1 = a[0] + s_1 * c1 + s_2 * c2;
  const Complex<T> r2 = a[0] + s_1 * c2 + s_2 * c1;
  const Complex<T> i1 = rotated_sine<dir>(e_1, s1) + rotated_sine<dir>(e_2, s2);
  const Complex<T> i2 = rotated_sine<dir>(e_1, s2) - rotated_sine<dir>(e_2, s1);
  a[0] = a[0] + s_1 + s_2;
  a[1] = r1 + i1;
  a[4] = r1 - i1;
  a[2] = r2 + i2;
  a[3] = r2 - i2;
}

template <Direction dir, class T>
inline void cpu_butterfly7(Complex<T>* a) {
  constexpr T c1 = T(0.62348980185873353053L), c2 = T(-0.22252093395631440429L), c3 = T(-0.90096886790241912624L);
  constexpr T s1 = T(0.78183148246802980871L), s2 = T(0.97492791218182360702L), s3 = T(0.43388373911755812048L);
  const Complex<T> s_1 = a[1] + a[6], e_1 = swapped(a[1] - a[6]);
  const Complex<T> s_2 = a[2] + a[5], e_2 = swapped(a[2] - a[5]);
  const Complex<T> s_3 = a[3] + a[4], e_3 = swapped(a[3] - a[4]);
  const Complex<T> r1 = a[0] + s_1 * c1 + s_2 * c2 + s_3 * c3;
  const Complex<T> r2 = a[0] + s_1 * c2 + s_2 * c3 + s_3 * c1;
  const Complex<T> r3 = a[0] + s_1 * c3 + s_2 * c1 + s_3 * c2;
  const Complex<T> i1 = rotated_sine<dir>(e_1, s1) + rotated_sine<dir>(e_2, s2) + rotated_sine<dir>(e_3, s3);
  const Complex<T> i2 = rotated_sine<dir>(e_1, s2) - rotated_sine<dir>(e_2, s3) - rotated_sine<dir>(e_3, s1);
  const Complex<T> i3 = rotated_sine<dir>(e_1, s3) - rotated_sine<dir>(e_2, s1) + rotated_sine<dir>(e_3, s2);
  a[0] = a[0] + s_1 + s_2 + s_3;
  a[1] = r1 + i1;
  a[6] = r1 - i1;
  a[2] = r2 + i2;
  a[5] = r2 - i2;
  a[3] = r3 + i3;
  a[4] = r3 - i3;
}

// The butterfly the CPU stage runs for radix R: these for 3, 5, 7; butterflies.hpp's for 2, 4, 8.
template <unsigned R, Direction dir, class T>
inline void cpu_butterfly(Complex<T>* a) {
  if constexpr (R == 3) cpu_butterfly3<dir>(a);
  else if constexpr (R == 5) cpu_butterfly5<dir>(a);
  else if constexpr (R == 7) cpu_butterfly7<dir>(a);
  else butterfly<R, dir>(a);
}

}  // namespace course::anyn
