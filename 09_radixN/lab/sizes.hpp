// Lab 09's sizes: N = 16, 256, 4096 (one tile of the lab kernel, log16 N radix-16 stages).
// The kernel is forward only; the inverse is conj(forward(conj(x))), so the whole suite applies.
#pragma once

#include <string>

#include "common/conformance.hpp"
#include "common/sizes.hpp"

namespace lab09_sizes {

inline void require(std::size_t n, std::size_t batch) {
  if (n != 16 && n != 256 && n != 4096)
    course::refuse_size("lab 09", n, "the lab kernel takes N = 16, 256 and 4096 (16^k in one block)", "09_radixN takes any 2^k");
  course::require_batch("lab 09", batch);
}

inline course::conformance::Config config() {
  course::conformance::Config c;
  c.sizes = {16, 256, 4096};
  c.batch = 3;
  c.refused = {0, 1, 2, 32, 512, 8192};
  return c;
}

}  // namespace lab09_sizes

namespace course::lab {

// inverse(x) = conj(forward(conj(x))): the suite's inverse checks run the forward kernel.
template <class T>
conformance::TransformFn<T> with_inverse_by_conjugation(conformance::TransformFn<T> forward) {
  return [forward](std::span<const Complex<T>> in, std::span<Complex<T>> out, std::size_t n, std::size_t batch, Direction dir) {
    if (dir == Direction::forward) return forward(in, out, n, batch, dir);
    std::vector<Complex<T>> c(in.begin(), in.end());
    for (auto& z : c) z = conj(z);
    forward(c, out, n, batch, Direction::forward);
    for (auto& z : out) z = conj(z);
  };
}

}  // namespace course::lab
