// The GPU tile on the device against the conformance suite: every 7-smooth N it takes, both
// precisions, batched; in place; a small set for compute-sanitizer.
#include <memory>

#include "12_any_n/gpu_plan.hpp"
#include "common/catch.hpp"
#include "common/gpu_conformance.hpp"

using namespace course;
using namespace course::anyn;
using namespace course::anyn::gpu;

namespace {
template <class T>
auto make_plan() {
  return device_transform<T>([](std::size_t n, std::size_t batch) { return std::make_unique<TilePlan<T>>(n, batch); });
}
template <class T>
std::vector<std::size_t> smooth_sizes(std::size_t most) {
  std::vector<std::size_t> s;
  for (std::size_t n = 1; n <= most; ++n)
    if (is_smooth(n)) s.push_back(n);
  return s;
}
}  // namespace

TEMPLATE_TEST_CASE("GPU tile: every 7-smooth N it takes, batch 7, forward and inverse", "[gpu][conformance]", float, double) {
  conformance::Config cfg;
  cfg.sizes = smooth_sizes<TestType>(max_tile_n<TestType>());
  cfg.batch = 7;
  cfg.all_checks_up_to = 128;
  cfg.refused = {0, 11, 1001, max_tile_n<TestType>() * 2};
  require_conformance(conformance::check_conformance<TestType>(make_plan<TestType>(), cfg));
}

TEST_CASE("GPU tile: a large batch in place equals out of place bit for bit", "[gpu]") {
  const std::size_t n = 1000, batch = 333;
  const auto x = random_uniform<float>(n * batch, 5);
  std::vector<Complex<float>> a_host(n * batch), b_host(n * batch);
  TilePlan<float> plan(n, batch);
  cuda::DeviceBuffer<Complex<float>> a(n * batch), b(n * batch);
  a.upload(std::span<const Complex<float>>(x.data(), x.size()));
  plan.execute(a.data(), b.data(), Direction::forward);
  plan.execute(a.data(), a.data(), Direction::forward);
  COURSE_CUDA_CHECK(cudaDeviceSynchronize());
  a.download(std::span<Complex<float>>(a_host.data(), a_host.size()));
  b.download(std::span<Complex<float>>(b_host.data(), b_host.size()));
  for (std::size_t i = 0; i < n * batch; ++i) {
    REQUIRE(a_host[i].re == b_host[i].re);
    REQUIRE(a_host[i].im == b_host[i].im);
  }
}

TEST_CASE("GPU tile sanitizer set: radices 2..8, partial blocks", "[sanitize]") {
  conformance::Config cfg;
  cfg.sizes = {6, 35, 1000, 1920, 2401};
  cfg.batch = 3;
  cfg.all_checks_up_to = 1;
  cfg.refused = {11};
  require_conformance(conformance::check_conformance<float>(make_plan<float>(), cfg));
  cfg.sizes = {15, 1000, 2187};
  require_conformance(conformance::check_conformance<double>(make_plan<double>(), cfg));
}
