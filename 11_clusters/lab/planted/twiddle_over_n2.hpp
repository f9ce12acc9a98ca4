// A planted wrong solution for the CI proof (not for students): holder and output_index from the
// solution, the gather's twiddle taken over N2 points instead of N, w(n1 k2, N2). Every value is
// read from the right block and row; the grader must still fail it, at TODO 2.
#pragma once
#include "../solution.hpp"
namespace lab11_planted {
template <class T, class Remote>
void gather(const lab11::Shape& s, std::size_t rank, std::size_t tid, std::size_t threads, Remote&& remote, course::Complex<T>* v) {
  const std::size_t k2 = rank * s.c2() + tid % s.c2(), p = threads / s.c2();
  for (std::size_t j = 0; j < s.n1 / p; ++j) {
    const std::size_t n1 = tid / s.c2() + j * p;
    const lab11::Place h = lab11::holder(s, n1);
    v[j] = remote(h.block)[h.row * s.n2 + k2] * course::twiddle<T>(static_cast<std::int64_t>(n1 * k2), static_cast<std::int64_t>(s.n2));  // wrong length
  }
}
}  // namespace lab11_planted
#define LAB11_GATHER lab11_planted::gather
