// The host side of 12's GPU passes: how N splits into passes, how many columns a block holds,
// the twiddle tables and each pass's arguments. Plain C++: the emulation and the GPU plan both
// build from it, and CI checks it without a GPU.
#pragma once

#include <algorithm>
#include <functional>
#include <iterator>
#include <numeric>
#include <stdexcept>
#include <string>
#include <vector>

#include "12_any_n/factor.hpp"
#include "12_any_n/gpu_fixed.hpp"
#include "12_any_n/gpu_pass.hpp"
#include "12_any_n/gpu_prime_pass.hpp"
#include "common/twiddle.hpp"

namespace course::anyn::gpu {

// Columns a block needs for 64-byte runs in a pass of several, and so the longest pass: 8 float
// or 4 double columns of 1024 points fill a block's 8192 or 4096.
template <class T>
inline constexpr std::uint32_t kMinColumns = 64 / sizeof(Complex<T>);
template <class T>
inline constexpr std::size_t kMaxPassLength = kBlockPoints<T> / kMinColumns<T>;

// The longest pass of several under a block limit of most_points: kMinColumns columns of it
// fill a block of at most kBlockPoints.
template <class T>
std::size_t max_pass_length(int most_points) {
  return static_cast<std::size_t>(std::min(most_points, kBlockPoints<T>)) / kMinColumns<T>;
}

// The largest block (a power of two of points, at most kLargestBlockPoints) within a
// shared-memory limit: 128 KiB on an A100 or H100, 64 KiB on Turing, 32 KiB where a test sets
// 48 KiB.
template <class T>
int most_block_points(int limit_bytes) {
  int p = kLargestBlockPoints<T>;
  while (p > kSmallestBlock && p * static_cast<int>(sizeof(Complex<T>)) > limit_bytes) p /= 2;
  return p;
}

// Where no three passes fit (a small shared-memory limit: 5^10 at 48 KiB needs 125 * 125 * 25 *
// 25): the fewest passes of least to most points up to kMostPasses, the most even split (the
// smallest longest pass); {} when there is none (7^7 in float below 343-point passes).
inline constexpr std::size_t kMostPasses = 8;
inline std::vector<std::size_t> more_passes(std::size_t n, std::size_t least, std::size_t most) {
  std::vector<std::size_t> divisors;
  for (std::size_t d = least; d <= most && d <= n; ++d)
    if (n % d == 0) divisors.push_back(d);
  std::vector<std::size_t> best, now;
  // Non-increasing lengths, so that each split is seen once.
  const std::function<void(std::size_t, std::size_t, std::size_t)> walk = [&](std::size_t rest, std::size_t cap, std::size_t count) {
    if (rest == 1) {
      const std::size_t longest = now.front();
      if (best.empty() || now.size() < best.size() || (now.size() == best.size() && longest < best.front())) best = now;
      return;
    }
    if (now.size() == count) return;
    for (auto it = divisors.rbegin(); it != divisors.rend(); ++it)
      if (*it <= cap && rest % *it == 0) {
        now.push_back(*it);
        walk(rest / *it, *it, count);
        now.pop_back();
      }
  };
  for (std::size_t count = 4; count <= kMostPasses && best.empty(); ++count) walk(n, most, count);
  return best;
}

// Passes with a stage of a prime above 13 run in kernels of at most 768 float or 384 double
// threads an SM (gpu_plan.cu's kMostThreads): blocks of at most kBlockPoints (64 KiB), where the
// other passes may take up to kLargestBlockPoints.
template <class T>
int most_points_for(std::size_t n, int most_points) {
  return largest_prime_factor(n) > 13 ? std::min(most_points, kBlockPoints<T>) : most_points;
}

// The pass lengths, first pass first (for any 31-smooth N; 09's split_passes gives log2 sizes of
// powers of two): one pass when N fits a block of most_points; else the
// fewest passes of at most min(most_points, kBlockPoints) / kMinColumns points each (1024: two
// up to 2^20, three up to 2^30), the most even split (larger first); more than three only where
// a small limit leaves no three (more_passes); {} when N has no such split.
template <class T>
std::vector<std::size_t> pass_lengths(std::size_t n, int most_points = kLargestBlockPoints<T>) {
  most_points = most_points_for<T>(n, most_points);
  if (n <= static_cast<std::size_t>(most_points)) return {n};
  const std::size_t most = max_pass_length<T>(most_points), least = kMinColumns<T>;
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
  if (best.empty()) best = more_passes(n, least, most);
  if (!best.empty()) std::sort(best.begin(), best.end(), std::greater<>());
  return best;
}


// Whether a 31-smooth N has mixed-radix passes in blocks of at most most_points (else Bluestein).
template <class T>
bool has_passes(std::size_t n, int most_points) {
  return !pass_lengths<T>(n, most_points).empty();
}

// Refuses what the passes cannot take, naming the limit; returns the pass lengths.
template <class T>
std::vector<std::size_t> require_pass_size(std::size_t n, std::size_t batch, int most_points = kLargestBlockPoints<T>) {
  require_size(n);
  require_batch(chapter, batch);
  if (!is_gpu_smooth(n) && !is_pair_sum_prime(n))
    refuse_size(chapter, n, "has a prime factor above 31: the mixed-radix passes take N whose prime factors are 2 to 31, and the primes 37 to 251",
                "course::anyn::gpu::Plan takes it through Bluestein");
  auto lengths = pass_lengths<T>(n, most_points);
  if (lengths.empty())
    refuse_size(chapter, n,
                "has no split into at most " + std::to_string(kMostPasses) + " passes of " + std::to_string(kMinColumns<T>) + " to " +
                    std::to_string(max_pass_length<T>(most_points)) + " points in " + precision_name<T>(),
                "course::anyn::Plan (CPU) takes it");
  if (batch > (std::uint64_t{1} << 40) / n) refuse_size(chapter, n, "times batch = " + std::to_string(batch) + " is above 2^40 points", "");
  return lengths;
}

// Every table the passes read, built once on the host (each entry exact to one rounding, from
// common/twiddle.hpp).
template <class T>
struct PassTables {
  std::vector<Complex<T>> stage;   // every pass's stages, one after another
  std::vector<Complex<T>> lo, hi;  // w(t, N) = hi[t >> log_lo] * lo[t & mask]
  int log_lo = 0;
};

// Flops per point of a radix-R stage (the butterfly's share, and R - 1 of R points twiddled at 6
// flops), counted from butterflies.hpp; only the order between candidates matters.
inline double stage_flops(unsigned r) {
  switch (r) {
    case 2: return 5.0;
    case 3: return 8.0;
    case 4: return 8.5;
    case 5: return 13.3;
    case 6: return 13.0;
    case 7: return 16.6;
    case 8: return 11.8;
    case 9: return 16.0;
    case 10: return 18.2;
    case 11: return 26.0;  // butterfly_odd: (R - 1)^2 / R real multiplies a point, and the adds
    case 13: return 30.0;
    case 12: return 16.5;  // Good-Thomas: 4 and 3, no twiddles between
    case 14: return 21.6;  // 7 and 2
    case 15: return 21.3;  // 5 and 3
    case 16: return 16.4;
    case 18: return 21.3;  // 9 and 2
    case 20: return 21.2;  // 5 and 4
    case 21: return 24.2;  // 7 and 3
    case 24: return 19.3;  // 8 and 3
    case 28: return 24.2;  // 7 and 4
    default: return 2.0 * (r - 1) * (r - 1) / r + 6.0 * (r - 1) / r;  // 17 to 31, as 11 and 13 count
  }
}

// The ways a warp's stores from a first stage (stride 1) of radix R collide in shared memory's
// banks: thread p writes R points after thread p - 1, and the 32 banks of 4 bytes serve 128 bytes
// at once, 16 float or 8 double points, so gcd(R, 16 or 8) threads share each bank.
template <class T>
constexpr unsigned first_stage_bank_ways(unsigned r) {
  return std::gcd(r, static_cast<unsigned>(128 / sizeof(Complex<T>)));
}
// A widest pass whose first stage stores 8 ways or more (24 first: no odd radix to run before it)
// is not taken: H200, float batched, such passes ran 0.87x at the median (576 = 24 * 24: 0.81x),
// those whose first stage stores 1, 2 or 4 ways 1.04x, 1.17x, 1.07x (NOTES.md).
inline constexpr unsigned kMostFirstStageBankWays = 4;

// The radices of one pass's L-point DFT in the order its stages run. A thread holds 16 points,
// so a stage may be any radix up to 16 that butterflies.hpp has: 2, 4, 8, 16; 3, 9; 5; 7; 11;
// 13; and 6 = 3 * 2, 10 = 5 * 2; with `wide` (a pass at kWidePoints a thread: wide_pass) also
// 12 = 4 * 3, 14 = 7 * 2, 15 = 5 * 3; with `widest` (16 points a thread, one butterfly a thread:
// wide_pass(l, c, true)) 18, 20, 21, 24, 28 instead; a prime from 17 to 31 takes one butterfly a thread (R of the
// thread's registers, not 16: StageRegs), its block's other threads idle in that stage. The
// fewest stages win (each is a round trip through shared memory and two barriers), then the
// fewest flops. Odd radices run first: at stride 1 a radix-R stage
// writes R points apart, which for odd R puts a warp's stores in distinct banks (8 or 16 there
// would be an 8- or 16-way conflict); the powers of two run last, at strides many points apart.
inline std::vector<unsigned> pass_radices(std::size_t l, bool wide = false, bool widest = false) {
  if (is_pair_sum_prime(l)) return {static_cast<unsigned>(l)};  // one stage of pair sums (gpu_prime_pass.hpp)
  constexpr int kPrimes = 11;
  const unsigned primes[kPrimes] = {2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31};
  unsigned e[kPrimes] = {};  // l = 2^e0 3^e1 5^e2 7^e3 11^e4 ... 31^e10
  for (int i = 0; i < kPrimes; ++i)
    while (l % primes[i] == 0) { l /= primes[i]; ++e[i]; }
  // The 7-smooth part: the fewest stages, then the fewest flops, over every way to write it as
  // a product of the stage radices: a search over the exponents of 2, 3, 5, 7, each state's best
  // from the states below it (so it is cheap enough for every plan the tests make).
  struct Radix {
    unsigned r, e2, e3, e5, e7;
    bool wide = false;  // a stage only wide passes run (kWidePoints a thread)
  };
  static constexpr Radix kRadices[] = {{2, 1, 0, 0, 0},  {3, 0, 1, 0, 0},  {4, 2, 0, 0, 0},  {5, 0, 0, 1, 0},  {6, 1, 1, 0, 0},
                                       {7, 0, 0, 0, 1},  {8, 3, 0, 0, 0},  {9, 0, 2, 0, 0},  {10, 1, 0, 1, 0}, {12, 2, 1, 0, 0, true},
                                       {14, 1, 0, 0, 1, true}, {15, 0, 1, 1, 0, true}, {16, 4, 0, 0, 0},
                                       {18, 1, 2, 0, 0}, {20, 2, 0, 1, 0}, {21, 0, 1, 0, 1},
                                       {24, 3, 1, 0, 0}, {28, 2, 0, 0, 1}};  // 18-28: `widest` only
  struct Best {
    unsigned stages = ~0u;
    double flops = 0;
    int last = -1;  // the radix (kRadices) of its last stage
  };
  const unsigned d3 = e[1] + 1, d5 = e[2] + 1, d7 = e[3] + 1;
  const auto at = [&](unsigned a, unsigned b, unsigned c, unsigned d) { return ((a * d3 + b) * d5 + c) * d7 + d; };
  const auto search = [&](unsigned without) {  // without: a radix left out (0: none)
    std::vector<Best> best((e[0] + 1) * d3 * d5 * d7);
    best[0].stages = 0;
    for (unsigned a = 0; a <= e[0]; ++a)
      for (unsigned b = 0; b <= e[1]; ++b)
        for (unsigned c = 0; c <= e[2]; ++c)
          for (unsigned d = 0; d <= e[3]; ++d) {
            Best& x = best[at(a, b, c, d)];
            for (int k = 0; k < static_cast<int>(std::size(kRadices)); ++k) {
              const Radix& q = kRadices[k];
              if (q.e2 > a || q.e3 > b || q.e5 > c || q.e7 > d || (q.wide && !wide) || (is_widest_radix(q.r) && !widest) || q.r == without) continue;
              const Best& rest = best[at(a - q.e2, b - q.e3, c - q.e5, d - q.e7)];
              const unsigned stages = rest.stages + 1;
              const double flops = rest.flops + stage_flops(q.r);
              if (stages < x.stages || (stages == x.stages && flops < x.flops)) x = {stages, flops, k};
            }
          }
    std::vector<unsigned> r;
    for (unsigned a = e[0], b = e[1], c = e[2], d = e[3]; best[at(a, b, c, d)].last >= 0;) {
      const Radix& q = kRadices[best[at(a, b, c, d)].last];
      r.push_back(q.r);
      a -= q.e2, b -= q.e3, c -= q.e5, d -= q.e7;
    }
    for (int i = 4; i < kPrimes; ++i) r.insert(r.end(), e[i], primes[i]);
    // Odd radices first, smallest first; then those with a factor 2 and an odd one (6, 10, 12, 14, 18-28);
    // the powers of two last.
    const auto group = [](unsigned x) { return x % 2 ? 0 : is_power_of_two(x) ? 2 : 1; };
    std::sort(r.begin(), r.end(), [&](unsigned x, unsigned y) { return group(x) != group(y) ? group(x) < group(y) : x < y; });
    return r;
  };
  auto r = search(0);
  // With the widest stages, a first stage whose stores meet more than kMostFirstStageBankWays in
  // a bank (24, with no odd radix to run before it) gives way where as few stages do without it:
  // 4608 = 18 * 16 * 16, not 24 * 24 * 8. (Float's count of ways, never below double's; for the
  // radices that may come first here, 18-28, the two agree, so wide_pass<T> counts the same.)
  if (widest && !r.empty() && first_stage_bank_ways<float>(r.front()) > kMostFirstStageBankWays) {
    auto other = search(r.front());
    if (other.size() == r.size()) r = std::move(other);
  }
  return r;
}

// The stages of one L-point DFT, appending the pass's roots w(e, L), e < L, to the table: a
// stage of stride s reads its w(p k, L / s) as entry p k s (stage_twiddle, gpu_pass.hpp).
template <class T>
void add_stages(MixedPassArgs<T>& a, std::size_t l, std::vector<Complex<T>>& table) {
  const auto r = pass_radices(l, a.points == kWidePoints, a.widest);
  if (r.size() > static_cast<std::size_t>(kMaxStages)) throw std::logic_error("12_any_n: more stages than MixedPassArgs holds");
  a.stages = static_cast<int>(r.size());
  const auto offset = static_cast<std::uint32_t>(table.size());
  for (std::size_t e = 0; e < l; ++e) table.push_back(twiddle<T>(static_cast<std::int64_t>(e), static_cast<std::int64_t>(l)));
  std::size_t n = l, s = 1;
  for (int st = 0; st < a.stages; ++st) {
    StageShape& sh = a.stage[st];
    sh.radix = static_cast<std::uint8_t>(r[st]);
    sh.offset = offset;
    sh.m = static_cast<std::uint32_t>(n / r[st]);
    sh.s = make_divisor(static_cast<std::uint32_t>(s));
    sh.per = make_divisor(static_cast<std::uint32_t>(l / r[st]));
    n /= r[st];
    s *= r[st];
  }
}

template <class T>
std::uint64_t pass_blocks(const MixedPassArgs<T>& a) {
  return (a.columns + a.c - 1) / a.c;
}

// Block points for a pass of L points: the smallest block size that holds one whole transform
// (one pass) or kMinColumns columns (several), or `forced` when that holds them too.
template <class T>
int block_points_for(std::size_t l, bool one_pass, int forced, int most_points = kLargestBlockPoints<T>) {
  const std::size_t need = one_pass ? l : l * kMinColumns<T>;
  if (forced >= kSmallestBlock && forced <= most_points && static_cast<std::size_t>(forced) >= need) return forced;
  int p = one_pass ? std::min(kSmallestOnePassBlock, most_points) : kSmallestBlock;
  while (static_cast<std::size_t>(p) < need) p *= 2;
  return p;
}

// Whether an L-point pass of C columns runs wide (kWidePoints a thread, stages of 12, 14, 15): a
// 7-smooth L whose stages that saves one or more, in a block whose threads at 12 points a kernel
// takes (1024 float, 512 double: gpu_plan.cu's kernel_for).
// widest: at 16 points a thread with stages of 18 to 28, where they save a stage over 12, 14
// and 15, in a block of at most kWidestThreads, its first stage's stores at most
// kMostFirstStageBankWays ways to a bank.
template <class T>
bool wide_pass(std::size_t l, std::uint32_t c, bool widest = false) {
  // A length with a compiled shape (gpu_fixed.hpp: 1920 = 3 * 5 * 8 * 16) keeps its stages and kernel.
  constexpr auto compiled = fixed_pass_lengths();
  if (std::find(compiled.begin(), compiled.end(), l) != compiled.end() || !is_smooth(l)) return false;
  const auto points = static_cast<std::uint32_t>(c * l);
  if (widest) {
    const auto r = pass_radices(l, false, true);
    return launch_threads(points, kPointsPerThread) <= kWidestThreads<T> && r.size() < pass_radices(l, true).size() &&
           first_stage_bank_ways<T>(r.front()) <= kMostFirstStageBankWays;
  }
  return launch_threads(points, kWidePoints) <= (sizeof(T) == 4 ? 1024u : 512u) && pass_radices(l, true).size() < pass_radices(l).size();
}

// Whether a wide pass runs where it may (wide_pass), from the blocks an SM the device gives the
// 16-point pass and the wide one. The wide pass has a stage fewer but more threads a block, so
// its kernel may fit fewer blocks on an SM. While an SM holds two blocks, one block's loads and
// stores overlap the other's arithmetic; with one, the SM waits at each. So the wide pass runs
// where it keeps two blocks an SM (or one, where the 16-point pass has one), or where its blocks
// all fit on the GPU at once (a single transform: no block waits for another).
// H200, 7-smooth N to 16384 (NOTES.md), batched: single passes from two blocks an SM to one
// float 0.89x, double 0.82x at the median, their other moves 1.01-1.37x; two passes 0.93-1.17x.
inline bool keep_wide(int narrow_blocks_an_sm, int wide_blocks_an_sm, std::uint64_t blocks, int multiprocessors) {
  return blocks <= static_cast<std::uint64_t>(multiprocessors) * static_cast<std::uint64_t>(wide_blocks_an_sm) ||
         wide_blocks_an_sm >= std::min(2, narrow_blocks_an_sm);
}

// A pass's choice between 16 points a thread and wide (its two arguments, stages included):
// true keeps the wide one. None: every pass that may run wide does (the emulation's passes).
template <class T>
using WideChoice = std::function<bool(const MixedPassArgs<T>& narrow, const MixedPassArgs<T>& wide)>;

// The passes of a batch of N-point transforms, forward (bind_pass sets the direction, the data
// and the tables). block_points: 0 lets the plan choose; 2048 up to kLargestBlockPoints forces
// it where it fits. wide: passes may run wide (wide_pass), where `choose` (if given) keeps them;
// Bluestein's and the cluster's kernels run 16 points a thread only, so their M takes wide = false.
template <class T>
std::vector<MixedPassArgs<T>> make_passes(std::size_t n, std::size_t batch, PassTables<T>& tables, int block_points = 0,
                                     int most_points = kLargestBlockPoints<T>, bool wide = true, const WideChoice<T>& choose = {}) {
  most_points = most_points_for<T>(n, most_points);
  const auto lengths = require_pass_size<T>(n, batch, most_points);
  tables = {};
  if (lengths.size() > 1) {
    while ((std::size_t{1} << (2 * tables.log_lo)) < n) ++tables.log_lo;
    const std::size_t lo = std::size_t{1} << tables.log_lo;
    tables.lo = twiddle_table<T>(n, lo);
    for (std::size_t h = 0; h * lo < n; ++h) tables.hi.push_back(twiddle<T>(static_cast<std::int64_t>(h * lo), static_cast<std::int64_t>(n)));
  }
  std::vector<MixedPassArgs<T>> passes;
  std::size_t s = 1;
  for (std::size_t i = 0; i < lengths.size(); ++i) {
    const std::size_t l = lengths[i];
    MixedPassArgs<T> a;
    a.n = static_cast<std::uint32_t>(n);
    a.l = static_cast<std::uint32_t>(l);
    a.d = static_cast<std::uint32_t>(n / l);
    a.columns = static_cast<std::uint64_t>(batch) * a.d;
    a.s = make_divisor(static_cast<std::uint32_t>(s));
    a.l_div = make_divisor(static_cast<std::uint32_t>(l));
    a.twiddled = s * l < n;
    a.log_lo = tables.log_lo;
    // A prime by pair sums runs in kernels of at most 256 threads (gpu_plan.cu's
    // pair_sum_kernel_for): blocks of kSmallestOnePassBlock points, even where a larger one is forced.
    const int points = block_points_for<T>(l, a.d == 1, is_pair_sum_prime(l) ? std::min(block_points, kSmallestOnePassBlock) : block_points,
                                           most_points);
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
    // 16 points a thread for the C L the block holds, in whole warps (and a multiple of C, so
    // that a thread keeps its column): 2187 points take 160 threads, not the 256 of a block of
    // 4096, and the threads an SM holds are busy.
    const std::uint32_t multiple = std::max<std::uint32_t>(32, a.columns_fast ? a.c : 1);
    a.threads = launch_threads(a.c * a.l, a.points, multiple);
    // The widest stages first, then 12, 14 and 15 alone, each where it saves a stage.
    for (const bool widest : {true, false}) {
      if (!wide || !wide_pass<T>(l, a.c, widest)) continue;
      MixedPassArgs<T> w = a;
      w.points = widest ? kPointsPerThread : kWidePoints;
      w.widest = widest;
      w.threads = launch_threads(w.c * w.l, w.points, multiple);
      bool keep = true;
      if (choose) {  // both with their stages, then the table as it was
        const std::size_t mark = tables.stage.size();
        add_stages(a, l, tables.stage);
        add_stages(w, l, tables.stage);
        keep = choose(a, w);
        tables.stage.resize(mark);
      }
      if (keep) {
        a = w;
        break;
      }
    }
    add_stages(a, l, tables.stage);
    if (is_pair_sum_prime(l) && a.c * ((l - 1) / 2 + 1) > kPairsPerThread * a.threads)
      throw std::logic_error("12_any_n: a pair-sum pass with more output pairs than its threads keep");
    if (pass_blocks(a) > 2147483647ull)
      refuse_size(chapter, n, "with batch = " + std::to_string(batch) + " needs over 2^31 - 1 blocks in a pass", "a smaller batch");
    passes.push_back(a);
    s *= l;
  }
  return passes;
}

// Pass i of `count` with its data and tables: the first reads `in`, the last writes `out`, the
// inverse conjugates on the way in and out (conj(forward(conj x))).
template <class T>
MixedPassArgs<T> bind_pass(MixedPassArgs<T> a, std::size_t i, std::size_t count, const Complex<T>* in, Complex<T>* out, Direction dir,
                      const Complex<T>* stage, const Complex<T>* lo, const Complex<T>* hi) {
  a.in = in;
  a.out = out;
  a.conj_in = dir == Direction::inverse && i == 0;
  a.conj_out = dir == Direction::inverse && i + 1 == count;
  a.stage_twiddles = stage;
  a.outer_lo = lo;
  a.outer_hi = hi;
  return a;
}

template <class T>
int pass_shared_bytes(const MixedPassArgs<T>& a) {
  return static_cast<int>(a.c * a.l * sizeof(Complex<T>));
}

// The most shared memory any of the passes asks for.
template <class T>
int most_pass_shared_bytes(const std::vector<MixedPassArgs<T>>& passes) {
  int bytes = 0;
  for (const auto& a : passes) bytes = std::max(bytes, pass_shared_bytes(a));
  return bytes;
}

}  // namespace course::anyn::gpu
