// Seeded test signals. Tests draw fresh random inputs each run (the seed is printed, and
// COURSE_SEED=<n> replays a run); never zeros alone, which hide unwritten outputs.
#pragma once

#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <random>
#include <vector>

#include "common/complex.hpp"
#include "common/twiddle.hpp"

namespace course {

// A fresh seed per process unless COURSE_SEED is set.
inline std::uint64_t fresh_seed() {
  static const std::uint64_t seed = [] {
    if (const char* s = std::getenv("COURSE_SEED")) return static_cast<std::uint64_t>(std::strtoull(s, nullptr, 10));
    std::random_device rd;
    return (static_cast<std::uint64_t>(rd()) << 32) ^ rd();
  }();
  return seed;
}

// Real and imaginary parts uniform in [-1, 1).
template <class T>
std::vector<Complex<T>> random_uniform(std::size_t n, std::uint64_t seed) {
  std::mt19937_64 gen(seed);
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  std::vector<Complex<T>> x(n);
  for (auto& z : x) { z.re = static_cast<T>(u(gen)); z.im = static_cast<T>(u(gen)); }
  return x;
}

// Real and imaginary parts standard normal.
template <class T>
std::vector<Complex<T>> random_gaussian(std::size_t n, std::uint64_t seed) {
  std::mt19937_64 gen(seed);
  std::normal_distribution<double> g(0.0, 1.0);
  std::vector<Complex<T>> x(n);
  for (auto& z : x) { z.re = static_cast<T>(g(gen)); z.im = static_cast<T>(g(gen)); }
  return x;
}

// x[j] = 1 at j = position, 0 elsewhere: its forward transform is X[k] = w(position * k, n).
template <class T>
std::vector<Complex<T>> impulse(std::size_t n, std::size_t position) {
  std::vector<Complex<T>> x(n);
  x.at(position) = Complex<T>{T(1), T(0)};
  return x;
}

// x[j] = amplitude * exp(+2 pi i f j / n): all its energy lands in bin f of the forward transform.
template <class T>
std::vector<Complex<T>> tone(std::size_t n, std::size_t frequency, T amplitude = T(1)) {
  std::vector<Complex<T>> x(n);
  for (std::size_t j = 0; j < n; ++j) {
    const auto w = conj(twiddle_ld(static_cast<std::int64_t>((frequency * j) % n), static_cast<std::int64_t>(n)));
    x[j] = Complex<T>{static_cast<T>(amplitude * w.re), static_cast<T>(amplitude * w.im)};
  }
  return x;
}

}  // namespace course
