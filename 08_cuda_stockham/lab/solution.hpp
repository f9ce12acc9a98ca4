// What ./course lab 08 --solution grades: 08 v1's indices (stockham_radix2_butterfly in
// stockham_thread.hpp) written out as the lab's two functions.
#pragma once

#include <cstdint>

#include "common/complex.hpp"

namespace lab08 {
struct Read {
  std::uint64_t base, i;
};
FFT_HD inline Read read_of(std::uint64_t t, unsigned log2n) {
  return {(t >> (log2n - 1)) << log2n, t & ((std::uint64_t{1} << (log2n - 1)) - 1)};
}
FFT_HD inline std::uint64_t write_index(std::uint64_t i, unsigned log2s) {
  const std::uint64_t k = i & ((std::uint64_t{1} << log2s) - 1);
  return ((i - k) << 1) + k;
}
}  // namespace lab08
