// A planted wrong solution for the CI proof: the twiddle between the phases taken over N2 points
// instead of N, w(n1 k2, N2). Every value is read from the right block and row; the grader must
// still fail, at TODO 2, naming the twiddle.
#pragma once

#include <cstddef>
#include <cstdint>

#include "11_clusters/lab/shape.hpp"
#include "common/complex.hpp"
#include "common/twiddle.hpp"

namespace lab11 {

using course::Complex;

inline Place holder(const Shape& s, std::size_t n1) { return {n1 / s.c1(), n1 % s.c1()}; }

template <class T, class Remote>
void gather(const Shape& s, std::size_t rank, std::size_t tid, std::size_t threads, Remote&& remote, Complex<T>* v) {
  const std::size_t c2 = tid % s.c2(), k2 = rank * s.c2() + c2, p = threads / s.c2();
  for (std::size_t j = 0; j < s.n1 / p; ++j) {
    const std::size_t n1 = tid / s.c2() + j * p;
    const Place h = holder(s, n1);
    v[j] = remote(h.block)[h.row * s.n2 + k2] * course::twiddle<T>(static_cast<std::int64_t>(n1 * k2), static_cast<std::int64_t>(s.n2));
  }
}

inline std::size_t output_index(const Shape& s, std::size_t k2, std::size_t k1) { return k2 + s.n2 * k1; }

}  // namespace lab11
