// Lab 10's split as a per-bin function (you need not edit this file): bin k of transform b from
// Z (M points per transform) to X (M + 1 bins per transform), with your even_odd and combine
// (Yours) or 10's own r2c_split (Chapter). gpu.cu launches both; the grader runs them on the CPU.
#pragma once

#include <cstdint>

#include "10_2d_real/real_split.hpp"

#ifndef LAB10_EVEN_ODD
#define LAB10_EVEN_ODD lab10::even_odd
#endif

namespace lab10_kernel {

using course::Complex;

struct Yours {
  template <class T>
  FFT_HD static Complex<T> bin(Complex<T> zk, Complex<T> zmk, Complex<T> wk) {
    Complex<T> E, O;
    LAB10_EVEN_ODD<T>(zk, zmk, E, O);
    return lab10::combine<T>(E, O, wk);
  }
};

struct Chapter {
  template <class T>
  FFT_HD static Complex<T> bin(Complex<T> zk, Complex<T> zmk, Complex<T> wk) { return course::twod::r2c_split<T>(zk, zmk, wk); }
};

// Thread t of batch * (M + 1): bin k = t mod (M + 1) of transform t / (M + 1). w[k] = w(k, 2M).
template <class Impl, class T>
FFT_HD inline void split_bin(const Complex<T>* Z, Complex<T>* X, const Complex<T>* w, std::uint32_t m, std::uint64_t t) {
  const std::uint64_t b = t / (m + 1), k = t % (m + 1);
  const Complex<T>* z = Z + b * m;
  X[t] = Impl::template bin<T>(z[k % m], z[(m - k) % m], w[k]);
}

}  // namespace lab10_kernel
