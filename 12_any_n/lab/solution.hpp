// Lab 12's pieces taken from the chapter itself (what ./course lab 12 --solution grades):
// 12's butterfly3 (butterflies.hpp) and bluestein_chirp (bluestein.hpp).
#pragma once

#include <cstddef>
#include <vector>

#include "12_any_n/bluestein.hpp"
#include "12_any_n/butterflies.hpp"

namespace lab12 {

using course::Complex;
using course::Direction;

template <Direction dir, class T>
void radix3_butterfly(Complex<T>& a0, Complex<T>& a1, Complex<T>& a2) {
  Complex<T> a[3] = {a0, a1, a2};
  course::anyn::butterfly3<dir>(a);
  a0 = a[0];
  a1 = a[1];
  a2 = a[2];
}

template <class T>
std::vector<Complex<T>> bluestein_chirp(std::size_t n) {
  return course::anyn::bluestein_chirp<T>(n);
}

}  // namespace lab12
