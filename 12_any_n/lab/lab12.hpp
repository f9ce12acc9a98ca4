// Lab 12: the two pieces that take the FFT past powers of two.
//   TODO 1  the radix-3 butterfly (the 3-point DFT, written out)
//   TODO 2  Bluestein's chirp c[j] = exp(-pi i j^2 / N), exact for large j
// Build and grade with `./course lab 12` (from the repository root). The grader checks each TODO
// alone, then a transform of any N built from them (lab/fft.hpp, which you need not edit):
// mixed radix with your butterfly for the factors 3, Bluestein with your chirp for the rest.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "common/complex.hpp"
#include "common/twiddle.hpp"

namespace lab12 {

using course::Complex;
using course::Direction;

// TODO 1: replace a0, a1, a2 by their 3-point DFT,
//     y_k = a0 + a1 w^k + a2 w^(2k),   w = exp(-2 pi i / 3) forward, exp(+2 pi i / 3) inverse,
// with the constants of the lesson: cos(2 pi/3) = -1/2, sin(2 pi/3) = sqrt(3)/2. Pair a1 and a2
// (their sum and difference) so that y1 and y2 share their real-coefficient part.
// course::mul_neg_i(z) and mul_pos_i(z) multiply by -i and +i without a multiplication.
template <Direction dir, class T>
void radix3_butterfly(Complex<T>& a0, Complex<T>& a1, Complex<T>& a2) {
  (void)a0; (void)a1; (void)a2;
  // TODO 1
}

// TODO 2: return the chirp of length n, c[j] = exp(-pi i j^2 / n) for j = 0 .. n-1 (forward).
// Write the angle as a fraction of a turn with integers: pi j^2 / n = 2 pi (j^2 mod 2n) / (2n),
// so c[j] = course::twiddle<T>(j^2 mod 2n, 2n) (common/twiddle.hpp: exp(-2 pi i k / m), one
// rounding). j^2 fits in 64 bits for every n this chapter takes (n <= 2^25).
template <class T>
std::vector<Complex<T>> bluestein_chirp(std::size_t n) {
  std::vector<Complex<T>> c(n, Complex<T>{T(1), T(0)});
  // TODO 2
  return c;
}

}  // namespace lab12
