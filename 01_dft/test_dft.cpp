// 01_dft: the shared conformance suite for both variants, float and double, over every N from
// 1 to 64, primes and a few larger sizes; plus the chapter's accuracy lesson as a test.
#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

#include "01_dft/dft.hpp"
#include "common/catch.hpp"
#include "common/conformance.hpp"
#include "common/metrics.hpp"
#include "common/reference.hpp"
#include "common/signals.hpp"
#include "common/sizes.hpp"

using namespace course;
using namespace course::dft;

namespace {

// The tolerance for an O(N^2) sum. Each output is a sum of N rounded products accumulated one
// by one; on random data the roundings add like a random walk, so the relative L2 error of v2
// grows like eps sqrt(N) (measured: about 0.2 eps sqrt(N)). v1 adds the error of its angle,
// 2 pi j k / N rounded in T: up to eps 2 pi N absolute for the largest j k, which makes its
// error grow like eps N (measured: about 0.5 to 1 eps N). The bounds leave a factor of 4 to 10
// over those measurements, and stay far below the order-1 errors of an indexing or sign bug.
template <class T>
double tolerance_table(std::size_t n) {
  const double eps = std::numeric_limits<T>::epsilon();
  return 2.0 * eps * (1.0 + std::sqrt(static_cast<double>(n)));
}
template <class T>
double tolerance_direct(std::size_t n) {
  return tolerance_table<T>(n) + 4.0 * std::numeric_limits<T>::epsilon() * static_cast<double>(n);
}

std::vector<std::size_t> sizes(std::size_t largest) {
  std::vector<std::size_t> v;
  for (std::size_t n = 1; n <= 64; ++n) v.push_back(n);
  for (std::size_t n : {67, 97, 127, 128, 210, 251, 256, 257, 509, 1000, 1009, 1024, 2310, 4096})
    if (n <= largest) v.push_back(n);
  return v;
}

template <class T>
conformance::Config config(std::size_t largest, bool direct) {
  conformance::Config c;
  // The API takes one span, with no batch count to refuse; the adapter loops over the batch.
  c.refuse_batch_zero = false;
  c.sizes = sizes(largest);
  c.batch = 2;
  c.refused = {0};  // any N >= 1 is done
  c.tolerance = direct ? tolerance_direct<T> : tolerance_table<T>;
  return c;
}

template <class T>
conformance::TransformFn<T> direct_fn() {
  return [](std::span<const Complex<T>> in, std::span<Complex<T>> out, std::size_t n, std::size_t batch, Direction dir) {
    require_size(n);
    for (std::size_t b = 0; b < batch; ++b) dft_direct<T>(in.subspan(b * n, n), out.subspan(b * n, n), dir);
  };
}

template <class T>
conformance::TransformFn<T> plan_fn() {
  return [](std::span<const Complex<T>> in, std::span<Complex<T>> out, std::size_t n, std::size_t batch, Direction dir) {
    const DftPlan<T> plan(n);
    for (std::size_t b = 0; b < batch; ++b) plan.execute(in.subspan(b * n, n), out.subspan(b * n, n), dir);
  };
}

}  // namespace

TEMPLATE_TEST_CASE("01 v1 (sin/cos per term) passes the conformance suite", "[01][conformance]", float, double) {
  // v1 stops at 2310: it makes 2 N^2 sin/cos calls per transform.
  require_conformance(conformance::check_conformance<TestType>(direct_fn<TestType>(), config<TestType>(2310, true)));
}

TEMPLATE_TEST_CASE("01 v2 (twiddle table) passes the conformance suite", "[01][conformance]", float, double) {
  require_conformance(conformance::check_conformance<TestType>(plan_fn<TestType>(), config<TestType>(4096, false)));
}

TEST_CASE("01 agrees with the direct long-double sum on primes", "[01][reference]") {
  for (std::size_t n : {2, 3, 5, 13, 101, 211}) {
    const auto x = random_uniform<double>(n, fresh_seed() + n);
    std::vector<Complex<double>> y(n);
    DftPlan<double>(n).execute(x, y, Direction::forward);
    const auto exact = direct_dft_ld<double>(x, Direction::forward);
    INFO("N = " << n);
    CHECK(rel_l2_error<double, long double>(y, exact) <= tolerance_table<double>(n));
  }
}

TEST_CASE("01 refuses N = 0 and misused spans", "[01][sizes]") {
  std::vector<Complex<double>> x(8), y(8), z(4);
  CHECK_THROWS_AS(DftPlan<double>(0), size_error);
  CHECK_THROWS_AS(dft_direct<double>(std::span<const Complex<double>>(), std::span<Complex<double>>(), Direction::forward),
                  size_error);
  CHECK_THROWS_AS(DftPlan<double>(8).execute(x, z, Direction::forward), std::invalid_argument);
  // In place would read outputs already written; the DFT refuses it instead of computing garbage.
  CHECK_THROWS_AS(DftPlan<double>(8).execute(x, x, Direction::forward), std::invalid_argument);
  CHECK_THROWS_AS(dft_direct<double>(x, x, Direction::forward), std::invalid_argument);
  CHECK_NOTHROW(DftPlan<double>(8).execute(x, y, Direction::forward));
}

TEMPLATE_TEST_CASE("v1's error grows like N, v2's like sqrt(N)", "[01][accuracy]", float, double) {
  using T = TestType;
  auto errors = [](std::size_t n) {
    const auto x = random_gaussian<T>(n, fresh_seed() + n);
    std::vector<Complex<T>> y1(n), y2(n);
    dft_direct<T>(x, y1, Direction::forward);
    DftPlan<T>(n).execute(x, y2, Direction::forward);
    const auto ref = reference_dft<T>(x, n, 1, Direction::forward);
    return std::pair{rel_l2_error<T, long double>(y1, ref), rel_l2_error<T, long double>(y2, ref)};
  };
  const auto [v1_small, v2_small] = errors(64);
  const auto [v1_large, v2_large] = errors(4096);
  INFO(precision_name<T>() << ": N = 64: v1 " << v1_small << " v2 " << v2_small << "; N = 4096: v1 " << v1_large << " v2 "
                           << v2_large);
  // 64 times more points: v1's error grows by about 64, v2's by about 8.
  CHECK(v1_large > 16 * v1_small);
  CHECK(v2_large < 32 * v2_small);
  CHECK(v1_large > 30 * v2_large);
}
