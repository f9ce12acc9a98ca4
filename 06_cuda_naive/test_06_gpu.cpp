// 06 on the GPU: both variants through the shared conformance suite, float and double,
// batched, with the sizes each refuses. Cases tagged [small] run a few sizes only, for the
// compute-sanitizer runs (memcheck; racecheck for v1). Exits 77 (skipped) without a CUDA device.
#include <memory>

#include "06_cuda_naive/naive_fft.hpp"
#include "common/catch.hpp"
#include "common/gpu_conformance.hpp"

using namespace course;
using namespace course::cuda_naive;

namespace {

template <class T>
void check_v1(bool small) {
  conformance::Config cfg;
  cfg.sizes = small ? std::vector<std::size_t>{1, 2, 16, 2048} : conformance::powers_of_two(0, v1_max_log2);
  cfg.batch = 5;
  cfg.refused = {0, 3, 1536, 4096, std::size_t{1} << 20};  // 4096 and up: more than one block
  auto fn = device_transform<T>([](std::size_t n, std::size_t batch) { return std::make_unique<BlockPlan<T>>(n, batch); });
  require_conformance(conformance::check_conformance<T>(fn, cfg));
}

template <class T>
void check_v2(bool small) {
  conformance::Config cfg;
  cfg.sizes = small ? std::vector<std::size_t>{1, 2, 16, 4096} : conformance::powers_of_two(0, 20);
  cfg.batch = 3;
  cfg.refused = {0, 3, 12, std::size_t{1} << 28};
  auto fn = device_transform<T>([](std::size_t n, std::size_t batch) { return std::make_unique<StagePlan<T>>(n, batch); });
  require_conformance(conformance::check_conformance<T>(fn, cfg));
}

}  // namespace

TEMPLATE_TEST_CASE("06 v1 (one block, __syncthreads) passes the conformance suite", "[gpu][v1]", float, double) {
  check_v1<TestType>(false);
}

TEMPLATE_TEST_CASE("06 v2 (a launch per stage) passes the conformance suite up to 2^20", "[gpu][v2]", float, double) {
  check_v2<TestType>(false);
}

TEMPLATE_TEST_CASE("06 v1 small sizes (for compute-sanitizer)", "[small][v1small][gpu]", float, double) {
  check_v1<TestType>(true);
}

TEMPLATE_TEST_CASE("06 v2 small sizes (for compute-sanitizer)", "[small][gpu]", float, double) {
  check_v2<TestType>(true);
}

TEST_CASE("06 plans refuse in == out", "[gpu]") {
  cuda::DeviceBuffer<Complex<float>> buf(64);
  CHECK_THROWS_AS(BlockPlan<float>(64).execute(buf.data(), buf.data(), Direction::forward), std::invalid_argument);
  CHECK_THROWS_AS(StagePlan<float>(64).execute(buf.data(), buf.data(), Direction::forward), std::invalid_argument);
}
