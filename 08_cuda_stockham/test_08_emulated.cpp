// 08_cuda_stockham on the CPU: v1's and v2's per-thread functions (stockham_thread.hpp) run for
// every thread index of every launch, in launch order, through the same launch sequence and
// ping-pong buffers as the plans (schedule.hpp). No CUDA needed: this is what CI checks.
// v3/v4 use shared memory and barriers, so the GPU tests and racecheck are their real check;
// here their kernel's phases (fused_thread.hpp) also run block by block, one phase for all
// threads before the next, which checks the index arithmetic, and their pass schedules are
// checked to do every stage exactly once within the tile.
#include <algorithm>
#include <array>
#include <cstdio>
#include <limits>
#include <vector>

#include "08_cuda_stockham/fused_thread.hpp"
#include "08_cuda_stockham/schedule.hpp"
#include "08_cuda_stockham/stockham_thread.hpp"
#include "common/catch.hpp"

using namespace course;
using namespace course::stockham;

namespace {

template <class T>
std::vector<Complex<T>> host_table(std::size_t n) {
  std::vector<Complex<T>> table(n, Complex<T>{T(1), T(0)});
  for (std::size_t i = 1; i < n; ++i) table[i] = stage_table_entry<T>(i);
  return table;
}

// The "device" memory of one emulated execute: input, output and the plan's scratch.
template <class T>
struct Buffers {
  std::vector<Complex<T>> in, out, scratch;
  Buffers(std::span<const Complex<T>> x, std::size_t count) : in(x.begin(), x.end()), out(count), scratch(count) {
    const T nan = std::numeric_limits<T>::quiet_NaN();
    for (auto& z : out) z = {nan, nan};
    for (auto& z : scratch) z = {nan, nan};  // a stage reading scratch it never wrote shows up
  }
};

template <class T>
void emulate_v1(std::span<const Complex<T>> x, std::span<Complex<T>> y, std::size_t n, std::size_t batch, Direction dir) {
  require_shape(n, batch);
  const unsigned log2n = log2_exact(n);
  const auto table = host_table<T>(n);
  Buffers<T> b(x, n * batch);
  for_each_v1_launch<T>(
      b.in.data(), b.out.data(), b.scratch.data(), log2n,
      [&](const Complex<T>* src, Complex<T>* dst, unsigned log2s) {
        const std::uint64_t threads = std::uint64_t{batch} << (log2n - 1);
        for (std::uint64_t t = 0; t < threads; ++t)
          stockham_radix2_butterfly(src, dst, table.data(), log2n, log2s, dir == Direction::inverse, t);
      },
      [&](const Complex<T>* src, Complex<T>* dst) { std::copy(src, src + batch, dst); });
  std::copy(b.out.begin(), b.out.end(), y.begin());
}

template <class T>
void emulate_v2(std::span<const Complex<T>> x, std::span<Complex<T>> y, std::size_t n, std::size_t batch, Direction dir) {
  require_shape(n, batch);
  const unsigned log2n = log2_exact(n);
  const auto table = host_table<T>(n);
  Buffers<T> b(x, n * batch);
  for_each_v2_launch<T>(
      b.in.data(), b.out.data(), log2n,
      [&](const Complex<T>* src, Complex<T>* dst) {
        const std::uint64_t threads = std::uint64_t{batch} << log2n;
        for (std::uint64_t t = 0; t < threads; ++t) bit_reverse_gather(src, dst, log2n, t);
      },
      [&](Complex<T>* data, unsigned log2h) {
        const std::uint64_t threads = std::uint64_t{batch} << (log2n - 1);
        for (std::uint64_t t = 0; t < threads; ++t)
          cooley_tukey_radix2_butterfly(data, table.data(), log2n, log2h, dir == Direction::inverse, t);
      });
  std::copy(b.out.begin(), b.out.end(), y.begin());
}

// v3/v4: each pass's blocks one after another; inside a block, each phase for every thread
// before the next phase starts, which is what the kernel's barriers guarantee.
template <class T>
void emulate_fused(std::span<const Complex<T>> x, std::span<Complex<T>> y, std::size_t n, std::size_t batch,
                   Direction dir, bool all_fused) {
  require_shape(n, batch);
  const unsigned log2n = log2_exact(n);
  const bool inverse = dir == Direction::inverse;
  const auto table = host_table<T>(n);
  Buffers<T> b(x, n * batch);
  const auto passes = all_fused ? v4_passes<T>(log2n, batch) : v3_passes<T>(log2n, batch);
  if (passes.empty()) std::copy(b.in.begin(), b.in.begin() + batch, b.out.begin());
  constexpr unsigned S = 1u << tile_log2<T>;
  std::vector<Complex<T>> tile(tile_capacity<T>);
  std::vector<std::array<Complex<T>, 4>> regs(S / 2);
  std::vector<char> mine(S / 2);
  const Complex<T>* src = b.in.data();
  for (unsigned i = 0; i < passes.size(); ++i) {
    const Pass& p = passes[i];
    Complex<T>* dst = pass_writes_out(i, static_cast<unsigned>(passes.size())) ? b.out.data() : b.scratch.data();
    if (p.kind == Pass::radix2) {
      for (std::uint64_t t = 0; t < (std::uint64_t{batch} << (log2n - 1)); ++t)
        stockham_radix2_butterfly(src, dst, table.data(), log2n, p.log2l, inverse, t);
    } else {
      const FusedArgs a = fused_args<T>(log2n, p, batch);
      for (std::uint64_t block = 0; block < fused_blocks(a); ++block) {
        const T nan = std::numeric_limits<T>::quiet_NaN();
        std::fill(tile.begin(), tile.end(), Complex<T>{nan, nan});  // shared memory starts as garbage
        const unsigned valid = fused_valid_columns(a, block);
        for (unsigned e = 0; e < S; ++e) {
          Complex<T> v;
          unsigned slot;
          if (fused_fetch(src, table.data(), a, block, e, inverse, v, slot)) tile[slot] = v;
        }
        for_each_round(a.log2r, [&](unsigned log2s, bool two_stages) {
          for (unsigned q = 0; q < S / (two_stages ? 4 : 2); ++q)
            mine[q] = two_stages ? radix2x2_read(tile.data(), a, valid, q, regs[q].data())
                                 : radix2_read(tile.data(), a, valid, q, regs[q].data());
          for (unsigned q = 0; q < S / (two_stages ? 4 : 2); ++q) {
            if (!mine[q]) continue;
            if (two_stages) radix2x2_write(tile.data(), table.data(), a, q, log2s, inverse, regs[q].data());
            else radix2_write(tile.data(), table.data(), a, q, log2s, inverse, regs[q].data());
          }
        });
        for (unsigned e = 0; e < S; ++e) fused_store(tile.data(), dst, a, block, e);
      }
    }
    src = dst;
  }
  std::copy(b.out.begin(), b.out.end(), y.begin());
}

template <class T>
conformance::Config emulated_config() {
  conformance::Config cfg;
  cfg.sizes = conformance::powers_of_two(0, 14);
  cfg.batch = 3;
  cfg.refused = {0, 3, 12, 1000, std::size_t{1} << 29};
  return cfg;
}

}  // namespace

TEMPLATE_TEST_CASE("v1 Stockham, emulated thread by thread, conforms", "[v1][emulated]", float, double) {
  require_conformance(conformance::check_conformance<TestType>(emulate_v1<TestType>, emulated_config<TestType>()));
}

TEMPLATE_TEST_CASE("v2 Cooley-Tukey with a reversal pass, emulated thread by thread, conforms", "[v2][emulated]", float,
                   double) {
  require_conformance(conformance::check_conformance<TestType>(emulate_v2<TestType>, emulated_config<TestType>()));
}

TEMPLATE_TEST_CASE("v3 fused first stages, emulated block by block, conforms", "[v3][emulated]", float, double) {
  require_conformance(conformance::check_conformance<TestType>(
      [](auto x, auto y, std::size_t n, std::size_t b, Direction d) { emulate_fused<TestType>(x, y, n, b, d, false); },
      emulated_config<TestType>()));
}

TEMPLATE_TEST_CASE("v4 all passes fused, emulated block by block, conforms", "[v4][emulated]", float, double) {
  require_conformance(conformance::check_conformance<TestType>(
      [](auto x, auto y, std::size_t n, std::size_t b, Direction d) { emulate_fused<TestType>(x, y, n, b, d, true); },
      emulated_config<TestType>()));
}

TEST_CASE("v1 and v2 compute the same butterflies in a different order", "[v1][v2][emulated]") {
  // Same twiddles and the same operations per output: the two variants agree to rounding, not
  // just within the tolerance. A wrong index in either would show as an error of order 1.
  const std::size_t n = 1 << 12;
  const auto x = random_gaussian<double>(n, fresh_seed());
  std::vector<Complex<double>> a(n), b(n);
  emulate_v1<double>(x, a, n, 1, Direction::forward);
  emulate_v2<double>(x, b, n, 1, Direction::forward);
  CHECK(rel_l2_error<double, double>(a, b) < 1e-14);
}

TEST_CASE("the stage table holds w(k, 2s) at s + k", "[emulated]") {
  const auto table = host_table<double>(1 << 10);
  for (std::size_t s = 1; s < table.size(); s *= 2)
    for (std::size_t k = 0; k < s; ++k) {
      const auto w = twiddle<double>(static_cast<std::int64_t>(k), static_cast<std::int64_t>(2 * s));
      REQUIRE(table[s + k] == w);
    }
  CHECK(table[4 + 2] == Complex<double>{0.0, -1.0});  // w(2, 8) = -i exactly
}

namespace {

template <class T>
void check_schedule(const std::vector<Pass>& passes, unsigned log2n, std::size_t batch, bool all_fused) {
  INFO(precision_name<T>() << " log2 N = " << log2n << " batch " << batch);
  unsigned done = 0;
  for (const Pass& p : passes) {
    REQUIRE(p.log2l == done);  // each pass starts where the previous ones stopped
    REQUIRE(p.log2r >= 1);
    if (all_fused) REQUIRE(p.kind == Pass::fused);
    if (p.kind == Pass::fused) {
      REQUIRE(tile_points<T>(log2n, p) <= tile_capacity<T>);
      REQUIRE(p.log2r + p.log2c <= tile_log2<T>);
      if (p.log2r < log2n) REQUIRE(p.log2r <= max_strided_log2r<T>);
    } else {
      REQUIRE(p.log2r == 1);
    }
    done += p.log2r;
  }
  REQUIRE(done == log2n);
  if (log2n == 0) return;
  if (log2n <= tile_log2<T>) {
    REQUIRE(passes.size() == 1);  // the whole transform in one block
  } else if (all_fused) {
    REQUIRE(passes.size() == (log2n + max_strided_log2r<T> - 1) / max_strided_log2r<T>);
  } else {
    REQUIRE(passes.size() == 1 + log2n - max_strided_log2r<T>);
  }
}

}  // namespace

TEMPLATE_TEST_CASE("v3 and v4 schedules do every stage once and fit the tile", "[v3][v4][emulated]", float, double) {
  for (unsigned log2n = 0; log2n <= max_log2; ++log2n)
    for (std::size_t batch : {std::size_t{1}, std::size_t{3}, std::size_t{64}, std::size_t{1} << 20}) {
      check_schedule<TestType>(v3_passes<TestType>(log2n, batch), log2n, batch, false);
      check_schedule<TestType>(v4_passes<TestType>(log2n, batch), log2n, batch, true);
    }
  // The lesson's pass counts, printed for the README: N = 2^20.
  std::printf("%s N=2^20: v1 %u passes, v2 %u, v3 %zu, v4 %zu\n", precision_name<TestType>(), 20u, 21u,
              v3_passes<TestType>(20, 64).size(), v4_passes<TestType>(20, 64).size());
}

namespace {
// Wavefronts of one warp-wide shared-memory access: per 128-byte wavefront of W points (16 in
// float, 8 in double), the most of its points that fall in one bank group.
template <class T>
unsigned wavefronts(const FusedArgs& a, const std::vector<unsigned>& positions) {
  constexpr unsigned w = 128 / sizeof(Complex<T>);
  unsigned total = 0;
  for (std::size_t first = 0; first < positions.size(); first += w) {
    std::array<unsigned, w> hits{};
    unsigned most = 0;
    for (std::size_t i = first; i < first + w; ++i) most = std::max(most, ++hits[tile_slot<T>(a, positions[i]) % w]);
    total += most;
  }
  return total;
}
}  // namespace

TEMPLATE_TEST_CASE("whole-transform tiles: slots are a permutation, every round's access one wavefront per 128 bytes",
                   "[v3][v4][emulated]", float, double) {
  const unsigned log2r = tile_log2<TestType>, ideal = 32 * sizeof(Complex<TestType>) / 128;
  FusedArgs a = fused_args<TestType>(log2r, Pass{Pass::fused, log2r, 0, 0}, 1);
  a.swizzle = true;  // the permutation itself, wherever the plans use it
  const unsigned r = 1u << log2r;
  std::vector<int> hits(r, 0);
  for (unsigned x = 0; x < r; ++x) ++hits.at(tile_slot<TestType>(a, x));
  for (int h : hits) REQUIRE(h == 1);
  unsigned plain = 0;
  FusedArgs padded = a;
  padded.swizzle = false;  // plain positions: the conflicts tile_slot removes
  for (unsigned log2s = 0; 4u << log2s <= r; ++log2s) {
    const unsigned s = 1u << log2s;
    for (unsigned q0 = 0; q0 < r / 4; q0 += 32) {
      for (unsigned u : {0u, 1u, 2u, 3u}) {  // radix2x2_write's four stores, then its reads
        std::vector<unsigned> wr(32), rd(32);
        for (unsigned l = 0; l < 32; ++l) {
          const unsigned i = q0 + l, k = i & (s - 1);
          wr[l] = 4 * (i - k) + k + u * s;
          rd[l] = i + u * (r / 4);
        }
        INFO("s = " << s << ", store " << u);
        REQUIRE(wavefronts<TestType>(a, wr) == ideal);
        REQUIRE(wavefronts<TestType>(a, rd) == ideal);
        plain += wavefronts<TestType>(padded, wr) - ideal;
      }
    }
  }
  for (unsigned q0 = 0; q0 < r / 2; q0 += 32)  // radix2_write, the single first stage
    for (unsigned u : {0u, 1u}) {
      std::vector<unsigned> wr(32);
      for (unsigned l = 0; l < 32; ++l) wr[l] = 2 * (q0 + l) + u;
      REQUIRE(wavefronts<TestType>(a, wr) == ideal);
    }
  CHECK(plain > 0);
}
