// The chapter's per-thread code on the CPU (label emulated): the shared-memory Stockham stages,
// the R2C split and C2R merge, the pupil and the OTF normalisation, checked against FFTW and
// the analytic MTF for every thread index. Also the shape refusals, which need no device.
#include <array>
#include <cmath>
#include <limits>
#include <cstdio>

#include "10_2d_real/emulate.hpp"
#include "10_2d_real/optics.hpp"
#include "10_2d_real/real_split.hpp"
#include "10_2d_real/reference2d.hpp"
#include "10_2d_real/shape.hpp"
#include "common/catch.hpp"
#include "common/metrics.hpp"
#include "common/reference.hpp"
#include "common/signals.hpp"
#include "common/twiddle.hpp"

using namespace course;
using namespace course::twod;

namespace {

int log2i(std::size_t n) { int k = 0; while ((std::size_t{1} << k) < n) ++k; return k; }

template <class T, int LogRadix>
void check_stages(std::size_t len, int group, bool interleaved, Direction dir) {
  const auto x = random_uniform<T>(len * group, fresh_seed() + len * 7 + group);
  // Reference: each transform contiguous.
  std::vector<Complex<T>> rows(len * group);
  for (int c = 0; c < group; ++c)
    for (std::size_t j = 0; j < len; ++j) rows[c * len + j] = x[interleaved ? j * group + c : c * len + j];
  const auto ref = reference_dft<T>(rows, len, group, dir);
  std::vector<Complex<T>> s = x;
  const auto table = twiddle_table<T>(len, len);
  emulate_smem_fft<T, LogRadix>(s, log2i(len), group, interleaved, table.data(), dir == Direction::inverse);
  std::vector<Complex<T>> got(len * group);
  for (int c = 0; c < group; ++c)
    for (std::size_t j = 0; j < len; ++j) got[c * len + j] = s[interleaved ? j * group + c : c * len + j];
  const double err = rel_l2_error<T, long double>(got, ref);
  INFO(precision_name<T>() << " radix " << (1 << LogRadix) << " L=" << len << " group=" << group << (interleaved ? " columns " : " rows ") << to_string(dir)
                           << " err=" << err << " seed=" << fresh_seed());
  REQUIRE(err <= tolerance<T>(len));
}

// The whole R2C row of the kernel on the CPU: pack, emulated M-point FFT, split for every bin.
template <class T>
std::vector<Complex<T>> emulate_r2c_row(const std::vector<T>& x) {
  const std::size_t n = x.size(), m = n / 2;
  std::vector<Complex<T>> s(m);
  for (std::size_t i = 0; i < m; ++i) s[i] = {x[2 * i], x[2 * i + 1]};
  const auto table = twiddle_table<T>(m, m);
  emulate_smem_fft<T, 4>(s, log2i(m), 1, false, table.data(), false);
  const auto split = twiddle_table<T>(n, m + 1);
  std::vector<Complex<T>> out(m + 1);
  for (std::size_t k = 0; k <= m; ++k) out[k] = r2c_split(s[k & (m - 1)], s[(m - k) & (m - 1)], split[k]);
  return out;
}

template <class T>
std::vector<T> emulate_c2r_row(const std::vector<Complex<T>>& bins, std::size_t n) {
  const std::size_t m = n / 2;
  const auto split = twiddle_table<T>(n, m + 1);
  std::vector<Complex<T>> s(m);
  for (std::size_t k = 0; k < m; ++k) s[k] = c2r_merge(bins[k], bins[m - k], split[k], k == 0);
  const auto table = twiddle_table<T>(m, m);
  emulate_smem_fft<T, 4>(s, log2i(m), 1, false, table.data(), true);
  std::vector<T> out(n);
  for (std::size_t i = 0; i < m; ++i) { out[2 * i] = s[i].re; out[2 * i + 1] = s[i].im; }
  return out;
}

template <class T>
std::vector<T> random_reals(std::size_t n, std::uint64_t seed) {
  const auto z = random_uniform<T>((n + 1) / 2, seed);
  std::vector<T> x(n);
  for (std::size_t i = 0; i < n; ++i) x[i] = (i & 1) ? z[i / 2].im : z[i / 2].re;
  return x;
}

}  // namespace

TEMPLATE_TEST_CASE("emulated shared-memory Stockham stages match FFTW, rows and interleaved columns", "[emulated]", float, double) {
  for (std::size_t len = 1; len <= 4096; len *= 2)
    for (int group : {1, 2, 4, 16})
      for (bool interleaved : {false, true}) {
        if (len * group > 16384) continue;
        check_stages<TestType, 2>(len, group, interleaved, Direction::forward);
        check_stages<TestType, 4>(len, group, interleaved, Direction::forward);
        if (len <= 256 || group == 1) {
          check_stages<TestType, 2>(len, group, interleaved, Direction::inverse);
          check_stages<TestType, 4>(len, group, interleaved, Direction::inverse);
        }
      }
}

TEST_CASE("emulated stage plans: radix 16 where it can, bits spread evenly", "[emulated]") {
  auto radices = [](int log_len) {
    std::vector<int> r;
    for (int s = 0; s < stage_count<4>(log_len); ++s) r.push_back(1 << stage_log_radix<4>(log_len, s));
    return r;
  };
  CHECK(radices(0).empty());
  CHECK(radices(1) == std::vector<int>{2});
  CHECK(radices(9) == std::vector<int>{8, 8, 8});
  CHECK(radices(10) == std::vector<int>{16, 8, 8});
  CHECK(radices(12) == std::vector<int>{16, 16, 16});
  CHECK(radices(5) == std::vector<int>{8, 4});
  CHECK(stage_count<2>(12) == 6);
  CHECK(stage_log_radix<2>(7, 0) == 1);
  // The inner twiddles of the radix-8/16 butterflies are exact to the last bit.
  for (int m = 0; m < 16; ++m) {
    const auto w = w16<double>(m, false);
    const auto ref = twiddle<double>(m, 16);
    CHECK(w.re == ref.re);
    CHECK(w.im == ref.im);
  }
}

TEMPLATE_TEST_CASE("emulated 2D: row stages then interleaved column stages match FFTW's 2D plan", "[emulated]", float, double) {
  using T = TestType;
  for (auto [rows, cols] : {std::pair<std::size_t, std::size_t>{1, 8}, {8, 1}, {2, 2}, {4, 32}, {64, 16}, {32, 32}}) {
    for (Direction dir : {Direction::forward, Direction::inverse}) {
      auto x = random_uniform<T>(rows * cols, fresh_seed() + rows * 131 + cols);
      const auto ref = reference_c2c_2d<T>(x, rows, cols, 1, dir);
      auto s = x;
      const auto row_table = twiddle_table<T>(cols, cols), col_table = twiddle_table<T>(rows, rows);
      emulate_smem_fft<T, 4>(s, log2i(cols), static_cast<int>(rows), false, row_table.data(), dir == Direction::inverse);
      // The column pass's block holds all columns here (group = cols), interleaved as loaded.
      emulate_smem_fft<T, 4>(s, log2i(rows), static_cast<int>(cols), true, col_table.data(), dir == Direction::inverse);
      const double err = rel_l2_error<T, long double>(s, ref);
      INFO(rows << "x" << cols << " " << to_string(dir) << " err=" << err << " seed=" << fresh_seed());
      REQUIRE(err <= tolerance<T>(rows * cols));
    }
  }
}

// The default plan's tile passes (09's tile inside, this chapter's placement around it), every
// thread of every block on the CPU: rows of 1 .. 512 points, column tiles wider than the matrix
// (C = 512 columns for 16-point columns), two tile copies per block (4096-point columns),
// partial groups, odd batches, forward and inverse.
TEMPLATE_TEST_CASE("emulated tile passes: row pass then column tiles match FFTW's 2D plan", "[emulated][tiles]", float, double) {
  using T = TestType;
  for (auto [rows, cols, batch] : std::vector<std::array<std::size_t, 3>>{
           {1, 1, 1}, {2, 2, 1}, {8, 16, 3}, {32, 4, 2}, {16, 1, 3}, {1, 32, 5}, {64, 64, 1}, {4, 512, 1}, {512, 2, 1}, {128, 32, 3},
           {4096, 2, 1}, {4096, 8, 2}, {2048, 4, 1}})
    for (Direction dir : {Direction::forward, Direction::inverse}) {
      const std::size_t n = rows * cols * batch;
      const auto x = random_gaussian<T>(n, fresh_seed() + rows * 31 + cols + batch);
      std::vector<Complex<T>> got(n, Complex<T>{std::numeric_limits<T>::quiet_NaN(), T(0)});
      emulate_tile_2d<T>(x.data(), got.data(), rows, cols, batch, dir == Direction::inverse);
      const double err = rel_l2_error<T, long double>(got, reference_c2c_2d<T>(x, rows, cols, batch, dir));
      INFO(precision_name<T>() << " " << rows << "x" << cols << " batch " << batch << " " << to_string(dir) << " err " << err);
      REQUIRE(err <= tolerance<T>(rows * cols));
    }
}

// The same plans as a smaller GPU runs them: each pass in the tile variant that fits 48, 64, 99
// or 163 KiB of shared memory per block (pass_layout.hpp), every side 1 .. 4096 in float and
// double. Where no variant fits (4096 double points at 64 KiB and less) the plan hands the
// pass to 09's multi-pass plan, whose own emulated tests cover those limits.
TEMPLATE_TEST_CASE("emulated tile passes at every GPU's shared-memory limit", "[emulated][tiles][limits]", float, double) {
  using T = TestType;
  for (int kib : {48, 64, 99, 163}) {
    int long_sides = 0;
    for (int log_side = 0; log_side <= 12; ++log_side) {
      const std::size_t side = std::size_t{1} << log_side;
      for (auto [rows, cols] : std::vector<std::array<std::size_t, 2>>{{side, 4}, {4, side}}) {
        const std::size_t batch = 3, n = rows * cols * batch;
        const auto x = random_gaussian<T>(n, fresh_seed() + rows * 7 + cols);
        std::vector<Complex<T>> got(n, Complex<T>{std::numeric_limits<T>::quiet_NaN(), T(0)});
        INFO(precision_name<T>() << " " << rows << "x" << cols << " at " << kib << " KiB");
        if (!emulate_tile_2d<T>(x.data(), got.data(), rows, cols, batch, false, kib * 1024)) {
          ++long_sides;
          continue;
        }
        const double err = rel_l2_error<T, long double>(got, reference_c2c_2d<T>(x, rows, cols, batch, Direction::forward));
        REQUIRE(err <= tolerance<T>(rows * cols));
      }
      // Every variant a plan takes fits the limit.
      for (bool columns : {false, true}) {
        const int v = tile_variant<T>(log_side, columns, kib * 1024);
        if (v >= 0) CHECK(tile_variant_bytes<T>(log_side, columns, v) <= kib * 1024);
      }
    }
    // Only 4096 double points have no tile, and only at 64 KiB and less (a row and a column).
    CHECK(long_sides == (sizeof(T) == 8 && kib <= 64 ? 2 : 0));
  }
}

TEMPLATE_TEST_CASE("emulated R2C split and C2R merge match FFTW r2c / c2r, and C2R(R2C(x)) = N x", "[emulated]", float, double) {
  using T = TestType;
  for (std::size_t n = 2; n <= 4096; n *= 2) {
    const auto x = random_reals<T>(n, fresh_seed() + n);
    const auto ref = reference_r2c_2d<T>(x, 1, n, 1);
    const auto got = emulate_r2c_row(x);
    const double err = rel_l2_error<T, long double>(got, ref);
    INFO("N=" << n << " r2c err=" << err << " seed=" << fresh_seed());
    REQUIRE(err <= tolerance<T>(n));

    const auto back = emulate_c2r_row(got, n);
    const auto back_ref = reference_c2r_2d<T>(got, 1, n, 1);
    std::vector<Complex<long double>> scaled(n);
    for (std::size_t i = 0; i < n; ++i) scaled[i] = {static_cast<long double>(n) * x[i], 0.0L};
    std::vector<Complex<long double>> fftw_back(n);
    for (std::size_t i = 0; i < n; ++i) fftw_back[i] = {back_ref[i], 0.0L};
    const auto back_c = as_complex<T>(back);
    const double err_c2r = rel_l2_error<T, long double>(back_c, fftw_back);
    const double err_trip = rel_l2_error<T, long double>(back_c, scaled);
    INFO("c2r vs FFTW err=" << err_c2r << ", round trip err=" << err_trip);
    REQUIRE(err_c2r <= tolerance<T>(n));
    REQUIRE(err_trip <= 2 * tolerance<T>(n));
  }
}

TEST_CASE("emulated C2R ignores the imaginary parts of bins 0 and N/2, as FFTW does", "[emulated]") {
  const std::size_t n = 64;
  auto bins = random_uniform<double>(n / 2 + 1, fresh_seed());
  const auto ref = reference_c2r_2d<double>(bins, 1, n, 1);
  const auto got = as_complex<double>(emulate_c2r_row(bins, n));
  std::vector<Complex<long double>> r(n);
  for (std::size_t i = 0; i < n; ++i) r[i] = {ref[i], 0.0L};
  const double err = rel_l2_error<double, long double>(got, r);
  CHECK(err <= tolerance<double>(n));
}

TEST_CASE("emulated pupil: aperture, unit modulus and the Zernike phase from polar coordinates", "[emulated]") {
  PupilSpec p;
  p.radius = 20.5;
  p.aberration = {0.3, -0.2, 0.15};
  p.defocus_step = 0.05;
  const long long rows = 64, cols = 128;
  std::size_t inside = 0;
  for (long long item : {0LL, 3LL})
    for (long long r = 0; r < rows; ++r)
      for (long long c = 0; c < cols; ++c) {
        const auto z = pupil_sample<double>(r, c, rows, cols, p, item);
        const long double fy = r < rows / 2 ? r : r - rows, fx = c < cols / 2 ? c : c - cols;
        const long double rho = std::sqrt(fx * fx + fy * fy) / p.radius, theta = std::atan2(fy, fx);
        if (rho > 1) {
          REQUIRE((z.re == 0 && z.im == 0));
          continue;
        }
        inside += item == 0;
        // Noll Z4, Z6, Z8 in polar form: an independent derivation of the kernel's Cartesian one.
        const long double defocus = p.aberration.defocus + item * p.defocus_step;
        const long double w = defocus * std::sqrt(3.0L) * (2 * rho * rho - 1) +
                              p.aberration.astigmatism * std::sqrt(6.0L) * rho * rho * std::cos(2 * theta) +
                              p.aberration.coma * std::sqrt(8.0L) * (3 * rho * rho * rho - 2 * rho) * std::cos(theta);
        const long double pi = 3.141592653589793238462643383279502884L;
        INFO("row " << r << " col " << c << " item " << item);
        REQUIRE(std::abs(z.re - std::cos(2 * pi * w)) < 1e-12);
        REQUIRE(std::abs(z.im - std::sin(2 * pi * w)) < 1e-12);
      }
  CHECK(inside == aperture_samples(rows, cols, p.radius));
  CHECK(inside > 1000);  // pi 20.5^2 ~ 1320 samples
}

// The pipeline's arithmetic on the CPU (FFTW for the transforms, the kernels' per-sample functions
// between them): a clear aperture's OTF against the analytic diffraction-limited MTF.
TEST_CASE("emulated OTF of a clear circular aperture matches the diffraction-limited MTF", "[emulated][otf]") {
  const std::size_t n = 256;
  PupilSpec p;
  p.radius = 32;
  std::vector<Complex<double>> pupil(n * n);
  for (std::size_t r = 0; r < n; ++r)
    for (std::size_t c = 0; c < n; ++c) pupil[r * n + c] = pupil_sample<double>(r, c, n, n, p, 0);
  const auto field = reference_c2c_2d<double>(pupil, n, n, 1, Direction::inverse);
  std::vector<Complex<double>> psf(n * n);
  for (std::size_t i = 0; i < psf.size(); ++i) psf[i] = intensity(Complex<double>(static_cast<double>(field[i].re), static_cast<double>(field[i].im)));
  const auto otf = reference_c2c_2d<double>(psf, n, n, 1, Direction::forward);
  const double scale = 1.0 / (double(n) * n * aperture_samples(n, n, p.radius));
  CHECK(std::abs(static_cast<double>(otf[0].re) * scale - 1) < 1e-12);
  double worst = 0;
  for (std::size_t f = 0; f < n / 2; ++f) {
    const double along_x = static_cast<double>(otf[f].re) * scale, along_y = static_cast<double>(otf[f * n].re) * scale;
    worst = std::max({worst, std::abs(along_x - diffraction_mtf(double(f), p.radius)), std::abs(along_y - diffraction_mtf(double(f), p.radius))});
  }
  std::printf("clear aperture R = 32 on 256^2: max |OTF - analytic MTF| along the axes = %.2e\n", worst);
  CHECK(worst < 5e-3);
}

TEST_CASE("bad shapes are refused with the shape and the limit in the message", "[emulated][refuse]") {
  using testing::contains;
  CHECK_THROWS_AS(require_c2c_shape({0, 8, 1}), size_error);
  CHECK_THROWS_WITH(require_c2c_shape({0, 8, 1}), contains("rows = 0"));
  CHECK_THROWS_WITH(require_c2c_shape({8, 12, 1}), contains("cols = 12 is not a power of two"));
  CHECK_THROWS_WITH(require_c2c_shape({8192, 8, 1}), contains("4096"));
  CHECK_THROWS_WITH(require_c2c_shape({8192, 8, 1}), contains("8192x8"));
  CHECK_THROWS_WITH(require_c2c_shape({8, 8, 0}), contains("batch = 0"));
  CHECK_THROWS_WITH(require_real_shape({8, 1, 1}), contains("cols = 1"));
  CHECK_THROWS_WITH(require_column_group({8, 8, 1}, 3), contains("column group = 3"));
  CHECK_THROWS_WITH(require_column_group({8, 8, 1}, 32), contains("column group = 32"));
  CHECK_NOTHROW(require_c2c_shape({1, 1, 1}));
  CHECK_NOTHROW(require_c2c_shape({4096, 1, 3}));
  CHECK_NOTHROW(require_real_shape({1, 2, 1}));
}

TEST_CASE("launch and memory limits are refused before the first pass", "[emulated][refuse]") {
  using testing::contains;
  CHECK_NOTHROW(require_grid({1, 8, 1}, 0x7fffffffu, "the row pass"));
  CHECK_THROWS_WITH(require_grid({1, 8, 1}, std::size_t{1} << 31, "the row pass"), contains("2147483648") && contains("2147483647"));
  CHECK_NOTHROW(require_transpose_batch({8, 8, 65535}));
  CHECK_THROWS_WITH(require_transpose_batch({8, 8, 65536}), contains("batch = 65536") && contains("65535"));
  CHECK_NOTHROW(require_scratch({8, 8, 1}, 1024, 2048));
  CHECK_THROWS_WITH(require_scratch({8, 8, 1}, std::size_t{3} << 20, std::size_t{2} << 20), contains("3 MiB") && contains("2 MiB"));
}
