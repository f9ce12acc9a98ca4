// One thread's share of a shared-memory Stockham stage, as __host__ __device__ functions: the
// kernels call them between barriers, and the emulated test calls them for every thread on the
// CPU (all loads of a stage, then all stores, which is what the barrier between them means).
//
// A transform of L = 2^k points lives in shared memory at s[j * js] (js = 1 for a row, js = the
// number of columns in the block for interleaved columns). Stage with radix R and Ns points
// already combined (Ns = 1, R, R^2, ...): butterfly j in [0, L/R) reads a[r] = s[j + r L/R],
// multiplies by w(r k, Ns R) with k = j mod Ns, does an R-point DFT and writes a[r] to
// (j - k) R + k + r Ns. After the last stage the data is in natural order (no bit reversal).
//
// In place: every thread loads its butterflies into registers, barrier, then stores, barrier,
// so one buffer of L points per transform is enough (the ping-pong buffer would halve how many
// columns fit in a block).
#pragma once

#include "common/complex.hpp"

namespace course::twod {

// w(m, L) from the table of L factors, conjugated for the inverse transform.
template <class T>
FFT_HD inline Complex<T> table_twiddle(const Complex<T>* table, int m, bool inverse) {
  const Complex<T> w = table[m];
  return inverse ? conj(w) : w;
}

template <class T, int R>
FFT_HD inline void stage_load(const Complex<T>* s, int js, int j, int len, Complex<T> (&a)[R]) {
  const int step = len / R;
  for (int r = 0; r < R; ++r) a[r] = s[(j + r * step) * js];
}

// Twiddles w(r k, Ns R) = w(r k L / (Ns R), L): one table of L factors serves every stage.
template <class T, int R>
FFT_HD inline void stage_butterfly(Complex<T> (&a)[R], int j, int ns, int len, const Complex<T>* table, bool inverse) {
  const int k = j & (ns - 1);
  const int table_step = len / (ns * R);
  for (int r = 1; r < R; ++r)
    if (k != 0) a[r] = a[r] * table_twiddle(table, r * k * table_step, inverse);
  if constexpr (R == 2) {
    const Complex<T> t = a[0];
    a[0] = t + a[1];
    a[1] = t - a[1];
  } else {
    // Radix 4 from two radix-2 levels: the middle factor is -i forward, +i inverse.
    const Complex<T> s0 = a[0] + a[2], d0 = a[0] - a[2];
    const Complex<T> s1 = a[1] + a[3], d1 = a[1] - a[3];
    const Complex<T> d1r = inverse ? mul_pos_i(d1) : mul_neg_i(d1);
    a[0] = s0 + s1;
    a[1] = d0 + d1r;
    a[2] = s0 - s1;
    a[3] = d0 - d1r;
  }
}

template <class T, int R>
FFT_HD inline void stage_store(Complex<T>* s, int js, int j, int ns, const Complex<T> (&a)[R]) {
  const int k = j & (ns - 1);
  const int base = (j - k) * R + k;
  for (int r = 0; r < R; ++r) s[(base + r * ns) * js] = a[r];
}

// The stage plan of a length: one radix-2 stage first when log2 L is odd, radix 4 after.
FFT_HD inline bool starts_with_radix2(int log_len) { return (log_len & 1) != 0; }

}  // namespace course::twod
