// 12_any_n: the shared conformance suite for every N from 1 to 4096 (float and double), large
// 7-smooth products and primes up to 16777213, accuracy against FFTW, the butterflies' constants,
// and which algorithm the plan picks.
#include <algorithm>
#include <cmath>
#include <memory>
#include <random>
#include <vector>

#include "12_any_n/any_n.hpp"
#include "common/catch.hpp"
#include "common/conformance.hpp"
#include "common/metrics.hpp"
#include "common/reference.hpp"
#include "common/signals.hpp"

using namespace course;
using namespace course::anyn;

namespace {

// Adapts the plan to the suite. The plan for the last size is kept, so the suite's several calls
// per size plan once (the first call for a size makes it, so a refused size throws before any
// output is written).
template <class T>
conformance::TransformFn<T> adapt() {
  auto cache = std::make_shared<std::unique_ptr<Plan<T>>>();
  return [cache](std::span<const Complex<T>> in, std::span<Complex<T>> out, std::size_t n, std::size_t batch, Direction dir) {
    if (!*cache || (*cache)->size() != n) *cache = std::make_unique<Plan<T>>(n);
    (*cache)->execute(in, out, dir, batch);
  };
}

std::vector<std::size_t> refused_sizes() {
  return {0,
          (std::size_t{1} << 25) + 1,             // 3 * 11 * 251 * 4051: Bluestein, above 2^25
          std::size_t{1} << 28,                   // 7-smooth, above 2^27
          std::size_t{387420489},                 // 3^18, above 2^27
          (std::size_t{1} << 27) + 1};            // 3^4 * 19 * 87211: above both limits
}

// Largest prime factor <= 7, by trial division: the independent check of is_smooth.
bool seven_smooth_by_trial(std::size_t n) {
  std::size_t largest = 1;
  for (std::size_t p = 2; p * p <= n; ++p)
    while (n % p == 0) { largest = std::max(largest, p); n /= p; }
  if (n > 1) largest = std::max(largest, n);
  return largest <= 7;
}

template <class T>
double error_vs_reference(std::size_t n, const std::vector<Complex<T>>& x, const std::vector<Complex<long double>>& ref,
                          const Plan<T>& plan) {
  std::vector<Complex<T>> y(n);
  plan.execute(x, y, Direction::forward);
  return rel_l2_error<T, long double>(y, ref);
}

template <class T>
double fftw_error(std::size_t n, const std::vector<Complex<T>>& x, const std::vector<Complex<long double>>& ref) {
  FftwPlan<T> fftw(n, 1, Direction::forward, PlanEffort::estimate);
  const auto y = fftw(x);
  return rel_l2_error<T, long double>(y, ref);
}

// Bluestein's error: about eps times log2 M for the two FFTs plus the chirp roundings; the suite's
// default bound (4 eps (1 + log2 N)) allows that when counted in M: see the README's accuracy study.
template <class T>
double bound(std::size_t n) {
  return is_smooth(n) ? tolerance<T>(n) : 2 * tolerance<T>(convolution_length(n));
}

}  // namespace

// A butterfly applied to each unit vector gives a column of the r-point DFT matrix. fn(dir, x)
// applies it in place to arrays of long double, double and float; long double must agree to
// 1e-18, double and float within the bounds given (0: to the last bit).
template <unsigned r, class Fn>
void check_dft_matrix(Fn fn, double double_bound, float float_bound) {
  for (Direction dir : {Direction::forward, Direction::inverse}) {
    for (unsigned j = 0; j < r; ++j) {
      Complex<long double> a[r];
      Complex<double> ad[r];
      Complex<float> af[r];
      for (unsigned i = 0; i < r; ++i) { a[i] = {}; ad[i] = {}; af[i] = {}; }
      a[j] = {1, 0};
      ad[j] = {1, 0};
      af[j] = {1, 0};
      fn(dir, a);
      fn(dir, ad);
      fn(dir, af);
      for (unsigned k = 0; k < r; ++k) {
        auto want = twiddle_ld(static_cast<std::int64_t>(j * k), r);
        if (dir == Direction::inverse) want = conj(want);
        INFO("radix " << r << " " << to_string(dir) << " column " << j << " row " << k);
        CHECK(std::fabs(static_cast<double>(a[k].re - want.re)) < 1e-18);
        CHECK(std::fabs(static_cast<double>(a[k].im - want.im)) < 1e-18);
        CHECK(std::fabs(ad[k].re - static_cast<double>(want.re)) <= double_bound);
        CHECK(std::fabs(ad[k].im - static_cast<double>(want.im)) <= double_bound);
        CHECK(std::fabs(af[k].re - static_cast<float>(want.re)) <= float_bound);
        CHECK(std::fabs(af[k].im - static_cast<float>(want.im)) <= float_bound);
      }
    }
  }
}

// butterflies.hpp's butterfly<R> and stage_cpu.hpp's cpu_butterfly<R> as fn(dir, x).
template <unsigned R>
auto shared_butterfly() {
  return [](Direction dir, auto* x) {
    if (dir == Direction::forward) butterfly<R, Direction::forward>(x);
    else butterfly<R, Direction::inverse>(x);
  };
}
template <unsigned R>
auto stage_butterfly() {
  return [](Direction dir, auto* x) {
    if (dir == Direction::forward) cpu_butterfly<R, Direction::forward>(x);
    else cpu_butterfly<R, Direction::inverse>(x);
  };
}

TEST_CASE("the butterflies' constants are cos and sin of 2 pi k / r to the last bit", "[12][butterflies]") {
  check_dft_matrix<2>(shared_butterfly<2>(), 0, 6e-8f);
  check_dft_matrix<3>(shared_butterfly<3>(), 0, 6e-8f);
  check_dft_matrix<4>(shared_butterfly<4>(), 0, 6e-8f);
  check_dft_matrix<5>(shared_butterfly<5>(), 0, 6e-8f);
  check_dft_matrix<7>(shared_butterfly<7>(), 0, 6e-8f);
  check_dft_matrix<8>(shared_butterfly<8>(), 0, 6e-8f);
  // butterfly_odd, the GPU passes' prime radices above 7.
  check_dft_matrix<11>(shared_butterfly<11>(), 0, 6e-8f);
  check_dft_matrix<13>(shared_butterfly<13>(), 0, 6e-8f);
  check_dft_matrix<17>(shared_butterfly<17>(), 0, 6e-8f);
  check_dft_matrix<19>(shared_butterfly<19>(), 0, 6e-8f);
  check_dft_matrix<23>(shared_butterfly<23>(), 0, 6e-8f);
  check_dft_matrix<29>(shared_butterfly<29>(), 0, 6e-8f);
  check_dft_matrix<31>(shared_butterfly<31>(), 0, 6e-8f);
  // stage_cpu.hpp's odd radices, which the CPU stage runs instead.
  check_dft_matrix<3>(stage_butterfly<3>(), 0, 6e-8f);
  check_dft_matrix<5>(stage_butterfly<5>(), 0, 6e-8f);
  check_dft_matrix<7>(stage_butterfly<7>(), 0, 6e-8f);
}

TEMPLATE_TEST_CASE("the CPU stage's odd-radix butterflies give butterflies.hpp's bits", "[12][butterflies]", float, double) {
  // Same sums, the -i folded into the constants instead of a swap after them: every output
  // must match bit for bit on random inputs, both directions.
  std::mt19937_64 rng(357);
  std::normal_distribution<TestType> g;
  auto same = [&](auto radix_tag) {
    constexpr unsigned r = decltype(radix_tag)::value;
    for (int i = 0; i < 1000; ++i) {
      Complex<TestType> a[r], b[r], c[r], d[r];
      for (unsigned j = 0; j < r; ++j) a[j] = b[j] = c[j] = d[j] = {g(rng), g(rng)};
      butterfly<r, Direction::forward>(a);
      cpu_butterfly<r, Direction::forward>(b);
      butterfly<r, Direction::inverse>(c);
      cpu_butterfly<r, Direction::inverse>(d);
      for (unsigned k = 0; k < r; ++k) {
        INFO("radix " << r << " output " << k);
        CHECK(a[k] == b[k]);
        CHECK(c[k] == d[k]);
      }
    }
  };
  same(std::integral_constant<unsigned, 3>{});
  same(std::integral_constant<unsigned, 5>{});
  same(std::integral_constant<unsigned, 7>{});
}

TEMPLATE_TEST_CASE("the packed twiddle multiply gives the textbook product's bits", "[12][twiddles]", float, double) {
  // (c, c) z + (-s, s) swap(z) rounds the same products and sums as (re c - im s, re s + im c):
  // negating s is exact and the two terms of each sum are only swapped.
  std::mt19937_64 rng(12);
  std::uniform_real_distribution<TestType> u(-1, 1);
  for (int i = 0; i < 1000; ++i) {
    const Complex<TestType> z{u(rng), u(rng)};
    const Complex<TestType> w = twiddle<TestType>(i % 97, 97);
    CHECK(z * packed<Direction::forward>(w) == z * w);
    CHECK(z * packed<Direction::inverse>(w) == z * conj(w));
    // The plan's table is packed once (forward); the inverse flips it on use.
    CHECK(z * packed<Direction::inverse>(packed<Direction::forward>(w)) == z * conj(w));
  }
}

TEST_CASE("the composite butterflies 6, 9, 10, 12, 14, 15, 16, 18, 20, 21, 24, 28 are the DFT matrix within a few roundings", "[12][butterflies]") {
  // Each output is a product of up to three rounded constants: a few units in the last place.
  check_dft_matrix<6>(shared_butterfly<6>(), 4e-16, 2.4e-7f);
  check_dft_matrix<9>(shared_butterfly<9>(), 4e-16, 2.4e-7f);
  check_dft_matrix<10>(shared_butterfly<10>(), 4e-16, 2.4e-7f);
  check_dft_matrix<16>(shared_butterfly<16>(), 4e-16, 2.4e-7f);
  check_dft_matrix<12>(shared_butterfly<12>(), 4e-16, 2.4e-7f);
  check_dft_matrix<14>(shared_butterfly<14>(), 4e-16, 2.4e-7f);
  check_dft_matrix<15>(shared_butterfly<15>(), 4e-16, 2.4e-7f);
  check_dft_matrix<18>(shared_butterfly<18>(), 4e-16, 2.4e-7f);
  check_dft_matrix<20>(shared_butterfly<20>(), 4e-16, 2.4e-7f);
  check_dft_matrix<21>(shared_butterfly<21>(), 4e-16, 2.4e-7f);
  check_dft_matrix<24>(shared_butterfly<24>(), 4e-16, 2.4e-7f);
  check_dft_matrix<28>(shared_butterfly<28>(), 4e-16, 2.4e-7f);
  // The compiler's own cos and sin, against the course's twiddles.
  for (unsigned r : {6u, 9u, 10u, 16u, 7u, 360u})
    for (unsigned e = 0; e < r; ++e) {
      const auto w = twiddle_ld(static_cast<std::int64_t>(e), r);  // exp(-2 pi i e / r)
      CHECK(std::fabs(static_cast<double>(turn_cos_sin(e, r, false) - w.re)) < 1e-18);
      CHECK(std::fabs(static_cast<double>(turn_cos_sin(e, r, true) + w.im)) < 1e-18);
    }
}

TEST_CASE("the plan picks Bluestein exactly for the N that are not 7-smooth", "[12][plan]") {
  for (std::size_t n = 1; n <= 5000; ++n) {
    const bool smooth = seven_smooth_by_trial(n);
    REQUIRE(is_smooth(n) == smooth);
    if (n <= 1200 || n % 7 == 0) {  // planning every size costs; the rule itself is checked above for all
      const Plan<float> plan(n);
      INFO("N = " << n << ": " << plan.describe());
      REQUIRE((plan.algorithm() == Algorithm::bluestein) == !smooth);
      if (!smooth) {
        REQUIRE(plan.convolution_size() >= 2 * n - 1);
        REQUIRE(plan.convolution_size() < 4 * n - 2);
        REQUIRE((plan.convolution_size() & (plan.convolution_size() - 1)) == 0);
      } else {
        std::size_t product = 1;
        for (unsigned r : plan.stage_radices()) product *= r;
        REQUIRE(product == n);
      }
    }
  }
  for (std::size_t n : {std::size_t{65537}, std::size_t{999983}, std::size_t{1} << 20, std::size_t{44100}})
    CHECK(is_smooth(n) == seven_smooth_by_trial(n));
}

TEST_CASE("describe() prints the factorisation and the algorithm", "[12][plan]") {
  CHECK(Plan<double>(1000).describe() == "1000 = 2 * 4 * 5 * 5 * 5: mixed radix, 5 stages");
  CHECK(Plan<double>(1920).describe() == "1920 = 2 * 4 * 4 * 4 * 3 * 5: mixed radix, 6 stages");
  // Above 8 MiB a buffer the factor 2 runs as 8s (fewer passes over memory).
  CHECK(Plan<double>(1 << 20).describe() == "1048576 = 8 * 8 * 8 * 8 * 8 * 8 * 4: mixed radix, 7 stages");
  CHECK(Plan<float>(1 << 20).describe() == "1048576 = 4 * 4 * 4 * 4 * 4 * 4 * 4 * 4 * 4 * 4: mixed radix, 10 stages");
  CHECK(Plan<double>(999983).describe() == "999983: prime, Bluestein with M = 2^21");
  CHECK(Plan<float>(1001).describe() == "1001 = 7 * 11 * 13, Bluestein with M = 2^11");
  CHECK(Plan<float>(22).describe() == "22 = 2 * 11, Bluestein with M = 2^6");
  CHECK(Plan<float>(1).describe() == "1: nothing to do (a copy), mixed radix with no stages");
  CHECK(factorisation(44100) == "2^2 * 3^2 * 5^2 * 7^2");
}

TEST_CASE("refusals name the size and the limit, before any work", "[12][sizes]") {
  for (std::size_t n : refused_sizes()) {
    INFO("N = " << n);
    try {
      Plan<double> plan(n);
      FAIL("N = " << n << " was accepted");
    } catch (const size_error& e) {
      const std::string msg = e.what();
      CHECK_THAT(msg, testing::contains("N = " + std::to_string(n)));
      CHECK_THAT(msg, testing::contains("12_any_n"));
      if (n) CHECK_THAT(msg, testing::contains("2^2"));  // 2^25 or 2^27
    }
  }
  const Plan<double> plan(12);
  std::vector<Complex<double>> x(12), y(12), z(24);
  CHECK_THROWS_WITH(plan.execute(x, y, Direction::forward, 0), testing::contains("batch = 0"));
  CHECK_THROWS_AS(plan.execute(x, z, Direction::forward), std::invalid_argument);
  CHECK_THROWS_AS(plan.execute(z, z, Direction::forward, 1), std::invalid_argument);
  CHECK_THROWS_AS(MixedRadixPlan<double>(22), size_error);
}

// The whole suite (reference forward and inverse, round trip, linearity, Parseval, impulse, shift,
// a batch of 3, refusals) for every N from 1 to 4096: about 30 s per precision on the 2-core CI
// machine.
TEMPLATE_TEST_CASE("12 passes the conformance suite for every N from 1 to 4096", "[12][conformance]", float, double) {
  conformance::Config c;
  for (std::size_t n = 1; n <= 4096; ++n) c.sizes.push_back(n);
  c.batch = 3;
  c.tolerance = bound<TestType>;
  c.refused = refused_sizes();
  require_conformance(conformance::check_conformance<TestType>(adapt<TestType>(), c));
}

TEMPLATE_TEST_CASE("radix-8 stages (the plan's choice above 8 MiB) against FFTW for N up to 4096", "[12][radix8]", float, double) {
  // The plan runs the factor 2 as 4s below 8 MiB, so the suite above meets radix 8 only in its
  // large sizes: here every N <= 4096 with a factor 8 runs factor.hpp's stages (8s first).
  std::mt19937_64 rng(8);
  std::normal_distribution<TestType> g;
  std::size_t sizes = 0;
  for (std::size_t n = 8; n <= 4096; n += 8) {
    const auto stages = is_smooth(n) ? radices(n) : std::vector<unsigned>{};
    if (std::find(stages.begin(), stages.end(), 8u) == stages.end()) continue;
    ++sizes;
    const MixedRadixPlan<TestType> plan(n, stages);
    std::vector<Complex<TestType>> x(n), y(n), back(n);
    for (auto& z : x) z = {g(rng), g(rng)};
    FftwPlan<TestType> fftw(n, 1, Direction::forward, PlanEffort::estimate);
    plan.execute(x, y, Direction::forward);
    INFO("N = " << n);
    CHECK(rel_l2_error<TestType, TestType>(y, fftw(x)) < tolerance<TestType>(n));
    plan.execute(y, back, Direction::inverse);
    for (auto& z : back) z *= TestType(1) / TestType(n);
    CHECK(rel_l2_error<TestType, TestType>(back, x) < tolerance<TestType>(n));
  }
  CHECK(sizes > 50);  // 82 sizes with factor.hpp's radices of 2026-11
  CHECK_THROWS_AS(MixedRadixPlan<double>(24, {8, 4}), std::invalid_argument);
  CHECK_THROWS_AS(MixedRadixPlan<double>(36, {6, 6}), std::invalid_argument);
}

TEMPLATE_TEST_CASE("large 7-smooth products and primes: forward, inverse and round trip against FFTW", "[12][large]", float, double) {
  conformance::Config c;
  c.sizes = {1920, 44100, 65536 * 3, 1000000, 17, 1009, 65537, 999983};
  c.tolerance = bound<TestType>;
  c.refuse_batch_zero = false;
  require_conformance(conformance::check_conformance<TestType>(adapt<TestType>(), c));
}

// The largest products, one seeded input each against FFTW in long double (double only for the
// two largest, which take most of this test's time).
TEMPLATE_TEST_CASE("products 2^a 3^b 5^c 7^d up to 2^25 against FFTW in long double", "[12][large]", float, double) {
  using T = TestType;
  std::vector<std::size_t> sizes{5764801 /* 7^8 */, 9765625 /* 5^10 */};
  if constexpr (std::is_same_v<T, double>) {
    sizes.push_back(14348907);  // 3^15
    sizes.push_back(31104000);  // 2^10 3^5 5^3
  }
  for (std::size_t n : sizes) {
    const auto x = random_gaussian<T>(n, fresh_seed() + n);
    const auto ref = reference_dft<T>(x, n, 1, Direction::forward);
    const Plan<T> plan(n);
    const double err = error_vs_reference<T>(n, x, ref, plan);
    INFO(precision_name<T>() << " " << plan.describe() << ": error " << err << ", bound " << tolerance<T>(n));
    CHECK(err <= tolerance<T>(n));
  }
}

// N = 16777213 (prime, M = 2^25): no long-double reference of that size (minutes); instead the
// impulse theorem (exactly known output), the round trip and 6 bins summed directly in long double.
TEST_CASE("the prime 16777213 in double: impulse, round trip and bins summed directly", "[12][large]") {
  const std::size_t n = 16777213;
  const Plan<double> plan(n);
  REQUIRE(plan.describe() == "16777213: prime, Bluestein with M = 2^25");
  const double tol = bound<double>(n);
  const std::uint64_t seed = fresh_seed();
  const std::size_t at = seed % n;
  {
    const auto d = impulse<double>(n, at);
    std::vector<Complex<double>> y(n);
    plan.execute(d, y, Direction::forward);
    std::vector<Complex<long double>> want(n);
    for (std::size_t k = 0; k < n; ++k) want[k] = twiddle_ld(static_cast<std::int64_t>((static_cast<unsigned __int128>(at) * k) % n), n);
    const double err = rel_l2_error<double, long double>(y, want);
    INFO("impulse at " << at << ": error " << err << ", bound " << tol);
    CHECK(err <= tol);
  }
  const auto x = random_uniform<double>(n, seed);
  std::vector<Complex<double>> X(n), back(n);
  plan.execute(x, X, Direction::forward);
  plan.execute(X, back, Direction::inverse);
  std::vector<Complex<long double>> nx(n);
  for (std::size_t i = 0; i < n; ++i) nx[i] = Complex<long double>(x[i]) * static_cast<long double>(n);
  const double round_trip = rel_l2_error<double, long double>(back, nx);
  INFO("round trip error " << round_trip);
  CHECK(round_trip <= 2 * tol);
  // Direct sums: X[k] = sum_j x[j] w(jk, N), in long double with the exact twiddles.
  std::mt19937_64 gen(seed);
  long double num = 0, den = 0;
  for (int b = 0; b < 6; ++b) {
    const std::size_t k = gen() % n;
    Complex<long double> s{};
    for (std::size_t j = 0; j < n; ++j)
      s += Complex<long double>(x[j]) * twiddle_ld(static_cast<std::int64_t>((static_cast<unsigned __int128>(j) * k) % n), n);
    num += norm(Complex<long double>(X[k]) - s);
    den += norm(s);
  }
  const double bins = static_cast<double>(std::sqrt(num / den));
  INFO("6 bins: relative error " << bins);
  CHECK(bins <= tol);
}

TEMPLATE_TEST_CASE("in place (in and out the same span) gives the out-of-place bits", "[12][api]", float, double) {
  using T = TestType;
  // Odd and even stage counts (mixed radix copies back when odd), and Bluestein.
  for (std::size_t n : {std::size_t{1}, std::size_t{2}, std::size_t{12}, std::size_t{60}, std::size_t{1000}, std::size_t{1920},
                        std::size_t{4096}, std::size_t{11}, std::size_t{1009}}) {
    const Plan<T> plan(n);
    const auto x = random_gaussian<T>(2 * n, fresh_seed() + n);
    std::vector<Complex<T>> out(2 * n), inplace = x;
    for (Direction dir : {Direction::forward, Direction::inverse}) {
      plan.execute(x, out, dir, 2);
      inplace = x;
      plan.execute(inplace, inplace, dir, 2);
      INFO(plan.describe() << " " << to_string(dir));
      CHECK(inplace == out);
    }
  }
}

TEMPLATE_TEST_CASE("mixed radix and Bluestein stay near FFTW's own error", "[12][accuracy]", float, double) {
  using T = TestType;
  // Mixed radix within 3x of FFTW's error; Bluestein (two FFTs of M points and the chirps) within 10x.
  for (std::size_t n : {std::size_t{1000}, std::size_t{1920}, std::size_t{44100}, std::size_t{1009}, std::size_t{65537}}) {
    const auto x = random_gaussian<T>(n, fresh_seed() + n);
    const auto ref = reference_dft<T>(x, n, 1, Direction::forward);
    const double lib = fftw_error<T>(n, x, ref);
    const Plan<T> plan(n);
    const double ours = error_vs_reference<T>(n, x, ref, plan);
    INFO(precision_name<T>() << " " << plan.describe() << ": FFTW " << lib << ", 12 " << ours);
    CHECK(lib > 0);
    CHECK(ours <= (is_smooth(n) ? 3 : 10) * std::max(lib, 0.5 * static_cast<double>(std::numeric_limits<T>::epsilon())));
  }
}

TEMPLATE_TEST_CASE("the chirp is w(n^2 mod 2N, 2N) from exact integers", "[12][bluestein]", float, double) {
  using T = TestType;
  const std::size_t n = 999983;
  const auto c = bluestein_chirp<T>(n);
  // Spot checks against the definition exp(-pi i j^2 / N) with the angle reduced exactly.
  for (std::size_t j : {std::size_t{0}, std::size_t{1}, std::size_t{1000}, n / 2, n - 1}) {
    const auto want = twiddle<T>(static_cast<std::int64_t>((j * j) % (2 * n)), static_cast<std::int64_t>(2 * n));
    CHECK(c[j] == want);
  }
  // The naive angle pi j^2 / N in T loses the value entirely at large j: the reason for the integers.
  const std::size_t j = n - 1;
  const T angle = static_cast<T>(3.14159265358979323846) * static_cast<T>(j) * static_cast<T>(j) / static_cast<T>(n);
  const Complex<T> naive{std::cos(angle), -std::sin(angle)};
  const double naive_err = std::hypot(static_cast<double>(naive.re - c[j].re), static_cast<double>(naive.im - c[j].im));
  INFO("naive chirp at j = N - 1: error " << naive_err);
  CHECK(naive_err > 1000 * static_cast<double>(std::numeric_limits<T>::epsilon()));
}
