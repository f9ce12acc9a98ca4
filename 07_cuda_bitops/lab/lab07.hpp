// Lab 07: GPU index arithmetic with shifts and masks, and a bank-conflict-free swizzle.
//   TODO 1  butterfly_top: where butterfly k of a stage starts, by shifts and masks
//   TODO 2  stage_butterfly: one thread's butterfly of one stage (no division, no modulo)
//   TODO 3  slot: the swizzle that makes the bit-reversed load into shared memory conflict-free
// These run on the GPU (__host__ __device__ through FFT_HD) and, for grading without a GPU, on
// the CPU for every thread of every launch. Grade with `./course lab 07`.
#pragma once

#include <cstdint>

#include "common/bit_reverse.hpp"
#include "common/complex.hpp"

namespace lab07 {

using course::Complex;

// TODO 1: butterfly k (k < N/2) of stage `stage` (half = 2^stage) pairs the points top and
// top + half. top is k with a 0 bit inserted at bit position `stage`: the bits of k above
// `stage` move up one place, the bits below stay. Example: k = 5 (101b), stage 1 -> 9 (1001b).
// Shifts and masks only.
FFT_HD inline std::uint32_t butterfly_top(std::uint32_t k, unsigned stage) {
  (void)stage;
  return k;  // TODO 1
}

// TODO 2: thread t of a stage launch (batch * N/2 threads, N = 2^log2n >= 2) does one butterfly
// in place on data (batch transforms of N points, one after another, already in bit-reversed
// order). With shifts and masks (no / or %):
//   - its transform starts at base = (t / (N/2)) * N, and k = t % (N/2) is its butterfly there;
//   - it pairs data[base + top] and data[base + top + half], top = butterfly_top(k, stage);
//   - w = twiddle(k % half, stage) is w(k % half, 2 half), and it writes
//       data[top] = a + w b,   data[bottom] = a - w b.
template <class T, class Twiddle>
FFT_HD inline void stage_butterfly(Complex<T>* data, unsigned log2n, unsigned stage, std::uint32_t t, Twiddle twiddle) {
  (void)data; (void)log2n; (void)stage; (void)t; (void)twiddle;
  // TODO 2
}

// Points of Complex<T> per 128-byte shared-memory wavefront, log2: v = 4 in float, 3 in double.
// Shared memory serves 2^v points per wavefront only if they lie in 2^v different "bank groups"
// (the slot modulo 2^v); each collision costs one more wavefront.
template <class T>
FFT_HD constexpr unsigned wavefront_log2() { return sizeof(Complex<T>) == 8 ? 4 : 3; }

// TODO 3: the shared-memory slot of point p of a tile of 2^log2p points (log2p >= 2v + 1).
// The tile kernel loads its input in bit-reversed order: 2^v consecutive threads write points
// rev(e), 2^(log2p - v) apart, all in one bank group if slot(p) = p (a 2^v-way conflict). Find
// a slot that
//   - is a permutation of 0 .. 2^log2p - 1,
//   - changes only the low v bits of p, and by the same XOR for every p of an aligned run of
//     2^v points (so contiguous runs, which the stages and the store read, stay conflict-free),
//   - sends the 2^v points of each wavefront of the reversed load to 2^v different bank groups.
// Hint: XOR the low v bits with v bits of p that differ between those neighbours.
template <class T>
FFT_HD inline std::uint32_t slot(std::uint32_t p, unsigned log2p) {
  (void)log2p;
  return p;  // TODO 3
}

}  // namespace lab07
