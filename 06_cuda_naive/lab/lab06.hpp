// Lab 06: the index map of the first GPU FFT kernel: one thread per butterfly, one launch per
// stage, every index computed from the thread number (06 v2). The kernel body is given
// (kernel.hpp); you write where each thread's butterfly is.
//   TODO 1  butterfly_of: from thread t, its transform, butterfly pair (top, bottom) and twiddle p
//   TODO 2  reverse: bit reversal of an index, with division and modulo by 2 (as 06 does)
// On a GPU these run in a kernel; without one the grader runs them for every thread on the CPU.
// Grade with `./course lab 06`.
#pragma once

#include <cstddef>

#include "common/complex.hpp"

namespace lab06 {

struct Butterfly {
  std::size_t transform;  // which transform of the batch (each of n points)
  std::size_t top;        // the butterfly's two points, within that transform
  std::size_t bottom;
  std::size_t p;          // its twiddle is w(p, 2 half)
};

// TODO 1: a launch of stage `stage` (half = 2^stage) has batch * n/2 threads. Thread t does
// butterfly k = t mod (n/2) of transform t / (n/2). The n/2 butterflies of a stage pair points
// `half` apart inside blocks of 2 half points: butterfly k is in block k / half at position
// p = k mod half of it, so top = (k / half) * 2 half + p and bottom = top + half.
FFT_HD inline Butterfly butterfly_of(std::size_t n, unsigned stage, std::size_t t) {
  (void)n; (void)stage; (void)t;
  return {0, 0, 0, 0};  // TODO 1
}

// TODO 2: i with its low `bits` bits reversed, one bit at a time by % 2 and / 2 (bits may be 0).
FFT_HD inline std::size_t reverse(std::size_t i, unsigned bits) {
  (void)bits;
  return i;  // TODO 2
}

}  // namespace lab06
