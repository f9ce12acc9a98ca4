// Whole plans emulated on the CPU (every thread of every block, phase by phase, through the
// kernels' own __host__ __device__ code) against the shared conformance suite: one, two and
// three passes, every radix, computed and table twiddles, strided layouts, in place.
#include "09_radixN/emulate.hpp"
#include "common/catch.hpp"
#include "common/conformance.hpp"
#include "common/reference.hpp"
#include "common/signals.hpp"

using namespace course;
using namespace course::radixn;

namespace {
template <class T>
conformance::TransformFn<T> emulated(PlanOptions o) {
  return [o](std::span<const Complex<T>> in, std::span<Complex<T>> out, std::size_t n, std::size_t batch, Direction dir) {
    const auto s = make_plan_shape(n, batch, static_cast<int>(sizeof(Complex<T>)), o);
    emulate_plan<T>(s, in.data(), out.data(), dir);
  };
}

template <class T>
void run_conformance(const PlanOptions& o, unsigned kmax, std::size_t batch) {
  conformance::Config cfg;
  cfg.sizes = conformance::powers_of_two(0, kmax);
  cfg.batch = batch;
  cfg.refused = {0, 3, 24, std::size_t{1} << 28};
  cfg.all_checks_up_to = 1 << 9;
  require_conformance(conformance::check_conformance<T>(emulated<T>(o), cfg));
}
}  // namespace

TEMPLATE_TEST_CASE("emulated planner plans: one pass, N = 2^0 .. 2^12, batched", "[emulated]", float, double) {
  // Which of them take register I/O along rows: M >= 512 (32 threads a row and more); the
  // others go through shared memory both ways.
  for (int logn = 0; logn <= 12; ++logn) {
    const auto s = make_plan_shape(std::size_t{1} << logn, 3, static_cast<int>(sizeof(Complex<TestType>)));
    const auto args = make_pass_args<TestType>(s, nullptr, nullptr, nullptr, {}, Direction::forward);
    with_tile(logn, 4, s.passes[0].tile.log_budget, [&]<int LOGM, int LOGR, int LOG_BUDGET>() {
      using F = TileFft<TestType, LOGM, LOGR, kLog2ElementsPerThread, LOG_BUDGET>;
      INFO("N = 2^" << logn << ", " << s.passes[0].tile.transforms_per_block() << " a block");
      CHECK(F::io_for(args[0]) == (logn >= 9 ? Io::rows : Io::shared));
    });
  }
  run_conformance<TestType>({}, 12, 3);
}

TEMPLATE_TEST_CASE("emulated planner plans at N = 2^13, 2^14, 2^15 (one pass up to 2^14 in float, 2^13 in double)", "[emulated]", float, double) {
  const int eb = static_cast<int>(sizeof(Complex<TestType>));
  CHECK(make_plan_shape(std::size_t{1} << 14, 1, eb).pass_count() == (eb == 8 ? 1 : 2));
  conformance::Config cfg;
  cfg.sizes = {std::size_t{1} << 13, std::size_t{1} << 14, std::size_t{1} << 15};
  cfg.batch = 2;
  require_conformance(conformance::check_conformance<TestType>(emulated<TestType>({}), cfg));
}

TEMPLATE_TEST_CASE("emulated multi-pass plans on small N (passes capped at 8 points)", "[emulated]", float, double) {
  PlanOptions o;
  o.one_pass_max_log2 = 2;
  o.pass_max_log2 = 3;  // 2^3..2^7 two passes (2^7 = 16 * 8), 2^8..2^10 three, 2^11 four
  run_conformance<TestType>(o, 11, 3);
  o.computed_twiddles = false;
  run_conformance<TestType>(o, 9, 2);
}

TEMPLATE_TEST_CASE("passes that read columns take register I/O across columns where a warp's writes fill 32-byte sectors", "[emulated]", float, double) {
  constexpr bool is_float = sizeof(TestType) == 4;
  const int eb = static_cast<int>(sizeof(Complex<TestType>));
  PlanOptions o;
  o.one_pass_max_log2 = 9;
  o.pass_max_log2 = 9;
  const auto s = make_plan_shape(std::size_t{1} << 18, 2, eb, o);  // 512 x 512
  REQUIRE(s.pass_count() == 2);
  const auto args = make_pass_args<TestType>(s, nullptr, nullptr, nullptr, {}, Direction::forward);
  using F = TileFft<TestType, 9, 4>;
  STATIC_REQUIRE(F::kRegisterIo);
  // The first pass writes rows (L = 1): G = 16 float columns a warp leave 2 elements (16 bytes)
  // of each row, so float writes through shared memory; G = 8 double ones leave 4 (64 bytes).
  CHECK(F::io_for(args[0]) == (is_float ? Io::shared : Io::columns));
  CHECK(F::io_for(args[1]) == Io::columns);  // columns both ways
  // The planner's own 2^21 (2048 x 1024): runs of 4 or more columns and 8 or more row elements.
  const auto big = make_plan_shape(std::size_t{1} << 21, 1, eb);
  REQUIRE(big.pass_count() == 2);
  const auto big_args = make_pass_args<TestType>(big, nullptr, nullptr, nullptr, {}, Direction::forward);
  CHECK(TileFft<TestType, 11, 4>::io_for(big_args[0]) == Io::columns);
  CHECK(TileFft<TestType, 10, 4>::io_for(big_args[1]) == Io::columns);
  // 2^23 = 4096 x 2048: the first pass reads 2 float or 1 double column a block, runs of 16
  // bytes either way, as the shared walk would; it writes whole rows.
  const auto wide = make_plan_shape(std::size_t{1} << 23, 1, eb);
  REQUIRE(wide.passes[0].tile.logm == 12);
  const auto wide_args = make_pass_args<TestType>(wide, nullptr, nullptr, nullptr, {}, Direction::forward);
  CHECK(TileFft<TestType, 12, 4>::io_for(wide_args[0]) == Io::columns);
}

TEMPLATE_TEST_CASE("emulated radix-2, radix-4 and radix-8 plans", "[emulated]", float, double) {
  for (int logr : {1, 2, 3}) {
    PlanOptions o;
    o.max_log2_radix = logr;
    run_conformance<TestType>(o, 11, 2);
    // Multi-pass too: a 64-point pass of radix 8 x 8 holds 16 elements a thread, two
    // butterflies a stage, so the column register I/O's register order (row_slot) is not the
    // identity it is under a radix-16 first stage.
    o.one_pass_max_log2 = 6;
    o.pass_max_log2 = 6;
    run_conformance<TestType>(o, 12, 2);
  }
}

TEMPLATE_TEST_CASE("emulated strided layouts (the columns of a matrix) and in-place plans", "[emulated]", float, double) {
  for (int passes_cap : {14, 3}) {
    for (std::size_t height : {std::size_t{1}, std::size_t{16}, std::size_t{512}}) {
      const std::size_t width = 24;  // not a power of two: the batch is any count
      PlanOptions o;
      o.pass_max_log2 = passes_cap;
      o.one_pass_max_log2 = passes_cap;
      o.input = {static_cast<std::int64_t>(width), 1};
      o.output = {static_cast<std::int64_t>(width), 1};
      const auto s = make_plan_shape(height, width, static_cast<int>(sizeof(Complex<TestType>)), o);
      INFO(s.describe());
      const auto x = random_gaussian<TestType>(height * width, fresh_seed());
      std::vector<Complex<TestType>> y(height * width), cols(height * width);
      emulate_plan<TestType>(s, x.data(), y.data(), Direction::forward);
      for (std::size_t r = 0; r < height; ++r)
        for (std::size_t c = 0; c < width; ++c) cols[c * height + r] = x[r * width + c];
      const auto want = reference_dft<TestType>(cols, height, width, Direction::forward);
      std::vector<Complex<long double>> want_rm(height * width);
      for (std::size_t r = 0; r < height; ++r)
        for (std::size_t c = 0; c < width; ++c) want_rm[r * width + c] = want[c * height + r];
      CHECK(rel_l2_error<TestType, long double>(y, want_rm) < tolerance<TestType>(height));

      // In place: out == in, same layout.
      auto z = x;
      emulate_plan<TestType>(s, z.data(), z.data(), Direction::forward);
      CHECK(rel_l2_error<TestType, long double>(z, want_rm) < tolerance<TestType>(height));
    }
  }
}

// Every plan a smaller GPU gets (48 KiB without opt-in, Turing's 64, consumer Ampere/Ada's 99,
// the A100's 163), emulated: the 32 KiB-budget tiles and the extra passes they bring run the
// same per-thread code as the GPU, checked here without one.
TEMPLATE_TEST_CASE("emulated plans at every GPU's shared-memory limit, N = 2^0 .. 2^16", "[emulated]", float, double) {
  for (int kib : {48, 64, 99, 163}) {
    INFO("shared-memory limit " << kib << " KiB");
    PlanOptions o;
    o.shared_limit_bytes = kib * 1024;
    conformance::Config cfg;
    cfg.sizes = conformance::powers_of_two(0, 16);
    cfg.batch = 2;
    cfg.all_checks_up_to = 1 << 6;
    require_conformance(conformance::check_conformance<TestType>(emulated<TestType>(o), cfg));
  }
}

TEMPLATE_TEST_CASE("emulated plans at 48 and 64 KiB, N = 2^17 .. 2^20 (the large passes' small-budget tiles)", "[emulated]", float, double) {
  for (int kib : {48, 64}) {
    PlanOptions o;
    o.shared_limit_bytes = kib * 1024;
    for (int logn = 17; logn <= 20; ++logn) {
      const std::size_t n = std::size_t{1} << logn;
      const auto s = make_plan_shape(n, 1, static_cast<int>(sizeof(Complex<TestType>)), o);
      INFO(s.describe());
      const auto x = random_gaussian<TestType>(n, fresh_seed());
      std::vector<Complex<TestType>> y(n);
      emulate_plan<TestType>(s, x.data(), y.data(), Direction::forward);
      const auto want = reference_dft<TestType>(x, n, 1, Direction::forward);
      CHECK(rel_l2_error<TestType, long double>(y, want) < tolerance<TestType>(n));
    }
  }
}
