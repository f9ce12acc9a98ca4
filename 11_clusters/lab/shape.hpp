// Lab 11's cluster shape and the place of a column, shared by your lab11.hpp and the grader (you
// need not edit this file).
#pragma once

#include <cstddef>

namespace lab11 {

// The split: N1 and N2 are powers of two, and K divides both.
struct Shape {
  std::size_t n1 = 1, n2 = 1, k = 1;
  std::size_t n() const { return n1 * n2; }
  std::size_t c1() const { return n1 / k; }  // columns a block holds in phase 1
  std::size_t c2() const { return n2 / k; }  // rows a block holds in phase 2
};

// A row of a block's shared memory.
struct Place {
  std::size_t block = 0, row = 0;
};

}  // namespace lab11
