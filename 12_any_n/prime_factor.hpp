// 12_any_n, the prime-factor algorithm (Good-Thomas) [Good1958, Thomas1963]: N = N1 N2 with
// gcd(N1, N2) = 1 as a true two-dimensional N1 x N2 transform, with no twiddles in between.
//
// Index the input by the Ruritanian map and the output by the Chinese remainder theorem:
//     n = (N2 n1 + N1 n2) mod N,            n1 < N1, n2 < N2
//     k = (e1 k1 + e2 k2) mod N,            e1 = N2 (N2^-1 mod N1),  e2 = N1 (N1^-1 mod N2)
// so that k = k1 mod N1 and k = k2 mod N2. Then n k = N2 n1 k + N1 n2 k (mod N), and
//     w(n k, N) = w(n1 k, N1) w(n2 k, N2) = w(n1 k1, N1) w(n2 k2, N2):
//     X[k] = sum_{n1} w(n1 k1, N1) sum_{n2} w(n2 k2, N2) x[n]
// N1 transforms of size N2, then N2 of size N1, and nothing between them: Cooley-Tukey's
// N = N1 N2 split (12's mixed radix, 09's four-step) multiplies by w(n1 k2, N) there.
//
// The plan gathers x by the input map into rows of N2 points, runs the N1 row transforms (12's
// Plan, batched), transposes, runs the N2 transforms of size N1, and scatters by the CRT map.
// Both maps step by a constant mod N along a row, so they are computed as the loops go (one
// addition and one compare per point), not stored.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <numeric>
#include <span>
#include <stdexcept>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "12_any_n/any_n.hpp"

namespace course::anyn {

// The prime-factor plan's limit: N <= 2^26 (two scratch buffers of N points besides in and out).
inline constexpr std::size_t max_prime_factor = std::size_t{1} << 26;

// a^-1 mod m for gcd(a, m) = 1, m >= 1 (extended Euclid); 0 when m = 1.
inline std::uint64_t inverse_mod(std::uint64_t a, std::uint64_t m) {
  std::int64_t r0 = static_cast<std::int64_t>(m), r1 = static_cast<std::int64_t>(a % m), t0 = 0, t1 = 1;
  while (r1 != 0) {
    const std::int64_t q = r0 / r1;
    std::tie(r0, r1) = std::make_pair(r1, r0 - q * r1);
    std::tie(t0, t1) = std::make_pair(t1, t0 - q * t1);
  }
  if (m == 1) return 0;
  return static_cast<std::uint64_t>(t0 < 0 ? t0 + static_cast<std::int64_t>(m) : t0);
}

// The prime powers of n, ascending by prime: 720 -> 16, 9, 5.
inline std::vector<std::size_t> prime_powers(std::size_t n) {
  std::vector<std::size_t> out;
  for (std::size_t p = 2; p * p <= n; ++p) {
    std::size_t q = 1;
    while (n % p == 0) { n /= p; q *= p; }
    if (q > 1) out.push_back(q);
  }
  if (n > 1) out.push_back(n);
  return out;
}

// The plan's own split when none is given: N1 = the largest prime power dividing N.
inline std::size_t default_first_factor(std::size_t n) {
  const auto pp = prime_powers(n);
  return pp.empty() ? 1 : *std::max_element(pp.begin(), pp.end());
}

template <class T>
class PrimeFactorPlan {
 public:
  explicit PrimeFactorPlan(std::size_t n) : PrimeFactorPlan(n, checked_default(n)) {}

  // N1 and N2 = N / N1 must be coprime and both at least 2.
  PrimeFactorPlan(std::size_t n, std::size_t n1) : n_(n), n1_(n1) {
    require(n, n1);
    n2_ = n / n1;
    first_ = std::make_unique<Plan<T>>(n1_);
    second_ = std::make_unique<Plan<T>>(n2_);
    e1_ = n2_ * inverse_mod(n2_ % n1_, n1_) % n_;
    e2_ = n1_ * inverse_mod(n1_ % n2_, n2_) % n_;
    a_.resize(n);
    b_.resize(n);
  }

  std::size_t size() const { return n_; }
  std::size_t first_factor() const { return n1_; }
  std::size_t second_factor() const { return n2_; }
  // "1000 = 125 * 8: prime factor (Good-Thomas), 125 transforms of 8 then 8 of 125"
  std::string describe() const {
    return std::to_string(n_) + " = " + std::to_string(n1_) + " * " + std::to_string(n2_) +
           ": prime factor (Good-Thomas), " + std::to_string(n1_) + " transforms of " + std::to_string(n2_) + " then " +
           std::to_string(n2_) + " of " + std::to_string(n1_);
  }

  // Where input n = (N2 n1 + N1 n2) mod N and output (k1, k2) = (e1 k1 + e2 k2) mod N land.
  std::size_t input_index(std::size_t i1, std::size_t i2) const { return (n2_ * i1 + n1_ * i2) % n_; }
  std::size_t output_index(std::size_t k1, std::size_t k2) const { return (e1_ * k1 + e2_ * k2) % n_; }

  // `batch` contiguous transforms of N points; in and out may be the same span. One thread at a time.
  void execute(std::span<const Complex<T>> in, std::span<Complex<T>> out, Direction dir, std::size_t batch = 1) const {
    require_batch(chapter, batch);
    if (in.size() != n_ * batch || out.size() != n_ * batch)
      throw std::invalid_argument(std::string(chapter) + ": spans of " + std::to_string(in.size()) + " and " +
                                  std::to_string(out.size()) + " points given to a prime-factor plan for N = " +
                                  std::to_string(n_) + " and batch = " + std::to_string(batch));
    for (std::size_t b = 0; b < batch; ++b) run(in.data() + b * n_, out.data() + b * n_, dir);
  }

 private:
  static std::size_t checked_default(std::size_t n) {
    if (n == 0) refuse_size(chapter, n, "an empty transform has no points", "");
    if (n > max_prime_factor)
      refuse_size(chapter, n, "above the prime-factor plan's limit of 2^26 = " + std::to_string(max_prime_factor) + " points", "");
    const std::size_t n1 = default_first_factor(n);
    if (n1 == n)
      refuse_size(chapter, n,
                  n == 1 ? std::string("one point has no split N = N1 N2 with N1, N2 >= 2")
                         : "a prime power has no split N = N1 N2 into coprime factors >= 2 (the prime-factor algorithm needs one)",
                  "course::anyn::Plan takes it");
    return n1;
  }

  static void require(std::size_t n, std::size_t n1) {
    if (n == 0) refuse_size(chapter, n, "an empty transform has no points", "");
    if (n > max_prime_factor)
      refuse_size(chapter, n, "above the prime-factor plan's limit of 2^26 = " + std::to_string(max_prime_factor) + " points", "");
    if (n1 < 2 || n % n1 != 0 || n / n1 < 2)
      refuse_size(chapter, n, "N1 = " + std::to_string(n1) + " is not a factor with N1 >= 2 and N2 = N / N1 >= 2", "");
    if (std::gcd(n1, n / n1) != 1)
      refuse_size(chapter, n, "N1 = " + std::to_string(n1) + " and N2 = " + std::to_string(n / n1) + " share the factor " +
                                  std::to_string(std::gcd(n1, n / n1)) + " (the prime-factor algorithm needs coprime factors)",
                  "course::anyn::Plan takes it");
  }

  void run(const Complex<T>* in, Complex<T>* out, Direction dir) const {
    Complex<T>* const a = a_.data();
    Complex<T>* const b = b_.data();
    // Gather: row i1 holds x[(N2 i1 + N1 i2) mod N], i2 < N2; along the row the index steps by N1.
    for (std::size_t i1 = 0; i1 < n1_; ++i1) {
      std::size_t j = n2_ * i1;  // < N
      Complex<T>* row = a + i1 * n2_;
      for (std::size_t i2 = 0; i2 < n2_; ++i2) {
        row[i2] = in[j];
        j += n1_;
        if (j >= n_) j -= n_;
      }
    }
    // N1 transforms of N2 points along the rows.
    second_->execute(std::span<const Complex<T>>(a, n_), std::span<Complex<T>>(a, n_), dir, n1_);
    // Transpose N1 x N2 -> N2 x N1, in tiles of 16 x 16.
    constexpr std::size_t tile = 16;
    for (std::size_t r0 = 0; r0 < n1_; r0 += tile)
      for (std::size_t c0 = 0; c0 < n2_; c0 += tile) {
        const std::size_t r1 = std::min(n1_, r0 + tile), c1 = std::min(n2_, c0 + tile);
        for (std::size_t r = r0; r < r1; ++r)
          for (std::size_t c = c0; c < c1; ++c) b[c * n1_ + r] = a[r * n2_ + c];
      }
    // N2 transforms of N1 points.
    first_->execute(std::span<const Complex<T>>(b, n_), std::span<Complex<T>>(b, n_), dir, n2_);
    // Scatter: row k2 holds X[(e1 k1 + e2 k2) mod N], k1 < N1; along the row the index steps by e1.
    for (std::size_t k2 = 0; k2 < n2_; ++k2) {
      std::size_t j = e2_ * k2 % n_;
      const Complex<T>* row = b + k2 * n1_;
      for (std::size_t k1 = 0; k1 < n1_; ++k1) {
        out[j] = row[k1];
        j += e1_;
        if (j >= n_) j -= n_;
      }
    }
  }

  std::size_t n_, n1_, n2_ = 0;
  std::size_t e1_ = 0, e2_ = 0;
  std::unique_ptr<Plan<T>> first_, second_;
  mutable std::vector<Complex<T>> a_, b_;
};

}  // namespace course::anyn
