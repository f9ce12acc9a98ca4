// The host side of 12's GPU passes: how N splits into passes, how many columns a block holds,
// the twiddle tables and each pass's arguments. Plain C++: the emulation and the GPU plan both
// build from it, and CI checks it without a GPU.
#pragma once

#include <algorithm>
#include <functional>
#include <string>
#include <vector>

#include "12_any_n/factor.hpp"
#include "12_any_n/gpu_pass.hpp"
#include "common/twiddle.hpp"

namespace course::anyn::gpu {

// Columns a block needs for 64-byte runs in a pass of several, and so the longest pass: 8 float
// or 4 double columns of 1024 points fill a block's 8192 or 4096.
template <class T>
inline constexpr std::uint32_t kMinColumns = 64 / sizeof(Complex<T>);
template <class T>
inline constexpr std::size_t kMaxPassLength = kBlockPoints<T> / kMinColumns<T>;

// The pass lengths, first pass first: one pass when N fits a block; else the fewest passes of at
// most kMaxPassLength points (two up to 2^20, three up to 2^30), the most even split (larger
// first); {} when N has no such split.
template <class T>
std::vector<std::size_t> split_passes(std::size_t n) {
  if (n <= static_cast<std::size_t>(kBlockPoints<T>)) return {n};
  const std::size_t most = kMaxPassLength<T>, least = kMinColumns<T>;
  std::vector<std::size_t> best;
  std::size_t best_max = 0;
  const auto consider = [&](std::vector<std::size_t> l) {
    std::size_t mx = 0;
    for (auto x : l) {
      if (x > most || x < least) return;
      mx = std::max(mx, x);
    }
    if (best.empty() || best.size() > l.size() || (best.size() == l.size() && mx < best_max)) {
      best = l;
      best_max = mx;
    }
  };
  for (std::size_t l1 = least; l1 <= most; ++l1) {
    if (n % l1) continue;
    consider({l1, n / l1});
    for (std::size_t l2 = least; l2 <= l1; ++l2)
      if ((n / l1) % l2 == 0) consider({l1, l2, n / l1 / l2});
  }
  if (!best.empty()) std::sort(best.begin(), best.end(), std::greater<>());
  return best;
}

template <class T>
void require_smooth_size(std::size_t n, std::size_t batch) {
  require_size(n);
  require_batch(chapter, batch);
  if (!is_smooth(n))
    refuse_size(chapter, n, "has a prime factor above 7: the mixed-radix passes take N = 2^a 3^b 5^c 7^d",
                "course::anyn::gpu::Plan takes it through Bluestein");
  if (split_passes<T>(n).empty())
    refuse_size(chapter, n,
                "has no split into at most three passes of " + std::to_string(kMinColumns<T>) + " to " +
                    std::to_string(kMaxPassLength<T>) + " points in " + precision_name<T>(),
                "course::anyn::Plan (CPU) takes it");
  if (batch > (std::uint64_t{1} << 40) / n) refuse_size(chapter, n, "times batch = " + std::to_string(batch) + " is above 2^40 points", "");
}

// Every table the passes read, built once on the host (each entry exact to one rounding, from
// common/twiddle.hpp).
template <class T>
struct PassTables {
  std::vector<Complex<T>> stage;   // every pass's stages, one after another
  std::vector<Complex<T>> lo, hi;  // w(t, N) = hi[t >> log_lo] * lo[t & mask]
  int log_lo = 0;
};

// The stages of one L-point DFT, appending their twiddles w(p k, n) to the table.
template <class T>
void add_stages(PassArgs<T>& a, std::size_t l, std::vector<Complex<T>>& table) {
  const auto r = radices(l);
  a.stages = static_cast<int>(r.size());
  std::size_t n = l, s = 1;
  for (int st = 0; st < a.stages; ++st) {
    StageShape& sh = a.stage[st];
    sh.radix = static_cast<std::uint8_t>(r[st]);
    sh.offset = static_cast<std::uint32_t>(table.size());
    sh.m = static_cast<std::uint32_t>(n / r[st]);
    sh.s = make_divisor(static_cast<std::uint32_t>(s));
    sh.per = make_divisor(static_cast<std::uint32_t>(l / r[st]));
    for (std::size_t p = 0; p < sh.m; ++p)
      for (unsigned k = 1; k < r[st]; ++k) table.push_back(twiddle<T>(static_cast<std::int64_t>(p * k), static_cast<std::int64_t>(n)));
    n /= r[st];
    s *= r[st];
  }
}

// The passes of a batch of N-point transforms (pointers to data and tables left to the caller,
// which points every pass at tables.stage/lo/hi).
// Block points for a pass of L points: the smallest block size that holds one whole transform
// (one pass) or kMinColumns columns (several), or `forced` when that holds them too.
template <class T>
int block_points_for(std::size_t l, bool one_pass, int forced) {
  const std::size_t need = one_pass ? l : l * kMinColumns<T>;
  if (forced >= kSmallestBlock && forced <= kBlockPoints<T> && static_cast<std::size_t>(forced) >= need) return forced;
  int p = kSmallestBlock;
  while (static_cast<std::size_t>(p) < need) p *= 2;
  return p;
}

// block_points: 0 lets the plan choose; 2048, 4096 or 8192 (float) forces it where it fits.
template <class T>
std::vector<PassArgs<T>> make_passes(std::size_t n, std::size_t batch, bool inverse, PassTables<T>& tables, int block_points = 0) {
  require_smooth_size<T>(n, batch);
  const auto lengths = split_passes<T>(n);
  tables = {};
  if (lengths.size() > 1) {
    while ((std::size_t{1} << (2 * tables.log_lo)) < n) ++tables.log_lo;
    const std::size_t lo = std::size_t{1} << tables.log_lo;
    for (std::size_t t = 0; t < lo; ++t) tables.lo.push_back(twiddle<T>(static_cast<std::int64_t>(t), static_cast<std::int64_t>(n)));
    for (std::size_t h = 0; h * lo < n; ++h) tables.hi.push_back(twiddle<T>(static_cast<std::int64_t>(h * lo), static_cast<std::int64_t>(n)));
  }
  std::vector<PassArgs<T>> passes;
  std::size_t s = 1;
  for (std::size_t i = 0; i < lengths.size(); ++i) {
    const std::size_t l = lengths[i];
    PassArgs<T> a;
    a.n = static_cast<std::uint32_t>(n);
    a.l = static_cast<std::uint32_t>(l);
    a.d = static_cast<std::uint32_t>(n / l);
    a.columns = static_cast<std::uint64_t>(batch) * a.d;
    a.s = make_divisor(static_cast<std::uint32_t>(s));
    a.l_div = make_divisor(static_cast<std::uint32_t>(l));
    a.twiddled = s * l < n;
    a.log_lo = tables.log_lo;
    a.conj_in = inverse && i == 0;
    a.conj_out = inverse && i + 1 == lengths.size();
    const int points = block_points_for<T>(l, a.d == 1, block_points);
    a.threads = static_cast<std::uint32_t>(points / kPointsPerThread);
    if (a.d == 1) {
      a.c = static_cast<std::uint32_t>(points / l);
    } else {
      // The most columns (a power of two, at most 64) that fit the block, no more than D, and
      // no more than s when s > 1, so every run of C columns is contiguous in memory.
      a.columns_fast = true;
      a.c = 1;
      while (a.c < 64 && 2 * a.c * l <= static_cast<std::size_t>(points) && 2 * a.c <= a.d && (s == 1 || 2 * a.c <= s)) {
        a.c *= 2;
        ++a.log_c;
      }
    }
    add_stages(a, l, tables.stage);
    passes.push_back(a);
    s *= l;
  }
  return passes;
}

template <class T>
std::uint64_t pass_blocks(const PassArgs<T>& a) {
  return (a.columns + a.c - 1) / a.c;
}

template <class T>
int pass_shared_bytes(const PassArgs<T>& a) {
  return static_cast<int>(a.c * a.l * sizeof(Complex<T>));
}

}  // namespace course::anyn::gpu
