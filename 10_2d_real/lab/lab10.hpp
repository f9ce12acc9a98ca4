// Lab 10: the real-to-complex (R2C) split. N real samples x are read as M = N/2 complex values
// z[n] = x[2n] + i x[2n+1] (the same bytes), and one M-point complex FFT gives Z = FFT_M(z).
// Z mixes the transforms E and O of the even and the odd samples; you take them apart and
// combine them into the N-point spectrum X[k], k = 0..M (the rest is conj(X[N-k])).
//   TODO 1  even_odd: E[k] and O[k] from Z[k] and Z[M-k]
//   TODO 2  combine: X[k] from E[k], O[k] and w(k, N)
// These run per bin in 10's row kernels (__host__ __device__); the grader runs them on the CPU.
// Grade with `./course lab 10`.
#pragma once

#include "common/complex.hpp"

namespace lab10 {

using course::Complex;

// TODO 1: zk = Z[k mod M], zmk = Z[(M - k) mod M]. Since z = e + i o with e, o real sequences,
//     E[k] = (Z[k] + conj(Z[M-k])) / 2,    O[k] = (Z[k] - conj(Z[M-k])) / (2i).
// (Dividing by i is multiplying by -i: course::mul_neg_i.)
template <class T>
FFT_HD inline void even_odd(Complex<T> zk, Complex<T> zmk, Complex<T>& E, Complex<T>& O) {
  (void)zk; (void)zmk; (void)E; (void)O;
  // TODO 1
}

// TODO 2: X[k] = E[k] + w(k, N) O[k], with wk = w(k, N) = exp(-2 pi i k / N) given.
template <class T>
FFT_HD inline Complex<T> combine(Complex<T> E, Complex<T> O, Complex<T> wk) {
  (void)E; (void)O; (void)wk;
  return {};  // TODO 2
}

}  // namespace lab10
