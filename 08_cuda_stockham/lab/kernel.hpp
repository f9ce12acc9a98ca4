// Lab 08's kernel body as a per-thread function (you need not edit this file): 08 v1's radix-2
// Stockham butterfly with the indices from lab08.hpp (Yours), and 08's own (Chapter). gpu.cu
// launches both; the grader runs them on the CPU for every thread.
#pragma once

#include <cstdint>
#include <vector>

#include "08_cuda_stockham/stockham_thread.hpp"

#ifndef LAB08_WRITE_INDEX
#define LAB08_WRITE_INDEX lab08::write_index
#endif

namespace lab08_kernel {

using course::Complex;

struct Yours {
  template <class T>
  FFT_HD static void butterfly(const Complex<T>* x, Complex<T>* y, const Complex<T>* table, unsigned log2n, unsigned log2s,
                               bool inverse, std::uint64_t t) {
    const lab08::Read r = lab08::read_of(t, log2n);
    const std::uint64_t half = std::uint64_t{1} << (log2n - 1), s = std::uint64_t{1} << log2s, k = r.i & (s - 1);
    const std::uint64_t j = LAB08_WRITE_INDEX(r.i, log2s);
    const Complex<T> a = x[r.base + r.i];
    const Complex<T> b = course::stockham::stage_twiddle(table, s, k, inverse) * x[r.base + r.i + half];
    y[r.base + j] = a + b;
    y[r.base + j + s] = a - b;
  }
};

struct Chapter {
  template <class T>
  FFT_HD static void butterfly(const Complex<T>* x, Complex<T>* y, const Complex<T>* table, unsigned log2n, unsigned log2s,
                               bool inverse, std::uint64_t t) {
    course::stockham::stockham_radix2_butterfly<T>(x, y, table, log2n, log2s, inverse, t);
  }
};

// The stage-ordered table both read: table[s + k] = w(k, 2s), entry 0 unused.
template <class T>
std::vector<Complex<T>> table_of(std::size_t n) {
  std::vector<Complex<T>> t(n < 2 ? 2 : n);
  for (std::size_t i = 1; i < n; ++i) t[i] = course::stockham::stage_table_entry<T>(i);
  return t;
}

}  // namespace lab08_kernel
