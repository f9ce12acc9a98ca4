// Tests of the common library itself: if these are wrong, every chapter's tests are wrong.
#include <cmath>
#include <complex>
#include <numeric>

#include "common/bit_reverse.hpp"
#include "common/catch.hpp"
#include "common/complex.hpp"
#include "common/metrics.hpp"
#include "common/reference.hpp"
#include "common/signals.hpp"
#include "common/sizes.hpp"
#include "common/twiddle.hpp"

using namespace course;

TEMPLATE_TEST_CASE("Complex<T> arithmetic matches std::complex", "[complex]", float, double) {
  const auto x = random_uniform<TestType>(64, fresh_seed());
  for (std::size_t i = 0; i + 1 < x.size(); ++i) {
    const std::complex<TestType> a = x[i], b = x[i + 1];
    const Complex<TestType> p = x[i] * x[i + 1];
    const std::complex<TestType> q = a * b;
    CHECK(std::abs(p.re - q.real()) <= 4 * std::numeric_limits<TestType>::epsilon());
    CHECK(std::abs(p.im - q.imag()) <= 4 * std::numeric_limits<TestType>::epsilon());
    CHECK((x[i] + x[i + 1]) == Complex<TestType>(a + b));
    CHECK((x[i] - x[i + 1]) == Complex<TestType>(a - b));
    CHECK(conj(x[i]) == Complex<TestType>(std::conj(a)));
    CHECK(mul_neg_i(x[i]) == x[i] * Complex<TestType>(0, -1));
    CHECK(mul_pos_i(x[i]) == x[i] * Complex<TestType>(0, 1));
  }
}

TEST_CASE("twiddles are exact at quarter turns and accurate everywhere", "[twiddle]") {
  CHECK(twiddle<double>(0, 8) == Complex<double>(1, 0));
  CHECK(twiddle<double>(2, 8) == Complex<double>(0, -1));
  CHECK(twiddle<double>(4, 8) == Complex<double>(-1, 0));
  CHECK(twiddle<double>(6, 8) == Complex<double>(0, 1));
  CHECK(twiddle<double>(-2, 8) == Complex<double>(0, 1));
  CHECK(twiddle<double>(10, 8) == Complex<double>(0, -1));
  const long double pi = 3.141592653589793238462643383279502884L;
  for (std::int64_t n : {1, 2, 3, 5, 7, 12, 1000, 1 << 20}) {
    for (std::int64_t k = 0; k < n; k += std::max<std::int64_t>(1, n / 97)) {
      const auto w = twiddle_ld(k, n);
      const long double a = -2 * pi * k / n;
      CHECK(std::fabs(static_cast<double>(w.re - std::cos(a))) < 1e-17);
      CHECK(std::fabs(static_cast<double>(w.im - std::sin(a))) < 1e-17);
    }
  }
}

TEST_CASE("a twiddle recurrence drifts; the per-index table does not", "[twiddle]") {
  const std::size_t n = 1 << 16;
  const auto exact = twiddle_table<long double>(n, n / 2);
  const auto table = twiddle_table<float>(n, n / 2);
  const auto rec = twiddle_table_by_recurrence<float>(n, n / 2);
  const double e_table = max_abs_error<float, long double>(table, exact);
  const double e_rec = max_abs_error<float, long double>(rec, exact);
  INFO("table max error " << e_table << ", recurrence max error " << e_rec);
  CHECK(e_table <= std::numeric_limits<float>::epsilon());
  CHECK(e_rec > 100 * e_table);
}

TEST_CASE("bit reversal", "[bitrev]") {
  CHECK(reverse_bits32(0b0001, 4) == 0b1000);
  CHECK(reverse_bits32(0b0110, 4) == 0b0110);
  CHECK(reverse_bits32(1, 1) == 1);
  CHECK(reverse_bits32(5, 0) == 0);
  CHECK(reverse_bits64(1, 40) == (std::uint64_t{1} << 39));
  for (unsigned bits = 1; bits <= 12; ++bits)
    for (std::uint32_t i = 0; i < (1u << bits); ++i) {
      std::uint32_t slow = 0;
      for (unsigned b = 0; b < bits; ++b) slow |= ((i >> b) & 1u) << (bits - 1 - b);
      REQUIRE(reverse_bits32(i, bits) == slow);
      REQUIRE(reverse_bits64(i, bits) == slow);
    }
  std::vector<Complex<double>> x(16);
  for (std::size_t i = 0; i < x.size(); ++i) x[i] = Complex<double>(double(i), 0);
  bit_reverse_permute<double>(x);
  CHECK(x[1].re == 8);
  CHECK(x[3].re == 12);
  bit_reverse_permute<double>(x);
  for (std::size_t i = 0; i < x.size(); ++i) CHECK(x[i].re == double(i));
  std::vector<Complex<double>> bad(12);
  CHECK_THROWS_WITH(bit_reverse_permute<double>(bad), testing::contains("12"));
}

TEMPLATE_TEST_CASE("FFTW reference agrees with the direct long-double DFT", "[reference]", float, double, long double) {
  for (std::size_t n : {1, 2, 3, 4, 5, 7, 8, 12, 16, 17, 31, 64, 100}) {
    const auto x = random_gaussian<TestType>(n, fresh_seed() + n);
    for (Direction dir : {Direction::forward, Direction::inverse}) {
      const auto fast = reference_dft<TestType>(x, n, 1, dir);
      const auto slow = direct_dft_ld<TestType>(x, dir);
      INFO("N = " << n << " " << to_string(dir));
      CHECK(rel_l2_error<long double, long double>(fast, slow) < 1e-15);
      // FFTW in the chapter's own precision, for the accuracy comparisons of the lessons.
      FftwPlan<TestType> plan(n, 1, dir);
      CHECK(rel_l2_error<TestType, long double>(plan(x), slow) < tolerance<TestType>(n));
    }
  }
}

TEST_CASE("signals are reproducible, not zero, and a tone has one bin", "[signals]") {
  const auto a = random_uniform<double>(1000, 5), b = random_uniform<double>(1000, 5), c = random_uniform<double>(1000, 6);
  CHECK(a == b);
  CHECK(a != c);
  long double energy = 0;
  for (auto z : a) energy += norm(Complex<long double>(z));
  CHECK(energy > 100);
  const auto t = tone<double>(64, 5);
  const auto T = reference_dft<double>(t, 64, 1, Direction::forward);
  for (std::size_t k = 0; k < 64; ++k) CHECK(std::abs(static_cast<double>(T[k].re) - (k == 5 ? 64.0 : 0.0)) < 1e-12);
}

TEST_CASE("error metrics", "[metrics]") {
  std::vector<Complex<double>> ref{{3, 4}, {0, 0}}, x{{3, 4}, {0, 1}};
  CHECK(rel_l2_error<double, double>(x, ref) == testing::Approx(0.2));
  CHECK(max_abs_error<double, double>(x, ref) == testing::Approx(1.0));
  x[0].re = std::numeric_limits<double>::quiet_NaN();
  CHECK(std::isinf(rel_l2_error<double, double>(x, ref)));
  CHECK(tolerance<float>(1 << 20) > tolerance<double>(1 << 20));
  CHECK(tolerance<float>(1 << 20) < 1e-4);
}

TEST_CASE("size refusals name the size, the limit and the alternative", "[sizes]") {
  CHECK_THROWS_AS(require_power_of_two("03_iterative", 1000, 26), size_error);
  CHECK_THROWS_WITH(require_power_of_two("03_iterative", 1000, 26),
                    testing::contains("1000") && testing::contains("01_dft"));
  CHECK_THROWS_WITH(require_power_of_two("03_iterative", 0, 26), testing::contains("N = 0"));
  CHECK_THROWS_WITH(require_power_of_two("03_iterative", std::size_t{1} << 27, 26),
                    testing::contains("134217728") && testing::contains("67108864"));
  CHECK_NOTHROW(require_power_of_two("03_iterative", 1, 26));
  CHECK_NOTHROW(require_power_of_two("03_iterative", std::size_t{1} << 26, 26));
}
