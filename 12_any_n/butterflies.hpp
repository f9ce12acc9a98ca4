// 12_any_n: the butterflies, in place on a[]: the DFTs of 3, 5 and 7 points written out, of 2, 4
// and 8 points chapter 09's dft<R> (one radix-2 code for both chapters), and radices 6, 9, 10 and
// 16 composed from them (6 and 10 with no twiddles between their factors: Good-Thomas).
//
// Forward uses w(1, r) = exp(-2 pi i / r), inverse its conjugate. For an odd prime r, pair the
// inputs j and r - j: with s_j = a_j + a_{r-j} and d_j = a_j - a_{r-j} (j = 1 .. (r-1)/2),
//     y_k     = a_0 + sum_j cos(2 pi j k / r) s_j  -  i sum_j sin(2 pi j k / r) d_j
//     y_{r-k} = a_0 + sum_j cos(2 pi j k / r) s_j  +  i sum_j sin(2 pi j k / r) d_j
// (forward; the inverse swaps the two signs of i). The real parts of the two outputs of a pair
// are shared, so each pair of outputs costs (r-1)/2 real multiplications of s and of d each.
// The constants are cos and sin of multiples of 2 pi / r to 20 digits; test_any_n checks each
// against common/twiddle.hpp's exact twiddles.
#pragma once

#include <numeric>
#include <type_traits>
#include <utility>

#include "09_radixN/butterfly.hpp"
#include "common/complex.hpp"

namespace course::anyn {

using radixn::rotate;  // z w(J, R) forward, z conj(w(J, R)) inverse: rotate<1, 4, dir> is -i forward

// cos(2 pi / 3) = -1/2, sin(2 pi / 3) = sqrt(3)/2.
template <Direction dir, class T>
FFT_HD inline void butterfly3(Complex<T>* a) {
  constexpr T s60 = T(0.86602540378443864676L);
  const Complex<T> s = a[1] + a[2];
  const Complex<T> d = rotate<1, 4, dir>(a[1] - a[2]) * s60;  // -i sin(2pi/3) d, forward
  const Complex<T> m = a[0] - s * T(0.5);
  a[0] = a[0] + s;
  a[1] = m + d;
  a[2] = m - d;
}

// c1 = cos(2 pi/5), c2 = cos(4 pi/5), s1 = sin(2 pi/5), s2 = sin(4 pi/5).
template <Direction dir, class T>
FFT_HD inline void butterfly5(Complex<T>* a) {
  constexpr T c1 = T(0.30901699437494742410L), c2 = T(-0.80901699437494742410L);
  constexpr T s1 = T(0.95105651629515357212L), s2 = T(0.58778525229247312917L);
  const Complex<T> s_1 = a[1] + a[4], d_1 = a[1] - a[4];
  const Complex<T> s_2 = a[2] + a[3], d_2 = a[2] - a[3];
  const Complex<T> r1 = a[0] + s_1 * c1 + s_2 * c2;       // real-coefficient part of y1, y4
  const Complex<T> r2 = a[0] + s_1 * c2 + s_2 * c1;       // of y2, y3 (cos(8 pi/5) = c1)
  const Complex<T> i1 = rotate<1, 4, dir>(d_1 * s1 + d_2 * s2);
  const Complex<T> i2 = rotate<1, 4, dir>(d_1 * s2 - d_2 * s1);  // sin(8 pi/5) = -s1
  a[0] = a[0] + s_1 + s_2;
  a[1] = r1 + i1;
  a[4] = r1 - i1;
  a[2] = r2 + i2;
  a[3] = r2 - i2;
}

// c_k = cos(2 pi k/7), s_k = sin(2 pi k/7), k = 1, 2, 3; jk mod 7 folds onto them with a sign
// on the sine: 2*2 = 4 = 7-3, 2*3 = 6 = 7-1, 3*3 = 9 = 2 (mod 7), 3*2 = 6 = 7-1.
template <Direction dir, class T>
FFT_HD inline void butterfly7(Complex<T>* a) {
  constexpr T c1 = T(0.62348980185873353053L), c2 = T(-0.22252093395631440429L), c3 = T(-0.90096886790241912624L);
  constexpr T s1 = T(0.78183148246802980871L), s2 = T(0.97492791218182360702L), s3 = T(0.43388373911755812048L);
  const Complex<T> s_1 = a[1] + a[6], d_1 = a[1] - a[6];
  const Complex<T> s_2 = a[2] + a[5], d_2 = a[2] - a[5];
  const Complex<T> s_3 = a[3] + a[4], d_3 = a[3] - a[4];
  const Complex<T> r1 = a[0] + s_1 * c1 + s_2 * c2 + s_3 * c3;
  const Complex<T> r2 = a[0] + s_1 * c2 + s_2 * c3 + s_3 * c1;
  const Complex<T> r3 = a[0] + s_1 * c3 + s_2 * c1 + s_3 * c2;
  const Complex<T> i1 = rotate<1, 4, dir>(d_1 * s1 + d_2 * s2 + d_3 * s3);
  const Complex<T> i2 = rotate<1, 4, dir>(d_1 * s2 - d_2 * s3 - d_3 * s1);
  const Complex<T> i3 = rotate<1, 4, dir>(d_1 * s3 - d_2 * s1 + d_3 * s2);
  a[0] = a[0] + s_1 + s_2 + s_3;
  a[1] = r1 + i1;
  a[6] = r1 - i1;
  a[2] = r2 + i2;
  a[5] = r2 - i2;
  a[3] = r3 + i3;
  a[4] = r3 - i3;
}

// f(std::integral_constant<unsigned, i>) for i = 0 .. N-1: loop indices the compiler knows,
// so that each twiddle of a composite radix below is a constant.
template <class F, unsigned... I>
FFT_HD inline void for_each_constant(F&& f, std::integer_sequence<unsigned, I...>) {
  (f(std::integral_constant<unsigned, I>{}), ...);
}
template <unsigned N, class F>
FFT_HD inline void static_for(F&& f) {
  for_each_constant(f, std::make_integer_sequence<unsigned, N>{});
}

// The Taylor series of cos (sine = false) or sin at |x| <= pi / 4, where the terms fall fast:
// 20 of them reach long double's last digit.
constexpr long double taylor_cos_sin(long double x, bool sine) {
  long double term = sine ? x : 1.0L, sum = term;
  for (int i = 1; i < 20; ++i) {
    const long double f = sine ? 2 * i : 2 * i - 1;  // the next two factors of the factorial
    term *= -x * x / (f * (f + 1));
    sum += term;
  }
  return sum;
}

// cos (sine = false) or sin of 2 pi e / r, evaluated by the compiler. As common/twiddle.hpp's
// twiddle_ld: the quarter turn and the rest of the angle in exact integers, the rest reflected
// into [0, pi / 4], then the series. Rounded to double or float, every value for r <= 64 is the
// correctly rounded one (checked against 113-bit sines); a series over [-pi, pi] missed two for
// r = 17. test_any_n checks the butterflies that use it to the last bit.
constexpr long double turn_cos_sin(unsigned e, unsigned r, bool sine) {
  constexpr long double pi = 3.14159265358979323846264338327950288L;
  const unsigned k = e % r, q = 4 * k / r, rest = 4 * k - q * r;  // k / r turns = q quarters + rest / (4 r)
  const bool reflect = 2 * rest > r;
  const long double a = pi * static_cast<long double>(reflect ? r - rest : rest) / (2 * static_cast<long double>(r));
  const long double cq = taylor_cos_sin(a, reflect), sq = taylor_cos_sin(a, !reflect);
  switch (q) {
    case 0: return sine ? sq : cq;
    case 1: return sine ? cq : -sq;
    case 2: return sine ? -sq : -cq;
    default: return sine ? -cq : sq;
  }
}

// z w(E, R) forward, z conj(w(E, R)) inverse. A multiple of an eighth of a turn is 09's rotation
// (a swap and signs, and two multiplies for the odd eighths); any other angle a complex multiply.
template <unsigned E, unsigned R, Direction dir, class T>
FFT_HD inline Complex<T> times_root(Complex<T> z) {
  constexpr unsigned e = E % R;
  if constexpr ((8 * e) % R == 0) {
    return rotate<8 * e / R, 8, dir>(z);
  } else {
    constexpr T c = T(turn_cos_sin(e, R, false)), s = T(turn_cos_sin(e, R, true));
    return z * Complex<T>{c, dir == Direction::forward ? -s : s};
  }
}

template <unsigned R, Direction dir, class T>
FFT_HD inline void butterfly(Complex<T>* a);

// Radix R = R1 R2 from the butterflies of R1 and R2, Cooley-Tukey inside the registers: with
// j = R2 j1 + j2 and k = k1 + R1 k2,
//     y_k = sum_j2 w(j2 k2, R2) [ w(j2 k1, R) sum_j1 a_{R2 j1 + j2} w(j1 k1, R1) ].
// R2 butterflies of R1 points, R twiddles w(j2 k1, R) (constants), R1 butterflies of R2 points.
// The GPU passes use it for 9 and 16 (6 and 10, whose factors are coprime, by Good-Thomas
// below): one stage where two would cross shared memory.
template <unsigned R1, unsigned R2, Direction dir, class T>
FFT_HD inline void butterfly_split(Complex<T>* a) {
  constexpr unsigned R = R1 * R2;
  Complex<T> t[R];  // t[j2 R1 + k1]: the inner butterflies' outputs, twiddled
  static_for<R2>([&](auto j2) {
    Complex<T> u[R1];
    for (unsigned j1 = 0; j1 < R1; ++j1) u[j1] = a[R2 * j1 + j2];
    butterfly<R1, dir>(u);
    static_for<R1>([&](auto k1) { t[j2 * R1 + k1] = times_root<decltype(j2)::value * decltype(k1)::value, R, dir>(u[k1]); });
  });
  for (unsigned k1 = 0; k1 < R1; ++k1) {
    Complex<T> u[R2];
    for (unsigned j2 = 0; j2 < R2; ++j2) u[j2] = t[j2 * R1 + k1];
    butterfly<R2, dir>(u);
    for (unsigned k2 = 0; k2 < R2; ++k2) a[k1 + R1 * k2] = u[k2];
  }
}

// The k < R with k = k1 (mod R1) and k = k2 (mod R2), for coprime R1, R2 (Chinese remainders):
// k = (k1 e1 + k2 e2) mod R, where e1 = 1 (mod R1), 0 (mod R2) and e2 the other way round.
constexpr unsigned crt_unit(unsigned r1, unsigned r2) {  // e1: the multiple of r2 that is 1 mod r1
  unsigned e = r2;
  while (e % r1 != 1) e += r2;
  return e;
}
template <unsigned R1, unsigned R2>
FFT_HD constexpr unsigned crt_index(unsigned k1, unsigned k2) {
  return (k1 * crt_unit(R1, R2) + k2 * crt_unit(R2, R1)) % (R1 * R2);
}

// Radix R = R1 R2 with R1, R2 coprime (6 = 3 2, 10 = 5 2), Good-Thomas inside the registers:
// with the inputs taken as j = (R2 j1 + R1 j2) mod R and the outputs put at k = crt_index(k1, k2),
//     w(j k, R) = w(j1 k1, R1) w(j2 k2, R2),
// so y_k = sum_j2 w(j2 k2, R2) sum_j1 a_j w(j1 k1, R1): R2 butterflies of R1 points, then R1 of
// R2, and no twiddle between them. Against butterfly_split, the R twiddles w(j2 k1, R) and the
// rounding of each product are gone (6: two complex multiplies, 10: four).
template <unsigned R1, unsigned R2, Direction dir, class T>
FFT_HD inline void butterfly_good_thomas(Complex<T>* a) {
  constexpr unsigned R = R1 * R2;
  static_assert(std::gcd(R1, R2) == 1 && R1 > 1 && R2 > 1, "Good-Thomas needs coprime factors");
  Complex<T> t[R];  // t[j2 R1 + k1]: the first butterflies' outputs
  for (unsigned j2 = 0; j2 < R2; ++j2) {
    Complex<T> u[R1];
    for (unsigned j1 = 0; j1 < R1; ++j1) u[j1] = a[(R2 * j1 + R1 * j2) % R];
    butterfly<R1, dir>(u);
    for (unsigned k1 = 0; k1 < R1; ++k1) t[j2 * R1 + k1] = u[k1];
  }
  for (unsigned k1 = 0; k1 < R1; ++k1) {
    Complex<T> u[R2];
    for (unsigned j2 = 0; j2 < R2; ++j2) u[j2] = t[j2 * R1 + k1];
    butterfly<R2, dir>(u);
    for (unsigned k2 = 0; k2 < R2; ++k2) a[crt_index<R1, R2>(k1, k2)] = u[k2];
  }
}

// The prime radices above 7 that the GPU passes have stages for (butterfly_odd): up to 31, where a
// thread's one butterfly still fits its registers (gpu_plan.cu's MAX_PRIME kernels).
FFT_HD constexpr bool is_odd_prime_radix(unsigned r) {
  return r == 11 || r == 13 || r == 17 || r == 19 || r == 23 || r == 29 || r == 31;
}

// Any odd prime R (the GPU passes use it for 11 to 31), by the pairs j, R - j as butterfly7
// does: with s_j = a_j + a_{R-j}, d_j = a_j - a_{R-j} and h = (R - 1) / 2,
//     y_0 = a_0 + sum s_j,   y_m, y_{R-m} = a_0 + sum_j s_j cos(2 pi j m / R)  -+  i sum_j d_j sin(2 pi j m / R)
// (forward; the sine's sign flips for the inverse): (R - 1)^2 real multiplies of constants.
// put(k, y_k) takes each output as soon as it is made: s_j and d_j take the inputs' registers,
// and no output waits in one (a GPU thread that holds a whole butterfly of up to 31 points).
template <unsigned R, Direction dir, class T, class Put>
FFT_HD inline void butterfly_odd_put(Complex<T>* a, Put&& put) {
  constexpr unsigned h = (R - 1) / 2;
  static_for<h>([&](auto i) {  // s_j in a_j, d_j in a_{R-j}
    constexpr unsigned j = decltype(i)::value + 1;
    const Complex<T> x = a[j], y = a[R - j];
    a[j] = x + y;
    a[R - j] = x - y;
  });
  Complex<T> y0 = a[0];
  for (unsigned j = 1; j <= h; ++j) y0 = y0 + a[j];
  static_for<h>([&](auto mi) {
    constexpr unsigned m = decltype(mi)::value + 1;
    Complex<T> r = a[0], i{};
    static_for<h>([&](auto ji) {
      constexpr unsigned j = decltype(ji)::value + 1;
      constexpr T c = T(turn_cos_sin(j * m, R, false)), sn = T(turn_cos_sin(j * m, R, true));
      r = r + a[j] * c;
      i = i + a[R - j] * sn;
    });
    i = rotate<1, 4, dir>(i);
    put(m, r + i);
    put(R - m, r - i);
  });
  put(0u, y0);
}

// The same, in place.
template <unsigned R, Direction dir, class T>
FFT_HD inline void butterfly_odd(Complex<T>* a) {
  Complex<T> y[R];
  butterfly_odd_put<R, dir>(a, [&](unsigned k, Complex<T> v) { y[k] = v; });
  for (unsigned k = 0; k < R; ++k) a[k] = y[k];
}

template <unsigned R, Direction dir, class T>
FFT_HD inline void butterfly(Complex<T>* a) {
  if constexpr (R == 2 || R == 4 || R == 8) radixn::dft<R, T, dir>(a);
  else if constexpr (R == 3) butterfly3<dir>(a);
  else if constexpr (R == 5) butterfly5<dir>(a);
  else if constexpr (R == 7) butterfly7<dir>(a);
  else if constexpr (R == 6) butterfly_good_thomas<3, 2, dir>(a);
  else if constexpr (R == 9) butterfly_split<3, 3, dir>(a);
  else if constexpr (R == 10) butterfly_good_thomas<5, 2, dir>(a);
  else if constexpr (R == 16) butterfly_split<4, 4, dir>(a);
  else if constexpr (R == 12) butterfly_good_thomas<4, 3, dir>(a);
  else if constexpr (R == 14) butterfly_good_thomas<7, 2, dir>(a);
  else if constexpr (R == 15) butterfly_good_thomas<5, 3, dir>(a);
  else if constexpr (R == 18) butterfly_good_thomas<9, 2, dir>(a);
  else if constexpr (R == 20) butterfly_good_thomas<5, 4, dir>(a);
  else if constexpr (R == 21) butterfly_good_thomas<7, 3, dir>(a);
  else if constexpr (R == 24) butterfly_good_thomas<8, 3, dir>(a);
  else if constexpr (R == 28) butterfly_good_thomas<7, 4, dir>(a);
  else if constexpr (is_odd_prime_radix(R)) butterfly_odd<R, dir>(a);
  else static_assert(R == 2, "radix without a butterfly");
}

}  // namespace course::anyn
