// Lab 02: the recursion of the radix-2 FFT. The recursion itself is given (fft.hpp): a transform
// of N points is two transforms of N/2, of the even and of the odd samples, then one combine.
//   TODO 1  split_even_odd: even[j] = x[2j], odd[j] = x[2j + 1]
//   TODO 2  combine: the two half-size transforms into the full one
// Grade with `./course lab 02`.
#pragma once

#include <cstddef>
#include <span>

#include "common/complex.hpp"
#include "common/twiddle.hpp"

namespace lab02 {

using course::Complex;
using course::Direction;

// TODO 1: x has N = 2 M points; write even[j] = x[2 j] and odd[j] = x[2 j + 1], j < M.
template <class T>
void split_even_odd(std::span<const Complex<T>> x, std::span<Complex<T>> even, std::span<Complex<T>> odd) {
  (void)x; (void)even; (void)odd;
  // TODO 1
}

// TODO 2: E and O are the transforms (of M = N/2 points) of the even and the odd samples. Write
// the transform of all N points:
//     out[k]     = E[k] + w O[k],
//     out[k + M] = E[k] - w O[k],      k < M,
// with w = w(k, N) = exp(-2 pi i k / N) forward (course::twiddle<T>(k, N)), its conjugate inverse.
template <class T>
void combine(std::span<const Complex<T>> E, std::span<const Complex<T>> O, std::span<Complex<T>> out, Direction dir) {
  (void)E; (void)O; (void)out; (void)dir;
  // TODO 2
}

}  // namespace lab02
