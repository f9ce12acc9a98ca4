// 11's read-me-first kernel (cluster_exchange.cu) against the shared conformance suite: float
// 4096 and 65536, double 4096, single and batched, forward and inverse; other sizes refused.
// Exits 77 (skipped) without a CUDA device; on a GPU without clusters, checks the refusal only.
#include <memory>
#include <string>

#include "11_clusters/cluster_exchange.hpp"
#include "common/catch.hpp"
#include "common/cuda_helpers.hpp"
#include "common/gpu_conformance.hpp"

using namespace course;

TEMPLATE_TEST_CASE("the plain cluster kernel conforms", "[gpu][conformance]", float, double) {
  int device = 0;
  COURSE_CUDA_CHECK(cudaGetDevice(&device));
  if (cuda::query_device(device).major < 9) {
    CHECK_THROWS_WITH(clusters::ClusterExchangePlan<TestType>(4096, 1), testing::contains("no thread-block clusters"));
    return;
  }
  conformance::Config cfg;
  cfg.sizes = sizeof(TestType) == 4 ? std::vector<std::size_t>{4096, 65536} : std::vector<std::size_t>{4096};
  cfg.batch = 5;
  cfg.refused = {0, 1, 2048, 8192, 1 << 17};
  if (sizeof(TestType) == 8) cfg.refused.push_back(65536);
  require_conformance(conformance::check_conformance<TestType>(
      device_transform<TestType>([](std::size_t n, std::size_t batch) {
        return std::make_unique<clusters::ClusterExchangePlan<TestType>>(n, batch);
      }),
      cfg));
}
