// The GPU tile emulated on the CPU against the conformance suite: every 7-smooth N the tile
// takes, both precisions, batched (partial last blocks included); refusals by name.
#include "12_any_n/gpu_emulate.hpp"
#include "common/catch.hpp"
#include "common/conformance.hpp"

using namespace course;
using namespace course::anyn;
using namespace course::anyn::gpu;

namespace {
template <class T>
conformance::TransformFn<T> emulated() {
  return [](std::span<const Complex<T>> in, std::span<Complex<T>> out, std::size_t n, std::size_t batch, Direction dir) {
    emulate_tile<T>(n, batch, in.data(), out.data(), dir);
  };
}
}  // namespace

TEMPLATE_TEST_CASE("the GPU tile, emulated: every 7-smooth N it takes", "[12][gpu-emulated]", float, double) {
  conformance::Config cfg;
  for (std::size_t n = 1; n <= max_tile_n<TestType>(); ++n)
    if (is_smooth(n)) cfg.sizes.push_back(n);
  cfg.batch = 5;  // more than one block for the small N, a partial last block
  cfg.all_checks_up_to = 64;
  cfg.refused = {0, 11, 1001, max_tile_n<TestType>() * 2};
  require_conformance(conformance::check_conformance<TestType>(emulated<TestType>(), cfg));
}

TEST_CASE("the GPU tile refuses what it cannot hold, naming the limit", "[12][gpu-emulated]") {
  using course::testing::contains;
  CHECK_THROWS_WITH(require_tile_size<double>(4096, 1), contains("3072") && contains("double"));
  CHECK_THROWS_WITH(require_tile_size<float>(1009, 1), contains("prime factor above 7"));
  CHECK_THROWS_WITH(require_tile_size<float>(1000, 0), contains("batch = 0"));
  CHECK_NOTHROW(require_tile_size<float>(6144, 1));
}
