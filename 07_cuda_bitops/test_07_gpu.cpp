// 07 on the GPU: every variant through the shared conformance suite, float and double, batched,
// with its refused sizes. Cases tagged [small] run a few sizes only: they are what the
// compute-sanitizer runs use (memcheck for all, racecheck for the shared-memory kernels).
// Exits 77 (skipped) without a CUDA device.
#include <cstdio>
#include <memory>

#include "07_cuda_bitops/bitops_fft.hpp"
#include "common/catch.hpp"
#include "common/gpu_conformance.hpp"
#include "common/reference.hpp"
#include "common/signals.hpp"

using namespace course;
using namespace course::bitops;

namespace {

template <class T, class MakePlan>
void check(MakePlan make, unsigned max_log2_checked, std::vector<std::size_t> refused, bool small,
           double tolerance_factor = 1.0) {
  conformance::Config cfg;
  cfg.sizes = small ? std::vector<std::size_t>{1, 2, 8, 1024} : conformance::powers_of_two(0, max_log2_checked);
  if (small && max_log2_checked >= 13) cfg.sizes.push_back(std::size_t{1} << 13);  // v5: past one tile
  cfg.batch = 3;
  cfg.refused = std::move(refused);
  cfg.tolerance = [tolerance_factor](std::size_t n) { return tolerance_factor * tolerance<T>(n); };
  require_conformance(conformance::check_conformance<T>(device_transform<T>(make), cfg));
}

const std::vector<std::size_t> refused_any = {0, 3, 12, std::size_t{1} << 28};

template <class T>
void all_global_variants(bool small) {
  const unsigned top = 20;
  SECTION("v1 shifts and masks") {
    check<T>([](std::size_t n, std::size_t b) { return std::make_unique<ShiftPlan<T>>(n, b); }, top, refused_any, small);
  }
  SECTION("v2 permutation pass, gather") {
    check<T>([](std::size_t n, std::size_t b) { return std::make_unique<ReorderPlan<T>>(n, b, Permutation::gather); }, top,
             refused_any, small);
  }
  SECTION("v2 permutation pass, scatter") {
    check<T>([](std::size_t n, std::size_t b) { return std::make_unique<ReorderPlan<T>>(n, b, Permutation::scatter); }, top,
             refused_any, small);
  }
  SECTION("v3 twiddle table") {
    check<T>([](std::size_t n, std::size_t b) { return std::make_unique<TwiddlePlan<T>>(n, b, TwiddleSource::table); }, top,
             refused_any, small);
  }
  SECTION("v3 sincospi twiddles") {
    check<T>([](std::size_t n, std::size_t b) { return std::make_unique<TwiddlePlan<T>>(n, b, TwiddleSource::sincospi); },
             top, refused_any, small);
  }
  SECTION("v5 shared-memory first stages, then global stages") {
    check<T>([](std::size_t n, std::size_t b) { return std::make_unique<TiledPlan<T>>(n, b); }, top, refused_any, small);
  }
}

template <class T>
void shared_variant(bool small) {
  const unsigned top = shared_max_log2<T>();
  const std::size_t above = std::size_t{1} << (top + 1);
  check<T>([](std::size_t n, std::size_t b) { return std::make_unique<SharedPlan<T>>(n, b); }, small ? 10 : top,
           {0, 3, 12, above, std::size_t{1} << 20}, small);
}

}  // namespace

TEMPLATE_TEST_CASE("07 v1, v2, v3, v5 pass the conformance suite up to 2^20", "[gpu][global]", float, double) {
  all_global_variants<TestType>(false);
}

TEMPLATE_TEST_CASE("07 v4 (shared memory) passes the conformance suite up to its limit", "[gpu][v4]", float, double) {
  shared_variant<TestType>(false);
}

// __sincosf's absolute error (about 2^-21 on [-pi, pi], 3 float ulps of a twiddle) is the
// accuracy cost this variant trades for speed: its bound is 4 times the course's model.
TEST_CASE("07 v3 fast __sincosf twiddles (float) pass the conformance suite at 4x the tolerance", "[gpu][v3]") {
  check<float>([](std::size_t n, std::size_t b) { return std::make_unique<TwiddlePlan<float>>(n, b, TwiddleSource::fast_sincosf); },
               20, refused_any, false, 4.0);
}

TEST_CASE("07 v3 refuses fast float twiddles in a double transform", "[gpu][v3]") {
  CHECK_THROWS_WITH(TwiddlePlan<double>(1024, 1, TwiddleSource::fast_sincosf), testing::contains("float only"));
}

TEST_CASE("07 v3: the error each twiddle source costs, float N = 2^20", "[gpu][v3][accuracy]") {
  const std::size_t n = std::size_t{1} << 20;
  const auto x = random_uniform<float>(n, fresh_seed());
  const auto ref = reference_dft<float>(x, n, 1, Direction::forward);
  cuda::DeviceBuffer<Complex<float>> in(n), out(n);
  in.upload(x);
  double err[4];
  for (auto s : {TwiddleSource::sincos_double, TwiddleSource::table, TwiddleSource::sincospi, TwiddleSource::fast_sincosf}) {
    out.poison();
    TwiddlePlan<float>(n, 1, s).execute(in.data(), out.data(), Direction::forward);
    COURSE_CUDA_CHECK(cudaDeviceSynchronize());
    const double e = rel_l2_error<float, long double>(out.to_host(), ref);
    err[static_cast<int>(s)] = e;
    std::printf("07 v3 float N=2^20 twiddles %-8s relative L2 error %.3e\n", to_string(s), e);
  }
  // Exact twiddles (one rounding each) are equally good; the fast intrinsic is worse but bounded.
  CHECK(err[0] <= tolerance<float>(n));
  CHECK(err[1] <= tolerance<float>(n));
  CHECK(err[2] <= tolerance<float>(n));
  CHECK(err[3] <= 4 * tolerance<float>(n));
}

TEMPLATE_TEST_CASE("07 small sizes, every variant (for compute-sanitizer)", "[small][gpu]", float, double) {
  all_global_variants<TestType>(true);
}

TEMPLATE_TEST_CASE("07 v4 small sizes (for racecheck)", "[small][shared][gpu]", float, double) {
  shared_variant<TestType>(true);
}

TEMPLATE_TEST_CASE("07 v5 small sizes (for racecheck)", "[small][shared][gpu]", float, double) {
  check<TestType>([](std::size_t n, std::size_t b) { return std::make_unique<TiledPlan<TestType>>(n, b); }, 13, refused_any,
                  true);
}

TEST_CASE("07 plans refuse in == out", "[gpu]") {
  cuda::DeviceBuffer<Complex<float>> buf(64);
  CHECK_THROWS_AS(ShiftPlan<float>(64).execute(buf.data(), buf.data(), Direction::forward), std::invalid_argument);
  CHECK_THROWS_AS(SharedPlan<float>(64).execute(buf.data(), buf.data(), Direction::forward), std::invalid_argument);
  CHECK_THROWS_AS(TiledPlan<float>(64).execute(buf.data(), buf.data(), Direction::forward), std::invalid_argument);
}
