// 02_recursive, split radix: the even samples by radix 2, the odd ones by radix 4 [Yavne1968,
// DuhamelHollmann1984].
//
// With U the DFT of size N/2 of x[2n], Z and Z' the DFTs of size N/4 of x[4n+1] and x[4n+3],
// w = w(1, N) and k < N/4:
//     a = w^k Z[k],  b = w^{3k} Z'[k]
//     X[k]          = U[k]        + (a + b)      X[k + N/2]  = U[k]        - (a + b)
//     X[k + N/4]    = U[k + N/4]  - i (a - b)    X[k + 3N/4] = U[k + N/4]  + i (a - b)
// (w^{N/4} = -i, w^{N/2} = -1, w^{3N/4} = +i). One L-shaped butterfly per k: two twiddle
// products where radix 2 spends four on the same outputs (its two stages), and none at k = 0; at
// k = N/8 the twiddles are (1 - i)/sqrt2 and (-1 - i)/sqrt2, 2 additions and 2 multiplications
// each. That gives 4 N log2 N - 6 N + 8 real operations (op_count.hpp) against radix 2's 5 N log2 N.
//
// The recursion and the L combination are templates over the element type C, so the op-count
// test runs them on counting numbers (op_count.hpp); the plan runs them on Complex<T>.
#pragma once

#include <cmath>
#include <cstddef>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

#include "02_recursive/recursive.hpp"
#include "common/twiddle.hpp"

namespace course::splitradix {

template <Direction dir, class C>
inline C orient(C w) {
  if constexpr (dir == Direction::inverse) return conj(w);
  else return w;
}

// z times w(N/8, N) (forward: (1 - i)/sqrt2) or its conjugate (inverse): 2 additions, 2
// multiplications by h = 1/sqrt2.
template <Direction dir, class C, class R>
inline C times_eighth(C z, R h) {
  if constexpr (dir == Direction::forward) return C((z.re + z.im) * h, (z.im - z.re) * h);
  else return C((z.re - z.im) * h, (z.re + z.im) * h);
}

// z times w(3N/8, N) (forward: (-1 - i)/sqrt2) or its conjugate: 2 additions, 2 multiplications.
template <Direction dir, class C, class R>
inline C times_three_eighths(C z, R h) {
  if constexpr (dir == Direction::forward) return C((z.im - z.re) * h, -((z.re + z.im) * h));
  else return C(-((z.re + z.im) * h), (z.re - z.im) * h);
}

template <Direction dir, class C>
inline C times_minus_i(C z) {  // -i forward, +i inverse
  if constexpr (dir == Direction::forward) return mul_neg_i(z);
  else return mul_pos_i(z);
}

// The L butterfly of decimation in time on out[k], out[k + q], out[k + 2q], out[k + 3q] (q = m/4),
// where out[0, 2q) holds U, out[2q, 3q) Z and out[3q, 4q) Z', given a = w^k Z[k], b = w^{3k} Z'[k].
template <Direction dir, class C>
inline void dit_l(C* out, std::size_t q, std::size_t k, C a, C b) {
  const C s = a + b, d = times_minus_i<dir>(a - b);
  const C u0 = out[k], u1 = out[k + q];
  out[k] = u0 + s;
  out[k + 2 * q] = u0 - s;
  out[k + q] = u1 + d;
  out[k + 3 * q] = u1 - d;
}

// The transform of size m of in[0], in[stride], ... into out[0 .. m); stride * m = N and
// table[j] = w(j, N) for j < 3N/4, so w(k, m) = table[k stride]. in and out must not overlap.
template <Direction dir, class C>
void split_radix_recurse(const C* in, std::size_t stride, C* out, std::size_t m, const C* table) {
  if (m == 1) {
    out[0] = in[0];
    return;
  }
  if (m == 2) {
    const C a = in[0], b = in[stride];
    out[0] = a + b;
    out[1] = a - b;
    return;
  }
  const std::size_t q = m / 4;
  split_radix_recurse<dir>(in, 2 * stride, out, 2 * q, table);                   // U: x[2n]
  split_radix_recurse<dir>(in + stride, 4 * stride, out + 2 * q, q, table);      // Z: x[4n + 1]
  split_radix_recurse<dir>(in + 3 * stride, 4 * stride, out + 3 * q, q, table);  // Z': x[4n + 3]
  C* const z1 = out + 2 * q;
  C* const z3 = out + 3 * q;
  dit_l<dir>(out, q, 0, z1[0], z3[0]);  // k = 0: both twiddles are 1
  if (m < 8) return;
  using R = decltype(C{}.re);
  const R h = R(std::sqrt(0.5L));
  const std::size_t e = q / 2;  // k = m/8
  for (std::size_t k = 1; k < e; ++k)
    dit_l<dir>(out, q, k, orient<dir>(table[k * stride]) * z1[k], orient<dir>(table[3 * k * stride]) * z3[k]);
  dit_l<dir>(out, q, e, times_eighth<dir>(z1[e], h), times_three_eighths<dir>(z3[e], h));
  for (std::size_t k = e + 1; k < q; ++k)
    dit_l<dir>(out, q, k, orient<dir>(table[k * stride]) * z1[k], orient<dir>(table[3 * k * stride]) * z3[k]);
}

// v3 of 02: the split-radix recursion with a plan (a table w(j, N), j < 3N/4, and a scratch
// buffer), in place on x like v2. One plan serves one thread at a time.
template <class T>
class SplitRadixPlan {
 public:
  explicit SplitRadixPlan(std::size_t n) : n_(n) {
    recursive::require_size(n);
    table_ = twiddle_table<T>(n, n >= 4 ? 3 * n / 4 : 1);
    scratch_.resize(n);
  }
  std::size_t size() const { return n_; }
  std::span<const Complex<T>> table() const { return table_; }

  void execute(std::span<Complex<T>> x, Direction dir) {
    if (x.size() != n_)
      throw std::invalid_argument(std::string(recursive::chapter) + ": span of " + std::to_string(x.size()) +
                                  " points given to a plan for N = " + std::to_string(n_));
    std::copy(x.begin(), x.end(), scratch_.begin());
    if (dir == Direction::forward) split_radix_recurse<Direction::forward>(scratch_.data(), 1, x.data(), n_, table_.data());
    else split_radix_recurse<Direction::inverse>(scratch_.data(), 1, x.data(), n_, table_.data());
  }

 private:
  std::size_t n_;
  std::vector<Complex<T>> table_;
  std::vector<Complex<T>> scratch_;
};

}  // namespace course::splitradix
