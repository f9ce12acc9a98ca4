// Lab 01: the DFT from its definition, then with a twiddle table.
//   TODO 1  dft_direct: the double loop, a sine and a cosine per term
//   TODO 2  make_twiddles: the table w(m, N), m < N, each entry from its own index
//   TODO 3  dft_table: the double loop reading the table (no sine or cosine inside)
// Any N >= 1. Grade with `./course lab 01`.
#pragma once

#include <cmath>
#include <cstddef>
#include <span>
#include <vector>

#include "common/complex.hpp"

namespace lab01 {

using course::Complex;
using course::Direction;

// TODO 1: out[k] = sum_j in[j] exp(s 2 pi i j k / N), s = -1 forward, +1 inverse (no 1/N).
// in.size() == out.size() == N; in and out do not overlap.
template <class T>
void dft_direct(std::span<const Complex<T>> in, std::span<Complex<T>> out, Direction dir) {
  (void)in; (void)out; (void)dir;
  // TODO 1
}

// TODO 2: w[m] = exp(-2 pi i m / N) for m = 0..N-1, each computed from m (not by multiplying
// the previous entry by w[1], whose rounding would pile up). Compute the angle in long double.
template <class T>
std::vector<Complex<T>> make_twiddles(std::size_t n) {
  return std::vector<Complex<T>>(n);  // TODO 2
}

// TODO 3: the same sum as TODO 1 with the factors read from w = make_twiddles(N): the factor of
// term (j, k) is w[j k mod N], conjugated for the inverse. Keep j k mod N in a counter that
// grows by k each term (no multiplication or % per term, and no overflow for large N).
template <class T>
void dft_table(std::span<const Complex<T>> in, std::span<Complex<T>> out, const std::vector<Complex<T>>& w, Direction dir) {
  (void)in; (void)out; (void)w; (void)dir;
  // TODO 3
}

}  // namespace lab01
