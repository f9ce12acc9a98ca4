// The real transform by packing, per output bin, as __host__ __device__ functions (the row
// kernels call them after / before their shared-memory FFT; the emulated test checks them for
// every bin against FFTW's r2c and c2r).
//
// N reals x are read as M = N/2 complex values z[n] = x[2n] + i x[2n+1] (the same bytes: no
// copy). Z = FFT_M(z) holds the transforms of the even and odd samples, mixed:
//   E[k] = (Z[k] + conj(Z[M-k])) / 2,   O[k] = (Z[k] - conj(Z[M-k])) / (2i),
//   X[k] = E[k] + w(k, N) O[k],  k = 0 .. M  (indices of Z mod M).
// One M-point complex FFT plus this O(N) step replaces an N-point complex FFT on data whose
// imaginary half is zero: about half the flops and half the bytes.
#pragma once

#include "common/complex.hpp"

namespace course::twod {

// zk = Z[k mod M], zmk = Z[(M - k) mod M], wk = w(k, N).
template <class T>
FFT_HD inline Complex<T> r2c_split(Complex<T> zk, Complex<T> zmk, Complex<T> wk) {
  const Complex<T> e = (zk + conj(zmk)) * T(0.5);
  const Complex<T> o = mul_neg_i(zk - conj(zmk)) * T(0.5);
  return e + wk * o;
}

// The way back, for k = 0 .. M-1: from X[k] and X[M-k], 2 Z[k] (2E + 2iO, so that the
// unnormalised M-point inverse gives N x, as FFTW's and cuFFT's C2R do). Since
// conj(X[M-k]) = E[k] - w(k, N) O[k]:  E = (X[k] + conj(X[M-k])) / 2,
// O = (X[k] - conj(X[M-k])) conj(w(k, N)) / 2. At k = 0 the imaginary parts of X[0] and X[M]
// are ignored, as the libraries do (for real x they are zero).
template <class T>
FFT_HD inline Complex<T> c2r_merge(Complex<T> xk, Complex<T> xmk, Complex<T> wk, bool first) {
  if (first) { xk.im = T(0); xmk.im = T(0); }
  const Complex<T> e2 = xk + conj(xmk);
  const Complex<T> o2 = (xk - conj(xmk)) * conj(wk);
  return e2 + mul_pos_i(o2);
}

}  // namespace course::twod
