// The cluster plans on the GPU against the shared conformance suite (FFTW's answers), both
// precisions, every size, single and batched, in place; refusals at limits the GPU or the
// simulated COURSE_SHARED_LIMIT_KIB cannot hold; a small set for compute-sanitizer.
#include <memory>

#include "11_clusters/cluster_fft.hpp"
#include "11_clusters/cluster_plan.hpp"
#include "11_clusters/dispatch.hpp"
#include "11_clusters/fastest_plan.hpp"
#include "common/catch.hpp"
#include "common/cuda_helpers.hpp"
#include "common/gpu_conformance.hpp"
#include "common/gpu_limits.hpp"
#include "common/signals.hpp"

using namespace course;
using namespace course::clusters;
using course::testing::contains;

namespace {
template <class T>
int shared_bytes_for(int logn) {
  int bytes = 0;
  with_cluster_logn<T>(logn, [&]<int LOGN>() { bytes = ClusterFft<T, LOGN>::kSharedBytes; });
  return bytes;
}

template <class T>
int shared_bytes_for_if_cluster(int logn) {
  return logn >= kMinLog2<T> && logn <= kMaxLog2<T> ? shared_bytes_for<T>(logn) : 0;
}

int limit_bytes() {
  return resolve_shared_limit("test", 0, cuda::device_shared_limit_bytes(), kMostSharedLimitBytes).bytes;
}

template <class T>
auto make_plan(bool register_io = true) {
  return device_transform<T>([register_io](std::size_t n, std::size_t batch) {
    return std::make_unique<Plan<T>>(n, batch, nullptr, register_io);
  });
}

// The sizes whose blocks fit the limit; the others must be refused by name.
template <class T>
std::vector<std::size_t> fitting_sizes(int max_log2 = kMaxLog2<T>) {
  std::vector<std::size_t> sizes;
  for (int logn = kMinLog2<T>; logn <= max_log2; ++logn) {
    const std::size_t n = std::size_t{1} << logn;
    if (shared_bytes_for<T>(logn) <= limit_bytes()) {
      sizes.push_back(n);
    } else {
      INFO("N = 2^" << logn << " needs " << shared_bytes_for<T>(logn) << " bytes, limit " << limit_bytes());
      CHECK_THROWS_WITH(Plan<T>(n), contains("KiB of shared memory") && contains(std::to_string(limit_bytes() / 1024) + " KiB"));
    }
  }
  return sizes;
}
}  // namespace

TEMPLATE_TEST_CASE("cluster plans: every size, single and batch 3, forward and inverse", "[gpu][conformance]", float, double) {
  conformance::Config cfg;
  cfg.sizes = fitting_sizes<TestType>();
  cfg.batch = 3;
  cfg.refused = {0, 3, std::size_t{1} << (kMinLog2<TestType> - 1), std::size_t{1} << (kMaxLog2<TestType> + 1)};
  if (cfg.sizes.empty()) {
    WARN("no cluster size fits a " << limit_bytes() / 1024 << " KiB limit: only the refusals were checked");
    CHECK_THROWS_WITH(Plan<TestType>(0), contains("N = 0"));
    return;
  }
  require_conformance(conformance::check_conformance<TestType>(make_plan<TestType>(), cfg));
}

TEMPLATE_TEST_CASE("the first version (shared-memory I/O at both ends): every size, batch 2", "[gpu][conformance]", float, double) {
  conformance::Config cfg;
  cfg.sizes = fitting_sizes<TestType>();
  cfg.batch = 2;
  cfg.refused = {0};
  cfg.all_checks_up_to = 1;
  if (cfg.sizes.empty()) return;
  require_conformance(conformance::check_conformance<TestType>(make_plan<TestType>(false), cfg));
}

TEMPLATE_TEST_CASE("a large batch in place: every transform its own cluster", "[gpu]", float, double) {
  const auto sizes = fitting_sizes<TestType>();
  if (sizes.empty()) return;
  const std::size_t n = sizes.back(), batch = 37;
  const auto x = random_uniform<TestType>(n * batch, 11);
  std::vector<Complex<TestType>> expect(n * batch), got(n * batch);
  {
    Plan<TestType> plan(n, batch);
    cuda::DeviceBuffer<Complex<TestType>> a(n * batch), b(n * batch);
    a.upload(std::span<const Complex<TestType>>(x.data(), x.size()));
    plan.execute(a.data(), b.data(), Direction::forward);
    plan.execute(a.data(), a.data(), Direction::forward);  // in place
    COURSE_CUDA_CHECK(cudaDeviceSynchronize());
    b.download(std::span<Complex<TestType>>(expect.data(), expect.size()));
    a.download(std::span<Complex<TestType>>(got.data(), got.size()));
  }
  for (std::size_t i = 0; i < n * batch; ++i) {
    INFO("element " << i);
    REQUIRE(got[i].re == expect[i].re);
    REQUIRE(got[i].im == expect[i].im);
  }
}

TEMPLATE_TEST_CASE("the fastest plan: clusters where the rule says, 09 elsewhere, N = 2^0 .. 2^20", "[gpu][conformance]", float, double) {
  conformance::Config cfg;
  cfg.sizes = conformance::powers_of_two(0, 20);
  cfg.batch = 2;
  cfg.all_checks_up_to = 1 << 10;
  cfg.refused = {0, 3, 1000};
  require_conformance(conformance::check_conformance<TestType>(
      device_transform<TestType>([](std::size_t n, std::size_t batch) { return std::make_unique<FastestPlan<TestType>>(n, batch); }), cfg));
  const int eb = static_cast<int>(sizeof(Complex<TestType>));
  for (int logn = 0; logn <= 20; ++logn) {
    const FastestPlan<TestType> plan(std::size_t{1} << logn, 1);
    const bool can = cluster_beats_09(logn, eb) && shared_bytes_for_if_cluster<TestType>(logn) <= limit_bytes();
    INFO("N = 2^" << logn << ": " << plan.describe());
    CHECK(plan.uses_cluster() == can);
  }
}

TEST_CASE("describe() names the cluster, the split and the shared memory", "[gpu]") {
  const auto sizes = fitting_sizes<float>(16);
  if (sizes.empty()) return;
  Plan<float> plan(std::size_t{1} << 16, 2);
  const auto d = plan.describe();
  CHECK_THAT(d, contains("cluster of K = 8 blocks"));
  CHECK_THAT(d, contains("M1 x M2 = 512 x 128"));
  CHECK_THAT(d, contains("one pass"));
  CHECK(plan.active_clusters() >= 1);
}

// Small plans for compute-sanitizer (memcheck, racecheck): the smallest and a non-portable
// 16-block cluster of each precision, batch 2.
TEST_CASE("sanitizer set: 4-, 8- and 16-block clusters, both precisions", "[sanitize]") {
  conformance::Config cfg;
  cfg.batch = 2;
  cfg.all_checks_up_to = 1;
  cfg.refused = {3};
  cfg.sizes = fitting_sizes<float>(17);
  if (!cfg.sizes.empty()) {
    cfg.sizes = {std::size_t{1} << 15, std::size_t{1} << 17};
    require_conformance(conformance::check_conformance<float>(make_plan<float>(), cfg));
    cfg.sizes = {std::size_t{1} << 15};
    require_conformance(conformance::check_conformance<float>(make_plan<float>(false), cfg));
  }
  cfg.sizes = fitting_sizes<double>(16);
  if (!cfg.sizes.empty()) {
    cfg.sizes = {std::size_t{1} << 15, std::size_t{1} << 16};
    require_conformance(conformance::check_conformance<double>(make_plan<double>(), cfg));
  }
}
