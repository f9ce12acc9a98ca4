// 08_cuda_stockham on the GPU: every variant through the shared conformance suite, float and
// double, N = 2^0 .. 2^20 single and batched; refused sizes; the device twiddle table.
// Without a CUDA device the runner exits 77 (skipped). Test cases tagged [sanitize] are the
// small ones tools/gpu_check.sh runs under compute-sanitizer (memcheck; racecheck for [fused]).
#include <cmath>
#include <memory>
#include <vector>

#include "08_cuda_stockham/stockham.hpp"
#include "common/catch.hpp"
#include "common/gpu_conformance.hpp"
#include "common/sizes.hpp"

using namespace course;
using namespace course::stockham;

namespace {


template <template <class> class Plan, class T>
void check_variant(unsigned max_log2n, std::size_t batch) {
  conformance::Config cfg;
  cfg.sizes = conformance::powers_of_two(0, max_log2n);
  cfg.batch = batch;
  cfg.refused = {0, 3, 12, 1000, std::size_t{1} << 29};
  auto fn = device_transform<T>([](std::size_t n, std::size_t b) { return std::make_unique<Plan<T>>(n, b); });
  require_conformance(conformance::check_conformance<T>(fn, cfg));
}

}  // namespace

TEMPLATE_TEST_CASE("v1 Stockham conforms up to 2^20", "[v1]", float, double) { check_variant<StockhamPlan, TestType>(20, 3); }
TEMPLATE_TEST_CASE("v2 Cooley-Tukey conforms up to 2^20", "[v2]", float, double) { check_variant<CooleyTukeyPlan, TestType>(20, 3); }
TEMPLATE_TEST_CASE("v3 fused first stages conforms up to 2^20", "[v3][fused]", float, double) {
  check_variant<FusedFirstPlan, TestType>(20, 3);
}
TEMPLATE_TEST_CASE("v4 all passes fused conforms up to 2^20", "[v4][fused]", float, double) {
  check_variant<FusedPlan, TestType>(20, 3);
}

// Small enough for compute-sanitizer; 2^13 is past both tiles, so the strided, padded,
// pre-twiddled path of the fused kernel runs too.
TEMPLATE_TEST_CASE("v1 and v2 small sizes (sanitizer)", "[sanitize][v1][v2]", float, double) {
  check_variant<StockhamPlan, TestType>(10, 3);
  check_variant<CooleyTukeyPlan, TestType>(10, 3);
}
TEMPLATE_TEST_CASE("v3 and v4 small sizes (sanitizer)", "[sanitize][fused]", float, double) {
  check_variant<FusedFirstPlan, TestType>(13, 2);
  check_variant<FusedPlan, TestType>(13, 2);
}

TEMPLATE_TEST_CASE("v4 stays right at 2^22", "[v4][fused][large]", float, double) {
  // Beyond the sizes above (2^19 and 2^20 already take three passes): the 2^22 schedule,
  // single transform, strided runs of a full 64 bytes. Larger N makes the reference too slow.
  conformance::Config cfg;
  cfg.sizes = {std::size_t{1} << 22};
  auto fn = device_transform<TestType>([](std::size_t n, std::size_t b) { return std::make_unique<FusedPlan<TestType>>(n, b); });
  require_conformance(conformance::check_conformance<TestType>(fn, cfg));
}

TEMPLATE_TEST_CASE("the device twiddle table matches the long-double one", "[twiddle]", float, double) {
  const std::size_t n = std::size_t{1} << 16;
  StockhamPlan<TestType> plan(n);
  COURSE_CUDA_CHECK(cudaDeviceSynchronize());
  const auto table = plan.twiddles().to_host();
  const double eps = std::numeric_limits<TestType>::epsilon();
  double worst = 0;
  for (std::size_t s = 1; s < n; s *= 2)
    for (std::size_t k = 0; k < s; ++k) {
      const auto want = twiddle_ld(static_cast<std::int64_t>(k), static_cast<std::int64_t>(2 * s));
      const double err = std::hypot(static_cast<double>(table[s + k].re - want.re), static_cast<double>(table[s + k].im - want.im));
      worst = std::max(worst, err);
    }
  INFO("worst twiddle error " << worst << " = " << worst / eps << " eps");
  // One rounding to T; in double, sincospi's own error (an ulp or two) is of the same order.
  CHECK(worst <= 2 * eps);
  CHECK(table[2 + 1] == Complex<TestType>{TestType(0), TestType(-1)});  // w(1, 4) = -i exactly
}

TEST_CASE("plans refuse what they cannot do before any device work", "[refuse]") {
  using testing::contains;
  CHECK_THROWS_AS(StockhamPlan<float>(0), size_error);
  CHECK_THROWS_WITH(FusedPlan<double>(24), contains("24") && contains("power of two"));
  CHECK_THROWS_WITH(CooleyTukeyPlan<float>(std::size_t{1} << 29), contains("536870912") && contains("2^28"));
  CHECK_THROWS_AS(FusedFirstPlan<float>(1024, 0), size_error);
  // More than device memory: the message names the size, the batch and the memory free.
  try {
    StockhamPlan<double> plan(std::size_t{1} << 20, std::size_t{1} << 24);
    FAIL("a 2^44-point plan should be refused");
  } catch (const size_error& e) {
    const std::string msg = e.what();
    INFO(msg);
    CHECK(msg.find("1048576") != std::string::npos);
    CHECK(msg.find("MiB free") != std::string::npos);
    CHECK(msg.find("08_cuda_stockham") != std::string::npos);
  }
}

TEST_CASE("execute refuses in == out and runs on the plan's stream", "[stream]") {
  cudaStream_t stream;
  COURSE_CUDA_CHECK(cudaStreamCreate(&stream));
  const std::size_t n = 1 << 14;
  const auto x = random_uniform<float>(n, fresh_seed());
  cuda::DeviceBuffer<Complex<float>> in(n), out(n);
  in.upload(x);
  FusedPlan<float> plan(n, 1, stream);
  CHECK_THROWS_AS(plan.execute(in.data(), in.data(), Direction::forward), std::invalid_argument);
  out.poison();
  plan.execute(in.data(), out.data(), Direction::forward);
  COURSE_CUDA_CHECK(cudaStreamSynchronize(stream));
  const auto got = out.to_host();
  CHECK(rel_l2_error<float, long double>(got, reference_dft<float>(x, n, 1, Direction::forward)) < tolerance<float>(n));
  COURSE_CUDA_CHECK(cudaStreamDestroy(stream));
}
