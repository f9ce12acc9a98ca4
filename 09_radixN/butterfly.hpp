// Radix-R butterflies (R = 1, 2, 4, 8, 16) held in registers: a DFT of R values that one thread
// owns, forward (09's kernels) or inverse (12's radices 2, 4 and 8 run both). Every array index
// and every rotation is a compile-time constant, so after inlining nvcc keeps v[] in registers and
// folds the multiplications by 1, -i and (1 - i)/sqrt 2 into adds and swaps. The same code runs
// on the CPU, where test_09_butterfly checks it.
#pragma once

#include "common/complex.hpp"

namespace course::radixn {

// cos(2 pi j / 16) for j = 0..4 (the first quarter turn), correctly rounded to double; and to
// long double, so that dft<R, long double> (12's CPU tests hold its butterflies to 1e-18) is
// exact to its own precision.
inline constexpr double kCos16[5] = {1.0, 0.923879532511286756128183189396788933,
                                     0.707106781186547524400844362104849039,
                                     0.382683432365089771728459984030398866, 0.0};
inline constexpr long double kCos16Long[5] = {1.0L, 0.923879532511286756128183189396788933L,
                                              0.707106781186547524400844362104849039L,
                                              0.382683432365089771728459984030398866L, 0.0L};

namespace detail {
// kCos16[j] in T: the double table rounded to float or double (the kernels' constants), the long
// double one for long double.
template <class T>
constexpr T cos16(int j) {
  if constexpr (sizeof(T) > sizeof(double)) return kCos16Long[j];
  else return static_cast<T>(kCos16[j]);
}
}  // namespace detail

// z * w(J, R) forward, z * conj(w(J, R)) inverse, with w(j, n) = exp(-2 pi i j / n), J and R
// known at compile time. The inverse turns the other way at the same cost: the quarter turns
// trade -i and +i, the others flip the sign of the sine.
template <int J, int R, Direction dir = Direction::forward, class T>
FFT_HD constexpr Complex<T> rotate(Complex<T> z) {
  static_assert(R >= 1 && R <= 16 && (R & (R - 1)) == 0 && J >= 0 && J < R, "radix 1..16, 0 <= J < R");
  constexpr int j = J * (16 / R);  // the same angle in sixteenths of a turn
  constexpr bool forward = dir == Direction::forward;
  if constexpr (j == 0) {
    return z;
  } else if constexpr (j == 4) {
    if constexpr (forward) return mul_neg_i(z);
    else return mul_pos_i(z);
  } else if constexpr (j == 8) {
    return -z;
  } else if constexpr (j == 12) {
    if constexpr (forward) return mul_pos_i(z);
    else return mul_neg_i(z);
  } else if constexpr (j == 2 || j == 6 || j == 10 || j == 14) {
    // Eighth turns: one multiplication by 1/sqrt 2 per component instead of a full product.
    constexpr T s = detail::cos16<T>(2);
    Complex<T> a;
    if constexpr (forward)
      a = j % 8 == 2 ? Complex<T>{(z.re + z.im) * s, (z.im - z.re) * s}     // (1 - i)/sqrt 2
                     : Complex<T>{(z.im - z.re) * s, -(z.re + z.im) * s};  // (-1 - i)/sqrt 2
    else
      a = j % 8 == 2 ? Complex<T>{(z.re - z.im) * s, (z.re + z.im) * s}     // (1 + i)/sqrt 2
                     : Complex<T>{-(z.re + z.im) * s, (z.re - z.im) * s};  // (-1 + i)/sqrt 2
    if constexpr (j == 2 || j == 6) return a;
    else return -a;  // j + 8: half a turn further
  } else {
    // j odd: w = cos - i sin with cos, sin from the table by quadrant.
    constexpr int q = j / 4, r = j % 4;
    constexpr T c0 = detail::cos16<T>(r), s0 = detail::cos16<T>(4 - r);
    constexpr T c = q == 0 ? c0 : q == 1 ? -s0 : q == 2 ? -c0 : s0;
    constexpr T s = q == 0 ? s0 : q == 1 ? c0 : q == 2 ? -s0 : -c0;
    constexpr T wr = c, wi = forward ? -s : s;
    return {z.re * wr - z.im * wi, z.re * wi + z.im * wr};
  }
}

namespace detail {
// Combines the half-size DFTs of the even and odd samples: X[k] = E[k] + w(k, R) O[k],
// X[k + R/2] = E[k] - w(k, R) O[k] (conj(w) inverse); recursion over K keeps K a compile-time
// constant.
template <int R, int K, Direction dir, class T>
FFT_HD constexpr void combine(Complex<T>* v, const Complex<T>* e, const Complex<T>* o) {
  if constexpr (K < R / 2) {
    const Complex<T> t = rotate<K, R, dir>(o[K]);
    v[K] = e[K] + t;
    v[K + R / 2] = e[K] - t;
    combine<R, K + 1, dir>(v, e, o);
  }
}
}  // namespace detail

// In-place DFT of v[0..R-1], forward or inverse (unnormalised), natural order in and out (radix-2
// decimation in time, written recursively so that each level is unrolled by the compiler).
template <int R, class T, Direction dir = Direction::forward>
FFT_HD constexpr void dft(Complex<T>* v) {
  if constexpr (R == 2) {
    const Complex<T> a = v[0], b = v[1];
    v[0] = a + b;
    v[1] = a - b;
  } else if constexpr (R > 2) {
    Complex<T> e[R / 2], o[R / 2];
COURSE_UNROLL
    for (int i = 0; i < R / 2; ++i) {
      e[i] = v[2 * i];
      o[i] = v[2 * i + 1];
    }
    dft<R / 2, T, dir>(e);
    dft<R / 2, T, dir>(o);
    detail::combine<R, 0, dir>(v, e, o);
  }
}

// Flops of one radix-R butterfly as written above (for the lesson's arithmetic-intensity count):
// 2 real adds per complex add, 6 flops per general rotation, 2 for an eighth turn, 0 for -i.
constexpr int butterfly_flops(int r) {
  if (r <= 1) return 0;
  int rot = 0;
  for (int k = 1; k < r / 2; ++k) {
    const int j = k * (16 / r);
    rot += (j % 4 == 0) ? 0 : (j % 2 == 0) ? 4 : 6;
  }
  return 2 * butterfly_flops(r / 2) + (r / 2) * 4 + rot;
}

}  // namespace course::radixn
