// 09's read-me-first kernel (radix16_tile.cu) against the shared conformance suite: float 16, 256
// and 4096 points, double 16 and 256, single and batched, forward and inverse; every other size
// refused. Exits 77 (skipped) without a CUDA device.
#include <memory>

#include "09_radixN/radix16_tile.hpp"
#include "common/catch.hpp"
#include "common/gpu_conformance.hpp"

using namespace course;

TEMPLATE_TEST_CASE("the plain radix-16 tile kernel conforms", "[gpu][conformance]", float, double) {
  conformance::Config cfg;
  cfg.sizes = sizeof(TestType) == 4 ? std::vector<std::size_t>{16, 256, 4096} : std::vector<std::size_t>{16, 256};
  cfg.batch = 7;
  cfg.refused = {0, 1, 8, 32, 512, 8192};
  if (sizeof(TestType) == 8) cfg.refused.push_back(4096);
  require_conformance(conformance::check_conformance<TestType>(
      device_transform<TestType>([](std::size_t n, std::size_t batch) {
        return std::make_unique<radixn::Radix16TilePlan<TestType>>(n, batch);
      }),
      cfg));
}
