// The sizes of 12's GPU sweep (sweep_12_gpu.cpp), by class: not a hand list, so that a planner
// tuned on them holds on sizes nobody picked. Seeded: every run and the emulated test that checks
// every size gets a plan (test_12_gpu_emulated.cpp) see the same sizes.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "12_any_n/factor.hpp"

namespace course::anyn::sweep {

struct Size {
  std::size_t n;
  std::string group;  // smooth (every 7-smooth N <= 2^16), smooth-large, prime, prime-large, factor-11-31
};

inline constexpr std::uint64_t kSeed = 20261127;
inline constexpr std::size_t kLargest = std::size_t{1} << 24;

// The target class of N (issue 38): 5-smooth, 7-smooth (a factor 7), or other.
inline std::string smoothness(std::size_t n) {
  const std::size_t p = largest_prime_factor(n);
  return p <= 5 ? "5-smooth" : p == 7 ? "7-smooth" : "other";
}

inline std::vector<std::size_t> smooth_up_to(std::size_t most) {
  std::vector<std::size_t> out;
  for (std::size_t a = 1; a <= most; a *= 2)
    for (std::size_t b = a; b <= most; b *= 3)
      for (std::size_t c = b; c <= most; c *= 5)
        for (std::size_t d = c; d <= most; d *= 7)
          if (d >= 2) out.push_back(d);
  std::sort(out.begin(), out.end());
  return out;
}

// A seeded sample of `count` distinct values of `pool` (all of it when smaller), ascending.
inline std::vector<std::size_t> sample(std::vector<std::size_t> pool, std::size_t count, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::shuffle(pool.begin(), pool.end(), rng);
  if (pool.size() > count) pool.resize(count);
  std::sort(pool.begin(), pool.end());
  return pool;
}

// Not part of the sweep (its sizes are in it): every power of two from 2^8 to 2^24, the ladder
// of single-transform latency (sweep_12_gpu --groups power-of-two --mode single).
inline std::vector<Size> power_of_two_sizes() {
  std::vector<Size> out;
  for (int k = 8; k <= 24; ++k) out.push_back({std::size_t{1} << k, "power-of-two"});
  return out;
}

// Every size of the sweep, smallest first within each group.
inline std::vector<Size> sweep_sizes() {
  std::vector<Size> out;
  const auto smooth = smooth_up_to(kLargest);
  for (std::size_t n : smooth)
    if (n <= (std::size_t{1} << 16)) out.push_back({n, "smooth"});
  std::vector<std::size_t> large;
  for (std::size_t n : smooth)
    if (n > (std::size_t{1} << 16)) large.push_back(n);
  for (std::size_t n : sample(large, 300, kSeed)) out.push_back({n, "smooth-large"});
  for (std::size_t n = 2; n <= 1024; ++n)
    if (is_prime(n)) out.push_back({n, "prime"});
  // Larger primes: 60, spread evenly in log N from 2^10 to 2^24 (a random point in each of 60
  // bins, then the next prime up).
  std::mt19937_64 rng(kSeed + 1);
  for (int i = 0; i < 60; ++i) {
    std::uniform_real_distribution<double> u(10.0 + 14.0 * i / 60, 10.0 + 14.0 * (i + 1) / 60);
    auto n = static_cast<std::size_t>(std::exp2(u(rng)));
    while (!is_prime(n)) ++n;
    if (n <= kLargest) out.push_back({n, "prime-large"});
  }
  // N = p m with p a prime from 11 to 31 and m 7-smooth, up to 2^24: 100 of them.
  std::vector<std::size_t> with_factor;
  for (std::size_t p : {11, 13, 17, 19, 23, 29, 31})
    for (std::size_t m : smooth)
      if (p * m <= kLargest) with_factor.push_back(p * m);
  std::sort(with_factor.begin(), with_factor.end());
  with_factor.erase(std::unique(with_factor.begin(), with_factor.end()), with_factor.end());
  for (std::size_t n : sample(with_factor, 100, kSeed + 2)) out.push_back({n, "factor-11-31"});
  return out;
}

}  // namespace course::anyn::sweep
