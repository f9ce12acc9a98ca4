// 03_iterative v1: in place, bottom up, radix-2.
//
// The recursion of 02 is unrolled: first the input is put in bit-reversed order (the order in
// which 02's recursion would reach the leaves), then log2 N stages of butterflies combine pairs
// of transforms of size `half` into transforms of size 2*half, in place. Stage s (half = 2^s)
// reads its own twiddle table w(j, 2 half), j < half, contiguously.
//
// The pieces are free functions over index ranges so that 04_threads (split a stage's
// butterflies among threads) and 05_mpi (run the stages that are local to a rank) reuse them.
#pragma once

#include <algorithm>
#include <cstddef>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

#include "common/bit_reverse.hpp"
#include "common/complex.hpp"
#include "common/sizes.hpp"
#include "common/twiddle.hpp"

namespace course::iterative {

inline constexpr const char* chapter = "03_iterative";
inline constexpr unsigned max_log2 = 26;

// Refuses N = 0, non-powers of two and N > 2^26 before any work; the message names 01_dft.
inline void require_size(std::size_t n) { require_power_of_two(chapter, n, max_log2); }

// Where a plan's twiddles come from: from the index (one rounding each, the course default),
// or by the recurrence w_{j+1} = w_j * w_1 inside each stage (kept to measure its drift).
enum class TwiddleSource { index, recurrence };

// The tables hold forward twiddles; the inverse transform reads them conjugated.
template <Direction dir, class T>
inline Complex<T> oriented(Complex<T> w) {
  if constexpr (dir == Direction::inverse) return conj(w);
  else return w;
}

// Butterflies [begin, end) of one radix-2 stage (0 <= begin <= end <= N/2). Butterfly b pairs
// x[top] and x[top + half] with top = (b / half) * 2 half + b % half and twiddle w[b % half].
// Disjoint ranges touch disjoint elements, so threads may run disjoint ranges concurrently.
template <Direction dir, class T>
void radix2_stage(std::span<Complex<T>> x, std::span<const Complex<T>> w, std::size_t half, std::size_t begin,
                  std::size_t end) {
  Complex<T>* const data = x.data();
  const Complex<T>* const tw = w.data();
  if (half == 1) {  // the first stage: w = 1, no multiplication
    for (std::size_t b = begin; b < end; ++b) {
      const Complex<T> u = data[2 * b], v = data[2 * b + 1];
      data[2 * b] = u + v;
      data[2 * b + 1] = u - v;
    }
    return;
  }
  // half is a power of two: shift and mask, not a division per block (which costs tens of
  // cycles, more than the two butterflies of a block when half = 2).
  const unsigned shift = log2_exact(half);
  std::size_t b = begin;
  while (b < end) {
    const std::size_t j0 = b & (half - 1);
    const std::size_t j1 = std::min(half, j0 + (end - b));
    Complex<T>* const top = data + ((b >> shift) << (shift + 1));
    Complex<T>* const bottom = top + half;
    for (std::size_t j = j0; j < j1; ++j) {
      const Complex<T> t = oriented<dir>(tw[j]) * bottom[j];
      bottom[j] = top[j] - t;
      top[j] = top[j] + t;
    }
    b += j1 - j0;
  }
}

// The bit-reversal permutation restricted to indices [begin, end): each pair (i, rev(i)) is
// swapped by the range holding the smaller index, so disjoint ranges may run concurrently.
template <class T>
void bit_reverse_range(std::span<Complex<T>> x, std::size_t begin, std::size_t end) {
  const unsigned bits = log2_exact(x.size());
  for (std::size_t i = begin; i < end; ++i) {
    const std::size_t j = reverse_bits64(i, bits);
    if (i < j) std::swap(x[i], x[j]);
  }
}

// A radix-2 plan: the per-stage twiddle tables for one size, built once, used by every execute.
template <class T>
class Radix2Plan {
 public:
  explicit Radix2Plan(std::size_t n, TwiddleSource source = TwiddleSource::index) : n_(n) {
    require_size(n);
    stages_ = log2_exact(n);
    // Stage s reads w(j, 2^(s+1)) for j < 2^s, stored at offset 2^s - 1: N - 1 entries in all.
    table_.resize(n > 1 ? n - 1 : 0);
    for (unsigned s = 0; s < stages_; ++s) {
      const std::size_t half = std::size_t{1} << s;
      Complex<T>* stage = table_.data() + half - 1;
      if (source == TwiddleSource::index) {
        // w(j, 2 half) = w(j N / (2 half), N): every stage reads the last stage's table at a stride,
        // the same values as computing each one from its index, at N/2 evaluations in all.
        if (s + 1 == stages_) {
          const auto w = twiddle_table<T>(n, n / 2);
          std::copy(w.begin(), w.end(), stage);
        }
      } else {
        const auto w = twiddle_table_by_recurrence<T>(2 * half, half);
        std::copy(w.begin(), w.end(), stage);
      }
    }
    if (source == TwiddleSource::index && stages_ > 1) {
      const Complex<T>* last = table_.data() + n / 2 - 1;
      for (unsigned s = 0; s + 1 < stages_; ++s) {
        const std::size_t half = std::size_t{1} << s, step = (n / 2) / half;
        for (std::size_t j = 0; j < half; ++j) table_[half - 1 + j] = last[j * step];
      }
    }
  }

  std::size_t size() const { return n_; }
  unsigned stages() const { return stages_; }
  // Stage s (half = 2^s) reads w(j, 2^(s+1)), j = 0 .. 2^s - 1.
  std::span<const Complex<T>> stage_twiddles(unsigned s) const {
    const std::size_t half = std::size_t{1} << s;
    return {table_.data() + half - 1, half};
  }

  // In place; the plan is not modified, so one plan may serve several threads.
  // noinline: one call per transform, and a function of its own for profilers to count
  // (03_iterative/callgrind_03.py counts instructions inside execute()).
  [[gnu::noinline]] void execute(std::span<Complex<T>> x, Direction dir) const {
    check_span(x);
    if (dir == Direction::forward) run<Direction::forward>(x);
    else run<Direction::inverse>(x);
  }

  void check_span(std::span<const Complex<T>> x) const {
    if (x.size() != n_)
      throw std::invalid_argument(std::string(chapter) + ": span of " + std::to_string(x.size()) +
                                  " points given to a plan for N = " + std::to_string(n_));
  }

 private:
  template <Direction dir>
  void run(std::span<Complex<T>> x) const {
    bit_reverse_range(x, 0, n_);
    for (unsigned s = 0; s < stages_; ++s) radix2_stage<dir, T>(x, stage_twiddles(s), std::size_t{1} << s, 0, n_ / 2);
  }

  std::size_t n_;
  unsigned stages_ = 0;
  std::vector<Complex<T>> table_;
};

}  // namespace course::iterative
