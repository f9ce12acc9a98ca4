// The cluster transform emulated on the CPU (emulate.hpp: the K blocks as plain arrays, the
// cluster barriers as loop boundaries) against the shared conformance suite, every size and
// both precisions: CI checks the index maps of both phases and of the exchange without a GPU.
#include "11_clusters/emulate.hpp"
#include "11_clusters/planner_rule.hpp"
#include "common/catch.hpp"
#include "common/conformance.hpp"

using namespace course;
using namespace course::clusters;

namespace {
template <class T>
conformance::TransformFn<T> emulated(bool register_io) {
  return [register_io](std::span<const Complex<T>> in, std::span<Complex<T>> out, std::size_t n, std::size_t batch, Direction dir) {
    emulate_cluster<T>(n, batch, in.data(), out.data(), dir, register_io);
  };
}
}  // namespace

TEMPLATE_TEST_CASE("the cluster shapes: every block holds N / K points in both phases", "[emulated]", float, double) {
  const int eb = static_cast<int>(sizeof(Complex<TestType>));
  for (int logn = kMinLog2<TestType>; logn <= kMaxLog2<TestType>; ++logn) {
    const auto s = make_cluster_shape(logn, eb);
    INFO("N = 2^" << logn);
    CHECK(s.logn1 + s.logn2 == logn);
    CHECK(s.k() >= 2);
    CHECK(s.k() <= 16);
    CHECK((1 << s.logc1()) * (1 << s.logc2()) * s.k() == (1 << s.log_block_points()));
    CHECK((1 << s.logc1()) * eb >= 32);  // phase 1's loads fill 32-byte sectors
    CHECK(s.logc2() >= 5);               // a warp's gather stays in one row of one block
  }
  CHECK_FALSE(make_cluster_shape(kMinLog2<TestType> - 1, eb).valid());
  CHECK_FALSE(make_cluster_shape(kMaxLog2<TestType> + 1, eb).valid());
}

TEMPLATE_TEST_CASE("emulated cluster transforms: conformance at every size, both I/O variants", "[emulated]", float, double) {
  conformance::Config cfg;
  for (int logn = kMinLog2<TestType>; logn <= kMaxLog2<TestType>; ++logn) cfg.sizes.push_back(std::size_t{1} << logn);
  cfg.batch = 2;
  cfg.refused = {0, 3, std::size_t{1} << (kMinLog2<TestType> - 1), (std::size_t{1} << kMinLog2<TestType>) + 1,
                 std::size_t{1} << (kMaxLog2<TestType> + 1)};
  for (const bool register_io : {true, false}) {
    INFO((register_io ? "register I/O" : "shared-memory I/O"));
    require_conformance(conformance::check_conformance<TestType>(emulated<TestType>(register_io), cfg));
  }
}

TEST_CASE("GPUs without clusters are refused by name, pointing to 09", "[emulated]") {
  const auto why = no_clusters_reason("NVIDIA A100-SXM4-80GB", 8, 0);
  CHECK_THAT(why, course::testing::contains("A100"));
  CHECK_THAT(why, course::testing::contains("compute capability 8.0"));
  CHECK_THAT(why, course::testing::contains("09_radixN"));
  CHECK(no_clusters_reason("NVIDIA H100 80GB HBM3", 9, 0).empty());
}

TEST_CASE("bad sizes are refused before any work, naming the value and the limit", "[emulated]") {
  using course::testing::contains;
  CHECK_THROWS_WITH(require_cluster_size(1 << 19, 1, 8), contains("N = 524288") && contains("2^18"));
  CHECK_THROWS_WITH(require_cluster_size(1 << 14, 1, 8), contains("N = 16384") && contains("2^15"));
  CHECK_THROWS_WITH(require_cluster_size(1 << 15, 0, 8), contains("batch = 0"));
  CHECK_THROWS_WITH(require_cluster_size(1 << 17, std::size_t{1} << 28, 8), contains("2^31 - 1"));
  CHECK_NOTHROW(require_cluster_size(1 << 17, 1, 16));
}

TEST_CASE("the planner rule: clusters of at most 8 blocks, nothing outside the range", "[emulated]") {
  CHECK(cluster_beats_09(15, 8));
  CHECK(cluster_beats_09(16, 8));
  CHECK_FALSE(cluster_beats_09(17, 8));  // 16 blocks: tied 09 on the H100
  CHECK_FALSE(cluster_beats_09(18, 8));
  CHECK(cluster_beats_09(14, 16));
  CHECK(cluster_beats_09(15, 16));
  CHECK_FALSE(cluster_beats_09(16, 16));
  CHECK_FALSE(cluster_beats_09(17, 16));
  for (int logn = 0; logn <= 27; ++logn)
    if (logn < 14 || logn > 18) {
      CHECK_FALSE(cluster_beats_09(logn, 8));
      CHECK_FALSE(cluster_beats_09(logn, 16));
    }
}
