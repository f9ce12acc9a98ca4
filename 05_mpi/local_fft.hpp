// The per-rank FFT every distributed variant calls: iterative in-place radix-2 Cooley-Tukey
// (decimation in time), natural order in and out, with one exact twiddle table per direction.
//
// Written here because chapter 03's iterative plan was not yet committed when this chapter was;
// it is the same algorithm (bit reversal, then log2 n stages of n/2 butterflies). The table is
// laid out so that stage h (butterfly span h) reads tw[h .. 2h-1] = w(j, 2h), j < h: contiguous,
// unit stride, and the whole table holds n - 1 values.
#pragma once

#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

#include "common/bit_reverse.hpp"
#include "common/complex.hpp"
#include "common/twiddle.hpp"

namespace course::mpi {

template <class T>
class LocalFft {
 public:
  explicit LocalFft(std::size_t n) : n_(n), fwd_(n > 1 ? n : 1), inv_(n > 1 ? n : 1) {
    const unsigned bits = log2_exact(n);
    for (std::size_t i = 0; i < n; ++i) {
      const std::size_t j = reverse_bits64(i, bits);
      if (i < j) swaps_.emplace_back(static_cast<std::uint32_t>(i), static_cast<std::uint32_t>(j));
    }
    for (std::size_t h = 1; h < n; h *= 2)
      for (std::size_t j = 0; j < h; ++j) {
        fwd_[h + j] = twiddle<T>(static_cast<std::int64_t>(j), static_cast<std::int64_t>(2 * h));
        inv_[h + j] = conj(fwd_[h + j]);
      }
  }

  std::size_t size() const { return n_; }

  void execute(Complex<T>* x, Direction dir) const {
    for (const auto& [i, j] : swaps_) std::swap(x[i], x[j]);
    const Complex<T>* tw = dir == Direction::forward ? fwd_.data() : inv_.data();
    if (n_ >= 2)  // span 1: every twiddle is 1, no multiply
      for (std::size_t b = 0; b < n_; b += 2) {
        const Complex<T> a = x[b], c = x[b + 1];
        x[b] = a + c;
        x[b + 1] = a - c;
      }
    for (std::size_t h = 2; h < n_; h *= 2) {
      const Complex<T>* w = tw + h;
      for (std::size_t base = 0; base < n_; base += 2 * h) {
        Complex<T>* top = x + base;
        Complex<T>* bot = top + h;
        for (std::size_t j = 0; j < h; ++j) {
          const Complex<T> a = top[j], b = bot[j] * w[j];
          top[j] = a + b;
          bot[j] = a - b;
        }
      }
    }
  }

  // `rows` contiguous transforms of size n: the batched local step of the transpose algorithm.
  void execute_rows(Complex<T>* x, std::size_t rows, Direction dir) const {
    for (std::size_t r = 0; r < rows; ++r) execute(x + r * n_, dir);
  }

 private:
  std::size_t n_;
  std::vector<std::pair<std::uint32_t, std::uint32_t>> swaps_;
  std::vector<Complex<T>> fwd_, inv_;
};

}  // namespace course::mpi
