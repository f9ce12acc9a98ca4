// 08_cuda_stockham: the work of one thread of v1 and v2, as __host__ __device__ functions.
//
// The kernels in stockham_v1.cu and cooley_tukey_v2.cu are thin wrappers that call these with
// their global thread index; test_08_emulated.cpp calls the same functions on the CPU for every
// thread index of every launch, so the index arithmetic is checked on machines without a GPU.
//
// Both variants read one twiddle table laid out by stage: table[s + k] = w(k, 2s) for every
// stage s = 1, 2, 4, ..., N/2 and k < s (entry 0 is unused). A stage then reads the contiguous
// slice table[s .. 2s): neighbouring threads read neighbouring twiddles, and the whole table is
// N entries, the same size as one transform.
#pragma once

#include <cmath>
#include <cstdint>

#include "common/bit_reverse.hpp"
#include "common/complex.hpp"
#if !defined(__CUDA_ARCH__)
#include "common/twiddle.hpp"
#endif

namespace course::stockham {

// Entry `index` (>= 1) of the stage-ordered table: s = the highest power of two <= index,
// k = index - s, value w(k, 2s) = exp(-pi i k / s). On the device it is computed in double with
// sincospi (exact at quarter turns, about one double ulp elsewhere); on the host in long double
// by course::twiddle. Either way from the index alone, never by recurrence.
template <class T>
FFT_HD inline Complex<T> stage_table_entry(std::uint64_t index) {
  const unsigned log2s = log2_exact(index + 1) - 1;  // floor(log2(index))
  const std::uint64_t s = std::uint64_t{1} << log2s;
  const std::uint64_t k = index - s;
#if defined(__CUDA_ARCH__)
  double sn, cs;
  sincospi(-static_cast<double>(k) / static_cast<double>(s), &sn, &cs);
  return {static_cast<T>(cs), static_cast<T>(sn)};
#else
  return twiddle<T>(static_cast<std::int64_t>(k), static_cast<std::int64_t>(2 * s));
#endif
}

// w(k, 2s) for the forward transform, its conjugate for the inverse.
template <class T>
FFT_HD inline Complex<T> stage_twiddle(const Complex<T>* table, std::uint64_t s, std::uint64_t k, bool inverse) {
  const Complex<T> w = table[s + k];
  return inverse ? conj(w) : w;
}

// v1, one radix-2 Stockham butterfly of the stage that merges sub-transforms of length s = 2^log2s
// into length 2s. Thread `thread` of a launch of batch * N/2 threads works on transform
// thread / (N/2), butterfly i = thread mod (N/2): it reads x[i] and x[i + N/2] (both coalesced
// across a warp), and writes y[j] and y[j + s] with j = 2 (i - i mod s) + i mod s. The output
// goes to the other buffer, already in the order the next stage wants: no bit reversal ever.
template <class T>
FFT_HD inline void stockham_radix2_butterfly(const Complex<T>* x, Complex<T>* y, const Complex<T>* table,
                                             unsigned log2n, unsigned log2s, bool inverse, std::uint64_t thread) {
  const std::uint64_t half = std::uint64_t{1} << (log2n - 1);
  const std::uint64_t base = (thread >> (log2n - 1)) << log2n;  // first point of this transform
  const std::uint64_t i = thread & (half - 1);
  const std::uint64_t s = std::uint64_t{1} << log2s;
  const std::uint64_t k = i & (s - 1);
  const std::uint64_t j = ((i - k) << 1) + k;
  const Complex<T> a = x[base + i];
  const Complex<T> b = stage_twiddle(table, s, k, inverse) * x[base + i + half];
  y[base + j] = a + b;
  y[base + j + s] = a - b;
}

// v2, pass 0: the bit-reversal permutation, one point per thread, y[i] = x[rev(i)]. The writes
// are coalesced, the reads are scattered over the whole transform. rev is one __brevll and a
// shift on the device.
template <class T>
FFT_HD inline void bit_reverse_gather(const Complex<T>* x, Complex<T>* y, unsigned log2n, std::uint64_t thread) {
  const std::uint64_t n = std::uint64_t{1} << log2n;
  const std::uint64_t base = thread & ~(n - 1);
  const std::uint64_t i = thread & (n - 1);
  y[base + i] = x[base + reverse_bits64(i, log2n)];
}

// v2, one in-place decimation-in-time butterfly of the stage with half-span h = 2^log2h, on data
// already in bit-reversed order: it combines y[lo] and y[lo + h], lo = 2 (i - i mod h) + i mod h,
// with w(i mod h, 2h). Every point is read and written by one thread only, so in place is safe.
template <class T>
FFT_HD inline void cooley_tukey_radix2_butterfly(Complex<T>* y, const Complex<T>* table, unsigned log2n,
                                                 unsigned log2h, bool inverse, std::uint64_t thread) {
  const std::uint64_t half = std::uint64_t{1} << (log2n - 1);
  const std::uint64_t base = (thread >> (log2n - 1)) << log2n;
  const std::uint64_t i = thread & (half - 1);
  const std::uint64_t h = std::uint64_t{1} << log2h;
  const std::uint64_t k = i & (h - 1);
  const std::uint64_t lo = base + ((i - k) << 1) + k;
  const Complex<T> a = y[lo];
  const Complex<T> b = stage_twiddle(table, h, k, inverse) * y[lo + h];
  y[lo] = a + b;
  y[lo + h] = a - b;
}

}  // namespace course::stockham
