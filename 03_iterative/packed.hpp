// 03_iterative: a complex value held in one vector register, for RealPlan's butterflies
// (real.hpp). GCC does not pair a Complex<T>'s real and imaginary parts in one SSE register by
// itself: RealPlan's last stage and middle stages compiled to scalar mulsd/addsd. With the two
// parts as the lanes of one vector (GCC's and Clang's vector extension), a complex add is one
// instruction, and multiplying by i a swap of the lanes and a sign. The results are the same
// bits: every lane does the scalar code's operations in the scalar code's order.
#pragma once

#include <cstring>

#include "common/complex.hpp"

namespace course::iterative {

// {re, im} as two lanes (an alias template cannot carry the attribute, so one per precision).
template <class T>
struct PackedOf;
template <>
struct PackedOf<float> {
  typedef float type __attribute__((vector_size(8)));
};
template <>
struct PackedOf<double> {
  typedef double type __attribute__((vector_size(16)));
};
template <class T>
using Packed = typename PackedOf<T>::type;

template <class T>
inline Packed<T> load_packed(const Complex<T>* p) {
  Packed<T> v;
  std::memcpy(static_cast<void*>(&v), p, sizeof v);
  return v;
}
// From reals x[2j], x[2j + 1] (only T-aligned): the packed z_j = x_{2j} + i x_{2j+1}.
template <class T>
inline Packed<T> load_packed(const T* p) {
  Packed<T> v;
  std::memcpy(static_cast<void*>(&v), p, sizeof v);
  return v;
}
template <class T>
inline void store_packed(Complex<T>* p, Packed<T> v) {
  std::memcpy(static_cast<void*>(p), &v, sizeof v);
}

// P below is Packed<float> or Packed<double> (T cannot be deduced through the alias).
template <class P>
inline P swap_lanes(P z) {
  return P{z[1], z[0]};
}
template <class P>
inline P conj_packed(P z) {
  return z * P{1, -1};
}
// -i z forward, +i z inverse.
template <Direction dir, class P>
inline P quarter_turn(P z) {
  if constexpr (dir == Direction::forward) return swap_lanes(z) * P{1, -1};
  else return swap_lanes(z) * P{-1, 1};
}
// c z: (c.re z.re - c.im z.im, c.re z.im + c.im z.re), lane by lane.
template <class P>
inline P times(P c, P z) {
  return P{c[0], c[0]} * z + P{-c[1], c[1]} * swap_lanes(z);
}

}  // namespace course::iterative
