// 12_any_n, mixed radix: Stockham autosort for N = 2^a 3^b 5^c 7^d.
//
// A stage of radix r turns transforms of length n at stride s into transforms of length n/r at
// stride s r. With m = n / r, for p < m and q < s:
//     a_j = x[q + s (p + j m)],  j < r                 (r inputs, m s apart)
//     y[q + s (r p + k)] = w(p k, n) * sum_j a_j w(j k, r),  k < r
// (decimation in frequency: the butterfly first, then the twiddle). The first stage has n = N,
// s = 1; the last n = r, s = N / r; the output then stands in natural order, so no
// permutation is needed, at the price of an out-of-place pass per stage (ping-pong between
// the output and a scratch buffer).
//
// Each stage's twiddles w(p k, n), k = 1 .. r-1, are stored p-major (r-1 per p), each computed
// from its index by common/twiddle.hpp (one rounding, never a recurrence), and kept packed for
// the multiply (PackedTwiddle below: twice the bytes, none of the shuffles).
#pragma once

#include <cstddef>
#include <cstring>
#include <span>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "12_any_n/factor.hpp"
#include "12_any_n/stage_cpu.hpp"
#include "common/twiddle.hpp"

namespace course::anyn {

template <Direction dir, class T>
inline Complex<T> oriented(Complex<T> w) {
  if constexpr (dir == Direction::inverse) return conj(w);
  else return w;
}

// A twiddle w = (c, s) prepared for the packed multiply below: (c, c) and (-s, s). Then
//     w z = (c, c) * (z.re, z.im) + (-s, s) * (z.im, z.re),
// two products of pairs, one swap and one add: what an SSE2 register of [re, im] does well. The
// textbook form (re*c - im*s, re*s + im*c) makes g++ build [re, re] and [im, im] copies of every
// value in the butterfly before it, which costs about twice the instructions.
template <class T>
struct PackedTwiddle {
  Complex<T> cc, ss;
};

template <Direction dir, class T>
inline PackedTwiddle<T> packed(Complex<T> w) {
  const Complex<T> v = oriented<dir>(w);
  return {{v.re, v.re}, {-v.im, v.im}};
}

// A table already packed (the plan's): the inverse's conjugate only flips the sign of (-s, s).
template <Direction dir, class T>
inline PackedTwiddle<T> packed(const PackedTwiddle<T>& w) {
  if constexpr (dir == Direction::inverse) return {w.cc, -w.ss};
  else return w;
}

template <class T>
inline Complex<T> operator*(Complex<T> z, const PackedTwiddle<T>& w) {
  return {z.re * w.cc.re + z.im * w.ss.re, z.im * w.cc.im + z.re * w.ss.im};
}

// One Stockham stage of radix R: x -> y (distinct buffers of n s = N points), twiddles tw
// ((R-1) m entries, p-major), each a Complex<T> or a PackedTwiddle<T>.
// flatten: every butterfly is inlined into every loop here. Without it g++ stops inlining at
// its function-growth limit and calls the radix-8 butterfly through memory in one of the three
// loops.
template <unsigned R, Direction dir, class T, class Twiddle>
[[gnu::flatten]] void stockham_stage(const Complex<T>* __restrict x, Complex<T>* __restrict y, std::size_t n,
                                     std::size_t s, const Twiddle* __restrict tw) {
  const std::size_t m = n / R;
  // p = 0: every twiddle is 1.
  for (std::size_t q = 0; q < s; ++q) {
    Complex<T> a[R];
    for (unsigned j = 0; j < R; ++j) a[j] = x[q + s * j * m];
    cpu_butterfly<R, dir>(a);
    for (unsigned k = 0; k < R; ++k) y[q + s * k] = a[k];
  }
  if (s == 1) {
    // The first stage: one butterfly per p. Its own loop, because the general one below would
    // set up an inner loop of length 1 (pointers, twiddle copies) for every butterfly.
    for (std::size_t p = 1; p < m; ++p) {
      Complex<T> a[R];
      for (unsigned j = 0; j < R; ++j) a[j] = x[p + j * m];
      cpu_butterfly<R, dir>(a);
      const Twiddle* w = tw + p * (R - 1);
      y[R * p] = a[0];
      for (unsigned k = 1; k < R; ++k) y[R * p + k] = a[k] * packed<dir>(w[k - 1]);
    }
    return;
  }
  for (std::size_t p = 1; p < m; ++p) {
    PackedTwiddle<T> w[R];
    for (unsigned k = 1; k < R; ++k) w[k] = packed<dir>(tw[p * (R - 1) + k - 1]);
    const Complex<T>* __restrict in = x + s * p;
    Complex<T>* __restrict out = y + s * R * p;
    for (std::size_t q = 0; q < s; ++q) {
      Complex<T> a[R];
      for (unsigned j = 0; j < R; ++j) a[j] = in[q + s * j * m];
      cpu_butterfly<R, dir>(a);
      out[q] = a[0];
      for (unsigned k = 1; k < R; ++k) out[q + s * k] = a[k] * w[k];
    }
  }
}

// The stages this CPU plan runs. factor.hpp's radices take the factor 2 as 8s (fewest passes);
// here that pays only when a buffer of N points is above 8 MiB, out of cache, where each pass
// costs a trip to memory. Below, the factor 2 runs as 4s (one 2 first when its power is odd):
// g++'s SSE2 code for the radix-8 butterfly costs more per factor 2 than radix 4's (NOTES.md,
// "radices").
template <class T>
std::vector<unsigned> cpu_radices(std::size_t n) {
  const std::vector<unsigned> fewest_passes = radices(n);
  if (n * sizeof(Complex<T>) > (std::size_t{8} << 20)) return fewest_passes;
  unsigned twos = 0;
  for (std::size_t rest = n; rest > 1 && rest % 2 == 0; rest /= 2) ++twos;
  std::vector<unsigned> r;
  if (twos % 2 == 1) r.push_back(2);
  for (unsigned i = 0; i < twos / 2; ++i) r.push_back(4);
  for (unsigned radix : fewest_passes)
    if (radix % 2 == 1) r.push_back(radix);  // the 3s, 5s and 7s, in factor.hpp's order
  return r;
}

template <class T>
class MixedRadixPlan {
 public:
  // stages: the radices to run, in order (tests and experiments; each 2, 3, 4, 5, 7 or 8, their
  // product N); empty: the plan's own choice, cpu_radices.
  explicit MixedRadixPlan(std::size_t n, std::vector<unsigned> stages = {}) : n_(n) {
    require_size(n);
    if (!is_smooth(n))
      refuse_size(chapter, n, "has a prime factor above 7 (mixed radix takes N = 2^a 3^b 5^c 7^d)",
                  "course::anyn::Plan sends it to Bluestein");
    radices_ = stages.empty() ? cpu_radices<T>(n) : std::move(stages);
    std::size_t product = 1;
    for (unsigned r : radices_) {
      if (r != 2 && r != 3 && r != 4 && r != 5 && r != 7 && r != 8)
        throw std::invalid_argument(std::string(chapter) + ": no butterfly for radix " + std::to_string(r));
      product *= r;
    }
    if (product != n)
      throw std::invalid_argument(std::string(chapter) + ": stage radices multiply to " + std::to_string(product) +
                                  ", not N = " + std::to_string(n));
    std::size_t len = n;
    for (unsigned r : radices_) {
      offsets_.push_back(table_.size());
      const std::size_t m = len / r;
      for (std::size_t p = 0; p < m; ++p)
        for (unsigned k = 1; k < r; ++k) {
          const auto w = twiddle<T>(static_cast<std::int64_t>(p * k), static_cast<std::int64_t>(len));
          table_.push_back(packed<Direction::forward>(w));
        }
      len = m;
    }
    scratch_.resize(radices_.empty() ? 0 : n);
  }

  std::size_t size() const { return n_; }
  const std::vector<unsigned>& stage_radices() const { return radices_; }
  std::size_t twiddle_count() const { return table_.size(); }

  // out = DFT(in); in and out may be the same span. Uses the plan's scratch buffer, so one plan
  // must not execute on two threads at once (make a plan per thread).
  void execute(std::span<const Complex<T>> in, std::span<Complex<T>> out, Direction dir) const {
    if (in.size() != n_ || out.size() != n_)
      throw std::invalid_argument(std::string(chapter) + ": spans of " + std::to_string(in.size()) + " and " +
                                  std::to_string(out.size()) + " points given to a plan for N = " + std::to_string(n_));
    if (dir == Direction::forward) run<Direction::forward>(in.data(), out.data());
    else run<Direction::inverse>(in.data(), out.data());
  }

 private:
  template <Direction dir>
  void run(const Complex<T>* in, Complex<T>* out) const {
    const std::size_t stages = radices_.size();
    if (stages == 0) {  // N = 1
      out[0] = in[0];
      return;
    }
    Complex<T>* scratch = scratch_.data();
    // Stage i writes to out when (stages - 1 - i) is even, so the last lands in out. In place
    // with an odd count, stage 0 would overwrite its own input: run the stages scratch-first
    // and copy once at the end.
    const bool aliased = in == out;
    const bool copy_back = aliased && stages % 2 == 1;
    const Complex<T>* src = in;
    std::size_t len = n_, stride = 1;
    for (std::size_t i = 0; i < stages; ++i) {
      Complex<T>* dst = copy_back ? (i % 2 == 0 ? scratch : out) : ((stages - 1 - i) % 2 == 0 ? out : scratch);
      const PackedTwiddle<T>* tw = table_.data() + offsets_[i];
      switch (radices_[i]) {
        case 2: stockham_stage<2, dir, T>(src, dst, len, stride, tw); break;
        case 3: stockham_stage<3, dir, T>(src, dst, len, stride, tw); break;
        case 4: stockham_stage<4, dir, T>(src, dst, len, stride, tw); break;
        case 5: stockham_stage<5, dir, T>(src, dst, len, stride, tw); break;
        case 7: stockham_stage<7, dir, T>(src, dst, len, stride, tw); break;
        default: stockham_stage<8, dir, T>(src, dst, len, stride, tw); break;
      }
      src = dst;
      len /= radices_[i];
      stride *= radices_[i];
    }
    if (copy_back) std::memcpy(static_cast<void*>(out), scratch, n_ * sizeof(Complex<T>));
  }

  std::size_t n_;
  std::vector<unsigned> radices_;
  std::vector<std::size_t> offsets_;
  std::vector<PackedTwiddle<T>> table_;
  mutable std::vector<Complex<T>> scratch_;
};

}  // namespace course::anyn
