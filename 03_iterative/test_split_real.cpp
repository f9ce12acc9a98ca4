// 03_iterative v4 (split radix) and the real transforms (R2C, C2R by packing): the conformance
// suite, the operation count against the formula, and FFTW's own r2c/c2r in float and double.
#include <fftw3.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <random>
#include <vector>

#include "02_recursive/op_count.hpp"
#include "03_iterative/iterative.hpp"
#include "common/catch.hpp"
#include "common/conformance.hpp"
#include "common/metrics.hpp"
#include "common/reference.hpp"
#include "common/signals.hpp"

using namespace course;
using namespace course::iterative;

namespace {

template <class T>
conformance::TransformFn<T> split_fn() {
  return [](std::span<const Complex<T>> in, std::span<Complex<T>> out, std::size_t n, std::size_t batch, Direction dir) {
    const SplitRadixPlan<T> plan(n);  // refuses before any output is written
    for (std::size_t b = 0; b < batch; ++b) {
      std::copy(in.begin() + b * n, in.begin() + (b + 1) * n, out.begin() + b * n);
      plan.execute(out.subspan(b * n, n), dir);
    }
  };
}

std::vector<double> reals(std::size_t n, std::uint64_t seed) {
  std::mt19937_64 gen(seed);
  std::normal_distribution<double> d;
  std::vector<double> x(n);
  for (auto& v : x) v = d(gen);
  return x;
}

// FFTW's r2c and c2r in precision T (estimate plans; c2r overwrites its input, so it gets a copy).
template <class T>
std::vector<Complex<T>> fftw_r2c(std::vector<T> x) {
  const std::size_t n = x.size();
  std::vector<Complex<T>> y(n / 2 + 1);
  if constexpr (std::is_same_v<T, float>) {
    auto p = fftwf_plan_dft_r2c_1d(int(n), x.data(), reinterpret_cast<fftwf_complex*>(y.data()), FFTW_ESTIMATE);
    fftwf_execute(p);
    fftwf_destroy_plan(p);
  } else {
    auto p = fftw_plan_dft_r2c_1d(int(n), x.data(), reinterpret_cast<fftw_complex*>(y.data()), FFTW_ESTIMATE);
    fftw_execute(p);
    fftw_destroy_plan(p);
  }
  return y;
}

template <class T>
std::vector<T> fftw_c2r(std::vector<Complex<T>> X, std::size_t n) {
  std::vector<T> y(n);
  if constexpr (std::is_same_v<T, float>) {
    auto p = fftwf_plan_dft_c2r_1d(int(n), reinterpret_cast<fftwf_complex*>(X.data()), y.data(), FFTW_ESTIMATE);
    fftwf_execute(p);
    fftwf_destroy_plan(p);
  } else {
    auto p = fftw_plan_dft_c2r_1d(int(n), reinterpret_cast<fftw_complex*>(X.data()), y.data(), FFTW_ESTIMATE);
    fftw_execute(p);
    fftw_destroy_plan(p);
  }
  return y;
}

template <class T>
std::vector<Complex<T>> as_complex(const std::vector<T>& x) {
  std::vector<Complex<T>> z(x.size());
  for (std::size_t i = 0; i < x.size(); ++i) z[i] = Complex<T>(x[i], T(0));
  return z;
}

}  // namespace

TEMPLATE_TEST_CASE("03 v4 (split radix) passes the conformance suite", "[03][conformance][split]", float, double) {
  conformance::Config c;
  c.refuse_batch_zero = false;
  c.sizes = conformance::powers_of_two(0, 16);
  c.batch = 3;
  c.refused = {0, 3, 6, 12, 1000, (std::size_t{1} << 20) + 1, std::size_t{1} << 27};
  require_conformance(conformance::check_conformance<TestType>(split_fn<TestType>(), c));
}

// The plan's own schedule and tables, run on numbers that count their +, - and *.
TEST_CASE("03 v4 (split radix) does exactly 4 N log2 N - 6 N + 8 real operations", "[03][split][opcount]") {
  using C = opcount::CountedComplex<double>;
  for (unsigned k = 0; k <= 14; ++k) {
    const std::size_t n = std::size_t{1} << k;
    const SplitRadixPlan<double> plan(n);
    std::vector<C> table;
    for (const auto& w : plan.table()) table.push_back(C(w.re, w.im));
    const auto x = random_gaussian<double>(n, fresh_seed() + k);
    for (Direction dir : {Direction::forward, Direction::inverse}) {
      std::vector<C> data;
      for (const auto& z : x) data.push_back(C(z.re, z.im));
      opcount::reset();
      if (dir == Direction::forward) split_radix_dif<Direction::forward>(data.data(), plan.blocks(), table.data(), plan.table_offsets().data());
      else split_radix_dif<Direction::inverse>(data.data(), plan.blocks(), table.data(), plan.table_offsets().data());
      const auto counted = opcount::tally;
      INFO("N = " << n << " " << to_string(dir) << ": " << counted.adds << " additions + " << counted.muls
                  << " multiplications, formula " << opcount::split_radix_ops(n));
      CHECK(counted.total() == opcount::split_radix_ops(n));
      // The counted run is the transform, in bit-reversed order (the permutation does no arithmetic).
      std::vector<Complex<double>> y(n);
      for (std::size_t i = 0; i < n; ++i) y[i] = {data[i].re.v, data[i].im.v};
      if (n > 1) bit_reverse_range<double>(y, 0, n);
      CHECK(rel_l2_error<double, long double>(y, reference_dft<double>(x, n, 1, dir)) <= tolerance<double>(n));
    }
  }
}

TEMPLATE_TEST_CASE("R2C and C2R agree with FFTW's r2c and c2r, and round-trip to N x", "[03][real]", float, double) {
  using T = TestType;
  const T nan = std::numeric_limits<T>::quiet_NaN();
  const std::uint64_t seed = fresh_seed();
  INFO("COURSE_SEED=" << seed);
  std::vector<std::size_t> sizes;
  for (unsigned k = 0; k <= 16; ++k) sizes.push_back(std::size_t{1} << k);
  sizes.push_back(std::size_t{1} << 20);
  sizes.push_back(std::size_t{1} << 21);  // the half-size plan past kLeafGatherMostPoints: the tiled copy
  for (std::size_t n : sizes) {
    INFO(precision_name<T>() << " N = " << n);
    const double tol = tolerance<T>(n);
    const RealPlan<T> plan(n);
    const std::size_t bins = n / 2 + 1;
    std::vector<T> x(n);
    const auto xd = reals(n, seed + n);
    std::transform(xd.begin(), xd.end(), x.begin(), [](double v) { return T(v); });

    // R2C against the long-double reference and against FFTW's r2c in the same precision.
    std::vector<Complex<T>> X(bins, Complex<T>(nan, nan));
    plan.forward(x, X);
    auto ref = reference_dft<T>(as_complex(x), n, 1, Direction::forward);
    ref.resize(bins);
    CHECK(rel_l2_error<T, long double>(X, ref) <= tol);
    const auto lib = fftw_r2c<T>(x);
    CHECK(rel_l2_error<T, T>(X, lib) <= 2 * tol);

    // C2R of a random half spectrum (X_0, X_{N/2} real) against the reference and FFTW's c2r.
    const auto r = random_gaussian<T>(bins, seed + n + 1);
    std::vector<Complex<T>> H(r.begin(), r.end());
    H[0].im = 0;
    H[bins - 1].im = 0;
    std::vector<Complex<T>> full(n);
    for (std::size_t k = 0; k < n; ++k) full[k] = k < bins ? H[k] : conj(H[n - k]);
    const auto inv_ref = reference_dft<T>(full, n, 1, Direction::inverse);
    std::vector<T> y(n, nan);
    const auto H_copy = H;
    plan.inverse(H, y);
    CHECK(H == H_copy);  // C2R leaves its input alone (FFTW's does not)
    CHECK(rel_l2_error<T, long double>(as_complex(y), inv_ref) <= tol);
    CHECK(rel_l2_error<T, T>(as_complex(y), as_complex(fftw_c2r<T>(H, n))) <= 2 * tol);

    // Round trip: C2R(R2C(x)) == N x.
    std::vector<T> back(n, nan);
    plan.inverse(X, back);
    std::vector<Complex<long double>> nx(n);
    for (std::size_t i = 0; i < n; ++i) nx[i] = Complex<long double>(static_cast<long double>(x[i]) * n, 0);
    CHECK(rel_l2_error<T, long double>(as_complex(back), nx) <= 2 * tol);
    // C2R into memory not aligned for Complex<T> (the scratch path) gives the same bits.
    std::vector<T> shifted(n + 1, nan);
    plan.inverse(X, std::span<T>(shifted.data() + 1, n));
    CHECK(std::equal(back.begin(), back.end(), shifted.begin() + 1));
  }
}

TEST_CASE("the real plan refuses bad sizes and wrong spans, naming N and the limit", "[03][real][sizes]") {
  for (std::size_t n : {std::size_t{0}, std::size_t{6}, std::size_t{1000}, std::size_t{1} << 27}) {
    INFO("N = " << n);
    try {
      RealPlan<double> plan(n);
      FAIL("N = " << n << " was accepted");
    } catch (const size_error& e) {
      const std::string msg = e.what();
      CHECK_THAT(msg, testing::contains("N = " + std::to_string(n)));
      CHECK_THAT(msg, testing::contains("26"));
    }
  }
  RealPlan<float> plan(16);
  std::vector<float> x(16);
  std::vector<Complex<float>> X(8);  // needs 9 bins
  CHECK_THROWS_AS(plan.forward(x, X), std::invalid_argument);
  CHECK_THROWS_AS(plan.inverse(X, x), std::invalid_argument);
}
