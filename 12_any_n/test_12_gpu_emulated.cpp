// 12's GPU passes emulated on the CPU against the conformance suite, both precisions: every
// 7-smooth N that fits one pass, sizes of two and three passes (radix-11/13 stages too), partial last blocks; the split
// into passes; refusals by name; the front door's route and shared memory at every limit for every 13-smooth size it takes and
// a sample of the others.
#include <algorithm>
#include <cmath>
#include <random>
#include <type_traits>

#include "12_any_n/gpu_emulate.hpp"
#include "12_any_n/gpu_route.hpp"
#include "12_any_n/sweep_sizes.hpp"
#include "common/catch.hpp"
#include "common/conformance.hpp"
#include "common/gpu_limits.hpp"

using namespace course;
using namespace course::anyn;
using namespace course::anyn::gpu;

namespace {
// Every N = 2^a 3^b 5^c 7^d 11^e 13^f up to `most`, 1 included, ascending.
// Every N up to `most` with no prime factor above `largest` (13 or 31): 7-smooth ones times
// products of the primes 11 to `largest`.
std::vector<std::size_t> gpu_smooth_up_to(std::size_t most, std::size_t largest) {
  std::vector<std::size_t> out = sweep::smooth_up_to(most);
  out.push_back(1);
  for (std::size_t p : {11, 13, 17, 19, 23, 29, 31}) {
    if (p > largest) break;
    const std::size_t before = out.size();
    for (std::size_t i = 0; i < before; ++i)
      for (std::size_t n = out[i] * p; n <= most; n *= p) out.push_back(n);
  }
  std::sort(out.begin(), out.end());
  return out;
}

// points: the block size, 0 as the plan picks it; most: the largest block the shared-memory
// limit allows; kernel: as the plan's (generic: no compiled shape).
template <class T>
conformance::TransformFn<T> emulated(int points = 0, int most = kLargestBlockPoints<T>, PassKernel kernel = PassKernel::generic) {
  return [=](std::span<const Complex<T>> in, std::span<Complex<T>> out, std::size_t n, std::size_t batch, Direction dir) {
    emulate_passes<T>(n, batch, in.data(), out.data(), dir, points, most, kernel);
  };
}

// Each compiled shape against the pass make_passes builds for its L: the same stages, field by
// field, and a match.
template <class T, class Shape>
void check_fixed_shape() {
  PassTables<T> tables;
  const auto passes = make_passes<T>(Shape::l, 5, tables);
  if (sizeof(T) == 8 && Shape::threads > 512) {  // 10000 is two passes in double
    CHECK(passes.size() == 2);
    return;
  }
  INFO("L = " << Shape::l);
  REQUIRE(passes.size() == 1);
  const auto& a = passes[0];
  CHECK(Shape::matches(a));
  for (int st = 0; st < Shape::stages; ++st) {
    const StageShape want = a.stage[st], got = Shape::stage(st);
    INFO("stage " << st);
    CHECK(int(got.radix) == int(want.radix));
    CHECK(got.offset == want.offset);
    CHECK(got.m == want.m);
    CHECK((got.s.d == want.s.d && got.s.magic == want.s.magic));
    CHECK((got.per.d == want.per.d && got.per.magic == want.per.magic));
  }
}

template <class T, class Shapes, std::size_t... I>
void check_fixed_shapes(std::index_sequence<I...>) {
  (check_fixed_shape<T, std::tuple_element_t<I, Shapes>>(), ...);
}
}  // namespace

TEMPLATE_TEST_CASE("12 GPU one pass, emulated: every 7-smooth N up to a block's points", "[12][gpu-emulated]", float, double) {
  conformance::Config cfg;
  for (std::size_t n = 1; n <= static_cast<std::size_t>(kBlockPoints<TestType>); ++n)
    if (is_smooth(n) && (n <= 1024 || n % 7 == 0 || n % 5 == 0)) cfg.sizes.push_back(n);
  cfg.batch = 3;  // a partial last block for the small N
  cfg.all_checks_up_to = 64;
  cfg.refused = {0, 74, 1003};  // a prime factor above 31, N not a prime up to 251: Bluestein's, not the passes'
  require_conformance(conformance::check_conformance<TestType>(emulated<TestType>(), cfg));
}

TEMPLATE_TEST_CASE("12 GPU one pass, emulated: the shapes compiled as constants", "[12][gpu-emulated]", float, double) {
  check_fixed_shapes<TestType, FixedPasses>(std::make_index_sequence<std::tuple_size_v<FixedPasses>>{});
  check_fixed_shapes<TestType, FixedBluesteinPasses>(std::make_index_sequence<std::tuple_size_v<FixedBluesteinPasses>>{});
  conformance::Config cfg;
  for (std::size_t n : fixed_pass_lengths())  // double 10000 is two passes: nothing compiled
    if (n <= static_cast<std::size_t>(kLargestBlockPoints<TestType>)) cfg.sizes.push_back(n);
  cfg.batch = 6;  // 1000 and 1920: a partial last block
  cfg.all_checks_up_to = 1;
  cfg.refused = {0};
  require_conformance(conformance::check_conformance<TestType>(emulated<TestType>(0, kLargestBlockPoints<TestType>, PassKernel::sixteen_points), cfg));
  // The compiled path did run: every one of these N is a single pass with a shape that matches.
  for (std::size_t n : cfg.sizes) {
    PassTables<TestType> tables;
    const auto passes = make_passes<TestType>(n, 6, tables);
    INFO("N = " << n);
    std::vector<Complex<TestType>> x(n * 6), y(n * 6);
    CHECK((passes.size() == 1 && emulate_fixed_pass(bind_pass<TestType>(passes[0], 0, 1, x.data(), y.data(), Direction::forward,
                                                              tables.stage.data(), nullptr, nullptr))));
  }
}

TEST_CASE("12 GPU one pass, emulated: double's compiled shapes at 8 points a thread", "[12][gpu-emulated]") {
  // The GPU has an 8-point kernel for every shape but 1920 and 2401, whose radix-16 and radix-7
  // stages need more registers than their cap of 64 (gpu_fixed.hpp, fixed_registers_hold).
  CHECK(eight_point_lengths() == std::vector<std::size_t>{1000, 2187, 3000, 3125, 6144});
  conformance::Config cfg;
  cfg.sizes = eight_point_lengths();
  cfg.batch = 6;
  cfg.all_checks_up_to = 1;
  cfg.refused = {0};
  require_conformance(conformance::check_conformance<double>(emulated<double>(0, kLargestBlockPoints<double>, PassKernel::eight_points), cfg));
  for (std::size_t n : {1000, 1920, 2187, 2401, 3000, 3125, 6144}) {
    PassTables<double> tables;
    const auto passes = make_passes<double>(n, 6, tables);
    INFO("N = " << n);
    std::vector<Complex<double>> x(n * 6), y(n * 6);
    REQUIRE(passes.size() == 1);
    // The 8-point code ran where the GPU has it, and not for 1920 and 2401 (the GPU runs 16 there).
    CHECK(emulate_fixed_pass<double, 8>(bind_pass<double>(passes[0], 0, 1, x.data(), y.data(), Direction::forward, tables.stage.data(),
                                                          nullptr, nullptr)) == (n != 1920 && n != 2401));
  }
}

TEST_CASE("12 GPU one pass, emulated: the plan's choice of compiled kernel", "[12][gpu-emulated]") {
  // What the H100 measured fastest (gpu_fixed.hpp, kDoubleChoices), written out.
  struct Want {
    std::size_t l;
    int points;  // the kernel's own, matched points resolved
    bool direct;
  };
  for (const Want& w : {Want{1000, 10, true}, Want{1920, 16, false}, Want{2187, 9, true}, Want{2401, 7, true}, Want{3000, 10, true},
                        Want{3125, 5, true}, Want{6144, 8, false}}) {
    INFO("N = " << w.l);
    PassTables<double> tables;
    const auto a = make_passes<double>(w.l, 3, tables).at(0);
    const FixedChoice c = fixed_choice<double>(PassKernel::best, w.l);
    CHECK(c.direct == w.direct);
    int points = c.points;
    visit_matching_shape<FixedPasses>(a, [&](auto shape) { points = c.points == kMatchedPoints ? decltype(shape)::matched_points : c.points; });
    CHECK(points == w.points);
  }
  // Float: its matched points wherever built (else 16), always direct.
  CHECK(fixed_choice<float>(PassKernel::best, 3125).points == kMatchedPoints);
  // Every compiled length through the plan's choice, both precisions, against the DFT.
  conformance::Config cfg;
  cfg.sizes = {1000, 1920, 2187, 2401, 3000, 3125, 6144};
  cfg.batch = 3;
  cfg.all_checks_up_to = 1;
  cfg.refused = {};
  require_conformance(conformance::check_conformance<double>(emulated<double>(0, kLargestBlockPoints<double>, PassKernel::best), cfg));
  cfg.sizes.push_back(10000);
  require_conformance(conformance::check_conformance<float>(emulated<float>(0, kLargestBlockPoints<float>, PassKernel::best), cfg));
}

TEST_CASE("12 GPU one pass on a cluster of two blocks, emulated: double 10000", "[12][gpu-emulated]") {
  // The plan's passes of double 10000 are the cluster's (else the check below would run them one
  // by one); float 10000 is one block's single pass, and under a 64 KiB limit double's blocks
  // cannot hold half of it.
  PassTables<double> tables;
  REQUIRE(cluster_matches<DoubleCluster10000>(make_passes<double>(10000, 3, tables)));
  CHECK_FALSE(cluster_matches<DoubleCluster10000>(make_passes<double>(20000, 3, tables)));
  PassTables<float> float_tables;
  CHECK_FALSE(cluster_matches<DoubleCluster10000>(make_passes<float>(10000, 3, float_tables)));
  CHECK(DoubleCluster10000::shared_points > static_cast<unsigned>(most_block_points<double>(64 * 1024)));
  conformance::Config cfg;
  cfg.sizes = {10000};
  cfg.batch = 3;
  cfg.all_checks_up_to = 1;
  cfg.refused = {};
  require_conformance(conformance::check_conformance<double>(emulated<double>(0, kLargestBlockPoints<double>, PassKernel::best), cfg));
}

TEMPLATE_TEST_CASE("12 GPU one pass, emulated: the compiled shapes at their matched points a thread", "[12][gpu-emulated]", float, double) {
  // Matched: the fewest points, at least 5, that are whole butterflies of the largest radix.
  CHECK(std::tuple_element_t<0, FixedPasses>::matched_points == 10);  // 10 10 10
  CHECK(std::tuple_element_t<2, FixedPasses>::matched_points == 9);   // 3 9 9 9
  CHECK(std::tuple_element_t<3, FixedPasses>::matched_points == 7);   // 7 7 7 7
  CHECK(std::tuple_element_t<5, FixedPasses>::matched_points == 5);   // 5 5 5 5 5
  CHECK(std::tuple_element_t<6, FixedPasses>::matched_points == 16);  // 3 8 16 16: the 16-point kernel
  // Built where matched is neither 8 nor 16 and the registers hold them; double's 10000 is two passes.
  const auto built = built_lengths<TestType, kMatchedPoints>();
  if (sizeof(TestType) == 4) CHECK(built == std::vector<std::size_t>{1000, 2187, 2401, 3000, 3125, 10000});
  else CHECK(built == std::vector<std::size_t>{1000, 2187, 2401, 3000, 3125});
  conformance::Config cfg;
  cfg.sizes = built;
  cfg.batch = 6;
  cfg.all_checks_up_to = 1;
  cfg.refused = {};
  require_conformance(conformance::check_conformance<TestType>(emulated<TestType>(0, kLargestBlockPoints<TestType>, PassKernel::matched_points), cfg));
  for (std::size_t n : built) {
    PassTables<TestType> tables;
    const auto passes = make_passes<TestType>(n, 6, tables);
    INFO("N = " << n);
    std::vector<Complex<TestType>> x(n * 6), y(n * 6);
    REQUIRE(passes.size() == 1);
    CHECK(emulate_fixed_pass<TestType, kMatchedPoints>(
        bind_pass<TestType>(passes[0], 0, 1, x.data(), y.data(), Direction::forward, tables.stage.data(), nullptr, nullptr)));
  }
  // Double at matched points with its first and last stages in global memory, as float's run
  // (PassKernel::matched_direct).
  if constexpr (sizeof(TestType) == 8) {
    cfg.batch = 2;
    require_conformance(conformance::check_conformance<double>(emulated<double>(0, kLargestBlockPoints<double>, PassKernel::matched_direct), cfg));
  }
}

TEMPLATE_TEST_CASE("12 GPU passes, emulated: two and three passes", "[12][gpu-emulated]", float, double) {
  conformance::Config cfg;
  // Two passes from a block's points on; 3 * 2^18 and 5^8 * 2 need three; 2^10 * 3^4 * 5 with a
  // batch of 3 leaves partial blocks.
  cfg.sizes = {static_cast<std::size_t>(kLargestBlockPoints<TestType>) * 3, 20000, 24576, 44100, 16807 * 2, 3 << 18, 781250};
  cfg.batch = 2;
  cfg.all_checks_up_to = 1;
  cfg.refused = {0, 1009 * 16};
  require_conformance(conformance::check_conformance<TestType>(emulated<TestType>(), cfg));
}

TEMPLATE_TEST_CASE("12 GPU one pass, emulated: blocks larger than the plan picks", "[12][gpu-emulated]", float, double) {
  for (int points : {4096, 8192, kLargestBlockPoints<TestType>}) {
    conformance::Config cfg;
    cfg.sizes = {6, 35, 1000, 2187};
    if (points == kLargestBlockPoints<TestType>) cfg.sizes.push_back(static_cast<std::size_t>(kBlockPoints<TestType>) * 3 / 2);
    cfg.batch = 7;  // 2187 in 4096 points: one transform a block; 6 in 8192: all seven in one
    cfg.all_checks_up_to = 1;
    cfg.refused = {0};
    require_conformance(conformance::check_conformance<TestType>(emulated<TestType>(points), cfg));
  }
}

TEMPLATE_TEST_CASE("12 GPU one pass, emulated: through shared memory at both ends too", "[12][gpu-emulated]", float, double) {
  conformance::Config cfg;
  cfg.sizes = {1, 6, 16, 35, 1000, 2187, 2401, 6144};
  cfg.batch = 3;
  cfg.all_checks_up_to = 16;
  cfg.refused = {0};
  require_conformance(conformance::check_conformance<TestType>(emulated<TestType>(0, kLargestBlockPoints<TestType>, PassKernel::shared_io), cfg));
}

// A float single pass reads and writes global memory directly only where a warp's last store
// moves runs of at least a sector (kMinDirectRun points). The runs are found here from the
// addresses the last stage gives threads 0-31 (butterfly_at, as scatter uses it), not from
// last_store_run's formula.
TEST_CASE("12 GPU one pass: float runs direct only where its last stage stores runs of at least a sector", "[12][gpu-emulated]") {
  // Threads from 0 on whose output addresses y[c L + q] (k = 0) follow one another, at most a warp.
  auto store_run = [](const MixedPassArgs<float>& a) {
    const StageShape& st = a.stage[a.stages - 1];
    std::uint32_t run = 0;
    std::uint64_t last = 0;
    for (std::uint32_t i = 0; i < 32; ++i) {
      std::uint32_t c, p, q;
      if (!butterfly_at(a, st, a.c, i, c, p, q)) break;
      const std::uint64_t addr = std::uint64_t{c} * a.l + q;
      if (i > 0 && addr != last + 1) break;
      last = addr;
      ++run;
    }
    return run;
  };
  std::size_t shared = 0, direct = 0;
  for (const std::size_t n : sweep::smooth_up_to(kLargestBlockPoints<float>)) {
    PassTables<float> tables;
    const auto passes = make_passes<float>(n, 64, tables);
    if (passes.size() != 1 || passes[0].stages == 0 || passes[0].columns_fast) continue;
    const auto& a = passes[0];
    INFO("N = " << n);
    const std::uint32_t seen = store_run(a);
    CHECK(seen == std::min<std::uint32_t>(last_store_run(a), 32));
    const bool want = seen >= kMinDirectRun && max_prime_of(a) == 7;
    CHECK(pass_run<float>(PassKernel::best, a).direct == want);
    ++(want ? direct : shared);
  }
  CHECK(shared > 0);
  CHECK(direct > 0);
  // One stage: runs of one point (12 and 14 run wide, one stage of 12 or 14; 18 one of 18); 27 =
  // 3 * 9: 3; 36 = 9 * 4: 9; 1000: 100.
  for (const auto& [n, run] : std::vector<std::pair<std::size_t, std::uint32_t>>{{6, 1}, {10, 1}, {12, 1}, {27, 3}, {14, 1}, {18, 1}, {36, 9}, {1000, 100}}) {
    PassTables<float> tables;
    INFO("N = " << n);
    CHECK(last_store_run(make_passes<float>(n, 64, tables).at(0)) == run);
  }
  // Either way the transform is the same: the plan's choice, emulated, against the DFT.
  conformance::Config cfg;
  cfg.sizes = {2, 3, 6, 10, 12, 14, 27, 54, 96};
  cfg.batch = 5;
  cfg.all_checks_up_to = 96;
  cfg.refused = {0};
  require_conformance(conformance::check_conformance<float>(emulated<float>(0, kLargestBlockPoints<float>, PassKernel::best), cfg));
}

TEMPLATE_TEST_CASE("12 GPU passes, emulated: blocks of 32 KiB under a 48 KiB shared-memory limit", "[12][gpu-emulated]", float, double) {
  const int most = most_block_points<TestType>(48 * 1024);
  CHECK(most * sizeof(Complex<TestType>) == 32 * 1024);
  conformance::Config cfg;
  // One pass up to the smaller block, two and three passes above it.
  cfg.sizes = {static_cast<std::size_t>(most), static_cast<std::size_t>(most) * 3, 10000, 44100, 3 << 18};
  cfg.batch = 2;
  cfg.all_checks_up_to = 1;
  cfg.refused = {0};
  require_conformance(conformance::check_conformance<TestType>(emulated<TestType>(0, most), cfg));
  CHECK(pass_lengths<TestType>(static_cast<std::size_t>(most) * 3, most).size() == 2);
}

// Sizes no list in these tests names: a fresh sample of 31-smooth N (not powers of two) up to 2^18,
// as the plan runs them at the smallest and the largest shared-memory limit.
TEMPLATE_TEST_CASE("12 GPU passes, emulated: a fresh sample of 31-smooth N at 48 and 227 KiB", "[12][gpu-emulated]", float, double) {
  std::vector<std::size_t> pool;
  for (std::size_t n : gpu_smooth_up_to(std::size_t{1} << 18, kLargestPassPrime))
    if (!is_power_of_two(n)) pool.push_back(n);
  const std::uint64_t seed = fresh_seed();
  INFO("COURSE_SEED=" << seed);
  conformance::Config cfg;
  cfg.sizes = sweep::sample(pool, 8, seed);
  cfg.batch = 2;
  cfg.all_checks_up_to = 1;
  cfg.refused = {0};
  for (int kib : {48, 227}) {
    INFO("limit " << kib << " KiB");
    require_conformance(conformance::check_conformance<TestType>(emulated<TestType>(0, most_block_points<TestType>(kib * 1024), PassKernel::best), cfg));
  }
}

TEMPLATE_TEST_CASE("12 GPU passes, emulated: stages of the primes 11 to 31", "[12][gpu-emulated]", float, double) {
  conformance::Config cfg;
  // One pass: the primes alone, 11 * 13, 7 * 11 * 13, 11^3 * 2, 13 * 2^9 (an odd stage before the
  // powers of two), 2 * 17 * 31, 23 * 29, 19^2 * 3; two passes: 13^2 * 2^10, 11 * 13 * 2^12,
  // 29 * 2^14 and 31^2 * 2^10.
  cfg.sizes = {11, 13, 17, 19, 23, 29, 31, 143, 1001, 2662, 6656, 1054, 667, 1083, 173056, 585728, 475136, 984064};
  cfg.batch = 2;
  cfg.all_checks_up_to = 143;
  cfg.refused = {0, 74, 1009};
  require_conformance(conformance::check_conformance<TestType>(emulated<TestType>(), cfg));
  CHECK(pass_radices(143) == std::vector<unsigned>{11, 13});
  CHECK(pass_radices(1054) == std::vector<unsigned>{17, 31, 2});
  CHECK(pass_lengths<TestType>(585728).size() == 2);
  CHECK(pass_lengths<TestType>(984064).size() == 2);
}

TEMPLATE_TEST_CASE("12 GPU passes, emulated: wide passes, stages of 12, 14 and 15 at 12 points a thread", "[12][gpu-emulated]", float, double) {
  // Where 12 = 4 * 3, 14 = 7 * 2 or 15 = 5 * 3 saves a stage: 980 = 7 * 10 * 14 (not 5 * 7 * 7 * 4),
  // 1050 = 7 * 15 * 10, 8232 = 7 * 7 * 12 * 14; not where it saves none (1000), nor for a compiled
  // shape (1920), nor in Bluestein's M.
  CHECK(pass_radices(980, true) == std::vector<unsigned>{7, 10, 14});
  CHECK(pass_radices(980) == std::vector<unsigned>{5, 7, 7, 4});
  CHECK(pass_radices(1050, true) == std::vector<unsigned>{7, 15, 10});
  for (const std::size_t n : {12, 14, 15, 980, 1050, 3087, 8232}) {
    PassTables<TestType> tables;
    const auto a = make_passes<TestType>(n, 7, tables).at(0);
    INFO("N = " << n);
    CHECK(a.points == (n == 3087 ? kPointsPerThread : kWidePoints));  // 3087 = 7 * 7 * 7 * 9 either way
    CHECK(a.threads == launch_threads(a.c * a.l, a.points));
  }
  for (const std::size_t n : {1000, 1920}) {
    PassTables<TestType> tables;
    CHECK(make_passes<TestType>(n, 7, tables).at(0).points == kPointsPerThread);
  }
  conformance::Config cfg;
  cfg.sizes = {12, 14, 15, 28, 60, 84, 980, 1050, 6174, 8232, 14 * 15 * 16, 12 * 12 * 14 * 14};
  cfg.batch = 3;
  cfg.all_checks_up_to = 84;
  cfg.refused = {0};
  require_conformance(conformance::check_conformance<TestType>(emulated<TestType>(), cfg));
}

TEMPLATE_TEST_CASE("12 GPU passes, emulated: stages of 18, 20, 21, 24 and 28 where they save a stage over 12, 14 and 15", "[12][gpu-emulated]", float, double) {
  // 9261 = 21^3 in three stages, not five (7 * 7 * 7 * 9 * 3: no 12, 14 or 15 divides it);
  // 441 = 21 * 21; not 2016 = 9 * 14 * 16 (3 * 24 * 28 has as many stages), nor 1000, nor 1920.
  CHECK(pass_radices(9261, false, true) == std::vector<unsigned>{21, 21, 21});
  CHECK(pass_radices(9261, true).size() == 5);
  CHECK(pass_radices(441, false, true) == std::vector<unsigned>{21, 21});
  CHECK(pass_radices(21, false, true) == std::vector<unsigned>{21});
  CHECK(pass_radices(21) == std::vector<unsigned>{3, 7});
  // Not where the first stage is 24 (576 = 24 * 24, 384 = 24 * 16): its stores at stride 1
  // meet 8 ways in a bank, in float and double; 18, 20 and 28 meet 2, 4, 4 ways in float.
  CHECK(first_stage_bank_ways<float>(24) == 8);
  CHECK(first_stage_bank_ways<double>(24) == 8);
  CHECK(first_stage_bank_ways<float>(20) == 4);
  CHECK(first_stage_bank_ways<double>(18) == 2);
  CHECK(first_stage_bank_ways<float>(21) == 1);
  CHECK(pass_radices(576, false, true) == std::vector<unsigned>{24, 24});
  for (const std::size_t n : {18, 20, 21, 28, 441, 9261, 2016, 1000, 1920, 24, 576, 384}) {
    PassTables<TestType> tables;
    const auto a = make_passes<TestType>(n, 7, tables).at(0);
    INFO("N = " << n << ": " << a.stages << " stages, " << a.threads << " threads");
    // Double 9261 takes two passes (above 8192 points), the first of them widest.
    const bool widest = n != 2016 && n != 1000 && n != 1920 && n != 24 && n != 576 && n != 384;
    CHECK(a.widest == widest);
    CHECK(has_widest_stage(a) == widest);
    if (widest) CHECK((a.points == kPointsPerThread && a.threads <= kWidestThreads<TestType>));
  }
  conformance::Config cfg;
  cfg.sizes = {18, 20, 21, 24, 28, 36, 60, 84, 441, 504, 9261, 20 * 21 * 24};
  cfg.batch = 3;
  cfg.all_checks_up_to = 84;
  cfg.refused = {0};
  require_conformance(conformance::check_conformance<TestType>(emulated<TestType>(), cfg));
}

TEST_CASE("12 GPU passes, emulated: a wide pass is kept where it keeps two blocks an SM, or all its blocks fit at once", "[12][gpu-emulated]") {
  constexpr int sms = 132;
  CHECK(keep_wide(3, 2, 100000, sms));   // 3 -> 2: still two
  CHECK(keep_wide(1, 1, 100000, sms));   // one either way
  CHECK(keep_wide(4, 2, 100000, sms));
  CHECK_FALSE(keep_wide(2, 1, 100000, sms));  // 2 -> 1: the overlap is lost
  CHECK_FALSE(keep_wide(4, 1, 100000, sms));
  CHECK(keep_wide(2, 1, 1, sms));        // a single transform: one block
  CHECK(keep_wide(2, 1, 132, sms));      // every block on an SM of its own
  CHECK_FALSE(keep_wide(2, 1, 133, sms));
}

TEMPLATE_TEST_CASE("12 GPU passes, emulated: a wide pass turned down runs 16 points a thread, stages as before", "[12][gpu-emulated]", float, double) {
  // make_passes asks `choose` for every pass that may run wide, with both passes' stages; a
  // refusal leaves the 16-point pass, its stages those of pass_radices(L) and the table as the
  // 16-point passes alone would have it.
  for (const std::size_t n : {980, 8232, 12 * 12 * 14 * 14}) {
    INFO("N = " << n);
    PassTables<TestType> wide_tables, narrow_tables, plain_tables;
    int asked = 0;
    const auto refuse = [&asked](const MixedPassArgs<TestType>& narrow, const MixedPassArgs<TestType>& wide) {
      ++asked;
      CHECK(narrow.points == kPointsPerThread);
      CHECK(wide.points == kWidePoints);
      CHECK(wide.stages < narrow.stages);
      return false;
    };
    const auto narrow = make_passes<TestType>(n, 3, narrow_tables, 0, kLargestBlockPoints<TestType>, true, refuse);
    const auto plain = make_passes<TestType>(n, 3, plain_tables, 0, kLargestBlockPoints<TestType>, false);
    const auto wide = make_passes<TestType>(n, 3, wide_tables, 0, kLargestBlockPoints<TestType>, true,
                                            [](const MixedPassArgs<TestType>&, const MixedPassArgs<TestType>&) { return true; });
    CHECK(asked > 0);
    REQUIRE(narrow.size() == plain.size());
    for (std::size_t i = 0; i < narrow.size(); ++i) {
      CHECK(narrow[i].points == kPointsPerThread);
      CHECK(narrow[i].threads == plain[i].threads);
      REQUIRE(narrow[i].stages == plain[i].stages);
      for (int st = 0; st < narrow[i].stages; ++st) {
        CHECK(narrow[i].stage[st].radix == plain[i].stage[st].radix);
        CHECK(narrow[i].stage[st].offset == plain[i].stage[st].offset);
      }
    }
    REQUIRE(narrow_tables.stage.size() == plain_tables.stage.size());
    for (std::size_t k = 0; k < plain_tables.stage.size(); ++k) CHECK(narrow_tables.stage[k] == plain_tables.stage[k]);
    CHECK(std::any_of(wide.begin(), wide.end(), [](const auto& a) { return a.points == kWidePoints; }));
  }
}

TEMPLATE_TEST_CASE("12 GPU passes, emulated: four passes where a small block leaves no three", "[12][gpu-emulated]", float, double) {
  // Passes of at most 32 points (blocks of 256): 3^10 has no three of them, four of 27 * 27 * 9 * 9.
  constexpr int most = 256;
  REQUIRE(pass_lengths<TestType>(59049, most) == std::vector<std::size_t>{27, 27, 9, 9});
  conformance::Config cfg;
  cfg.sizes = {59049};
  cfg.batch = 2;
  cfg.all_checks_up_to = 1;
  cfg.refused = {0};
  require_conformance(conformance::check_conformance<TestType>(emulated<TestType>(0, most), cfg));
}

// Every size gets a plan at every shared-memory limit of the GPUs the course runs on, in both
// precisions: passes that fit the limit's blocks, or Bluestein with a convolution that does (one
// block, or passes of M). Powers of two go to 09 and 11, whose own tests cover every limit.
template <class T>
void check_routes(const std::vector<std::size_t>& sizes, int limit_bytes, std::size_t batch = 1) {
  const int most = most_block_points<T>(limit_bytes);
  for (const std::size_t n : sizes) {
    INFO(precision_name<T>() << " N = " << n << " at a limit of " << limit_bytes / 1024 << " KiB");
    const Route r = route_for<T>(n, limit_bytes, batch);
    PassTables<T> tables;
    if (r == Route::power_of_two) {
      CHECK(is_power_of_two(n));
    } else if (r == Route::passes) {
      const auto passes = make_passes<T>(n, 1, tables, 0, most);
      CHECK(most_pass_shared_bytes(passes) <= limit_bytes);
      // Stages of 17 to 31 have kernels of at most 512 float or 256 double threads (gpu_plan.cu),
      // wide passes (kWidePoints, 7-smooth) of at most 1024 or 512, stages to 28 of kWidestThreads.
      for (const auto& a : passes) {
        if (max_prime_of(a) == 31) CHECK(a.threads <= (sizeof(T) == 4 ? 512u : 256u));
        if (a.points == kWidePoints) CHECK((max_prime_of(a) == 7 && a.threads <= (sizeof(T) == 4 ? 1024u : 512u)));
        if (has_widest_stage(a)) CHECK((a.widest && a.points == kPointsPerThread && max_prime_of(a) == 7 && a.threads <= kWidestThreads<T>));
      }
    } else {
      const std::size_t m = bluestein_length<T>(n, limit_bytes);
      REQUIRE(m <= (std::size_t{1} << max_log2_convolution));
      // One block: a 7-smooth M from 2N - 1 to the power of two, no dearer than the least one
      // (bluestein_block_cost), or the power of two where a compiled shape takes it.
      if (r == Route::bluestein_block)
        CHECK(((m == convolution_length(n) && compiled_bluestein_length(m)) ||
               (is_smooth(m) && m >= 2 * n - 1 && m <= convolution_length(n) &&
                bluestein_block_cost(m) <= bluestein_block_cost(smooth_at_least(2 * n - 1)))));
      const auto passes = make_passes<T>(m, 1, tables, 0, r == Route::bluestein_block ? static_cast<int>(bluestein_block_points<T>(limit_bytes)) : most);
      CHECK((r == Route::bluestein_passes || passes.size() == 1));
      CHECK(most_pass_shared_bytes(passes) <= limit_bytes);
    }
  }
}

TEST_CASE("12 GPU passes, emulated: Bluestein's M in one block, the least M (stages + kBluesteinPointStages)", "[12][gpu-emulated]") {
  // A stage fewer for a few more points: 61 takes 128 = 8 * 16, not 125 = 5 * 5 * 5; 2633 takes
  // 5376 (four stages), not 5292 (five). Half the points for the same stages: 131 takes 270, not 512.
  CHECK(block_convolution_length(61) == 128);
  CHECK(block_convolution_length(37) == 80);
  CHECK(block_convolution_length(131) == 270);
  CHECK(block_convolution_length(2633) == 5376);
  CHECK(block_convolution_length(1009) == 2048);  // a compiled power of two stays
  // Against every 7-smooth M from 2N - 1 to the power of two, by brute force.
  for (std::size_t n = 3; n <= 4100; n += 7) {
    if (is_gpu_smooth(n) || is_power_of_two(n) || compiled_bluestein_length(convolution_length(n))) continue;
    INFO("N = " << n);
    const std::size_t m = block_convolution_length(n);
    for (std::size_t other = 2 * n - 1; other <= convolution_length(n); ++other)
      if (is_smooth(other)) CHECK(bluestein_block_cost(m) <= bluestein_block_cost(other));
  }
}

TEMPLATE_TEST_CASE("12 GPU passes, emulated: the primes 37 to 251 by pair sums", "[12][gpu-emulated]", float, double) {
  conformance::Config cfg;
  const std::vector<std::size_t> primes = pair_sum_primes();
  cfg.sizes = primes;
  cfg.batch = 3;  // a partial last block
  cfg.all_checks_up_to = 41;
  cfg.refused = {0, 74, 257, 1009};
  require_conformance(conformance::check_conformance<TestType>(emulated<TestType>(), cfg));
  CHECK(pass_radices(251) == std::vector<unsigned>{251});
  CHECK(route_for<TestType>(251, 48 * 1024) == Route::passes);
  CHECK(route_for<TestType>(257, 227 * 1024) != Route::passes);
  // By the model (gpu_route.hpp): a few transforms take pair sums, a full batch of the largest
  // primes Bluestein (in float every prime, with the 7-smooth M), every route fitting at every limit.
  CHECK(pair_sums_faster<TestType>(251, 3));
  CHECK(pair_sums_faster<TestType>(37, std::size_t{1} << 20) == std::is_same_v<TestType, double>);
  CHECK_FALSE(pair_sums_faster<TestType>(251, std::size_t{1} << 20));
  CHECK(route_for<TestType>(251, 227 * 1024, std::size_t{1} << 20) == Route::bluestein_block);
  for (const int kib : {48, 64, 99, 163, 227}) check_routes<TestType>(primes, kib * 1024, std::size_t{1} << 20);
  // Whatever block size is forced (the benchmark's comparisons), a pair-sum pass keeps to the
  // threads its kernels are built for (gpu_plan.cu: 128 or 256); the emulation would run any.
  for (const int forced : {0, 2048, 4096, 8192, 16384})
    for (const std::size_t p : primes) {
      PassTables<TestType> tables;
      INFO("p = " << p << ", forced block points " << forced);
      CHECK(make_passes<TestType>(p, 1000, tables, forced).at(0).threads <= 256u);
    }
}

constexpr int kLimitsKiB[] = {48, 64, 99, 163, 227};

TEST_CASE("12 GPU front door: every N of the sweep has a plan at every shared-memory limit", "[12][gpu-emulated]") {
  std::vector<std::size_t> sizes;
  for (const auto& s : sweep::sweep_sizes()) sizes.push_back(s.n);
  for (int kib : kLimitsKiB) {
    check_routes<float>(sizes, kib * 1024);
    check_routes<double>(sizes, kib * 1024);
  }
  // 5^10 in float under 48 KiB (blocks of 32 KiB, passes of at most 512): four passes, not a refusal.
  CHECK(pass_lengths<float>(9765625, most_block_points<float>(48 * 1024)) == std::vector<std::size_t>{125, 125, 25, 25});
  CHECK(route_for<float>(9765625, 48 * 1024) == Route::passes);
  // 7^7 in float in blocks of 2048 points (passes of 8 to 256): no split at all, since 7 and 343
  // are out of range and 49s leave an odd power; the front door would take Bluestein.
  CHECK(pass_lengths<float>(823543, 2048).empty());
  CHECK_FALSE(has_passes<float>(823543, 2048));
  CHECK(route_for<float>(1009, 227 * 1024) == Route::bluestein_block);
  CHECK(route_for<float>(65537, 227 * 1024) == Route::bluestein_passes);
}

// Beyond the sweep's samples: every 13-smooth N the front door takes (2^a 3^b 5^c 7^d up to 2^27,
// with a factor 11 or 13 up to 2^25), every 31-smooth N up to 2^16, a fresh sample of 3000
// 31-smooth N up to 2^25 (all 78266 would take minutes) and of any N up to 2^25, spread evenly in
// log N.
TEST_CASE("12 GPU front door: every 13-smooth N, and samples of 31-smooth and of any N, have a plan at every shared-memory limit", "[12][gpu-emulated]") {
  std::vector<std::size_t> sizes = gpu_smooth_up_to(max_bluestein, 13);
  for (std::size_t n : sweep::smooth_up_to(max_mixed)) sizes.push_back(n);
  for (std::size_t n : gpu_smooth_up_to(std::size_t{1} << 16, kLargestPassPrime)) sizes.push_back(n);
  const std::uint64_t seed = fresh_seed();
  INFO("COURSE_SEED=" << seed);
  for (std::size_t n : sweep::sample(gpu_smooth_up_to(max_bluestein, kLargestPassPrime), 3000, seed)) sizes.push_back(n);
  std::sort(sizes.begin(), sizes.end());
  sizes.erase(std::unique(sizes.begin(), sizes.end()), sizes.end());
  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<double> log2n(0.0, static_cast<double>(max_log2_convolution - 1));
  for (int i = 0; i < 2000; ++i) sizes.push_back(static_cast<std::size_t>(std::exp2(log2n(rng))));
  for (int kib : kLimitsKiB) {
    check_routes<float>(sizes, kib * 1024);
    check_routes<double>(sizes, kib * 1024);
  }
}

TEST_CASE("12 GPU passes: the stages of a pass", "[12][gpu-emulated]") {
  using V = std::vector<unsigned>;
  CHECK(pass_radices(1) == V{});
  CHECK(pass_radices(1000) == V{10, 10, 10});
  CHECK(pass_radices(2187) == V{3, 9, 9, 9});
  CHECK(pass_radices(1920) == V{3, 5, 8, 16});
  CHECK(pass_radices(2401) == V{7, 7, 7, 7});
  CHECK(pass_radices(4096) == V{16, 16, 16});
  for (std::size_t l = 1; l <= 8192; ++l) {
    if (!is_gpu_smooth(l)) continue;
    const auto r = pass_radices(l);
    std::size_t product = 1, twos_stages = 0;
    bool even_seen = false, odd_after_even = false;
    for (unsigned x : r) {
      product *= x;
      CHECK((x <= static_cast<unsigned>(kPointsPerThread) || is_odd_prime_radix(x)));
      odd_after_even |= even_seen && x % 2 == 1;
      even_seen |= x % 2 == 0;
    }
    std::size_t twos = 0;
    for (std::size_t m = l; m % 2 == 0; m /= 2) ++twos;
    twos_stages = (twos + 3) / 4;
    INFO("L = " << l);
    CHECK(product == l);
    CHECK(!odd_after_even);                      // odd radices first: conflict-free stores at stride 1
    std::size_t seven_smooth = l, large_primes = 0;  // the CPU's radices stop at 7
    for (std::size_t p : {11, 13, 17, 19, 23, 29, 31})
      for (; seven_smooth % p == 0; seven_smooth /= p) ++large_primes;
    CHECK(r.size() <= radices(seven_smooth).size() + large_primes);  // never more stages than the CPU's radices
    CHECK(r.size() >= twos_stages);
  }
}

TEMPLATE_TEST_CASE("12 GPU Bluestein in one block, emulated: primes and other rough N", "[12][gpu-emulated]", float, double) {
  conformance::Config cfg;
  // M = 32 .. 8192 float, .. 4096 double; 1009 and 2039 with partial last blocks of a batch of 3;
  // 509, 1009 and 2039 (M = 1024, 2048, 4096) through the compiled shapes.
  // 37, 53, 61, 67: M = 80, 112, 128, 144, a stage fewer than the least 7-smooth M (block_convolution_length).
  cfg.sizes = {11, 17, 37, 53, 61, 67, 97, 143, 509, 1009, 2039};
  if (sizeof(TestType) == 4) cfg.sizes.push_back(4093);
  cfg.batch = 3;
  cfg.all_checks_up_to = 17;
  cfg.refused = {};
  require_conformance(conformance::check_conformance<TestType>(
      [](std::span<const Complex<TestType>> in, std::span<Complex<TestType>> out, std::size_t n, std::size_t batch, Direction dir) {
        emulate_bluestein_block<TestType>(n, batch, in.data(), out.data(), dir);
      },
      cfg));
  for (std::size_t n : {143, 509, 1009, 2039}) {
    PassTables<TestType> tables;
    const auto a = make_passes<TestType>(block_convolution_length(n), 3, tables, 0, static_cast<int>(kBluesteinBlockPoints<TestType>)).at(0);
    INFO("N = " << n);
    CHECK(visit_matching_shape<FixedBluesteinPasses>(a, [](auto) {}) == (n != 143));
  }
}

TEMPLATE_TEST_CASE("12 GPU Bluestein with the chirp fused into the passes, emulated", "[12][gpu-emulated]", float, double) {
  conformance::Config cfg;
  // One pass of M (17: M = 64; 4099: M = 16384 in float), two (4099 in double, 10007: M = 32768;
  // 65537: M = 2^18), and, in float, three where the blocks are small (most = 2048 points).
  cfg.sizes = {17, 1009, 4099, 10007, 65537};
  cfg.batch = 2;
  cfg.all_checks_up_to = 17;
  cfg.refused = {};
  for (int most : {kLargestBlockPoints<TestType>, 2048}) {
    INFO("blocks of at most " << most << " points");
    require_conformance(conformance::check_conformance<TestType>(
        [most](std::span<const Complex<TestType>> in, std::span<Complex<TestType>> out, std::size_t n, std::size_t batch, Direction dir) {
          emulate_bluestein_fused<TestType>(n, batch, in.data(), out.data(), dir, most);
        },
        cfg));
  }
  PassTables<TestType> tables;
  CHECK(make_passes<TestType>(convolution_length(65537), 2, tables, 0, 2048).size() == (sizeof(TestType) == 4 ? 3u : 2u));
  CHECK(make_passes<TestType>(convolution_length(10007), 2, tables).size() == 2);
  CHECK(make_passes<TestType>(convolution_length(4099), 2, tables).size() == (sizeof(TestType) == 4 ? 1u : 2u));
  // The plan fuses up to kMostFusedPasses: 65537 is fused on an H100, 999983 (M = 2^21) is not.
  const int h100 = most_block_points<TestType>(kMostSharedLimitBytes);
  CHECK(fuse_chirp_by_default(make_passes<TestType>(convolution_length(65537), 2, tables, 0, h100).size()));
  CHECK_FALSE(fuse_chirp_by_default(make_passes<TestType>(convolution_length(999983), 2, tables, 0, h100).size()));
}

TEST_CASE("12 GPU Bluestein, fused: each pass's load and store", "[12][gpu-emulated]") {
  // The chirp goes into the forward FFT's first pass only, the product into its last, the
  // chirp again into the second FFT's last; a single pass takes both of its FFT's ends.
  const auto is = [](ChirpIo io, ChirpLoad l, ChirpStore s) { return io.load == l && io.store == s; };
  CHECK(is(chirp_io(0, 0, 1), ChirpLoad::chirp, ChirpStore::product));
  CHECK(is(chirp_io(1, 0, 1), ChirpLoad::plain, ChirpStore::chirp));
  CHECK(is(chirp_io(0, 0, 3), ChirpLoad::chirp, ChirpStore::plain));
  CHECK(is(chirp_io(0, 1, 3), ChirpLoad::plain, ChirpStore::plain));
  CHECK(is(chirp_io(0, 2, 3), ChirpLoad::plain, ChirpStore::product));
  CHECK(is(chirp_io(1, 0, 3), ChirpLoad::plain, ChirpStore::plain));
  CHECK(is(chirp_io(1, 2, 3), ChirpLoad::plain, ChirpStore::chirp));
}

TEST_CASE("12 GPU passes: the split into passes", "[12][gpu-emulated]") {
  using V = std::vector<std::size_t>;
  CHECK(pass_lengths<float>(16384) == V{16384});
  CHECK(pass_lengths<float>(16384, 8192) == V{128, 128});  // a GPU with blocks of 64 KiB at most
  CHECK(pass_lengths<double>(8192) == V{8192});
  CHECK(pass_lengths<double>(16384) == V{128, 128});
  CHECK(pass_lengths<float>(1000000) == V{1000, 1000});
  CHECK(pass_lengths<float>(1 << 20) == V{1024, 1024});
  CHECK(pass_lengths<float>(1 << 24) == V{256, 256, 256});
  CHECK(pass_lengths<float>(781250) == V{125, 125, 50});
  for (std::size_t n : {10000, 44100, 1 << 20, 3 << 18, 1000000, 1 << 24, 16807 * 2}) {
    std::size_t product = 1;
    for (auto l : pass_lengths<double>(n)) {
      CHECK(l <= kMaxPassLength<double>);
      product *= l;
    }
    CHECK(product == n);
  }
}

TEST_CASE("12 GPU passes refuse what they cannot take, naming the limit", "[12][gpu-emulated]") {
  using course::testing::contains;
  CHECK_THROWS_WITH(require_pass_size<float>(1009, 1), contains("prime factor above 31") && contains("37 to 251") && contains("Bluestein"));
  CHECK_THROWS_WITH(require_pass_size<float>(1000, 0), contains("batch = 0"));
  CHECK_THROWS_WITH(require_pass_size<float>(0, 1), contains("N = 0"));
  CHECK_NOTHROW(require_pass_size<float>(1 << 24, 1));
}
