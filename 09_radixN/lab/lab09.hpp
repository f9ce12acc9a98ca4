// Lab 09: the radix-16 butterfly in registers, and how to split a large FFT into passes.
//   TODO 1  radix16: a 16-point DFT of one thread's registers
//   TODO 2  split_passes: the bits of N = 2^log2n split over the fewest passes over memory
// The lab kernel (kernel.hpp) runs your radix16 in a Stockham FFT of N = 16, 256 or 4096 points
// inside one block: each thread holds 16 values in registers, one butterfly per stage, and the
// threads exchange through shared memory between stages. Grade with `./course lab 09`; with a
// GPU the grade includes a performance band against the chapter's radix-16 in the same kernel.
#pragma once

#include <vector>

#include "common/complex.hpp"

namespace lab09 {

using course::Complex;

// TODO 1: v[0..15] in, its forward DFT out, in place and in natural order:
//     V[k] = sum_j v[j] w(j k, 16),   w(m, 16) = exp(-2 pi i m / 16).
// Keep it in registers: every index of v (and of any local array) must be a compile-time
// constant after unrolling, so write it as fixed steps (e.g. 4 radix-4 butterflies, twiddles
// w(n k, 16), 4 more radix-4 butterflies), not as a loop over a runtime index into a table.
// course::mul_neg_i / mul_pos_i multiply by -i / +i for free; cos(pi/8), sin(pi/8) and
// sqrt(1/2) are all the constants a 16-point DFT needs.
template <class T>
FFT_HD inline void radix16(Complex<T>* v) {
  (void)v;
  // TODO 1
}

// TODO 2: an FFT of N = 2^log2n points too large for one block is done in passes over global
// memory; one pass can do at most 2^cap_log2 points' worth of the transform (the block's
// shared memory decides cap_log2). Return the log2 sizes of the passes, first pass first:
//   - they add up to log2n (their sizes multiply to N),
//   - each is at least 1 and at most cap_log2,
//   - there are as few passes as possible (each one reads and writes all of N once),
//   - they are balanced: the largest and the smallest differ by at most 1.
// log2n >= 1, cap_log2 >= 1.
inline std::vector<int> split_passes(int log2n, int cap_log2) {
  (void)log2n; (void)cap_log2;
  return {};  // TODO 2
}

}  // namespace lab09
