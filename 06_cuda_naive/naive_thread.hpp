// 06_cuda_naive: the per-thread work of the kernels, as plain __host__ __device__ functions.
//
// The kernels in naive_fft.cu are thin wrappers around these, so the index arithmetic can be
// run on the CPU, thread by thread and launch by launch (test_06_emulated.cpp), on machines
// without a GPU. This header needs no CUDA runtime: the host compiler builds it as ordinary C++.
#pragma once

#include <cmath>
#include <cstddef>

#include "common/complex.hpp"

namespace course::cuda_naive {

inline constexpr const char* chapter = "06_cuda_naive";

// v1 runs one butterfly per thread in one block: N/2 threads, at most 1024 in a CUDA block.
inline constexpr unsigned v1_max_log2 = 11;
// v2 launches one thread per butterfly of the whole batch; 2^27 points is 1-2 GiB per buffer.
inline constexpr unsigned v2_max_log2 = 27;

// 2^e as an integer, the way a first kernel is usually written: with pow(). pow returns a
// double that may sit an ulp below the exact power on some math libraries, and a plain cast
// would then truncate 32 to 31; rounding makes it exact.
FFT_HD inline std::size_t pow2_by_pow(unsigned e) {
  return static_cast<std::size_t>(pow(2.0, static_cast<double>(e)) + 0.5);
}

// log2 of a power of two through the floating-point log2(), rounded for the same reason.
FFT_HD inline unsigned log2_by_log(std::size_t n) {
  return static_cast<unsigned>(log2(static_cast<double>(n)) + 0.5);
}

// Bit reversal by repeated division and modulo by 2: one digit per loop trip.
FFT_HD inline std::size_t reverse_by_division(std::size_t i, unsigned bits) {
  std::size_t r = 0;
  for (unsigned b = 0; b < bits; ++b) {
    r = r * 2 + i % 2;
    i /= 2;
  }
  return r;
}

// w = exp(sign * 2 pi i p / span) with sin and cos in double, then rounded to T once: as
// accurate as T allows, whatever the precision of the transform (sign = -1 forward, +1 inverse).
template <class T>
FFT_HD inline Complex<T> twiddle_by_sincos(std::size_t p, std::size_t span, int sign) {
  const double angle = sign * 6.283185307179586476925 * static_cast<double>(p) / static_cast<double>(span);
  double s, c;
#if defined(__CUDA_ARCH__)
  sincos(angle, &s, &c);
#else
  s = std::sin(angle);
  c = std::cos(angle);
#endif
  return {static_cast<T>(c), static_cast<T>(s)};
}

// One radix-2 butterfly of stage `stage` (half = 2^stage, span = 2 half) for global thread t of
// a launch of batch * N/2 threads; every index by division and modulo, as the GPGPU report's
// first kernel computed them.
//
// Stage 0 reads the input at bit-reversed positions and writes `out` in natural order, so the
// reversal costs no pass of its own; later stages work in place on `out`. Within one launch
// every thread reads and writes its own two elements only, so threads are independent.
// N = 1 has no stages: the launch has one thread per transform and each copies its point.
template <class T>
FFT_HD inline void naive_butterfly(const Complex<T>* in, Complex<T>* out, std::size_t n, unsigned stage,
                                   std::size_t t, int sign) {
  if (n == 1) {
    out[t] = in[t];
    return;
  }
  const std::size_t butterflies = n / 2;
  const std::size_t transform = t / butterflies;
  const std::size_t k = t % butterflies;
  const std::size_t half = pow2_by_pow(stage);
  const std::size_t span = 2 * half;
  const std::size_t p = k % half;           // position inside the sub-transform: picks the twiddle
  const std::size_t top = (k / half) * span + p;
  const std::size_t bottom = top + half;
  Complex<T>* y = out + transform * n;
  Complex<T> a, b;
  if (stage == 0) {
    const Complex<T>* x = in + transform * n;
    const unsigned bits = log2_by_log(n);
    a = x[reverse_by_division(top, bits)];
    b = x[reverse_by_division(bottom, bits)];
  } else {
    a = y[top];
    b = y[bottom];
  }
  const Complex<T> wb = twiddle_by_sincos<T>(p, span, sign) * b;
  y[top] = a + wb;
  y[bottom] = a - wb;
}

// The launches of v2 in order, shared by the plan (which launches kernels) and the emulated
// test (which runs naive_butterfly for every thread): launch(stage, threads).
template <class Launch>
void for_each_v2_launch(std::size_t n, std::size_t batch, Launch&& launch) {
  if (n == 1) {
    launch(0u, batch);
    return;
  }
  const unsigned stages = log2_by_log(n);
  for (unsigned s = 0; s < stages; ++s) launch(s, batch * (n / 2));
}

}  // namespace course::cuda_naive
