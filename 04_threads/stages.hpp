// The serial radix-2 pieces that this chapter spreads over threads: 03_iterative's shape
// (bit reversal, then log2 N stages of butterflies, each stage reading its own twiddle table),
// written so that every piece works on a *range* of the work, which is all a thread needs.
//
// 03_iterative was not yet in the repository when this chapter was written, so the serial
// loop lives here; serial_fft() below is that loop, and the benchmark measures it as the
// one-thread baseline every variant is compared with.
#pragma once

#include <algorithm>
#include <cstddef>
#include <span>
#include <utility>
#include <vector>

#include "common/bit_reverse.hpp"
#include "common/complex.hpp"
#include "common/twiddle.hpp"

namespace course::ch04 {

// Twiddles for every stage, one stage after the other. The stage whose butterflies join
// points `half` apart (half = 1, 2, 4, ..., N/2) reads w(j, 2 half) for j < half, stored at
// offset half - 1, so each stage reads its factors with unit stride. The factors of a stage do
// not depend on N: the table for N holds the table of every smaller size as its prefix, which
// is what lets a thread run a whole small transform on its own block with the same table.
template <class T>
class StageTwiddles {
 public:
  explicit StageTwiddles(std::size_t n) : w_(n > 1 ? n - 1 : 0) {
    if (n < 2) return;
    // Each factor once from its index (common/twiddle.hpp), then copied into the smaller
    // stages, whose factors are every (N / 2 half)-th factor of the largest stage.
    const auto last = twiddle_table<T>(n, n / 2);
    for (std::size_t half = 1; half < n; half *= 2) {
      const std::size_t step = n / (2 * half);
      for (std::size_t j = 0; j < half; ++j) w_[half - 1 + j] = last[j * step];
    }
  }
  const Complex<T>* stage(std::size_t half) const { return w_.data() + half - 1; }
  std::size_t size() const { return w_.size() + 1; }

 private:
  std::vector<Complex<T>> w_;
};

// One radix-2 butterfly: (a, b) -> (a + w b, a - w b). The inverse uses conj(w).
template <bool Inverse, class T>
inline void butterfly(Complex<T>& a, Complex<T>& b, Complex<T> w) {
  const Complex<T> t = Inverse ? b * conj(w) : b * w;
  b = a - t;
  a = a + t;
}

// Butterflies [first, last) of the stage `half` of an array starting at a. Butterfly k joins
// a[g 2 half + j] and a[g 2 half + j + half] with g = k / half, j = k % half: a contiguous
// range of butterflies is what a thread owns in v1 and v2.
template <bool Inverse, class T>
void stage_butterflies(Complex<T>* a, std::size_t half, const Complex<T>* w, std::size_t first, std::size_t last) {
  if (half == 1) {  // w = 1: no multiply, and no inner loop of length one
    for (std::size_t k = first; k < last; ++k) {
      const Complex<T> u = a[2 * k], v = a[2 * k + 1];
      a[2 * k] = u + v;
      a[2 * k + 1] = u - v;
    }
    return;
  }
  std::size_t g = first / half, j = first % half, k = first;
  while (k < last) {
    const std::size_t run = std::min(half - j, last - k);
    Complex<T>* lo = a + 2 * half * g + j;
    Complex<T>* hi = lo + half;
    const Complex<T>* wj = w + j;
    for (std::size_t r = 0; r < run; ++r) butterfly<Inverse>(lo[r], hi[r], wj[r]);
    k += run;
    j = 0;
    ++g;
  }
}

// Every stage of a transform of size m held contiguously at a (already in bit-reversed
// order): the serial stage loop of 03.
template <bool Inverse, class T>
void all_stages(Complex<T>* a, std::size_t m, const StageTwiddles<T>& tw) {
  for (std::size_t half = 1; half < m; half *= 2) stage_butterflies<Inverse>(a, half, tw.stage(half), 0, m / 2);
}

// out[i] = in[reverse(i)] for i in [first, last): each writer owns a range of the output.
template <class T>
void bit_reverse_copy(const Complex<T>* in, Complex<T>* out, std::size_t n, std::size_t first, std::size_t last) {
  const unsigned bits = log2_exact(n);
  for (std::size_t i = first; i < last; ++i) out[i] = in[reverse_bits64(i, bits)];
}

// In place: the pair (i, reverse(i)) is swapped by whoever owns the smaller index, so
// threads owning disjoint index ranges never touch the same element.
template <class T>
void bit_reverse_swap(Complex<T>* a, std::size_t n, std::size_t first, std::size_t last) {
  const unsigned bits = log2_exact(n);
  for (std::size_t i = first; i < last; ++i) {
    const std::size_t j = reverse_bits64(i, bits);
    if (i < j) std::swap(a[i], a[j]);
  }
}

// The whole serial transform (out may equal in): the one-thread baseline.
template <class T>
void serial_fft(const Complex<T>* in, Complex<T>* out, std::size_t n, Direction dir, const StageTwiddles<T>& tw) {
  if (in == out) bit_reverse_swap(out, n, 0, n);
  else bit_reverse_copy(in, out, n, 0, n);
  if (dir == Direction::inverse) all_stages<true>(out, n, tw);
  else all_stages<false>(out, n, tw);
}

}  // namespace course::ch04
