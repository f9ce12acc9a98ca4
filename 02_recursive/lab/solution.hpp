// What ./course lab 02 --solution grades: the split and the combine as chapter 02 does them
// (recursive_v1.cpp), written out as the lab's two functions.
#pragma once

#include <cstddef>
#include <span>

#include "common/complex.hpp"
#include "common/twiddle.hpp"

namespace lab02 {
using course::Complex;
using course::Direction;

template <class T>
void split_even_odd(std::span<const Complex<T>> x, std::span<Complex<T>> even, std::span<Complex<T>> odd) {
  for (std::size_t j = 0; j < even.size(); ++j) {
    even[j] = x[2 * j];
    odd[j] = x[2 * j + 1];
  }
}

template <class T>
void combine(std::span<const Complex<T>> E, std::span<const Complex<T>> O, std::span<Complex<T>> out, Direction dir) {
  const std::size_t m = E.size(), n = 2 * m;
  for (std::size_t k = 0; k < m; ++k) {
    Complex<T> w = course::twiddle<T>(static_cast<std::int64_t>(k), static_cast<std::int64_t>(n));
    if (dir == Direction::inverse) w = conj(w);
    const Complex<T> t = w * O[k];
    out[k] = E[k] + t;
    out[k + m] = E[k] - t;
  }
}
}  // namespace lab02
