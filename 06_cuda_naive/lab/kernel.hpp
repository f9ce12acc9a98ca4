// Lab 06's kernel body as a per-thread function (you need not edit this file): 06 v2's
// naive_butterfly with the index map and the reversal from lab06.hpp (Yours), and 06's own
// (Chapter). gpu.cu launches both; the grader runs them on the CPU for every thread.
#pragma once

#include <cstddef>

#include "06_cuda_naive/naive_thread.hpp"
#include "common/bit_reverse.hpp"

#ifndef LAB06_BUTTERFLY_OF
#define LAB06_BUTTERFLY_OF lab06::butterfly_of
#endif

namespace lab06_kernel {

using course::Complex;

struct Yours {
  template <class T>
  FFT_HD static void butterfly(const Complex<T>* in, Complex<T>* out, std::size_t n, unsigned stage, std::size_t t, int sign) {
    if (n == 1) {
      out[t] = in[t];
      return;
    }
    const lab06::Butterfly b = LAB06_BUTTERFLY_OF(n, stage, t);
    Complex<T>* y = out + b.transform * n;
    Complex<T> a, c;
    if (stage == 0) {
      const Complex<T>* x = in + b.transform * n;
      const unsigned bits = course::log2_exact(n);
      a = x[lab06::reverse(b.top, bits)];
      c = x[lab06::reverse(b.bottom, bits)];
    } else {
      a = y[b.top];
      c = y[b.bottom];
    }
    const Complex<T> wb = course::cuda_naive::twiddle_by_sincos<T>(b.p, std::size_t{2} << stage, sign) * c;
    y[b.top] = a + wb;
    y[b.bottom] = a - wb;
  }
};

struct Chapter {
  template <class T>
  FFT_HD static void butterfly(const Complex<T>* in, Complex<T>* out, std::size_t n, unsigned stage, std::size_t t, int sign) {
    course::cuda_naive::naive_butterfly<T>(in, out, n, stage, t, sign);
  }
};

}  // namespace lab06_kernel
