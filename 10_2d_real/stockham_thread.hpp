// One thread's share of a shared-memory Stockham stage, as __host__ __device__ functions: the
// kernels call them between barriers, and the emulated test calls them for every thread on the
// CPU (all loads of a stage, then all stores, which is what the barrier between them means).
//
// A transform of L = 2^k points lives in shared memory, element j at base + j * js (js = 1 for a
// row, js = the number of columns in the block for interleaved columns). Stage with radix R and
// Ns points already combined (Ns = 1, R1, R1 R2, ...): butterfly j in [0, L/R) reads
// a[r] = x[j + r L/R], multiplies by w(r k, Ns R) with k = j mod Ns, does an R-point DFT in
// registers and writes a[r] to (j - k) R + k + r Ns. After the last stage the data is in natural
// order (no bit reversal).
//
// In place: every thread loads its butterflies into registers, barrier, then stores, barrier,
// so one buffer of L points per transform is enough (a ping-pong buffer would halve how many
// columns fit in a block).
//
// Two stage plans (the chapter measures both):
//   LogRadix 2: radix 4 (one radix-2 stage first when log2 L is odd), shared memory unpadded;
//   LogRadix 4: radix 16 where it can, the bits spread evenly over ceil(log2 L / 4) stages
//     (512 = 8 x 8 x 8, 1024 = 16 x 8 x 8), and shared memory padded by one slot every 16, so
//     the first stage's stores at stride R do not all land on one bank.
#pragma once

#include "common/complex.hpp"

namespace course::twod {

// Shared-memory slot of logical element i.
template <int LogRadix>
FFT_HD inline int smem_slot(int i) { return LogRadix == 4 ? i + (i >> 4) : i; }

// Slots needed for `points` elements.
template <int LogRadix>
FFT_HD inline int smem_slots(int points) { return points == 0 ? 0 : smem_slot<LogRadix>(points - 1) + 1; }

// w(m, L) from the table of L factors, conjugated for the inverse transform.
template <class T>
FFT_HD inline Complex<T> table_twiddle(const Complex<T>* table, int m, bool inverse) {
  const Complex<T> w = table[m];
  return inverse ? conj(w) : w;
}

// exp(-+2 pi i m / 16) for the radix-8 and radix-16 butterflies' inner twiddles: exact literals.
template <class T>
FFT_HD inline Complex<T> w16(int m, bool inverse) {
  // cos and sin of 2 pi r / 16 inside the quarter turn (r = m mod 4), then m / 4 quarter turns.
  constexpr double c1 = 0.92387953251128675613, s1 = 0.38268343236508977173, h = 0.70710678118654752440;
  double c = 1, s = 0;
  switch (m & 3) {
    case 1: c = c1; s = s1; break;
    case 2: c = h; s = h; break;
    case 3: c = s1; s = c1; break;
    default: break;
  }
  double cr = c, sr = s;
  switch ((m >> 2) & 3) {
    case 1: cr = -s; sr = c; break;
    case 2: cr = -c; sr = -s; break;
    case 3: cr = s; sr = -c; break;
    default: break;
  }
  return {static_cast<T>(cr), static_cast<T>(inverse ? sr : -sr)};
}

template <class T>
FFT_HD inline void dft2(Complex<T>& a, Complex<T>& b) {
  const Complex<T> t = a;
  a = t + b;
  b = t - b;
}

// 4-point DFT of (a0, a1, a2, a3) in place, natural order out.
template <class T>
FFT_HD inline void dft4(Complex<T>& a0, Complex<T>& a1, Complex<T>& a2, Complex<T>& a3, bool inverse) {
  const Complex<T> s0 = a0 + a2, d0 = a0 - a2;
  const Complex<T> s1 = a1 + a3, d1 = a1 - a3;
  const Complex<T> d1r = inverse ? mul_pos_i(d1) : mul_neg_i(d1);  // middle factor -i forward, +i inverse
  a0 = s0 + s1;
  a1 = d0 + d1r;
  a2 = s0 - s1;
  a3 = d0 - d1r;
}

// R-point DFT in registers. R = 8 and 16 as P x Q with P = 4: input n = Q n1 + n2, output
// k = k1 + 4 k2; 4-point DFTs over n1, the inner twiddles w(n2 k1, R), then Q-point DFTs over n2.
template <class T, int R>
FFT_HD inline void dft_registers(Complex<T> (&a)[R], bool inverse) {
  if constexpr (R == 2) {
    dft2(a[0], a[1]);
  } else if constexpr (R == 4) {
    dft4(a[0], a[1], a[2], a[3], inverse);
  } else {
    constexpr int Q = R / 4;
    for (int n2 = 0; n2 < Q; ++n2) dft4(a[n2], a[Q + n2], a[2 * Q + n2], a[3 * Q + n2], inverse);
    // Now a[Q k1 + n2] holds the inner transform's bin k1 for column n2.
    for (int n2 = 1; n2 < Q; ++n2)
      for (int k1 = 1; k1 < 4; ++k1) a[Q * k1 + n2] = a[Q * k1 + n2] * w16<T>((16 / R) * n2 * k1, inverse);
    Complex<T> out[R];
    for (int k1 = 0; k1 < 4; ++k1) {
      Complex<T> b[Q];
      for (int n2 = 0; n2 < Q; ++n2) b[n2] = a[Q * k1 + n2];
      if constexpr (Q == 2) dft2(b[0], b[1]);
      else dft4(b[0], b[1], b[2], b[3], inverse);
      for (int k2 = 0; k2 < Q; ++k2) out[k1 + 4 * k2] = b[k2];
    }
    for (int r = 0; r < R; ++r) a[r] = out[r];
  }
}

template <class T, int R, int LogRadix>
FFT_HD inline void stage_load(const Complex<T>* s, int base, int js, int j, int len, Complex<T> (&a)[R]) {
  const int step = len / R;
  for (int r = 0; r < R; ++r) a[r] = s[smem_slot<LogRadix>(base + (j + r * step) * js)];
}

// Twiddles w(r k, Ns R) = w(r k L / (Ns R), L): one table of L factors serves every stage.
template <class T, int R>
FFT_HD inline void stage_butterfly(Complex<T> (&a)[R], int j, int ns, int len, const Complex<T>* table, bool inverse) {
  const int k = j & (ns - 1);
  if (k != 0) {
    const int table_step = len / (ns * R);
    for (int r = 1; r < R; ++r) a[r] = a[r] * table_twiddle(table, r * k * table_step, inverse);
  }
  dft_registers<T, R>(a, inverse);
}

template <class T, int R, int LogRadix>
FFT_HD inline void stage_store(Complex<T>* s, int base, int js, int j, int ns, const Complex<T> (&a)[R]) {
  const int k = j & (ns - 1);
  const int first = (j - k) * R + k;
  for (int r = 0; r < R; ++r) s[smem_slot<LogRadix>(base + (first + r * ns) * js)] = a[r];
}

// The stage plan: how many stages, and log2 of stage s's radix.
template <int LogRadix>
FFT_HD inline int stage_count(int log_len) {
  if (LogRadix == 2) return (log_len + 1) / 2;
  return (log_len + 3) / 4;
}
template <int LogRadix>
FFT_HD inline int stage_log_radix(int log_len, int stage) {
  if (LogRadix == 2) return (log_len & 1) && stage == 0 ? 1 : 2;
  const int stages = stage_count<LogRadix>(log_len);
  return log_len / stages + (stage < log_len % stages ? 1 : 0);
}

}  // namespace course::twod
