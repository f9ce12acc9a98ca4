// Lab 03: the two steps that make the iterative FFT work in place.
//   TODO 1  reverse the low `bits` bits of an index
//   TODO 2  put an array in bit-reversed order, in place
//   TODO 3  the radix-4 butterfly
// Build and grade with `./course lab 03` (from the repository root). The grader calls these
// functions alone first, then inside a whole radix-4 FFT (lab/fft.hpp, which you need not edit).
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <utility>

#include "common/complex.hpp"

namespace lab03 {

using course::Complex;
using course::Direction;

// TODO 1: return i with its low `bits` bits in reverse order (bit 0 becomes bit bits-1, ...).
// Example: reverse_bits(1, 3) == 4 (001 -> 100), reverse_bits(6, 3) == 3 (110 -> 011).
// bits may be 0 (N = 1): then the answer is 0.
inline std::uint64_t reverse_bits(std::uint64_t i, unsigned bits) {
  (void)bits;
  return i;  // TODO 1
}

// TODO 2: permute x (x.size() is a power of two, 2^bits) so that x[i] ends up holding what was
// at x[reverse_bits(i, bits)]. In place: swap each pair (i, reverse_bits(i)) exactly once.
template <class T>
void bit_reverse_permute(std::span<Complex<T>> x) {
  unsigned bits = 0;
  while ((std::size_t{1} << bits) < x.size()) ++bits;
  (void)bits;
  // TODO 2
}

// TODO 3: one radix-4 butterfly. x0..x3 are element j of the four quarter-size transforms of a
// block (x0 = p[j], x1 = p[j + q], x2 = p[j + 2q], x3 = p[j + 3q]). In bit-reversed order the
// quarters hold the samples whose index is 0, 2, 1, 3 mod 4, so x1 is the residue-2 quarter and
// x2 the residue-1 quarter. w1, w2, w3 are w(j, 4q), w(2j, 4q), w(3j, 4q), already conjugated
// for the inverse. Write back y_m (m = 0..3) into x0..x3, where
//     A0 = x0, A1 = w1 x2, A2 = w2 x1, A3 = w3 x3,
//     y_m = sum_r A_r (-i)^(r m)  forward,   (+i)^(r m) inverse.
// course::mul_neg_i(z) and mul_pos_i(z) multiply by -i and +i without a multiplication.
template <Direction dir, class T>
void radix4_butterfly(Complex<T>& x0, Complex<T>& x1, Complex<T>& x2, Complex<T>& x3, Complex<T> w1, Complex<T> w2,
                      Complex<T> w3) {
  (void)x0; (void)x1; (void)x2; (void)x3; (void)w1; (void)w2; (void)w3;
  // TODO 3
}

}  // namespace lab03
