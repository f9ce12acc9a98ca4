// Counting the real operations an FFT does, by running the same code on numbers that count.
//
// Counted<T> is a real number whose +, - and * each add one to a tally; negation is free (a
// sign flip, as the operation counts in the literature take it). CountedComplex<T> is a complex
// number made of two of them, with the same operations as common/complex.hpp's Complex<T>
// (a general product costs 4 multiplications and 2 additions; times -i or +i is a swap and a
// sign, free). The split-radix transforms of 02 and 03 are templates over their element type,
// so the tests run the very code the plans run on these types and compare the tally with
//     4 N log2 N - 6 N + 8 real operations (N >= 2)      [Yavne1968, DuhamelHollmann1984]
// Header only: 03's tests use it too.
#pragma once

#include <cstddef>
#include <cstdint>

namespace course::opcount {

struct Tally {
  std::uint64_t adds = 0, muls = 0;
  std::uint64_t total() const { return adds + muls; }
};

// One tally per thread; reset() before a counted run.
inline thread_local Tally tally;
inline void reset() { tally = Tally{}; }

template <class T>
struct Counted {
  T v{};
  constexpr Counted() = default;
  constexpr Counted(T x) : v(x) {}
  friend Counted operator+(Counted a, Counted b) { ++tally.adds; return a.v + b.v; }
  friend Counted operator-(Counted a, Counted b) { ++tally.adds; return a.v - b.v; }
  friend Counted operator*(Counted a, Counted b) { ++tally.muls; return a.v * b.v; }
  friend Counted operator-(Counted a) { return -a.v; }
};

template <class T>
struct CountedComplex {
  using value_type = Counted<T>;
  Counted<T> re, im;
  constexpr CountedComplex() = default;
  constexpr CountedComplex(Counted<T> r, Counted<T> i) : re(r), im(i) {}
  friend CountedComplex operator+(CountedComplex a, CountedComplex b) { return {a.re + b.re, a.im + b.im}; }
  friend CountedComplex operator-(CountedComplex a, CountedComplex b) { return {a.re - b.re, a.im - b.im}; }
  friend CountedComplex operator*(CountedComplex a, CountedComplex b) {
    return {a.re * b.re - a.im * b.im, a.re * b.im + a.im * b.re};
  }
};

template <class T> CountedComplex<T> conj(CountedComplex<T> z) { return {z.re, -z.im}; }
template <class T> CountedComplex<T> mul_neg_i(CountedComplex<T> z) { return {z.im, -z.re}; }
template <class T> CountedComplex<T> mul_pos_i(CountedComplex<T> z) { return {-z.im, z.re}; }

// The formula: 4 N log2 N - 6 N + 8 for N >= 2, 0 for N = 1 (N a power of two).
inline std::uint64_t split_radix_ops(std::size_t n) {
  if (n < 2) return 0;
  unsigned log2n = 0;
  while ((std::size_t{1} << log2n) < n) ++log2n;
  return 4 * std::uint64_t(n) * log2n - 6 * std::uint64_t(n) + 8;
}

}  // namespace course::opcount
