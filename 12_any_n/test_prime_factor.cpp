// 12_any_n, the prime-factor (Good-Thomas) plan: the conformance suite with the plan's own split,
// every coprime split of every N up to 1000, of two N near 2^20 and of a fresh sample up to 2^20 against FFTW in
// long double, the index maps, and the refusals.
#include <algorithm>
#include <cmath>
#include <memory>
#include <numeric>
#include <random>
#include <vector>

#include "12_any_n/prime_factor.hpp"
#include "common/catch.hpp"
#include "common/conformance.hpp"
#include "common/metrics.hpp"
#include "common/reference.hpp"
#include "common/signals.hpp"

using namespace course;
using namespace course::anyn;

namespace {

template <class T>
conformance::TransformFn<T> adapt() {
  auto cache = std::make_shared<std::unique_ptr<PrimeFactorPlan<T>>>();
  return [cache](std::span<const Complex<T>> in, std::span<Complex<T>> out, std::size_t n, std::size_t batch, Direction dir) {
    if (!*cache || (*cache)->size() != n) *cache = std::make_unique<PrimeFactorPlan<T>>(n);
    (*cache)->execute(in, out, dir, batch);
  };
}

bool is_prime_power(std::size_t n) { return prime_powers(n).size() == 1; }

// Every N1 made of a non-empty proper subset of N's prime powers: all coprime splits N1 x N2.
std::vector<std::size_t> coprime_first_factors(std::size_t n) {
  const auto pp = prime_powers(n);
  std::vector<std::size_t> out;
  for (std::size_t mask = 1; mask + 1 < (std::size_t{1} << pp.size()); ++mask) {
    std::size_t n1 = 1;
    for (std::size_t i = 0; i < pp.size(); ++i)
      if (mask >> i & 1) n1 *= pp[i];
    out.push_back(n1);
  }
  return out;
}

template <class T>
void check_every_split(std::size_t n, std::uint64_t seed) {
  const auto x = random_gaussian<T>(n, seed);
  const auto ref = reference_dft<T>(x, n, 1, Direction::forward);
  for (std::size_t n1 : coprime_first_factors(n)) {
    const PrimeFactorPlan<T> plan(n, n1);
    std::vector<Complex<T>> y(n, Complex<T>(std::numeric_limits<T>::quiet_NaN(), 0));
    plan.execute(x, y, Direction::forward);
    const double err = rel_l2_error<T, long double>(y, ref);
    // Sub-plans that fall to Bluestein carry its error, counted in its convolution length.
    const std::size_t worst = std::max(convolution_length(n1), convolution_length(n / n1));
    INFO(precision_name<T>() << " " << plan.describe() << ": error " << err);
    CHECK(err <= 2 * tolerance<T>(worst * worst));
  }
}

}  // namespace

TEMPLATE_TEST_CASE("the prime-factor plan passes the conformance suite", "[12][pfa][conformance]", float, double) {
  conformance::Config c;
  for (std::size_t n = 6; n <= 400; ++n)
    if (!is_prime_power(n)) c.sizes.push_back(n);
  for (std::size_t n : {1000, 1920, 4095, 10000, 44100, 13312}) c.sizes.push_back(n);
  c.batch = 3;
  c.refused = {0, 1, 2, 16, 27, 49, 97, 1024, (std::size_t{1} << 26) + 6};
  c.tolerance = [](std::size_t n) {
    const std::size_t n1 = default_first_factor(n);
    const std::size_t worst = std::max(convolution_length(n1), convolution_length(n / n1));
    return is_smooth(n) ? tolerance<TestType>(n) : 2 * tolerance<TestType>(worst * worst);
  };
  require_conformance(conformance::check_conformance<TestType>(adapt<TestType>(), c));
}

TEMPLATE_TEST_CASE("every coprime split of every N up to 1000 agrees with FFTW in long double", "[12][pfa]", float, double) {
  const std::uint64_t seed = fresh_seed();
  INFO("COURSE_SEED=" << seed);
  for (std::size_t n = 6; n <= 1000; ++n)
    if (!is_prime_power(n)) check_every_split<TestType>(n, seed + n);
}

// Up to 2^20: 725760 = 2^8 3^4 5 7 (14 splits, all 7-smooth) and 720896 = 2^16 11 (2 splits, 11 by Bluestein).
TEMPLATE_TEST_CASE("every coprime split of 725760 and 720896 agrees with FFTW in long double", "[12][pfa][large]", float, double) {
  const std::uint64_t seed = fresh_seed();
  INFO("COURSE_SEED=" << seed);
  REQUIRE(coprime_first_factors(725760).size() == 14);
  check_every_split<TestType>(725760, seed);
  check_every_split<TestType>(720896, seed + 1);
}

// A fresh sample between 1000 and 2^20, spread evenly in log N (prime powers redrawn): the splits
// of sizes no list above names.
TEMPLATE_TEST_CASE("every coprime split of a fresh sample of N up to 2^20 agrees with FFTW in long double", "[12][pfa][large]", float, double) {
  const std::uint64_t seed = fresh_seed();
  INFO("COURSE_SEED=" << seed);
  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<double> log2n(std::log2(1001.0), 20.0);
  for (int i = 0; i < 16; ++i) {
    std::size_t n = 1;
    while (n <= 1000 || is_prime_power(n)) n = static_cast<std::size_t>(std::exp2(log2n(rng)));
    check_every_split<TestType>(n, seed + i);
  }
}

TEST_CASE("the index maps: Ruritanian in, CRT out, each a bijection with k = k1 mod N1, k = k2 mod N2", "[12][pfa]") {
  for (std::size_t n : {6, 12, 35, 1000, 44100}) {
    for (std::size_t n1 : coprime_first_factors(n)) {
      const PrimeFactorPlan<double> plan(n, n1);
      const std::size_t n2 = n / n1;
      std::vector<char> in_seen(n, 0), out_seen(n, 0);
      std::size_t wrong = 0;
      for (std::size_t a = 0; a < n1; ++a)
        for (std::size_t b = 0; b < n2; ++b) {
          ++in_seen[plan.input_index(a, b)];
          const std::size_t k = plan.output_index(a, b);
          ++out_seen[k];
          if (k % n1 != a || k % n2 != b) ++wrong;
        }
      INFO("N = " << n << " = " << n1 << " * " << n2);
      CHECK(wrong == 0);
      CHECK(std::count(in_seen.begin(), in_seen.end(), 1) == static_cast<long>(n));
      CHECK(std::count(out_seen.begin(), out_seen.end(), 1) == static_cast<long>(n));
    }
  }
}

TEST_CASE("the prime-factor plan refuses splits that are not coprime, naming N and the factors", "[12][pfa][sizes]") {
  try {
    PrimeFactorPlan<double> plan(24, 4);
    FAIL("24 = 4 x 6 was accepted");
  } catch (const size_error& e) {
    const std::string msg = e.what();
    CHECK_THAT(msg, testing::contains("N = 24"));
    CHECK_THAT(msg, testing::contains("N1 = 4"));
    CHECK_THAT(msg, testing::contains("share the factor 2"));
  }
  CHECK_THROWS_AS(PrimeFactorPlan<float>(24, 5), size_error);   // not a factor
  CHECK_THROWS_AS(PrimeFactorPlan<float>(24, 24), size_error);  // N2 = 1
  try {
    PrimeFactorPlan<float> plan(std::size_t{1} << 27);
    FAIL("2^27 was accepted");
  } catch (const size_error& e) {
    CHECK_THAT(std::string(e.what()), testing::contains("2^26"));
  }
}
