// 07 v1-v3 without a GPU: each kernel's per-thread function run on the CPU for every thread of
// every launch, in the plans' launch order (the same for_each_*_launch sequences), checked by
// the conformance suite in float and double. v4 and v5 use shared memory and __syncthreads():
// their phases (shared_thread.hpp) are run here phase by phase, every thread of a block before
// the next phase, which is what the barriers guarantee; the barriers themselves are checked on
// a GPU (test_07_gpu under racecheck and synccheck).
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

// One launch of shared_kernel, block after block; each block's phases in barrier order.
template <class T>
void emulate_shared(const Complex<T>* in, Complex<T>* out, const SharedGeometry& g, const Complex<T>* table, int sign) {
  const std::uint32_t tile = g.tile();
  const std::uint32_t blocks = (g.points + tile - 1) / tile;
  std::vector<Complex<T>> s(tile);
  const TableTwiddle<T> twiddle{table, sign};
  for (std::uint32_t b = 0; b < blocks; ++b) {
    for (std::uint32_t i = 0; i < tile; ++i) shared_load(in, s.data(), g, b, i);
    for (unsigned stage = 0; stage < g.log2m; ++stage)
      for (std::uint32_t k = 0; k < tile / 2; ++k) shared_butterfly(s.data(), g, twiddle, stage, k);
    for (std::uint32_t i = 0; i < tile; ++i) shared_store(s.data(), out, g, b, i);
  }
}

template <class T>
conformance::TransformFn<T> emulate_v4() {
  return [](std::span<const Complex<T>> in, std::span<Complex<T>> out, std::size_t n, std::size_t batch, Direction dir) {
    require_shared_size<T>(n, batch);
    const unsigned log2n = log2_exact(n);
    const auto table = stage_twiddle_table<T>(n);
    emulate_shared<T>(in.data(), out.data(), shared_geometry(log2n, log2n, static_cast<std::uint32_t>(n * batch), true),
                      table.data(), static_cast<int>(dir));
  };
}

template <class T>
conformance::TransformFn<T> emulate_v5() {
  return [](std::span<const Complex<T>> in_span, std::span<Complex<T>> out_span, std::size_t n, std::size_t batch,
            Direction dir) {
    require_size("v5", n, batch);
    const Complex<T>* in = in_span.data();
    Complex<T>* out = out_span.data();
    const unsigned log2n = log2_exact(n);
    const int sign = static_cast<int>(dir);
    const auto table = stage_twiddle_table<T>(n);
    const TableTwiddle<T> twiddle{table.data(), sign};
    for_each_tiled_launch(log2n, static_cast<std::uint32_t>(n * batch), shared_max_log2<T>(),
                          [&](TiledStep step, const SharedGeometry& g, unsigned stage, std::uint32_t threads) {
      if (step == TiledStep::shared) return emulate_shared<T>(g.reverse ? in : out, out, g, table.data(), sign);
      for (std::uint32_t t = 0; t < threads; ++t) {
        if (step == TiledStep::permute) permute_gather<T>(in, out, log2n, t);
        else natural_butterfly<T>(out, log2n, stage, t, twiddle);
      }
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
  require_conformance(conformance::check_conformance<TestType>(emulate_v5<TestType>(), config()));
}

TEST_CASE("07 v4 shared-memory slots are a permutation of each block's points", "[emulated][v4]") {
  for (unsigned log2m = 0; log2m <= 12; ++log2m) {
    const auto g = shared_geometry(12, log2m, 1u << 20, true);
    std::vector<int> hits(g.tile(), 0);
    for (std::uint32_t p = 0; p < g.tile(); ++p) {
      REQUIRE(g.slot(p) < g.tile());
      ++hits[g.slot(p)];
    }
    for (int h : hits) REQUIRE(h == 1);
  }
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
