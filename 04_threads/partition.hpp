// How work is cut between threads, and the checks every variant makes before any work.
#pragma once

#include <algorithm>
#include <cstddef>
#include <span>
#include <stdexcept>
#include <string>

#include "common/complex.hpp"
#include "common/sizes.hpp"

namespace course::ch04 {

inline constexpr const char* chapter = "04_threads";
// 2^26 points: 1 GiB of double data plus the same again in twiddles; above that use 05_mpi.
inline constexpr unsigned max_log2 = 26;

struct Range {
  std::size_t begin, end;
  std::size_t size() const { return end - begin; }
};

// Rank's share of [0, total) cut into `parts` nearly equal ranges. Cut points are rounded
// down to multiples of `align` so that two threads rarely write the same cache line (false
// sharing costs time, never correctness); the ranges always tile [0, total) exactly.
inline Range share(std::size_t total, int parts, int rank, std::size_t align = 1) {
  auto cut = [&](int r) {
    if (r >= parts) return total;
    const std::size_t c = total * static_cast<std::size_t>(r) / static_cast<std::size_t>(parts);
    return c / align * align;
  };
  return {cut(rank), cut(rank + 1)};
}

// The size rule of the chapter, checked before any thread starts or any memory is touched.
inline void require_size(std::size_t n) {
  require_power_of_two(chapter, n, max_log2, "01_dft takes any N >= 1 up to 2^13; 05_mpi spreads larger N over ranks");
}

// The clamp: a thread needs at least one butterfly per stage, so P is cut to N/2 (and to 1
// for N = 1). Asking for 0 threads is an error, not a request for "as many as you like".
inline int clamp_threads(std::size_t n, int requested) {
  if (requested < 1)
    throw std::invalid_argument(std::string(chapter) + ": threads = " + std::to_string(requested) + " refused: at least one thread is needed");
  const std::size_t most = std::max<std::size_t>(1, n / 2);
  return static_cast<int>(std::min<std::size_t>(static_cast<std::size_t>(requested), most));
}

// in and out hold one transform each; they may be the same array (in place), never overlap
// partly.
template <class T>
void require_buffers(std::span<const Complex<T>> in, std::span<Complex<T>> out, std::size_t n) {
  if (in.size() != n || out.size() != n)
    throw std::invalid_argument(std::string(chapter) + ": buffers of " + std::to_string(in.size()) + " and " +
                                std::to_string(out.size()) + " points given for a plan of N = " + std::to_string(n));
  const Complex<T>* a = in.data();
  const Complex<T>* b = out.data();
  if (a != b && a < b + n && b < a + n)
    throw std::invalid_argument(std::string(chapter) + ": in and out overlap partly; pass the same span for in place");
}

}  // namespace course::ch04
