// 12_any_n: which algorithm a size gets. N = 2^a 3^b 5^c 7^d (7-smooth) is split into the
// radices the mixed-radix plan has butterflies for; any other N goes to Bluestein, whose
// convolution length is the smallest power of two M >= 2N - 1.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "common/sizes.hpp"
#include "common/twiddle.hpp"

namespace course::anyn {

inline constexpr const char* chapter = "12_any_n";
// Mixed radix: N <= 2^27 (input, output and one scratch buffer of N points: 6 GiB in double at
// the limit). Bluestein: M <= 2^26, 03_iterative's limit, so N <= 2^25.
inline constexpr unsigned max_log2_mixed = 27;
inline constexpr unsigned max_log2_convolution = 26;
inline constexpr std::size_t max_mixed = std::size_t{1} << max_log2_mixed;
inline constexpr std::size_t max_bluestein = (std::size_t{1} << max_log2_convolution) / 2;

// N with every factor 2, 3, 5 or 7 removed: 1 exactly when N is 7-smooth.
inline std::size_t rough_part(std::size_t n) {
  if (n == 0) return 0;
  for (std::size_t p : {2, 3, 5, 7})
    while (n % p == 0) n /= p;
  return n;
}

inline bool is_smooth(std::size_t n) { return n >= 1 && rough_part(n) == 1; }

inline bool is_prime(std::size_t n) {
  if (n < 2) return false;
  for (std::size_t d = 2; d * d <= n; ++d)
    if (n % d == 0) return false;
  return true;
}

// The largest prime factor of n (1 for n = 1).
inline std::size_t largest_prime_factor(std::size_t n) {
  std::size_t p = 1;
  for (std::size_t d = 2; d * d <= n; ++d)
    while (n % d == 0) {
      p = d;
      n /= d;
    }
  return n > 1 ? n : p;
}

// The GPU passes also have stages of every prime radix from 11 to 31 (butterfly_odd): an N whose
// prime factors are at most 31 is theirs.
inline constexpr std::size_t kLargestPassPrime = 31;
inline bool is_gpu_smooth(std::size_t n) { return n >= 1 && largest_prime_factor(n) <= kLargestPassPrime; }

// The smallest power of two >= 2n - 1 (n >= 1).
inline std::size_t convolution_length(std::size_t n) {
  std::size_t m = 1;
  while (m < 2 * n - 1) m *= 2;
  return m;
}

// The smallest 7-smooth number >= n (n >= 1): a Bluestein convolution's length where the
// mixed-radix stages, not a power of two, transform it (gpu_bluestein_block.hpp).
inline std::size_t smooth_at_least(std::size_t n) {
  while (!is_smooth(n)) ++n;
  return n;
}

// The radices of a 7-smooth N in the order the stages run: the factors 2 as 8s (one pass does
// the work of three radix-2 stages), with one 4 or two 4s (or a 2, for N = 2 only) for the rest,
// then the 3s, 5s and 7s. Fewer passes over the data, fewer twiddle multiplications.
inline std::vector<unsigned> radices(std::size_t n) {
  std::vector<unsigned> r;
  unsigned twos = 0;
  while (n > 1 && n % 2 == 0) { n /= 2; ++twos; }
  if (twos == 1) r.push_back(2);
  else if (twos % 3 == 1) { for (unsigned i = 0; i + 4 < twos; i += 3) r.push_back(8); r.push_back(4); r.push_back(4); }
  else { for (unsigned i = 0; i + 2 < twos; i += 3) r.push_back(8); if (twos % 3 == 2) r.push_back(4); }
  for (unsigned p : {3u, 5u, 7u})
    while (n > 1 && n % p == 0) { n /= p; r.push_back(p); }
  return r;
}

// Bluestein's chirp, for the CPU and the GPU plans: c[n] = exp(-pi i n^2 / N) = w(n^2 mod 2N, 2N),
// n < N (n^2 reduced in integers: an angle computed in floating point loses digits as n grows).
template <class T>
std::vector<Complex<T>> bluestein_chirp(std::size_t n) {
  std::vector<Complex<T>> c(n);
  const std::uint64_t two_n = 2 * static_cast<std::uint64_t>(n);
  for (std::uint64_t j = 0; j < n; ++j)
    c[j] = twiddle<T>(static_cast<std::int64_t>((j * j) % two_n), static_cast<std::int64_t>(two_n));
  return c;
}

// Refuses what no plan of this chapter takes, before any work: N = 0, a 7-smooth N above 2^27,
// any other N above 2^25 (its convolution would exceed 03's 2^26).
inline void require_size(std::size_t n) {
  if (n == 0) refuse_size(chapter, n, "an empty transform has no points (this chapter takes any N >= 1)", "");
  if (is_smooth(n) && n > max_mixed)
    refuse_size(chapter, n, "above the limit of 2^27 = " + std::to_string(max_mixed) +
                                " points for a 2^a 3^b 5^c 7^d size (input, output and scratch would need " +
                                std::to_string(3 * n * 16 >> 30) + " GiB in double)", "");
  if (!is_smooth(n) && n > max_bluestein)
    refuse_size(chapter, n, "above the limit of 2^25 = " + std::to_string(max_bluestein) +
                                " points for a size with a prime factor above 7 (Bluestein's convolution of M >= 2N - 1"
                                " points would exceed 03_iterative's 2^26)", "");
}

}  // namespace course::anyn
