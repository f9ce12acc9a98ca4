// Lab 03's pieces taken from the chapter itself (what ./course lab 03 --solution grades):
// common/bit_reverse.hpp's reverse_bits64, 03's bit_reverse_range, and 03's radix4_stage run on
// one block of four points.
#pragma once

#include <array>
#include <cstdint>
#include <span>

#include "03_iterative/radix2.hpp"
#include "03_iterative/radix4.hpp"
#include "common/bit_reverse.hpp"

namespace lab03 {

using course::Complex;
using course::Direction;

inline std::uint64_t reverse_bits(std::uint64_t i, unsigned bits) { return course::reverse_bits64(i, bits); }

template <class T>
void bit_reverse_permute(std::span<Complex<T>> x) {
  course::iterative::bit_reverse_range(x, 0, x.size());
}

template <Direction dir, class T>
void radix4_butterfly(Complex<T>& x0, Complex<T>& x1, Complex<T>& x2, Complex<T>& x3, Complex<T> w1, Complex<T> w2,
                      Complex<T> w3) {
  std::array<Complex<T>, 4> p{x0, x1, x2, x3};
  // The chapter's stage conjugates the (forward) table for the inverse; these come conjugated.
  const auto fwd = [](Complex<T> w) { return dir == Direction::inverse ? conj(w) : w; };
  const std::array<Complex<T>, 3> w{fwd(w1), fwd(w2), fwd(w3)};
  course::iterative::radix4_stage<dir, T>(p, w, 1, 0, 1);
  x0 = p[0]; x1 = p[1]; x2 = p[2]; x3 = p[3];
}

}  // namespace lab03
