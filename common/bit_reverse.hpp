// Bit reversal: the index permutation of in-place radix-2 Cooley-Tukey.
// reverse_bits(i, bits) maps i = (b_{bits-1} ... b_1 b_0) to (b_0 b_1 ... b_{bits-1}).
// On the device it is one instruction (__brev / __brevll) and a shift.
#pragma once

#include <cstdint>
#include <span>
#include <stdexcept>
#include <string>
#include <utility>

#include "common/complex.hpp"

namespace course {

FFT_HD constexpr std::uint32_t reverse_bits32(std::uint32_t x, unsigned bits) {
  if (bits == 0) return 0;  // a shift by 32 is undefined
#if defined(__CUDA_ARCH__)
  return __brev(x) >> (32 - bits);
#else
  x = ((x >> 1) & 0x55555555u) | ((x & 0x55555555u) << 1);
  x = ((x >> 2) & 0x33333333u) | ((x & 0x33333333u) << 2);
  x = ((x >> 4) & 0x0F0F0F0Fu) | ((x & 0x0F0F0F0Fu) << 4);
  x = ((x >> 8) & 0x00FF00FFu) | ((x & 0x00FF00FFu) << 8);
  x = (x >> 16) | (x << 16);
  return x >> (32 - bits);
#endif
}

FFT_HD constexpr std::uint64_t reverse_bits64(std::uint64_t x, unsigned bits) {
  if (bits == 0) return 0;
#if defined(__CUDA_ARCH__)
  return __brevll(x) >> (64 - bits);
#else
  const std::uint64_t lo = reverse_bits32(static_cast<std::uint32_t>(x), 32);
  const std::uint64_t hi = reverse_bits32(static_cast<std::uint32_t>(x >> 32), 32);
  return ((lo << 32) | hi) >> (64 - bits);
#endif
}

// log2 of a power of two (n = 2^k, k >= 0); callers check is_power_of_two first.
FFT_HD constexpr unsigned log2_exact(std::uint64_t n) {
  unsigned k = 0;
  while ((std::uint64_t{1} << k) < n) ++k;
  return k;
}

FFT_HD constexpr bool is_power_of_two(std::uint64_t n) { return n != 0 && (n & (n - 1)) == 0; }

// In-place bit-reversal permutation of x (size a power of two): swap each pair once.
template <class T>
void bit_reverse_permute(std::span<Complex<T>> x) {
  const std::size_t n = x.size();
  if (!is_power_of_two(n)) {
    throw std::invalid_argument("bit_reverse_permute: size " + std::to_string(n) + " is not a power of two");
  }
  const unsigned bits = log2_exact(n);
  for (std::size_t i = 0; i < n; ++i) {
    const std::size_t j = reverse_bits64(i, bits);
    if (i < j) std::swap(x[i], x[j]);
  }
}

}  // namespace course
