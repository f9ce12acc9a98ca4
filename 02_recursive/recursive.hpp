// 02_recursive: divide and conquer, radix-2 decimation in time.
//
// X[k] = E[k] + w(k, N) O[k] and X[k + N/2] = E[k] - w(k, N) O[k], where E and O are the
// transforms of the even- and odd-indexed samples: two half-size problems and N/2 butterflies,
// so (N/2) log2 N butterflies in all instead of N^2 terms.
//
// v1 is the textbook recursion (new even/odd vectors at every call, exp() in every butterfly);
// v2 keeps the recursion and removes both costs: one scratch buffer allocated by the plan, and a
// twiddle table of N/2 entries computed once.
#pragma once

#include <cstddef>
#include <span>
#include <vector>

#include "common/complex.hpp"
#include "common/sizes.hpp"

namespace course::recursive {

inline constexpr const char* chapter = "02_recursive";
inline constexpr unsigned max_log2 = 26;

// Refuses N = 0, non-powers of two and N > 2^26 before any work; the message names 01_dft.
inline void require_size(std::size_t n) { require_power_of_two(chapter, n, max_log2); }

// v1: the textbook recursion, in place on x (it copies into vectors of its own).
template <class T>
void fft_textbook(std::span<Complex<T>> x, Direction dir);

// v1 with its exp() calls replaced by reads of a table w(k, N), k < N/2 (twiddle_table(N, N/2)),
// the allocations kept: not a step of the lesson but the measurement that splits v1's time.
template <class T>
void fft_textbook_table(std::span<Complex<T>> x, Direction dir, std::span<const Complex<T>> table);

// v2: the recursion with a plan: the twiddle table w(k, N), k < N/2, and one scratch buffer.
// execute() writes the scratch buffer, so a plan serves one thread at a time.
template <class T>
class RecursivePlan {
 public:
  explicit RecursivePlan(std::size_t n);
  std::size_t size() const { return n_; }
  void execute(std::span<Complex<T>> x, Direction dir);

 private:
  template <Direction dir>
  void recurse(const Complex<T>* in, std::size_t stride, Complex<T>* out, std::size_t m) const;

  std::size_t n_;
  std::vector<Complex<T>> twiddles_;
  std::vector<Complex<T>> scratch_;
};

extern template class RecursivePlan<float>;
extern template class RecursivePlan<double>;

}  // namespace course::recursive
