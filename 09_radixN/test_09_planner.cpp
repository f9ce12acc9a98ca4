// The planner's choices for every N = 2^0 .. 2^27, float and double, checked on the CPU.
#include <algorithm>
#include <numeric>
#include <set>

#include "09_radixN/planner.hpp"
#include "09_radixN/tile_fft.hpp"
#include "common/catch.hpp"
#include "common/sizes.hpp"

using namespace course;
using namespace course::radixn;

namespace {
std::size_t product(const std::vector<int>& v) {
  return std::accumulate(v.begin(), v.end(), std::size_t{1}, [](std::size_t a, int b) { return a * b; });
}
std::vector<int> tile_radices(const TileShape& t) {
  std::vector<int> r;
  for (int i = 0; i < t.stages; ++i) r.push_back(t.radix(i));
  return r;
}
}  // namespace

TEST_CASE("radices: 16 first, spread evenly, the 2D paper's examples", "[planner]") {
  CHECK(tile_radices(make_tile_shape(8, 4, 8)) == std::vector<int>{16, 16});
  CHECK(tile_radices(make_tile_shape(7, 4, 8)) == std::vector<int>{16, 8});
  CHECK(tile_radices(make_tile_shape(9, 4, 8)) == std::vector<int>{8, 8, 8});
  CHECK(tile_radices(make_tile_shape(10, 4, 8)) == std::vector<int>{16, 8, 8});
  CHECK(tile_radices(make_tile_shape(12, 4, 8)) == std::vector<int>{16, 16, 16});
  CHECK(tile_radices(make_tile_shape(13, 4, 8)) == std::vector<int>{16, 8, 8, 8});
  CHECK(tile_radices(make_tile_shape(4, 4, 8)) == std::vector<int>{16});
  CHECK(tile_radices(make_tile_shape(1, 4, 8)) == std::vector<int>{2});
  CHECK(tile_radices(make_tile_shape(0, 4, 8)).empty());
  // Forced radices for the lesson's side-by-side: radix 2, 4, 8 and the remainder spread.
  CHECK(tile_radices(make_tile_shape(5, 1, 8)) == std::vector<int>{2, 2, 2, 2, 2});
  CHECK(tile_radices(make_tile_shape(5, 2, 8)) == std::vector<int>{4, 4, 2});
  CHECK(tile_radices(make_tile_shape(10, 3, 8)) == std::vector<int>{8, 8, 4, 4});
}

TEST_CASE("every tile shape fits the hardware and covers its points", "[planner]") {
  for (int eb : {8, 16})
    for (int logr = 1; logr <= 4; ++logr)
      for (int logm = 0; logm <= 14; ++logm) {
        if (eb == 16 && logm == 14) continue;  // 272 KiB: double one-pass stops at 2^13
        const auto t = make_tile_shape(logm, logr, eb);
        INFO("elem " << eb << " logm " << logm << " logr " << logr);
        REQUIRE(product(tile_radices(t)) == std::size_t{1} << logm);
        CHECK(t.stages == (logm + logr - 1) / logr);
        for (int s = 0; s < t.stages; ++s) {
          CHECK(t.radix(s) <= (1 << logr));
          CHECK(t.radix(s) <= t.elements_per_thread());  // a thread owns whole butterflies
          if (s) CHECK(t.bits[s] <= t.bits[s - 1]);
          CHECK(t.bits[0] - t.bits[s] <= 1);  // evenly spread
        }
        CHECK(t.elements_per_thread() * t.threads_per_transform() == t.m());
        CHECK(t.threads() <= (logm == 14 ? 1024 : 512));
        CHECK(t.elements_per_thread() == std::min(t.m(), 16));  // 16 in flight per thread
        CHECK(t.shared_bytes() <= kSharedLimitBytes);
        // Column walks hit distinct banks: the first wavefront (W threads, c fastest) of every
        // shape, in units of the element size, modulo the W units of a 128-byte wavefront.
        const int wavefront = t.wavefront();
        std::set<int> banks;
        for (int e = 0; e < std::min(wavefront, t.transforms_per_block() * t.m()); ++e) {
          int c, r;
          tile_coords(e, t.logm, t.logc, -1, c, r);
          banks.insert((c * t.row_stride + pad(r)) % wavefront);
        }
        CHECK(banks.size() == static_cast<std::size_t>(std::min(wavefront, t.transforms_per_block() * t.m())));
        CHECK(t.row_stride >= pad(t.m() - 1) + 1);
        if (logm <= 12) CHECK(t.shared_bytes() <= 80 * 1024);  // room for two blocks per SM
        // A block fills its budget: either 512 threads or 64 KiB of data, or one sub-transform.
        CHECK((t.threads() == 512 || t.transforms_per_block() * t.m() * eb == 64 * 1024 || t.transforms_per_block() == 1));
      }
}

TEST_CASE("plans for every N = 2^0 .. 2^27: passes, radices, blocks", "[planner]") {
  for (int eb : {8, 16})
    for (int k = 0; k <= 27; ++k) {
      const std::size_t n = std::size_t{1} << k;
      const std::size_t batch = k <= 20 ? 3 : 1;
      const auto s = make_plan_shape(n, batch, eb);
      INFO(s.describe());
      REQUIRE(product(s.radices()) == n);
      const int want_passes = k <= (eb == 8 ? 14 : 13) ? 1 : k <= 23 ? 2 : 3;
      CHECK(s.pass_count() == want_passes);
      int bits = 0;
      for (std::size_t p = 0; p < s.passes.size(); ++p) {
        const auto& ps = s.passes[p];
        CHECK(ps.log_l == bits);
        bits += ps.tile.logm;
        if (want_passes > 1) CHECK(ps.tile.logm <= (p == 0 ? 12 : 11));
        CHECK(ps.transforms == batch * (n >> ps.tile.logm));
        CHECK(ps.blocks * ps.tile.transforms_per_block() >= ps.transforms);
        CHECK((ps.blocks - 1) * ps.tile.transforms_per_block() < ps.transforms);
        for (int r : tile_radices(ps.tile)) CHECK((r == 16 || ps.tile.stages * 4 > ps.tile.logm));  // 16 unless fewer stages would not do
      }
      CHECK(bits == k);
      CHECK(s.describe().find("2^" + std::to_string(k)) != std::string::npos);
    }
  // The even split of passes: 2^22 = 2048 * 2048, 2^24 = 256^3, 2^25 = 512 * 256 * 256, 2^14 = 128 * 128 (double), 2^15 = 256 * 128.
  CHECK(split_passes(22, {}, 8) == std::vector<int>{11, 11});
  CHECK(split_passes(24, {}, 8) == std::vector<int>{8, 8, 8});
  CHECK(split_passes(25, {}, 16) == std::vector<int>{9, 8, 8});
  CHECK(split_passes(14, {}, 16) == std::vector<int>{7, 7});  // double: 2^14 does not fit one block
  CHECK(split_passes(14, {}, 8) == std::vector<int>{14});
  CHECK(split_passes(13, {}, 16) == std::vector<int>{13});
  CHECK(split_passes(15, {}, 8) == std::vector<int>{8, 7});
  // A first pass one bit wider only where it saves a pass: 2^23 = 4096 * 2048, not 256 * 256 * 128.
  CHECK(split_passes(23, {}, 8) == std::vector<int>{12, 11});
  CHECK(split_passes(23, {}, 16) == std::vector<int>{12, 11});
  CHECK(split_passes(21, {}, 8) == std::vector<int>{11, 10});
  PlanOptions small;
  small.shared_limit_bytes = 48 * 1024;  // a 4096-point tile (64 KiB and more) no longer fits
  CHECK(split_passes(23, small, 8) == std::vector<int>{8, 8, 7});
}

TEST_CASE("refused sizes name the size, the limit and where to go", "[planner]") {
  for (std::size_t n : {std::size_t{0}, std::size_t{3}, std::size_t{12}, std::size_t{1000}, std::size_t{1} << 28}) {
    INFO("n = " << n);
    try {
      make_plan_shape(n, 1, 8);
      FAIL("accepted");
    } catch (const size_error& e) {
      const std::string msg = e.what();
      CHECK(msg.find("09_radixN") != std::string::npos);
      CHECK(msg.find("N = " + std::to_string(n)) != std::string::npos);
      CHECK(msg.find("2^27") != std::string::npos);
    }
  }
  CHECK_THROWS_AS(make_plan_shape(16, 0, 8), size_error);
  PlanOptions bad;
  bad.max_log2_radix = 5;
  CHECK_THROWS_AS(make_plan_shape(16, 1, 8, bad), size_error);
  bad = {};
  bad.shared_limit_bytes = 300 * 1024;  // would let double 2^14 be one pass, a tile no kernel exists for
  CHECK_THROWS_AS(make_plan_shape(1 << 14, 1, 16, bad), size_error);
}

TEST_CASE("options: forced radix and pass caps change the plan as asked", "[planner]") {
  PlanOptions o;
  o.max_log2_radix = 1;
  for (int r : make_plan_shape(1 << 12, 1, 8, o).radices()) CHECK(r == 2);
  o = {};
  o.one_pass_max_log2 = 2;
  o.pass_max_log2 = 3;
  CHECK(make_plan_shape(4, 1, 8, o).pass_count() == 1);
  CHECK(make_plan_shape(64, 1, 8, o).pass_count() == 2);
  CHECK(make_plan_shape(128, 1, 8, o).pass_count() == 2);  // 16 * 8: the first pass one bit wider
  CHECK(make_plan_shape(512, 1, 8, o).pass_count() == 3);
  CHECK(make_plan_shape(2048, 1, 8, o).pass_count() == 4);
  o = {};
  o.pass_max_log2 = 12;  // the first version's cap: 2^24 in two passes of 4096
  CHECK(make_plan_shape(std::size_t{1} << 24, 1, 8, o).pass_count() == 2);
}
