// The planner's choices for every N = 2^0 .. 2^27, float and double, checked on the CPU.
#include <algorithm>
#include <cstdlib>
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
  small.shared_limit_bytes = 48 * 1024;  // 32 KiB tiles: passes of 2^10 keep whole 32-byte sectors
  CHECK(split_passes(23, small, 8) == std::vector<int>{8, 8, 7});
  CHECK(split_passes(22, small, 8) == std::vector<int>{8, 7, 7});
  CHECK(split_passes(21, small, 8) == std::vector<int>{11, 10});  // a first pass one bit wider saves a pass
  CHECK(split_passes(20, small, 16) == std::vector<int>{10, 10});
  CHECK(split_passes(14, small, 8) == std::vector<int>{7, 7});  // 2^14 float in one block needs 136 KiB
  CHECK(split_passes(23, small, 16) == std::vector<int>{8, 8, 7});
  PlanOptions ada;
  ada.shared_limit_bytes = 99 * 1024;  // 64 KiB tiles fit: the H100's splits
  for (int k = 15; k <= 27; ++k)
    for (int eb : {8, 16}) CHECK(split_passes(k, ada, eb) == split_passes(k, {}, eb));
}

// The opt-in shared memory per block of the GPU families students have (KiB).
const int kLimitsKib[] = {48, 64, 99, 163, 227};

TEST_CASE("a pass that leaves SMs idle takes the small-budget tile where its kernel exists", "[planner]") {
  // A single 2^10 float transform: the 64 KiB tile holds 8 (one block, one row live), the 32 KiB
  // tile 4; the block count is what decides, not the batch.
  const auto single = make_plan_shape(1024, 1, 8);
  REQUIRE(single.pass_count() == 1);
  CHECK(single.passes[0].spread);
  CHECK(single.passes[0].tile.log_budget == kLog2SmallTileBudget);
  CHECK(single.passes[0].tile.transforms_per_block() == 4);
  CHECK(single.describe().find("left SMs idle") != std::string::npos);
  PlanOptions off;
  off.spread_blocks = false;
  CHECK(make_plan_shape(1024, 1, 8, off).passes[0].tile.transforms_per_block() == 8);
  // 131 blocks of 8 spread, 132 do not (on an H100), nor on a GPU of 100 SMs at 101 blocks.
  CHECK(make_plan_shape(1024, 131 * 8, 8).passes[0].spread);
  CHECK_FALSE(make_plan_shape(1024, 132 * 8, 8).passes[0].spread);
  CHECK_FALSE(make_plan_shape(1024, 101 * 8, 8, {}, kSharedLimitBytes, 100).passes[0].spread);
  CHECK(make_plan_shape(1024, 99 * 8, 8, {}, kSharedLimitBytes, 100).passes[0].spread);
  // Float 2^17 single: 512 x 256, both passes of 16 blocks become 32.
  const auto f17 = make_plan_shape(std::size_t{1} << 17, 1, 8);
  REQUIRE(f17.pass_count() == 2);
  for (const auto& p : f17.passes) {
    CHECK(p.spread);
    CHECK(p.blocks == 32);
  }
  // 2^13 float holds one transform a block either way: no smaller tile is compiled.
  CHECK_FALSE(make_plan_shape(8192, 1, 8).passes[0].spread);
  // In a plan of several passes the small tile must keep whole 32-byte sectors of columns.
  for (int eb : {8, 16})
    for (int k = 15; k <= 27; ++k)
      for (const auto& p : make_plan_shape(std::size_t{1} << k, 1, eb).passes)
        if (p.spread) CHECK((eb << p.tile.logc) >= 32);
}

TEST_CASE("every N = 2^0 .. 2^27 has a plan within every GPU's shared memory, 48 to 227 KiB", "[planner]") {
  for (int eb : {8, 16})
    for (int kib : kLimitsKib)
      for (int k = 0; k <= 27; ++k) {
        const std::size_t n = std::size_t{1} << k;
        PlanOptions o;
        o.shared_limit_bytes = kib * 1024;
        const auto s = make_plan_shape(n, 3, eb, o);
        INFO(s.describe());
        REQUIRE(product(s.radices()) == n);
        CHECK(s.pass_count() <= 3);
        CHECK(s.shared_limit.bytes == kib * 1024);
        CHECK(s.shared_limit.source == "PlanOptions");
        for (const auto& p : s.passes) {
          CHECK(p.tile.shared_bytes() <= kib * 1024);
          CHECK(tile_compiled(p.tile.logm, p.tile.logr, eb, p.tile.log_budget));  // a kernel exists for it
          CHECK((p.tile.log_budget == kLog2TileBudget || p.tile.log_budget == kLog2SmallTileBudget));
          // The small budget is asked for only where it changes the shape, and the large one does
          // not fit or left SMs idle (3 transforms: every pass of fewer than 132 blocks).
          if (p.tile.log_budget == kLog2SmallTileBudget) {
            CHECK(small_budget_differs(p.tile.logm, p.tile.logr, eb));
            CHECK((p.spread || make_tile_shape(p.tile.logm, p.tile.logr, eb).shared_bytes() > kib * 1024));
          }
          if (p.spread) CHECK(p.blocks < 2 * static_cast<std::uint64_t>(kH100Multiprocessors));
        }
        // The H100's own limit gives the H100's plan: nothing changes there.
        const auto h100 = make_plan_shape(n, 3, eb);
        if (kib == 227) {
          CHECK(s.limit_effect.empty());
          REQUIRE(h100.pass_count() == s.pass_count());
          for (std::size_t i = 0; i < s.passes.size(); ++i) {
            CHECK(h100.passes[i].tile.logm == s.passes[i].tile.logm);
            CHECK(h100.passes[i].tile.logc == s.passes[i].tile.logc);
          }
        }
        CHECK(s.describe().find(std::to_string(kib) + " KiB per block") != std::string::npos);
        // describe() says what the limit changed, and only when it changed something.
        bool changed = h100.pass_count() != s.pass_count();
        for (std::size_t i = 0; !changed && i < s.passes.size(); ++i)
          changed = h100.passes[i].tile.logm != s.passes[i].tile.logm || h100.passes[i].tile.logc != s.passes[i].tile.logc;
        CHECK(s.limit_effect.empty() == !changed);
      }
}

TEST_CASE("the smaller GPUs' plans: which sizes lose a pass, which tiles shrink", "[planner]") {
  PlanOptions turing;
  turing.shared_limit_bytes = 64 * 1024;
  // 2^4 float: 512 FFTs a block are 68 KiB; 256 of them (34 KiB) fit Turing.
  const auto s4 = make_plan_shape(16, 1 << 20, 8, turing);
  CHECK(s4.pass_count() == 1);
  CHECK(s4.passes[0].tile.transforms_per_block() == 256);
  CHECK(s4.limit_effect.find("256 FFTs of 16 a block instead of 512") != std::string::npos);
  // 2^13 float and 2^13, 2^12 double: one pass on an H100, two on Turing.
  CHECK(make_plan_shape(1 << 13, 1, 8, turing).pass_count() == 2);
  CHECK(make_plan_shape(1 << 13, 1, 16, turing).pass_count() == 2);
  CHECK(make_plan_shape(1 << 12, 1, 16, turing).pass_count() == 2);
  CHECK(make_plan_shape(1 << 12, 1, 16, turing).limit_effect == "2 passes instead of 1");
  // 99 KiB (RTX 30xx/40xx): 2^14 float and 2^13 double take two passes; 2^12 float still one.
  PlanOptions ada;
  ada.shared_limit_bytes = 99 * 1024;
  CHECK(make_plan_shape(1 << 14, 1, 8, ada).pass_count() == 2);
  CHECK(make_plan_shape(1 << 13, 1, 16, ada).pass_count() == 2);
  CHECK(make_plan_shape(1 << 13, 1, 8, ada).pass_count() == 1);
  // 163 KiB (A100): the H100's plans.
  PlanOptions a100;
  a100.shared_limit_bytes = 163 * 1024;
  CHECK(make_plan_shape(1 << 14, 1, 8, a100).pass_count() == 1);
  CHECK(make_plan_shape(1 << 13, 1, 16, a100).pass_count() == 1);
}

TEST_CASE("the shared-memory limit: option over environment over device, bad values refused", "[planner]") {
  const char* var = kSharedLimitVariable;
  unsetenv(var);
  CHECK(make_plan_shape(1024, 1, 8, {}, 99 * 1024).shared_limit.source == "the device");
  CHECK(make_plan_shape(1024, 1, 8, {}, 99 * 1024).shared_limit.bytes == 99 * 1024);
  // A device with more than the kernels are built for is planned at 227 KiB.
  CHECK(make_plan_shape(1024, 1, 8, {}, 300 * 1024).shared_limit.bytes == kSharedLimitBytes);
  setenv(var, "64", 1);
  const auto env = make_plan_shape(1 << 13, 1, 8);
  CHECK(env.shared_limit.bytes == 64 * 1024);
  CHECK(env.shared_limit.source == var);
  CHECK(env.pass_count() == 2);
  CHECK(env.describe().find(std::string("64 KiB per block at most (from ") + var) != std::string::npos);
  PlanOptions o;
  o.shared_limit_bytes = 163 * 1024;
  CHECK(make_plan_shape(1 << 13, 1, 8, o).shared_limit.source == "PlanOptions");
  // More than the device has: refused, naming both numbers.
  try {
    make_plan_shape(1 << 13, 1, 8, o, 99 * 1024);
    FAIL("a limit above the device's was accepted");
  } catch (const size_error& e) {
    CHECK(std::string(e.what()).find("166912") != std::string::npos);
    CHECK(std::string(e.what()).find("101376") != std::string::npos);
  }
  for (const char* bad : {"abc", "47", "228", "64k", "-1"}) {
    setenv(var, bad, 1);
    INFO(bad);
    try {
      make_plan_shape(1 << 13, 1, 8);
      FAIL("accepted");
    } catch (const size_error& e) {
      const std::string msg = e.what();
      CHECK(msg.find(std::string("'") + bad + "'") != std::string::npos);
      CHECK(msg.find("48..227") != std::string::npos);
    }
  }
  unsetenv(var);
  PlanOptions tiny;
  tiny.shared_limit_bytes = 32 * 1024;  // below what every GPU gives: no such device
  CHECK_THROWS_AS(make_plan_shape(16, 1, 8, tiny), size_error);
}

TEST_CASE("GPUs older than Turing are refused by name and compute capability", "[planner]") {
  CHECK(unsupported_gpu_reason("09_radixN", "Tesla T4", 7, 5).empty());
  CHECK(unsupported_gpu_reason("09_radixN", "NVIDIA H100 80GB HBM3", 9, 0).empty());
  CHECK(unsupported_gpu_reason("09_radixN", "NVIDIA A100", 8, 0).empty());
  const auto v100 = unsupported_gpu_reason("09_radixN", "Tesla V100", 7, 0);
  CHECK(v100.find("Tesla V100") != std::string::npos);
  CHECK(v100.find("7.0") != std::string::npos);
  CHECK(v100.find("7.5") != std::string::npos);
  CHECK(unsupported_gpu_reason("09_radixN", "Quadro P1000", 6, 1).find("6.1") != std::string::npos);
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
