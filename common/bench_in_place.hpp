// Timing an in-place transform back to back on one buffer, as FFTW's baseline is timed.
//
// An unnormalised transform multiplies the data's size by about sqrt(N) each time, so after a
// few dozen transforms float overflows (and Inf/NaN arithmetic is not what we mean to time).
// Every `period` transforms the buffer is brought back to magnitude ~1 by an exact power of
// two: one extra read and write pass per `period` transforms, about 1% of the time or less.
// Used by the CPU chapters 02, 03, 04 and 12.
#pragma once

#include <benchmark/benchmark.h>

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <limits>
#include <span>
#include <vector>

#include "common/bench.hpp"
#include "common/complex.hpp"
#include "common/signals.hpp"

namespace course::bench {

template <class T>
void rescale_to_unit(std::span<Complex<T>> x) {
  T peak = 0;
  for (const auto& z : x) peak = std::max({peak, std::fabs(z.re), std::fabs(z.im)});
  if (peak == 0 || !std::isfinite(peak)) return;
  int e = 0;
  std::frexp(peak, &e);
  const T s = std::ldexp(T(1), -e);
  for (auto& z : x) z *= s;
}

// How many transforms of n points may run before the data is rescaled: worst case each one
// multiplies the peak by N, so stay 8 binary orders below overflow.
template <class T>
int rescale_period(std::size_t n) {
  const int log2n = std::max(1, static_cast<int>(std::log2(static_cast<double>(n))));
  return std::max(1, (std::numeric_limits<T>::max_exponent - 8) / log2n);
}

// The timed loop: step() runs one transform and returns the buffer holding its result, which is
// rescaled every `period` transforms.
template <class T, class Step>
void time_rescaled(benchmark::State& state, std::size_t n, Step&& step) {
  const int period = rescale_period<T>(n);
  int since = 0;
  for (auto _ : state) {
    const std::span<Complex<T>> result = step();
    benchmark::DoNotOptimize(result.data());
    benchmark::ClobberMemory();
    if (++since == period) {
      rescale_to_unit(result);
      since = 0;
    }
  }
  set_fft_counters<T>(state, n, 1);
}

// Runs `transform(span)` in the timed loop on a random buffer of n points.
template <class T, class Transform>
void time_in_place(benchmark::State& state, std::size_t n, Transform&& transform) {
  auto x = random_uniform<T>(n, 42);
  std::span<Complex<T>> data(x);
  time_rescaled<T>(state, n, [&] {
    transform(data);
    return data;
  });
}

// Out of place, as FFTW's baseline is timed: `transform(x, y)`, then x and y swap roles.
template <class T, class Transform>
void time_out_of_place(benchmark::State& state, std::size_t n, Transform&& transform) {
  auto a = random_uniform<T>(n, 42);
  std::vector<Complex<T>> b(n);
  std::span<Complex<T>> x(a), y(b);
  time_rescaled<T>(state, n, [&] {
    transform(x, y);
    std::swap(x, y);
    return x;
  });
}

}  // namespace course::bench
