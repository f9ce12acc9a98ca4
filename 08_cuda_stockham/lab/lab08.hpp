// Lab 08: the Stockham index map. Each stage reads one buffer and writes the other, already in
// the order the next stage wants: no bit-reversal pass. One thread per butterfly (08 v1); the
// kernel body is given (in grade.cpp), you write its indices.
//   TODO 1  where thread t reads: its transform's first point and its butterfly i
//   TODO 2  where butterfly i writes in the stage that merges sub-transforms of s = 2^log2s points
// Grade with `./course lab 08` (no GPU needed: every thread is run on the CPU).
#pragma once

#include <cstdint>

#include "common/complex.hpp"

namespace lab08 {

struct Read {
  std::uint64_t base;  // first point of thread t's transform
  std::uint64_t i;     // its butterfly: it reads x[base + i] and x[base + i + N/2]
};

// TODO 1: a launch has batch * N/2 threads (N = 2^log2n >= 2); thread t works on transform
// t / (N/2) at butterfly i = t mod (N/2). Shifts and masks, no division.
FFT_HD inline Read read_of(std::uint64_t t, unsigned log2n) {
  (void)t; (void)log2n;
  return {0, 0};  // TODO 1
}

// TODO 2: butterfly i of the stage with sub-transforms of s = 2^log2s points has k = i mod s
// (it uses the twiddle w(k, 2s)) and writes its two results to y[base + j] and y[base + j + s]:
// the sub-transform i / s of the input becomes the merged one of 2s points at 2s (i / s), so
// j = 2 s (i / s) + k. Return j, with shifts and masks.
FFT_HD inline std::uint64_t write_index(std::uint64_t i, unsigned log2s) {
  (void)log2s;
  return i;  // TODO 2
}

}  // namespace lab08
