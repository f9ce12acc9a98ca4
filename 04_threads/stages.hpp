// The serial pieces this chapter spreads over threads, all from 03_iterative: the radix-2
// plan's per-stage twiddle tables, radix2_stage() over a range of butterflies and
// bit_reverse_range() over a range of indices. Those functions already take ranges, and
// disjoint ranges touch disjoint elements: that is all a thread needs. Added here: the
// out-of-place reversal, and running every stage of one contiguous block.
#pragma once

#include <cstddef>
#include <span>

#include "03_iterative/radix2.hpp"
#include "common/bit_reverse.hpp"
#include "common/complex.hpp"

namespace course::ch04 {

using iterative::bit_reverse_range;  // in place, indices [begin, end)
using iterative::oriented;           // w, or conj(w) for the inverse
using iterative::radix2_stage;       // butterflies [begin, end) of one stage
template <class T> using Twiddles = iterative::Radix2Plan<T>;  // stage s reads stage_twiddles(s)

// out[i] = in[reverse(i)] for i in [first, last): each thread writes its own range of the
// output, reading the input wherever reversal sends it. Out of place, the reversal is also
// the copy, so nothing extra is paid for leaving the input intact.
template <class T>
void bit_reverse_copy(const Complex<T>* in, Complex<T>* out, std::size_t n, std::size_t first, std::size_t last) {
  const unsigned bits = log2_exact(n);
  for (std::size_t i = first; i < last; ++i) out[i] = in[reverse_bits64(i, bits)];
}

// The reversal of the whole array, the part [first, last) of it that one thread owns.
template <class T>
void bit_reverse_part(const Complex<T>* in, Complex<T>* out, std::size_t n, std::size_t first, std::size_t last) {
  if (in == out) bit_reverse_range(std::span<Complex<T>>(out, n), first, last);
  else bit_reverse_copy(in, out, n, first, last);
}

// Every stage of an m-point transform held contiguously (in bit-reversed order) in block.
// A stage's twiddles w(j, 2 half) do not depend on N, so the N-point plan's tables serve
// every block size m <= N.
template <Direction dir, class T>
void all_stages(std::span<Complex<T>> block, const Twiddles<T>& tw) {
  const std::size_t m = block.size();
  unsigned s = 0;
  for (std::size_t half = 1; half < m; half *= 2, ++s) radix2_stage<dir, T>(block, tw.stage_twiddles(s), half, 0, m / 2);
}

}  // namespace course::ch04
