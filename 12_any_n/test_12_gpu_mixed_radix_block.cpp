// 12's read-me-first GPU kernel (gpu_mixed_radix_block.cu) against the shared conformance suite:
// 1000, 1029 and 2401 points (and 3125 in float), single and batched, forward and inverse; other
// sizes refused. Exits 77 (skipped) without a CUDA device.
#include <memory>

#include "12_any_n/gpu_mixed_radix_block.hpp"
#include "common/catch.hpp"
#include "common/gpu_conformance.hpp"

using namespace course;

TEMPLATE_TEST_CASE("the plain mixed-radix block kernel conforms", "[gpu][conformance]", float, double) {
  conformance::Config cfg;
  cfg.sizes = sizeof(TestType) == 4 ? std::vector<std::size_t>{1000, 1029, 2401, 3125} : std::vector<std::size_t>{1000, 1029, 2401};
  cfg.batch = 6;
  cfg.refused = {0, 1, 999, 1024, 1009};
  if (sizeof(TestType) == 8) cfg.refused.push_back(3125);
  require_conformance(conformance::check_conformance<TestType>(
      device_transform<TestType>([](std::size_t n, std::size_t batch) {
        return std::make_unique<anyn::gpu::MixedRadixBlockPlan<TestType>>(n, batch);
      }),
      cfg));
}
