// A planted wrong solution for the CI proof (not for students): TODO 1 and 3 from the chapter,
// TODO 2 with the wrong stride between the transforms of a batch (N/2 instead of N), a mistake
// invisible with one transform. The grader must fail it at TODO 2.
#pragma once
#include "../reference.hpp"
namespace lab07 {
using lab07_reference::butterfly_top;
using lab07_reference::slot;
using lab07_reference::wavefront_log2;
using course::Complex;
template <class T, class Twiddle>
FFT_HD inline void stage_butterfly(Complex<T>* data, unsigned log2n, unsigned stage, std::uint32_t t, Twiddle twiddle) {
  const std::uint32_t base = (t >> (log2n - 1)) << (log2n - 1);  // wrong: the stride is N
  const std::uint32_t k = t & ((std::uint32_t{1} << (log2n - 1)) - 1);
  const std::uint32_t top = base | butterfly_top(k, stage), bottom = top + (std::uint32_t{1} << stage);
  const Complex<T> a = data[top], wb = twiddle(k & ((std::uint32_t{1} << stage) - 1), stage) * data[bottom];
  data[top] = a + wb;
  data[bottom] = a - wb;
}
}  // namespace lab07
