// Radix-R butterflies (R = 1, 2, 4, 8, 16) held in registers: a forward DFT of R values that
// one thread owns. Every array index and every rotation is a compile-time constant, so after
// inlining nvcc keeps v[] in registers and folds the multiplications by 1, -i and (1 - i)/sqrt 2
// into adds and swaps. The same code runs on the CPU, where test_09_butterfly checks it.
#pragma once

#include "common/complex.hpp"

namespace course::radixn {

// cos(2 pi j / 16) for j = 0..4 (the first quarter turn), correctly rounded to double.
inline constexpr double kCos16[5] = {1.0, 0.923879532511286756128183189396788933,
                                     0.707106781186547524400844362104849039,
                                     0.382683432365089771728459984030398866, 0.0};

// z * w(J, R) with w(j, n) = exp(-2 pi i j / n), J and R known at compile time.
template <int J, int R, class T>
FFT_HD constexpr Complex<T> rotate(Complex<T> z) {
  static_assert(R >= 1 && R <= 16 && (R & (R - 1)) == 0 && J >= 0 && J < R, "radix 1..16, 0 <= J < R");
  constexpr int j = J * (16 / R);  // the same angle in sixteenths of a turn
  if constexpr (j == 0) {
    return z;
  } else if constexpr (j == 4) {
    return mul_neg_i(z);
  } else if constexpr (j == 8) {
    return -z;
  } else if constexpr (j == 12) {
    return mul_pos_i(z);
  } else if constexpr (j == 2 || j == 6 || j == 10 || j == 14) {
    // Eighth turns: one multiplication by 1/sqrt 2 per component instead of a full product.
    constexpr T s = static_cast<T>(kCos16[2]);
    const Complex<T> a = j % 8 == 2 ? Complex<T>{(z.re + z.im) * s, (z.im - z.re) * s}
                                : Complex<T>{(z.im - z.re) * s, -(z.re + z.im) * s};  // j % 8 == 6
    if constexpr (j == 2 || j == 6) return a;
    else return -a;  // j + 8: half a turn further
  } else {
    // j odd: w = cos - i sin with cos, sin from the table by quadrant.
    constexpr int q = j / 4, r = j % 4;
    constexpr double c0 = kCos16[r], s0 = kCos16[4 - r];
    constexpr double c = q == 0 ? c0 : q == 1 ? -s0 : q == 2 ? -c0 : s0;
    constexpr double s = q == 0 ? s0 : q == 1 ? c0 : q == 2 ? -s0 : -c0;
    constexpr T wr = static_cast<T>(c), wi = static_cast<T>(-s);
    return {z.re * wr - z.im * wi, z.re * wi + z.im * wr};
  }
}

namespace detail {
// Combines the half-size DFTs of the even and odd samples: X[k] = E[k] + w(k, R) O[k],
// X[k + R/2] = E[k] - w(k, R) O[k]; recursion over K keeps K a compile-time constant.
template <int R, int K, class T>
FFT_HD constexpr void combine(Complex<T>* v, const Complex<T>* e, const Complex<T>* o) {
  if constexpr (K < R / 2) {
    const Complex<T> t = rotate<K, R>(o[K]);
    v[K] = e[K] + t;
    v[K + R / 2] = e[K] - t;
    combine<R, K + 1>(v, e, o);
  }
}
}  // namespace detail

// In-place forward DFT of v[0..R-1], natural order in and out (radix-2 decimation in time,
// written recursively so that each level is unrolled by the compiler).
template <int R, class T>
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
    dft<R / 2>(e);
    dft<R / 2>(o);
    detail::combine<R, 0>(v, e, o);
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
