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
#include <cstdint>
#include <cstring>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

#include "03_iterative/packed.hpp"
#include "03_iterative/radix4.hpp"

namespace course::iterative {

// Above this many points of the half-size plan (8 MiB in double, beyond a core's L2 on the
// course's CPUs), R2C reads the reals with v3's tiled copy instead of the 16-point leaf pass.
inline constexpr std::size_t kLeafGatherMostPoints = std::size_t{1} << 19;

template <class T>
class RealPlan {
 public:
  // N = 2^k, k = 1 .. 26 (the complex plan has N/2 points); N = 1 is a copy.
  explicit RealPlan(std::size_t n) : n_(n), half_(half_size(n), Reversal::tiled) {
    const std::size_t m = n / 2;
    if (m >= 1) twiddles_ = twiddle_table<T>(n, m / 2 + 1);  // w(k, N), k <= M/2
    half_w_ = twiddles_;
    for (auto& w : half_w_) w = w * T(0.5);  // exact: a power of two
    // v3's stage tables again, each twiddle w as the pair (re w, re w), (-im w, im w), the three
    // of a butterfly side by side: a product b w is then two multiplications of pairs and one
    // swap, where (re w, im w) needs two more shuffles.
    for (unsigned s = 0; s < half_.radix4_stages(); ++s) {
      const std::size_t q = half_.stage_quarter(s);
      const auto w = half_.stage_twiddles(s);
      wide_offsets_.push_back(wide_.size());
      for (std::size_t j = 0; j < q; ++j)
        for (std::size_t r = 0; r < 3; ++r) {
          const Complex<T> v = w[r * q + j];
          wide_.push_back(Complex<T>(v.re, v.re));
          wide_.push_back(Complex<T>(-v.im, v.im));
        }
    }
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
    Complex<T>* const z = out.data();
    if (m < 16) {  // N < 32: the plain order of work (copy, stages, then the pass)
      reversed_copy(in.data(), z, m);
      stages<Direction::forward>(z);
      separate(z, m);
      return;
    }
    // z_n = x_{2n} + i x_{2n+1}: the same bytes, read as M complex values straight into
    // bit-reversed order, and the first stages (8 or 16 points, in registers) done on the way;
    // then v3's middle stages; the last radix-4 stage makes the bins and separates them at once.
    if (half_.leading_radix2()) {
      leaf_pass<8, Direction::forward>(in.data(), z, m);
    } else if (m < kLeafGatherMostPoints) {
      leaf_pass<16, Direction::forward>(in.data(), z, m);
    } else {
      // Out of cache, the leaf's two tiles a step, 16 rows half an array apart, cost more than
      // v3's tiled copy and a pass of the same two stages (the same bits; 03 NOTES).
      reversed_copy(in.data(), z, m);
      middle_stages<Direction::forward>(z, m, 0, 2);
    }
    const unsigned first = half_.leading_radix2() ? 1 : 2, count = half_.radix4_stages();
    middle_stages<Direction::forward>(z, m, first, count - 1);
    if (first < count) last_stage_separate(z, m, wide(count - 1));
    else separate(z, m);
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
    // x_{2n} + i x_{2n+1} = z_n: where out is aligned for Complex<T>, the inverse FFT of the M
    // values reads them from the scratch into out in bit-reversed order, with the first stages on
    // the way (as R2C), and ends in place there; otherwise v3 runs on the scratch and out gets a copy.
    if (m < 16 || reinterpret_cast<std::uintptr_t>(out.data()) % alignof(Complex<T>) != 0) {
      half_.execute(std::span<Complex<T>>(z, m), Direction::inverse);
      std::memcpy(out.data(), z, n_ * sizeof(T));
      return;
    }
    Complex<T>* const y = reinterpret_cast<Complex<T>*>(out.data());
    const T* const from = reinterpret_cast<const T*>(z);
    if (half_.leading_radix2()) leaf_pass<8, Direction::inverse>(from, y, m);
    else leaf_pass<16, Direction::inverse>(from, y, m);
    middle_stages<Direction::inverse>(y, m, half_.leading_radix2() ? 1 : 2, half_.radix4_stages());
  }

  // The separation pass alone (10's formulas): bins k and M - k from Z_k and Z_{M-k}, in place.
  void separate(Complex<T>* z, std::size_t m) const {
    const Complex<T> z0 = z[0];
    z[0] = Complex<T>(z0.re + z0.im, T(0));
    z[m] = Complex<T>(z0.re - z0.im, T(0));
    for (std::size_t k = 1; 2 * k <= m; ++k) {  // k == M - k: one bin
      Packed<T> a = load_packed(z + k), b = load_packed(z + m - k);
      separate_pair(a, b, k);
      store_packed(z + k, a);
      store_packed(z + m - k, b);
    }
  }

  // X_k = E_k + w^k O_k and X_{M-k} = conj(E_k - w^k O_k) (E_{M-k} = conj E_k, w^{M-k} = -conj w^k),
  // with E_k = (a + b) / 2, O_k = (a - b) / (2i), a = Z_k, b = conj Z_{M-k}; half_w_[k] = w(k, N) / 2.
  inline void separate_pair(Packed<T>& zk, Packed<T>& zj, std::size_t k) const {
    const Packed<T> a = zk, b = conj_packed(zj);
    const Packed<T> e = (a + b) * T(0.5), t = times(load_packed(&half_w_[k]), quarter_turn<Direction::forward>(a - b));
    zk = e + t;
    zj = conj_packed(e - t);
  }

  // v3's last radix-4 stage (q = M/4) fused with the separation. Butterfly j makes Z_j, Z_{q+j},
  // Z_{2q+j}, Z_{3q+j}, butterfly q - j their partners Z_{4q-j}, Z_{3q-j}, Z_{2q-j}, Z_{q-j}: the
  // two together close four pairs (k, M - k), so the bins are written once, in registers.
  void last_stage_separate(Complex<T>* z, std::size_t m, const Complex<T>* w) const {
    const std::size_t q = m / 4;
    auto butterfly = [&](std::size_t j, Packed<T>* y) {
      for (std::size_t r = 0; r < 4; ++r) y[r] = load_packed(z + j + r * q);
      dit4w<Direction::forward>(y, w + 6 * j);
    };
    Packed<T> a[4], b[4];
    butterfly(0, a);  // Z_0, Z_q, Z_2q (its own partner), Z_3q
    z[0] = Complex<T>(a[0][0] + a[0][1], T(0));
    z[m] = Complex<T>(a[0][0] - a[0][1], T(0));
    separate_pair(a[1], a[3], q);
    separate_pair(a[2], a[2], 2 * q);
    for (std::size_t r = 1; r < 4; ++r) store_packed(z + r * q, a[r]);
    for (std::size_t j = 1; 2 * j < q; ++j) {
      const std::size_t i = q - j;
      butterfly(j, a);
      butterfly(i, b);
      separate_pair(a[0], b[3], j);      // (j, 4q - j)
      separate_pair(a[1], b[2], q + j);  // (q + j, 3q - j)
      separate_pair(b[1], a[2], i + q);  // (2q - j, 2q + j)
      separate_pair(b[0], a[3], i);      // (q - j, 3q + j)
      for (std::size_t r = 0; r < 4; ++r) {
        store_packed(z + j + r * q, a[r]);
        store_packed(z + i + r * q, b[r]);
      }
    }
    if (q >= 2) {  // j = q/2 is its own partner: pairs (q/2, 7q/2) and (3q/2, 5q/2)
      const std::size_t j = q / 2;
      butterfly(j, a);
      separate_pair(a[0], a[3], j);
      separate_pair(a[1], a[2], q + j);
      for (std::size_t r = 0; r < 4; ++r) store_packed(z + j + r * q, a[r]);
    }
  }

  // v3's radix-4 stages [s0, s1), two at a time: stages s and s + 1 (quarters q and 4q) on the
  // 16 points j + r q (r < 16) of a block of 16 q, in registers, so the data is read and written
  // once for two stages; the other stages one at a time, as v3's radix4_stage.
  template <Direction dir>
  void middle_stages(Complex<T>* z, std::size_t m, unsigned s0, unsigned s1) const {
    unsigned s = s0;
    // Only while a block of 16 q points fits in L1 (q <= 64): beyond, the 16 streams q apart
    // fall into the same cache sets and the pair ran 1.2-1.4x slower than two single stages.
    for (; s + 1 < s1 && half_.stage_quarter(s) <= 64; s += 2) {
      const std::size_t q = half_.stage_quarter(s);
      const Complex<T>* const wa = wide(s);
      const Complex<T>* const wb = wide(s + 1);
      for (std::size_t base = 0; base < m; base += 16 * q) {
        Complex<T>* const p = z + base;
        for (std::size_t j = 0; j < q; ++j) {
          Packed<T> v[16];
          for (std::size_t r = 0; r < 16; ++r) v[r] = load_packed(p + j + r * q);
          for (std::size_t g = 0; g < 4; ++g) dit4w<dir>(v + 4 * g, wa + 6 * j);
          for (std::size_t t = 0; t < 4; ++t) {
            const std::size_t i = t * q + j;  // the butterfly of stage s + 1 (quarter 4q)
            Packed<T> y[4] = {v[t], v[4 + t], v[8 + t], v[12 + t]};
            dit4w<dir>(y, wb + 6 * i);
            for (std::size_t r = 0; r < 4; ++r) store_packed(p + i + r * 4 * q, y[r]);
          }
        }
      }
    }
    for (; s < s1; ++s) {
      const std::size_t q = half_.stage_quarter(s);
      const Complex<T>* const w = wide(s);
      for (std::size_t base = 0; base < m; base += 4 * q)
        for (std::size_t j = 0; j < q; ++j) {
          Packed<T> y[4];
          for (std::size_t r = 0; r < 4; ++r) y[r] = load_packed(z + base + j + r * q);
          dit4w<dir>(y, w + 6 * j);
          for (std::size_t r = 0; r < 4; ++r) store_packed(z + base + j + r * q, y[r]);
        }
    }
  }

  const Complex<T>* wide(unsigned s) const { return wide_.data() + wide_offsets_[s]; }

  // b w from the pair form of w, (re w, re w) and (-im w, im w): b (re w) + swap(b) (-im w, im w),
  // two multiplications of pairs and a swap (forward); b conj(w) (inverse).
  template <Direction dir>
  static inline Packed<T> mulw(Packed<T> b, const Complex<T>* w) {
    if constexpr (dir == Direction::forward) return b * load_packed(w) + swap_lanes(b) * load_packed(w + 1);
    else return b * load_packed(w) - swap_lanes(b) * load_packed(w + 1);
  }

  // One radix-4 DIT butterfly on y[0..3] (radix4_stage's, y[1] holding residue 2, y[2] residue
  // 1), its three twiddles in pair form side by side: w[0 .. 6).
  template <Direction dir>
  static inline void dit4w(Packed<T>* y, const Complex<T>* w) {
    dit4_sums<dir>(y, y[0], mulw<dir>(y[2], w), mulw<dir>(y[1], w + 2), mulw<dir>(y[3], w + 4));
  }
  template <Direction dir>
  static inline void dit4_sums(Packed<T>* y, Packed<T> t0, Packed<T> t1, Packed<T> t2, Packed<T> t3) {
    const Packed<T> s02 = t0 + t2, d02 = t0 - t2, s13 = t1 + t3;
    const Packed<T> r13 = quarter_turn<dir>(t1 - t3);
    y[0] = s02 + s13;
    y[1] = d02 + r13;
    y[2] = s02 - s13;
    y[3] = d02 - r13;
  }

  // The first stages of v3 on L = 8 points (radix 2, then radix 4 with q = 2) or L = 16 (radix 4
  // with q = 1, then q = 4), in registers; v holds the L points in bit-reversed order.
  template <std::size_t L, Direction dir>
  void leaf(Packed<T>* v) const {
    const Complex<T>* const w = wide(L == 8 ? 0 : 1);
    if constexpr (L == 8) {
      for (std::size_t i = 0; i < 8; i += 2) {
        const Packed<T> u = v[i], x = v[i + 1];
        v[i] = u + x;
        v[i + 1] = u - x;
      }
    } else {
      for (std::size_t i = 0; i < 16; i += 4) dit4_sums<dir>(v + i, v[i], v[i + 2], v[i + 1], v[i + 3]);
    }
    constexpr std::size_t q = L / 4;
    for (std::size_t j = 0; j < q; ++j) {
      Packed<T> y[4] = {v[j], v[j + q], v[j + 2 * q], v[j + 3 * q]};
      if (j == 0) dit4_sums<dir>(y, y[0], y[2], y[1], y[3]);
      else dit4w<dir>(y, w + 6 * j);
      for (std::size_t r = 0; r < 4; ++r) v[j + r * q] = y[r];
    }
  }

  // dst[j] = leaf of (src[2 rev(j)], src[2 rev(j) + 1]) over each L contiguous j: the reads into
  // bit-reversed order and the first stages in one pass. Up to 2^13 points (in L1/L2) each leaf
  // gathers its L points at the stride M/L; beyond, v3's tiles (8 x 8) are read whole, one or two
  // at a time, and every L-point run of the output is made from them.
  template <std::size_t L, Direction dir>
  void leaf_pass(const T* src, Complex<T>* dst, std::size_t m) const {
    constexpr unsigned lb = L == 8 ? 3 : 4;
    constexpr auto rev_l = [] {
      std::array<unsigned char, L> r{};
      for (unsigned i = 0; i < L; ++i) r[i] = static_cast<unsigned char>(reverse_bits32(i, lb));
      return r;
    }();
    auto load = [src](std::size_t j) { return load_packed(src + 2 * j); };
    const unsigned bits = log2_exact(m);
    if (bits < 2 * tile_bits + 1) {
      const std::size_t stride = m / L;
      const unsigned cb = bits - lb;
      for (std::size_t c = 0; c < stride; ++c) {
        const std::size_t from = reverse_bits64(c, cb);
        Packed<T> v[L];
        for (std::size_t i = 0; i < L; ++i) v[i] = load(from + rev_l[i] * stride);
        leaf<L, dir>(v);
        for (std::size_t i = 0; i < L; ++i) store_packed(dst + c * L + i, v[i]);
      }
      return;
    }
    constexpr std::size_t side = std::size_t{1} << tile_bits, group = L / side;
    constexpr auto rev_t = [] {
      std::array<unsigned char, side> r{};
      for (unsigned i = 0; i < side; ++i) r[i] = static_cast<unsigned char>(reverse_bits32(i, tile_bits));
      return r;
    }();
    const unsigned b = bits - 2 * tile_bits;
    const std::size_t row_stride = std::size_t{1} << (b + tile_bits);
    Packed<T> tile[group][side][side];
    for (std::size_t t = 0; t < (std::size_t{1} << b); t += group) {
      for (std::size_t g = 0; g < group; ++g) {
        // dst's tile t + g receives src's tile rev(t + g), transposed with rows and columns reversed.
        const std::size_t from = reverse_bits64(t + g, b) << tile_bits;
        for (std::size_t hi = 0; hi < side; ++hi)
          for (std::size_t lo = 0; lo < side; ++lo) tile[g][hi][lo] = load(from + hi * row_stride + lo);
      }
      for (std::size_t hi = 0; hi < side; ++hi) {
        Packed<T> v[L];
        for (std::size_t g = 0; g < group; ++g)
          for (std::size_t lo = 0; lo < side; ++lo) v[g * side + lo] = tile[g][rev_t[lo]][rev_t[hi]];
        leaf<L, dir>(v);
        Complex<T>* const to = dst + hi * row_stride + (t << tile_bits);
        for (std::size_t i = 0; i < L; ++i) store_packed(to + i, v[i]);
      }
    }
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
  std::vector<Complex<T>> twiddles_, half_w_, wide_;
  std::vector<std::size_t> wide_offsets_;
  mutable std::vector<Complex<T>> scratch_;
};

}  // namespace course::iterative
