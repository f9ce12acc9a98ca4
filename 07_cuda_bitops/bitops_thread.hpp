// 07_cuda_bitops: the per-thread work of every kernel whose threads are independent (v1-v3 and
// the global stages of v5), as __host__ __device__ functions. The kernels in bitops_fft.cu only
// compute their global thread index and call these; test_07_emulated.cpp calls them on the CPU
// for every thread of every launch. No CUDA runtime needed here.
//
// Every index is a 32-bit unsigned computed with shifts and masks from log2 N, where 06 used
// 64-bit division, modulo, pow and log2. The plans refuse N x batch > 2^31 so 32 bits suffice.
#pragma once

#include <cmath>
#include <cstdint>
#include <vector>

#include "06_cuda_naive/naive_thread.hpp"
#include "07_cuda_bitops/bitops_sizes.hpp"
#include "common/bit_reverse.hpp"
#include "common/complex.hpp"
#include "common/twiddle.hpp"

namespace course::bitops {

// --- Twiddle sources: w(p, 2 half) = exp(sign 2 pi i p / (2 half)) for p < half = 2^stage.

// 06's way, kept by v1 and v2 so that each variant changes one thing: sin and cos in double.
template <class T>
struct SincosTwiddle {
  int sign;
  FFT_HD Complex<T> operator()(std::uint32_t p, unsigned stage) const {
    return cuda_naive::twiddle_by_sincos<T>(p, std::size_t{2} << stage, sign);
  }
};

// v3: twiddles read from a table computed once on the host in long double (common/twiddle.hpp),
// laid out stage after stage: stage s (half = 2^s) finds w(p, 2 half) at 2^s - 1 + p. One table
// of the N/2 factors w(j, N) would serve every stage too, at j = p N / (2 half), but then the
// 32 threads of a warp read 32 entries N / (2 half) apart: up to 32 cache lines for one load.
// Per stage, a warp's consecutive p read consecutive entries. N - 1 entries in all; the inverse
// reads them conjugated.
template <class T>
struct TableTwiddle {
  const Complex<T>* table;
  int sign;
  FFT_HD Complex<T> operator()(std::uint32_t p, unsigned stage) const {
    const Complex<T> w = table[(std::uint32_t{1} << stage) - 1 + p];
    return sign < 0 ? w : conj(w);
  }
};

// The table TableTwiddle reads, for N = 2^log2n (empty for N = 1). Each entry is copied from
// the exactly rounded w(j, N) (common/twiddle.hpp), never recomputed.
template <class T>
std::vector<Complex<T>> stage_twiddle_table(std::size_t n) {
  if (n < 2) return {};
  const auto base = twiddle_table<T>(n, n / 2);
  std::vector<Complex<T>> table(n - 1);
  for (std::size_t half = 1; half < n; half *= 2)
    for (std::size_t p = 0; p < half; ++p) table[half - 1 + p] = base[p * (n / (2 * half))];
  return table;
}

// v3: sin(pi x) and cos(pi x) in T with x = p / half, exact in binary (p < 2^24 in float), so
// there is no rounding of 2 pi into the argument and no argument reduction to get wrong.
template <class T>
struct SincospiTwiddle {
  int sign;
  FFT_HD Complex<T> operator()(std::uint32_t p, unsigned stage) const {
    const T x = static_cast<T>(sign) * static_cast<T>(p) / static_cast<T>(std::uint32_t{1} << stage);
    T s, c;
#if defined(__CUDA_ARCH__)
    if constexpr (sizeof(T) == 4) sincospif(x, &s, &c);
    else sincospi(x, &s, &c);
#else
    const long double a = 3.141592653589793238462643383279502884L * x;
    s = static_cast<T>(std::sin(a));
    c = static_cast<T>(std::cos(a));
#endif
    return {c, s};
  }
};

// v3, float only: the hardware's approximate __sincosf (special-function unit, a few
// instructions, absolute error about 2^-21 on [-pi, pi]). The angle sign pi p / half lies in
// (-pi, pi), the range where that bound holds. The CPU emulation uses std::sin/cos: it checks
// the indexing, not the intrinsic's accuracy (the GPU test and the benchmark measure that).
struct FastSincosTwiddle {
  int sign;
  FFT_HD Complex<float> operator()(std::uint32_t p, unsigned stage) const {
    const float angle = static_cast<float>(sign) * 3.14159265358979f * static_cast<float>(p) /
                        static_cast<float>(std::uint32_t{1} << stage);
    float s, c;
#if defined(__CUDA_ARCH__)
    __sincosf(angle, &s, &c);
#else
    s = std::sin(angle);
    c = std::cos(angle);
#endif
    return {c, s};
  }
};

// --- Index arithmetic by shifts and masks.

// Butterfly k (k < N/2) of stage `stage` pairs top and top + half, where top is k with a zero
// bit inserted at position `stage`: the bits above move up one place, the bits below stay.
FFT_HD inline std::uint32_t butterfly_top(std::uint32_t k, unsigned stage) {
  const std::uint32_t low = k & ((std::uint32_t{1} << stage) - 1);
  return ((k >> stage) << (stage + 1)) | low;
}

// v1: 06 v2's butterfly with shifts and masks (thread t of batch * N/2); the first stage still
// reads the input at bit-reversed positions, now with one __brev on the device.
template <class T, class Twiddle>
FFT_HD inline void shift_butterfly(const Complex<T>* in, Complex<T>* out, unsigned log2n, unsigned stage,
                                   std::uint32_t t, Twiddle twiddle) {
  if (log2n == 0) {
    out[t] = in[t];
    return;
  }
  const std::uint32_t base = (t >> (log2n - 1)) << log2n;         // first point of this transform
  const std::uint32_t k = t & ((std::uint32_t{1} << (log2n - 1)) - 1);
  const std::uint32_t top = butterfly_top(k, stage);
  const std::uint32_t bottom = top | (std::uint32_t{1} << stage);
  Complex<T>* y = out + base;
  Complex<T> a, b;
  if (stage == 0) {
    a = in[base + reverse_bits32(top, log2n)];
    b = in[base + reverse_bits32(bottom, log2n)];
  } else {
    a = y[top];
    b = y[bottom];
  }
  const Complex<T> wb = twiddle(k & ((std::uint32_t{1} << stage) - 1), stage) * b;
  y[top] = a + wb;
  y[bottom] = a - wb;
}

// v2: the reversal as a pass of its own, one point per thread (t < batch * N). Gather writes
// out[] in order and reads in[] scattered; scatter reads in order and writes scattered.
template <class T>
FFT_HD inline void permute_gather(const Complex<T>* in, Complex<T>* out, unsigned log2n, std::uint32_t t) {
  const std::uint32_t mask = (std::uint32_t{1} << log2n) - 1;
  out[t] = in[(t & ~mask) | reverse_bits32(t & mask, log2n)];
}

template <class T>
FFT_HD inline void permute_scatter(const Complex<T>* in, Complex<T>* out, unsigned log2n, std::uint32_t t) {
  const std::uint32_t mask = (std::uint32_t{1} << log2n) - 1;
  out[(t & ~mask) | reverse_bits32(t & mask, log2n)] = in[t];
}

// v2 onwards: a stage on data already in bit-reversed order, in place (thread t of batch * N/2).
template <class T, class Twiddle>
FFT_HD inline void natural_butterfly(Complex<T>* data, unsigned log2n, unsigned stage, std::uint32_t t,
                                     Twiddle twiddle) {
  const std::uint32_t base = (t >> (log2n - 1)) << log2n;
  const std::uint32_t k = t & ((std::uint32_t{1} << (log2n - 1)) - 1);
  const std::uint32_t top = base | butterfly_top(k, stage);
  const std::uint32_t bottom = top | (std::uint32_t{1} << stage);
  const Complex<T> a = data[top];
  const Complex<T> wb = twiddle(k & ((std::uint32_t{1} << stage) - 1), stage) * data[bottom];
  data[top] = a + wb;
  data[bottom] = a - wb;
}

// --- Launch sequences, shared by the plans (kernel launches) and the emulated tests (loops).
// launch(step, stage, threads).
enum class Step { butterfly_v1, permute, stage };

template <class Launch>
void for_each_v1_launch(unsigned log2n, std::uint32_t points, Launch&& launch) {
  if (log2n == 0) return launch(Step::butterfly_v1, 0u, points);
  for (unsigned s = 0; s < log2n; ++s) launch(Step::butterfly_v1, s, points / 2);
}

template <class Launch>
void for_each_reorder_launch(unsigned log2n, std::uint32_t points, Launch&& launch) {
  launch(Step::permute, 0u, points);
  for (unsigned s = 0; s < log2n; ++s) launch(Step::stage, s, points / 2);
}

}  // namespace course::bitops
