// 03_iterative: the shared conformance suite for both variants, float and double, and what
// this chapter adds: per-stage table layout, stage functions over split ranges (the contract
// 04_threads and 05_mpi rely on), the cost of twiddles made by recurrence, accuracy vs FFTW.
#include <algorithm>
#include <random>
#include <vector>

#include "03_iterative/iterative.hpp"
#include "common/catch.hpp"
#include "common/conformance.hpp"
#include "common/metrics.hpp"
#include "common/reference.hpp"
#include "common/signals.hpp"

using namespace course;
using namespace course::iterative;

namespace {

// Adapts a plan to the suite: the plan is made first, so a refused size throws before any
// output is written; each transform of the batch is copied to out and transformed there.
template <class Plan, class T>
conformance::TransformFn<T> adapt() {
  return [](std::span<const Complex<T>> in, std::span<Complex<T>> out, std::size_t n, std::size_t batch, Direction dir) {
    const Plan plan(n);
    for (std::size_t b = 0; b < batch; ++b) {
      std::copy(in.begin() + b * n, in.begin() + (b + 1) * n, out.begin() + b * n);
      plan.execute(out.subspan(b * n, n), dir);
    }
  };
}

conformance::Config config() {
  conformance::Config c;
  // The API takes one span, with no batch count to refuse; the adapter loops over the batch.
  c.refuse_batch_zero = false;
  c.sizes = conformance::powers_of_two(0, 16);
  c.batch = 3;
  // 0, non-powers of two, and above the limit of 2^26 (checked without allocating).
  c.refused = {0, 3, 6, 12, 1000, (std::size_t{1} << 20) + 1, std::size_t{1} << 27, (std::size_t{1} << 27) + 4};
  return c;
}

// Relative L2 error against the long-double reference, for a plan and for FFTW on the same input.
template <class T, class Run>
double error_of(std::size_t n, const std::vector<Complex<T>>& x, Run run) {
  std::vector<Complex<T>> y = x;
  run(std::span<Complex<T>>(y));
  const auto ref = reference_dft<T>(x, n, 1, Direction::forward);
  return rel_l2_error<T, long double>(y, ref);
}

template <class T>
double fftw_error(std::size_t n, const std::vector<Complex<T>>& x) {
  FftwPlan<T> fftw(n, 1, Direction::forward, PlanEffort::estimate);
  return error_of<T>(n, x, [&](std::span<Complex<T>> y) {
    const auto out = fftw(std::span<const Complex<T>>(y.data(), y.size()));
    std::copy(out.begin(), out.end(), y.begin());
  });
}

}  // namespace

TEMPLATE_TEST_CASE("03 v1 (radix-2) passes the conformance suite", "[03][conformance]", float, double) {
  require_conformance(conformance::check_conformance<TestType>(adapt<Radix2Plan<TestType>, TestType>(), config()));
}

TEMPLATE_TEST_CASE("03 v2 (radix-4) passes the conformance suite", "[03][conformance]", float, double) {
  require_conformance(conformance::check_conformance<TestType>(adapt<Radix4Plan<TestType>, TestType>(), config()));
}

TEMPLATE_TEST_CASE("03 v3 (radix-4, tiled bit reversal) passes the conformance suite", "[03][conformance]", float, double) {
  struct Tiled : Radix4Plan<TestType> {
    explicit Tiled(std::size_t n) : Radix4Plan<TestType>(n, Reversal::tiled) {}
  };
  require_conformance(conformance::check_conformance<TestType>(adapt<Tiled, TestType>(), config()));
}

TEMPLATE_TEST_CASE("the tiled bit reversal is the same permutation, over any split of its tiles", "[03][api]", float, double) {
  using T = TestType;
  std::mt19937_64 gen(fresh_seed());
  for (unsigned k = 0; k <= 16; ++k) {
    const std::size_t n = std::size_t{1} << k;
    const auto x = random_uniform<T>(n, gen());
    auto want = x, got = x;
    bit_reverse_range<T>(want, 0, n);
    const std::size_t tiles = bit_reverse_tiles(n);
    std::vector<std::size_t> cuts{0, tiles};
    for (int c = 0; c < 4; ++c) cuts.push_back(std::uniform_int_distribution<std::size_t>(0, tiles)(gen));
    std::sort(cuts.begin(), cuts.end());
    for (std::size_t i = 0; i + 1 < cuts.size(); ++i) bit_reverse_tiled_range<T>(got, cuts[i], cuts[i + 1]);
    INFO("N = 2^" << k);
    CHECK(got == want);
  }
}

TEST_CASE("a refused size names the size, the limit and 01_dft", "[03][sizes]") {
  for (std::size_t n : {std::size_t{0}, std::size_t{1000}, std::size_t{1} << 27}) {
    INFO("N = " << n);
    try {
      Radix2Plan<double> plan(n);
      FAIL("N = " << n << " was accepted");
    } catch (const size_error& e) {
      const std::string msg = e.what();
      CHECK_THAT(msg, testing::contains(std::to_string(n)));
      CHECK_THAT(msg, testing::contains("2^26") || testing::contains("0..26"));
      CHECK_THAT(msg, testing::contains("01_dft"));
    }
  }
  CHECK_THROWS_AS(Radix4Plan<float>(96), size_error);
}

TEST_CASE("a plan refuses a span of the wrong length", "[03][sizes]") {
  std::vector<Complex<double>> x(8);
  CHECK_THROWS_AS(Radix2Plan<double>(16).execute(x, Direction::forward), std::invalid_argument);
  CHECK_THROWS_AS(Radix4Plan<double>(16).execute(x, Direction::forward), std::invalid_argument);
}

TEMPLATE_TEST_CASE("each stage's table holds w(j, 2 half) from the index, contiguously", "[03][twiddles]", float, double) {
  const std::size_t n = 1 << 11;
  const Radix2Plan<TestType> plan(n);
  REQUIRE(plan.stages() == 11);
  for (unsigned s = 0; s < plan.stages(); ++s) {
    const auto w = plan.stage_twiddles(s);
    REQUIRE(w.size() == (std::size_t{1} << s));
    for (std::size_t j = 0; j < w.size(); ++j)
      REQUIRE(w[j] == twiddle<TestType>(static_cast<std::int64_t>(j), static_cast<std::int64_t>(2 * w.size())));
  }
  const Radix4Plan<TestType> plan4(n);
  REQUIRE(plan4.leading_radix2());
  for (unsigned s = 0; s < plan4.radix4_stages(); ++s) {
    const std::size_t q = plan4.stage_quarter(s);
    const auto w = plan4.stage_twiddles(s);
    for (std::size_t j = 0; j < q; ++j)
      for (std::size_t m = 1; m <= 3; ++m)
        REQUIRE(w[(m - 1) * q + j] == twiddle<TestType>(static_cast<std::int64_t>(m * j), static_cast<std::int64_t>(4 * q)));
  }
}

// 04_threads and 05_mpi run a stage as several ranges; the result must be the same bits.
TEMPLATE_TEST_CASE("stages and the bit reversal run over split ranges give the same bits", "[03][api]", float, double) {
  using T = TestType;
  std::mt19937_64 gen(fresh_seed());
  for (std::size_t n : {std::size_t{2}, std::size_t{64}, std::size_t{1} << 10, std::size_t{1} << 13}) {
    const auto x = random_gaussian<T>(n, gen());
    const Radix2Plan<T> plan(n);
    const Radix4Plan<T> plan4(n);
    auto whole = x, split = x, whole4 = x, split4 = x;
    plan.execute(whole, Direction::forward);
    plan4.execute(whole4, Direction::forward);
    // Random cut points, re-drawn for every stage.
    auto run_split = [&](std::size_t count, auto&& body) {
      std::vector<std::size_t> cuts{0, count};
      for (int c = 0; c < 5; ++c) cuts.push_back(std::uniform_int_distribution<std::size_t>(0, count)(gen));
      std::sort(cuts.begin(), cuts.end());
      for (std::size_t i = 0; i + 1 < cuts.size(); ++i) body(cuts[i], cuts[i + 1]);
    };
    std::span<Complex<T>> s(split), s4(split4);
    run_split(n, [&](std::size_t b, std::size_t e) { bit_reverse_range(s, b, e); });
    for (unsigned st = 0; st < plan.stages(); ++st)
      run_split(n / 2, [&](std::size_t b, std::size_t e) {
        radix2_stage<Direction::forward, T>(s, plan.stage_twiddles(st), std::size_t{1} << st, b, e);
      });
    run_split(n, [&](std::size_t b, std::size_t e) { bit_reverse_range(s4, b, e); });
    if (plan4.leading_radix2())
      run_split(n / 2, [&](std::size_t b, std::size_t e) { radix2_stage<Direction::forward, T>(s4, {}, 1, b, e); });
    for (unsigned st = 0; st < plan4.radix4_stages(); ++st)
      run_split(n / 4, [&](std::size_t b, std::size_t e) {
        radix4_stage<Direction::forward, T>(s4, plan4.stage_twiddles(st), plan4.stage_quarter(st), b, e);
      });
    INFO("N = " << n);
    CHECK(split == whole);
    CHECK(split4 == whole4);
  }
}

TEMPLATE_TEST_CASE("03 is within 4x of FFTW's own error on the same input", "[03][accuracy]", float, double) {
  using T = TestType;
  for (std::size_t n : {std::size_t{1} << 8, std::size_t{1} << 12, std::size_t{1} << 16}) {
    const auto x = random_gaussian<T>(n, fresh_seed() + n);
    const double lib = fftw_error<T>(n, x);
    const double v1 = error_of<T>(n, x, [&](std::span<Complex<T>> y) { Radix2Plan<T>(n).execute(y, Direction::forward); });
    const double v2 = error_of<T>(n, x, [&](std::span<Complex<T>> y) { Radix4Plan<T>(n).execute(y, Direction::forward); });
    const double v3 = error_of<T>(n, x, [&](std::span<Complex<T>> y) {
      Radix4Plan<T>(n, Reversal::tiled).execute(y, Direction::forward);
    });
    INFO(precision_name<T>() << " N = " << n << ": FFTW " << lib << ", v1 " << v1 << ", v2 " << v2 << ", v3 " << v3);
    CHECK(v3 <= 4 * lib);
    CHECK(lib > 0);
    CHECK(v1 <= 4 * lib);
    CHECK(v2 <= 4 * lib);
  }
}

TEMPLATE_TEST_CASE("twiddles made by recurrence are measurably worse than from the index", "[03][accuracy]", float, double) {
  using T = TestType;
  const std::size_t n = 1 << 16;
  const auto x = random_gaussian<T>(n, fresh_seed());
  const double from_index = error_of<T>(n, x, [&](std::span<Complex<T>> y) { Radix2Plan<T>(n).execute(y, Direction::forward); });
  const double by_recurrence = error_of<T>(n, x, [&](std::span<Complex<T>> y) {
    Radix2Plan<T>(n, TwiddleSource::recurrence).execute(y, Direction::forward);
  });
  INFO(precision_name<T>() << " N = " << n << ": from the index " << from_index << ", by recurrence " << by_recurrence);
  CHECK(by_recurrence > 10 * from_index);
  CHECK(by_recurrence > tolerance<T>(n));  // beyond what the suite accepts: a real defect
}

TEMPLATE_TEST_CASE("v3 computes v2's result bit for bit: only the permutation changed", "[03][api]", float, double) {
  using T = TestType;
  for (unsigned k = 0; k <= 14; ++k) {
    const std::size_t n = std::size_t{1} << k;
    const auto x = random_gaussian<T>(n, fresh_seed() + k);
    auto v2 = x, v3 = x;
    Radix4Plan<T>(n).execute(v2, Direction::inverse);
    Radix4Plan<T>(n, Reversal::tiled).execute(v3, Direction::inverse);
    INFO("N = 2^" << k);
    CHECK(v3 == v2);
  }
}
