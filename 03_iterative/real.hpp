// 03_iterative, real input: R2C and C2R by packing N reals into M = N/2 complex values, on v3's
// plan (Radix4Plan with the tiled permutation) of M points. The derivation is 10_2d_real's
// (its README, "Part 2: real transforms by packing"); in its notation, with Z = F_M z:
//     R2C:  E_k = (Z_k + conj Z_{M-k}) / 2,  O_k = (Z_k - conj Z_{M-k}) / (2i),  X_k = E_k + w(k, N) O_k,  k = 0 .. M
//     C2R:  2 Z_k = (X_k + conj X_{M-k}) + i (X_k - conj X_{M-k}) conj w(k, N),  k < M,  then x = F_M^{-1}(2 Z)
// Bins k and M - k use the same two values, so the loops below take them as a pair, in place.
// Output as FFTW's r2c: N/2 + 1 bins; C2R is unnormalised (C2R(R2C(x)) = N x).
#pragma once

#include <array>
#include <cstddef>
#include <cstring>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

#include "03_iterative/radix4.hpp"

namespace course::iterative {

template <class T>
class RealPlan {
 public:
  // N = 2^k, k = 1 .. 26 (the complex plan has N/2 points); N = 1 is a copy.
  explicit RealPlan(std::size_t n) : n_(n), half_(half_size(n), Reversal::tiled) {
    const std::size_t m = n / 2;
    if (m >= 1) twiddles_ = twiddle_table<T>(n, m / 2 + 1);  // w(k, N), k <= M/2
    scratch_.resize(m);
  }

  std::size_t size() const { return n_; }
  std::size_t bins() const { return n_ / 2 + 1; }

  // out[k] = sum_j in[j] w(jk, N), k = 0 .. N/2. in and out must not overlap.
  void forward(std::span<const T> in, std::span<Complex<T>> out) const {
    check(in.size(), out.size());
    if (n_ == 1) {
      out[0] = Complex<T>(in[0], T(0));
      return;
    }
    const std::size_t m = n_ / 2;
    // z_n = x_{2n} + i x_{2n+1}: the same bytes, read as M complex values and written into the
    // first M bins already in bit-reversed order (one pass, where a copy and v3's in-place
    // permutation make two); then v3's stages.
    reversed_copy(in.data(), out.data(), m);
    stages<Direction::forward>(out.data());
    Complex<T>* const z = out.data();
    const Complex<T> z0 = z[0];
    z[0] = Complex<T>(z0.re + z0.im, T(0));
    z[m] = Complex<T>(z0.re - z0.im, T(0));
    const T half = T(0.5);
    for (std::size_t k = 1; 2 * k <= m; ++k) {
      const std::size_t j = m - k;  // k == j when 2k == m: the pair is one bin
      const Complex<T> a = z[k], b = conj(z[j]);
      const Complex<T> e = (a + b) * half, o = mul_neg_i(a - b) * half;  // O_k = (a - b) / (2i)
      // X_k = E_k + w^k O_k;  X_{M-k} = conj(E_k - w^k O_k) (E_{M-k} = conj E_k, w^{M-k} = -conj w^k).
      const Complex<T> t = twiddles_[k] * o;
      z[k] = e + t;
      z[j] = conj(e - t);
    }
  }

  // out[j] = sum_k X_k w(-jk, N) over all N bins (X_{N-k} = conj X_k). in is read, not written.
  void inverse(std::span<const Complex<T>> in, std::span<T> out) const {
    check(out.size(), in.size());
    if (n_ == 1) {
      out[0] = in[0].re;
      return;
    }
    const std::size_t m = n_ / 2;
    Complex<T>* const z = scratch_.data();
    // k = 0 pairs with M: X_0 and X_M are real.
    z[0] = Complex<T>(in[0].re + in[m].re, in[0].re - in[m].re);
    for (std::size_t k = 1; 2 * k <= m; ++k) {
      const std::size_t j = m - k;
      const Complex<T> a = in[k], b = conj(in[j]);
      const Complex<T> e = a + b, t = conj(twiddles_[k]) * (a - b);  // 2 E_k and 2 O_k
      z[k] = e + mul_pos_i(t);
      // 2 Z_{M-k} = conj(2 E_k) + i conj(2 O_k) (conj w^{M-k} = -w^k and X_{M-k} - conj X_k = -conj(a - b))
      z[j] = conj(e) + mul_pos_i(conj(t));
    }
    half_.execute(std::span<Complex<T>>(z, m), Direction::inverse);
    std::memcpy(out.data(), z, n_ * sizeof(T));
  }

  // dst[rev(j)] = (src[2j], src[2j + 1]), j < m: v3's tiled permutation (bit_reverse_tiled.hpp),
  // reading from src instead of swapping in place. Each tile is read once and written once.
  static void reversed_copy(const T* src, Complex<T>* dst, std::size_t m) {
    auto load = [src](std::size_t j) {
      Complex<T> v;
      std::memcpy(static_cast<void*>(&v), src + 2 * j, sizeof v);  // src is only T-aligned
      return v;
    };
    const unsigned bits = log2_exact(m);
    if (bits < 2 * tile_bits) {
      for (std::size_t j = 0; j < m; ++j) dst[reverse_bits64(j, bits)] = load(j);
      return;
    }
    constexpr std::size_t side = std::size_t{1} << tile_bits;
    std::array<unsigned char, side> rev_t{};
    for (unsigned i = 0; i < side; ++i) rev_t[i] = static_cast<unsigned char>(reverse_bits32(i, tile_bits));
    const unsigned b = bits - 2 * tile_bits;
    const std::size_t row_stride = std::size_t{1} << (b + tile_bits);
    Complex<T> tile[side][side];
    for (std::size_t t = 0; t < (std::size_t{1} << b); ++t) {
      // dst's tile t receives src's tile rev(t), transposed with rows and columns reversed.
      const std::size_t from = reverse_bits64(t, b) << tile_bits;
      for (std::size_t hi = 0; hi < side; ++hi)
        for (std::size_t lo = 0; lo < side; ++lo) tile[hi][lo] = load(from + hi * row_stride + lo);
      Complex<T>* const to = dst + (t << tile_bits);
      for (std::size_t hi = 0; hi < side; ++hi)
        for (std::size_t lo = 0; lo < side; ++lo) to[hi * row_stride + lo] = tile[rev_t[lo]][rev_t[hi]];
    }
  }

  // v3's stages on data already in bit-reversed order (Radix4Plan::execute without its permutation).
  template <Direction dir>
  void stages(Complex<T>* x) const {
    const std::size_t m = n_ / 2;
    const std::span<Complex<T>> z(x, m);
    if (half_.leading_radix2()) radix2_stage<dir, T>(z, {}, 1, 0, m / 2);
    for (unsigned s = 0; s < half_.radix4_stages(); ++s)
      radix4_stage<dir, T>(z, half_.stage_twiddles(s), half_.stage_quarter(s), 0, m / 4);
  }

 private:
  // Refuses N before the complex plan is made, so the message names N, not N/2.
  static std::size_t half_size(std::size_t n) {
    require_size(n);
    return n >= 2 ? n / 2 : 1;
  }

  void check(std::size_t reals, std::size_t bins_given) const {
    if (reals != n_ || bins_given != n_ / 2 + 1)
      throw std::invalid_argument(std::string(chapter) + ": " + std::to_string(reals) + " reals and " +
                                  std::to_string(bins_given) + " bins given to a real plan for N = " + std::to_string(n_) +
                                  " (it takes " + std::to_string(n_) + " reals and " + std::to_string(n_ / 2 + 1) + " bins)");
  }

  std::size_t n_;
  Radix4Plan<T> half_;
  std::vector<Complex<T>> twiddles_;
  mutable std::vector<Complex<T>> scratch_;
};

}  // namespace course::iterative
