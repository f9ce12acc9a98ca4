// 07 v1-v3 without a GPU: each kernel's per-thread function run on the CPU for every thread of
// every launch, in the plans' launch order (the same for_each_*_launch sequences), checked by
// the conformance suite in float and double. v4 and v5 use shared memory and __syncthreads():
// their phases (shared_thread.hpp) are run here phase by phase, every thread of a block before
// the next phase, which is what the barriers guarantee; the barriers themselves are checked on
// a GPU (test_07_gpu under racecheck and synccheck).
#include <algorithm>
#include <limits>
#include <span>
#include <vector>

#include "07_cuda_bitops/bitops_sizes.hpp"
#include "07_cuda_bitops/bitops_thread.hpp"
#include "07_cuda_bitops/shared_thread.hpp"
#include "common/catch.hpp"
#include "common/twiddle.hpp"

using namespace course;
using namespace course::bitops;

namespace {

enum class Emulated { v1, v2_gather, v2_scatter, v3_table, v3_sincospi, v3_fast };

template <class T>
conformance::TransformFn<T> emulate(Emulated which) {
  return [which](std::span<const Complex<T>> in_span, std::span<Complex<T>> out_span, std::size_t n,
                 std::size_t batch, Direction dir) {
    require_size(which == Emulated::v1 ? "v1" : which <= Emulated::v2_scatter ? "v2" : "v3", n, batch);
    const Complex<T>* in = in_span.data();
    Complex<T>* out = out_span.data();
    const unsigned log2n = log2_exact(n);
    const int sign = static_cast<int>(dir);
    const auto points = static_cast<std::uint32_t>(n * batch);
    const auto table = stage_twiddle_table<T>(n);  // what the v3 plan uploads
    if (which == Emulated::v1) {
      for_each_v1_launch(log2n, points, [&](Step, unsigned stage, std::uint32_t threads) {
        for (std::uint32_t t = 0; t < threads; ++t) shift_butterfly<T>(in, out, log2n, stage, t, SincosTwiddle<T>{sign});
      });
      return;
    }
    auto stages = [&](auto twiddle) {
      for_each_reorder_launch(log2n, points, [&](Step step, unsigned stage, std::uint32_t threads) {
        for (std::uint32_t t = 0; t < threads; ++t) {
          if (step == Step::permute) {
            if (which == Emulated::v2_scatter) permute_scatter<T>(in, out, log2n, t);
            else permute_gather<T>(in, out, log2n, t);
          } else {
            natural_butterfly<T>(out, log2n, stage, t, twiddle);
          }
        }
      });
    };
    switch (which) {
      case Emulated::v3_table: stages(TableTwiddle<T>{table.data(), sign}); break;
      case Emulated::v3_sincospi: stages(SincospiTwiddle<T>{sign}); break;
      case Emulated::v3_fast:
        if constexpr (sizeof(T) == 4) stages(FastSincosTwiddle{sign});
        break;
      default: stages(SincosTwiddle<T>{sign}); break;
    }
  };
}

// One launch of shared_kernel, block after block; each block's phases in barrier order, each
// stage thread by thread with the kernel's grouping of butterflies (shared_threads, B).
template <class T>
void emulate_shared(const Complex<T>* in, Complex<T>* out, const SharedGeometry& g, const Complex<T>* table, int sign,
                    unsigned b = 0) {
  if (b == 0) b = shared_batch<T>(g);  // the plans' choice
  const std::uint32_t tile = g.tile();
  const std::uint32_t blocks = (g.points + tile - 1) / tile;
  const std::uint32_t threads = shared_threads(g, b), per_thread = tile / 2 / threads;
  REQUIRE(per_thread % b == 0);
  std::vector<Complex<T>> s(tile);
  const TableTwiddle<T> twiddle{table, sign};
  for (std::uint32_t blk = 0; blk < blocks; ++blk) {
    const T nan = std::numeric_limits<T>::quiet_NaN();
    std::fill(s.begin(), s.end(), Complex<T>{nan, nan});  // shared memory starts as garbage
    for (std::uint32_t i = 0; i < tile; ++i) shared_load(in, s.data(), g, blk, i);
    for (unsigned stage = 0; stage < g.log2m; ++stage)
      for (std::uint32_t t = 0; t < threads; ++t)
        for (std::uint32_t k0 = 0; k0 < per_thread; k0 += b) {
          if (b == 1) shared_butterflies<1>(s.data(), g, twiddle, stage, t, threads, k0);
          else if (b == 2) shared_butterflies<2>(s.data(), g, twiddle, stage, t, threads, k0);
          else if (b == 8) shared_butterflies<8>(s.data(), g, twiddle, stage, t, threads, k0);
          else shared_butterflies<4>(s.data(), g, twiddle, stage, t, threads, k0);
        }
    for (std::uint32_t i = 0; i < tile; ++i) shared_store(s.data(), out, g, blk, i);
  }
}

template <class T>
conformance::TransformFn<T> emulate_v4() {
  return [](std::span<const Complex<T>> in, std::span<Complex<T>> out, std::size_t n, std::size_t batch, Direction dir) {
    require_shared_size<T>(n, batch);
    const unsigned log2n = log2_exact(n);
    const auto table = stage_twiddle_table<T>(n);
    emulate_shared<T>(in.data(), out.data(), shared_geometry<T>(log2n, log2n, static_cast<std::uint32_t>(n * batch), true),
                      table.data(), static_cast<int>(dir));
  };
}

// v5 with the tile of a device that lets one block have `optin` bytes of shared memory.
template <class T>
conformance::TransformFn<T> emulate_v5(std::size_t optin) {
  return [optin](std::span<const Complex<T>> in_span, std::span<Complex<T>> out_span, std::size_t n, std::size_t batch,
                 Direction dir) {
    require_size("v5", n, batch);
    const Complex<T>* in = in_span.data();
    Complex<T>* out = out_span.data();
    const unsigned log2n = log2_exact(n);
    const int sign = static_cast<int>(dir);
    const auto table = stage_twiddle_table<T>(n);
    const SincospiTwiddle<T> twiddle{sign};  // the global stages' twiddles, as the plan's
    for_each_tiled_launch<T>(log2n, static_cast<std::uint32_t>(n * batch), tiled_log2p<T>(optin),
                             [&](TiledStep step, const SharedGeometry& g, unsigned stage, std::uint32_t threads) {
      if (step == TiledStep::shared) return emulate_shared<T>(in, out, g, table.data(), sign);
      for (std::uint32_t t = 0; t < threads; ++t) natural_butterfly<T>(out, log2n, stage, t, twiddle);
    });
  };
}

conformance::Config config() {
  conformance::Config cfg;
  cfg.sizes = conformance::powers_of_two(0, 14);
  cfg.batch = 3;
  cfg.refused = {0, 3, 12, 1000, std::size_t{1} << 28};
  return cfg;
}

}  // namespace

TEMPLATE_TEST_CASE("07 v1 (shifts and masks) emulated passes the conformance suite", "[emulated][v1]", float, double) {
  require_conformance(conformance::check_conformance<TestType>(emulate<TestType>(Emulated::v1), config()));
}

TEMPLATE_TEST_CASE("07 v2 (permutation pass, gather) emulated passes the conformance suite", "[emulated][v2]", float, double) {
  require_conformance(conformance::check_conformance<TestType>(emulate<TestType>(Emulated::v2_gather), config()));
}

TEMPLATE_TEST_CASE("07 v2 (permutation pass, scatter) emulated passes the conformance suite", "[emulated][v2]", float, double) {
  require_conformance(conformance::check_conformance<TestType>(emulate<TestType>(Emulated::v2_scatter), config()));
}

TEMPLATE_TEST_CASE("07 v3 (twiddle table) emulated passes the conformance suite", "[emulated][v3]", float, double) {
  require_conformance(conformance::check_conformance<TestType>(emulate<TestType>(Emulated::v3_table), config()));
}

TEMPLATE_TEST_CASE("07 v3 (sincospi twiddles) emulated passes the conformance suite", "[emulated][v3]", float, double) {
  require_conformance(conformance::check_conformance<TestType>(emulate<TestType>(Emulated::v3_sincospi), config()));
}

TEST_CASE("07 v3 (fast sincosf twiddles, indexing only on the CPU) emulated passes the conformance suite", "[emulated][v3]") {
  require_conformance(conformance::check_conformance<float>(emulate<float>(Emulated::v3_fast), config()));
}

TEMPLATE_TEST_CASE("07 v4 (shared memory) emulated phase by phase passes the conformance suite", "[emulated][v4]", float,
                   double) {
  auto cfg = config();
  cfg.sizes = conformance::powers_of_two(0, shared_max_log2<TestType>());
  cfg.batch = 5;  // with N = 16: 80 points, one partial block
  cfg.refused = {0, 3, 12, std::size_t{1} << (shared_max_log2<TestType>() + 1)};
  require_conformance(conformance::check_conformance<TestType>(emulate_v4<TestType>(), cfg));
}

TEMPLATE_TEST_CASE("07 v5 (shared first stages, then global) emulated passes the conformance suite", "[emulated][v5]",
                   float, double) {
  SECTION("sm_90 (227 KiB per block)") {
    require_conformance(conformance::check_conformance<TestType>(emulate_v5<TestType>(227 * 1024), config()));
  }
  SECTION("sm_75 (64 KiB per block)") {
    require_conformance(conformance::check_conformance<TestType>(emulate_v5<TestType>(64 * 1024), config()));
  }
}

TEMPLATE_TEST_CASE("07 v4 with 1, 2 and 8 butterflies per thread at a time", "[emulated][v4]", float, double) {
  for (unsigned b : {1u, 2u, 8u}) {
    INFO("B = " << b);
    auto fn = [b](std::span<const Complex<TestType>> in, std::span<Complex<TestType>> out, std::size_t n, std::size_t batch,
                  Direction dir) {
      require_shared_size<TestType>(n, batch);
      const unsigned log2n = log2_exact(n);
      const auto table = stage_twiddle_table<TestType>(n);
      emulate_shared<TestType>(in.data(), out.data(),
                               shared_geometry<TestType>(log2n, log2n, static_cast<std::uint32_t>(n * batch), true),
                               table.data(), static_cast<int>(dir), b);
    };
    auto cfg = config();
    cfg.sizes = conformance::powers_of_two(0, shared_max_log2<TestType>());
    cfg.refused = {};
    require_conformance(conformance::check_conformance<TestType>(fn, cfg));
  }
}

namespace {
// Shared-memory wavefronts one warp-wide access of 32 points costs: per 128-byte wavefront of
// 2^v points, the most of them that fall in one bank group (2^v groups).
unsigned wavefronts(const SharedGeometry& g, const std::vector<std::uint32_t>& positions) {
  const unsigned per = 1u << g.vec_log2;
  unsigned total = 0;
  for (std::size_t first = 0; first < positions.size(); first += per) {
    std::vector<unsigned> hits(per, 0);
    unsigned most = 0;
    for (std::size_t i = first; i < first + per && i < positions.size(); ++i)
      most = std::max(most, ++hits[g.slot(positions[i]) & (per - 1)]);
    total += most;
  }
  return total;
}

void check_slots(const SharedGeometry& g) {
  INFO("log2n " << g.log2n << " log2m " << g.log2m << " log2c " << g.log2c << " log2p " << g.log2p);
  std::vector<int> hits(g.tile(), 0);
  for (std::uint32_t p = 0; p < g.tile(); ++p) {
    REQUIRE(g.slot(p) < g.tile());
    ++hits[g.slot(p)];
  }
  for (int h : hits) REQUIRE(h == 1);
  // Every warp-wide access of the kernel takes the fewest wavefronts (32 / 2^v): the stages
  // and the store always, the reversed load where the columns are long enough for the
  // swizzle (rev_mask != 0); tiny transforms keep some conflicts on their load.
  const unsigned ideal = 32 >> g.vec_log2;
  for (std::uint32_t w = 0; w < g.tile() / 32; ++w) {
    std::vector<std::uint32_t> load(32), store(32);
    for (unsigned l = 0; l < 32; ++l) {
      std::uint32_t global;
      shared_load_index(g, 0, 32 * w + l, global, load[l]);
      shared_store_index(g, 0, 32 * w + l, global, store[l]);
    }
    if (g.rev_mask) REQUIRE(wavefronts(g, load) == ideal);
    REQUIRE(wavefronts(g, store) == ideal);
  }
  // The stages: one wavefront per 2^v points with the flip; without it (float, long
  // columns) stages 0 .. v-1 are allowed their 2-way conflicts, the later ones none.
  SharedGeometry flipped = g;
  flipped.flip = true;
  for (unsigned stage = 0; stage < g.log2m; ++stage)
    for (std::uint32_t w = 0; w < g.tile() / 64; ++w) {
      std::vector<std::uint32_t> tops(32), bottoms(32);
      for (unsigned l = 0; l < 32; ++l) {
        tops[l] = butterfly_top(32 * w + l, stage);
        bottoms[l] = tops[l] | (1u << stage);
      }
      INFO("stage " << stage);
      REQUIRE(wavefronts(flipped, tops) == ideal);
      REQUIRE(wavefronts(flipped, bottoms) == ideal);
      const unsigned allowed = g.flip || stage >= g.vec_log2 ? ideal : 2 * ideal;
      REQUIRE(wavefronts(g, tops) == allowed);
      REQUIRE(wavefronts(g, bottoms) == allowed);
    }
}
}  // namespace

TEMPLATE_TEST_CASE("07 shared-memory slots are a permutation and free of bank conflicts", "[emulated][v4][v5]", float,
                   double) {
  for (unsigned log2m = 0; log2m <= shared_max_log2<TestType>(); ++log2m)
    check_slots(shared_geometry<TestType>(log2m, log2m, 1u << 20, true));
  for (std::size_t optin : {std::size_t{64} << 10, std::size_t{227} << 10})
    for (unsigned log2n = shared_max_log2<TestType>() + 1; log2n <= 16; ++log2n)
      check_slots(folded_geometry<TestType>(log2n, 1u << 20, tiled_log2p<TestType>(optin)));
  // The swizzle is what makes them conflict-free: without it the reversed load of N = 1024
  // costs 2^v wavefronts per 2^v points.
  auto plain = shared_geometry<TestType>(10, 10, 1u << 20, true);
  plain.rev_mask = 0;
  plain.vec_log2 = 31;
  std::vector<std::uint32_t> load(32);
  for (unsigned l = 0; l < 32; ++l) {
    std::uint32_t global;
    shared_load_index(plain, 0, l, global, load[l]);
  }
  plain.vec_log2 = wavefront_log2<TestType>();
  CHECK(wavefronts(plain, load) == 32);
}

TEST_CASE("07 butterfly_top inserts a zero bit at the stage's position", "[emulated]") {
  for (unsigned stage = 0; stage < 12; ++stage) {
    const std::uint32_t half = 1u << stage;
    for (std::uint32_t k = 0; k < 4096; ++k) REQUIRE(butterfly_top(k, stage) == (k / half) * 2 * half + k % half);
  }
}

TEST_CASE("07 refusals name the size, the limit and who takes it", "[emulated]") {
  CHECK_THROWS_WITH(require_size("v1", std::size_t{1} << 28, 1), testing::contains("268435456"));
  CHECK_THROWS_WITH(require_size("v2", 96, 1), testing::contains("96"));
  CHECK_THROWS_WITH(require_size("v3", std::size_t{1} << 20, std::size_t{1} << 12), testing::contains("2^31"));
  CHECK_THROWS_AS(require_size("v1", 16, 0), size_error);
  CHECK_NOTHROW(require_shared_size<float>(4096, 8));
  CHECK_NOTHROW(require_shared_size<double>(2048, 8));
  CHECK_THROWS_WITH(require_shared_size<float>(8192, 1), testing::contains("8192") && testing::contains("4096") &&
                                                             testing::contains("v5"));
  CHECK_THROWS_WITH(require_shared_size<double>(4096, 1), testing::contains("4096") && testing::contains("2048"));
}

TEST_CASE("07 refuses N x batch above 2^31 points, also where N x batch wraps around", "[emulated][sizes]") {
  using namespace course::bitops;
  CHECK_NOTHROW(require_size("v1", std::size_t{1} << 27, 16));  // exactly 2^31 points
  CHECK_THROWS_AS(require_size("v1", std::size_t{1} << 27, 17), size_error);
  // 2^27 x 2^37 = 2^64 wraps to 0 in 64 bits: the check must not multiply.
  CHECK_THROWS_WITH(require_size("v1", std::size_t{1} << 27, std::size_t{1} << 37), testing::contains("137438953472"));
}
