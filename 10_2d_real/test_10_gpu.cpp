// The chapter's plans on a GPU (exit 77 without one): 2D C2C, R2C / C2R and the OTF pipeline
// against FFTW's 2D plans (long double), float and double, outputs poisoned with NaN first.
// [sanitize] marks the small cases tools/gpu_check.sh runs under compute-sanitizer.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <memory>

#include "10_2d_real/fft2d.hpp"
#include "10_2d_real/reference2d.hpp"
#include "common/catch.hpp"
#include "common/conformance.hpp"
#include "common/gpu_conformance.hpp"
#include "common/gpu_limits.hpp"
#include "common/metrics.hpp"
#include "common/signals.hpp"

using namespace course;
using namespace course::twod;

namespace {

using ShapeList = std::vector<std::array<std::size_t, 3>>;  // rows, cols, batch

// The first kernels (Kernels::stockham) have no smaller tiles: when the test runs as a GPU of
// 64 KiB or less per block (COURSE_SHARED_LIMIT_KIB, see cmake/Course.cmake), a side of 4096
// doubles may not fit one block (radix 16 pads its rows; radix 4 fits 64 KiB exactly). Only
// there may the plan refuse, and then by name, before any work: true when it did.
template <class T, class Make>
bool refused_on_this_gpu(std::size_t rows, std::size_t cols, const Options& opt, Make&& make) {
  const int limit = shared_limit_from_environment("test_10_gpu", kMostSharedLimitBytes / 1024);
  if (opt.kernels != Kernels::stockham || sizeof(T) != 8 || std::max(rows, cols) != 4096 || limit == 0 || limit > 64 * 1024)
    return false;
  try {
    make();
    return false;
  } catch (const size_error& e) {
    const std::string msg = e.what();
    INFO(msg);
    CHECK(msg.find("Kernels::stockham") != std::string::npos);
    CHECK(msg.find("over the limit of " + std::to_string(limit)) != std::string::npos);
    return true;
  }
}

template <class T>
double c2c_error(std::size_t rows, std::size_t cols, std::size_t batch, Direction dir, const Options& opt = {},
                 cudaStream_t stream = nullptr) {
  if (refused_on_this_gpu<T>(rows, cols, opt, [&] { Plan2D<T>(rows, cols, batch, stream, opt); })) return 0;
  const std::size_t n = rows * cols * batch;
  const auto x = random_gaussian<T>(n, fresh_seed() + rows * 1000003 + cols * 101 + batch);
  const auto ref = reference_c2c_2d<T>(x, rows, cols, batch, dir);
  cuda::DeviceBuffer<Complex<T>> d_in(n), d_out(n);
  d_in.upload(x);
  d_out.poison();
  Plan2D<T> plan(rows, cols, batch, stream, opt);
  plan.execute(d_in.data(), d_out.data(), dir);
  COURSE_CUDA_CHECK(cudaStreamSynchronize(stream));
  COURSE_CUDA_CHECK(cudaGetLastError());
  const auto got = d_out.to_host();
  // The input is untouched (out of place).
  REQUIRE(d_in.to_host() == x);
  return rel_l2_error<T, long double>(got, ref);
}

template <class T>
void check_c2c(const ShapeList& shapes, const Options& opt = {}) {
  for (const auto& [rows, cols, batch] : shapes)
    for (Direction dir : {Direction::forward, Direction::inverse}) {
      const double err = c2c_error<T>(rows, cols, batch, dir, opt);
      INFO(precision_name<T>() << " " << rows << "x" << cols << " batch " << batch << " " << to_string(dir) << " group "
                               << opt.column_group << (opt.column_method == ColumnMethod::transpose ? " transpose" : "")
                               << " err " << err << " (COURSE_SEED=" << fresh_seed() << ")");
      REQUIRE(err <= tolerance<T>(rows * cols));
    }
}

template <class T>
std::vector<T> random_reals(std::size_t n, std::uint64_t seed) {
  const auto z = random_uniform<T>((n + 1) / 2, seed);
  std::vector<T> x(n);
  for (std::size_t i = 0; i < n; ++i) x[i] = (i & 1) ? z[i / 2].im : z[i / 2].re;
  return x;
}

template <class T>
void check_real(std::size_t rows, std::size_t cols, std::size_t batch, const Options& opt = {}) {
  if (refused_on_this_gpu<T>(rows, cols, opt, [&] { RealPlan2D<T>(rows, cols, batch, nullptr, opt); })) return;
  const std::size_t n = rows * cols * batch, bins = cols / 2 + 1, m = rows * bins * batch;
  const auto x = random_reals<T>(n, fresh_seed() + rows * 7919 + cols * 13 + batch);
  RealPlan2D<T> plan(rows, cols, batch, nullptr, opt);
  cuda::DeviceBuffer<T> d_x(n), d_back(n);
  cuda::DeviceBuffer<Complex<T>> d_half(m);
  d_x.upload(x);
  d_half.poison();
  d_back.poison();
  plan.forward(d_x.data(), d_half.data());
  COURSE_CUDA_CHECK(cudaDeviceSynchronize());
  const auto half = d_half.to_host();
  const double err = rel_l2_error<T, long double>(half, reference_r2c_2d<T>(x, rows, cols, batch));
  INFO(precision_name<T>() << " real " << rows << "x" << cols << " batch " << batch << " (COURSE_SEED=" << fresh_seed() << ")");
  INFO("R2C err " << err);
  REQUIRE(err <= tolerance<T>(rows * cols));

  plan.inverse(d_half.data(), d_back.data());
  COURSE_CUDA_CHECK(cudaDeviceSynchronize());
  REQUIRE(d_half.to_host() == half);  // C2R leaves its input alone
  const auto back = as_complex<T>(d_back.to_host());
  const auto fftw_back = reference_c2r_2d<T>(half, rows, cols, batch);
  std::vector<Complex<long double>> ref_back(n), scaled(n);
  for (std::size_t i = 0; i < n; ++i) {
    ref_back[i] = {fftw_back[i], 0.0L};
    scaled[i] = {static_cast<long double>(rows * cols) * x[i], 0.0L};
  }
  const double err_c2r = rel_l2_error<T, long double>(back, ref_back), err_trip = rel_l2_error<T, long double>(back, scaled);
  INFO("C2R err " << err_c2r << ", C2R(R2C(x)) vs N x err " << err_trip);
  REQUIRE(err_c2r <= tolerance<T>(rows * cols));
  REQUIRE(err_trip <= 2 * tolerance<T>(rows * cols));
}

// The pipeline's steps on the CPU with FFTW (long double) between the kernels' own per-sample functions.
template <class T>
std::vector<Complex<long double>> otf_reference(std::size_t rows, std::size_t cols, std::size_t batch, const PupilSpec& p) {
  std::vector<Complex<double>> pupil(rows * cols * batch);
  for (std::size_t b = 0; b < batch; ++b)
    for (std::size_t r = 0; r < rows; ++r)
      for (std::size_t c = 0; c < cols; ++c) pupil[(b * rows + r) * cols + c] = pupil_sample<double>(r, c, rows, cols, p, b);
  const auto field = reference_c2c_2d<double>(pupil, rows, cols, batch, Direction::inverse);
  std::vector<Complex<double>> psf(field.size());
  for (std::size_t i = 0; i < psf.size(); ++i) psf[i] = intensity(Complex<double>(double(field[i].re), double(field[i].im)));
  auto otf = reference_c2c_2d<double>(psf, rows, cols, batch, Direction::forward);
  const long double scale = 1.0L / (static_cast<long double>(rows) * cols * aperture_samples(rows, cols, p.radius));
  for (auto& z : otf) z = z * scale;
  return otf;
}

}  // namespace

TEMPLATE_TEST_CASE("2D C2C matches FFTW's 2D plan: smallest, 1xN, Nx1, square, non-square, batched", "[gpu][c2c]", float, double) {
  check_c2c<TestType>({{1, 1, 1}, {1, 2, 1}, {2, 1, 1}, {2, 2, 1}, {1, 4096, 2}, {4096, 1, 2}, {4, 8, 3}, {8, 4, 3},
                       {16, 256, 2}, {256, 16, 2}, {64, 64, 5}, {128, 512, 1}, {512, 128, 1}, {2, 4096, 1}, {4096, 2, 1},
                       {1024, 1024, 1}});
}

// The default (tile) kernels: rows of 1 .. 512 points, column tiles of C adjacent columns with
// C more or fewer than the matrix has (a tile that overhangs the matrix, a batch that is not a
// multiple of C), two tile copies per block (4096-point columns).
TEMPLATE_TEST_CASE("tile kernels: rows, column tiles wider and narrower than the matrix, partial groups", "[gpu][c2c][tiles][sanitize]",
                   float, double) {
  check_c2c<TestType>({{32, 64, 2}, {8, 4, 1}, {64, 8, 3}, {2, 2, 1}, {16, 1, 3}, {1, 32, 5}, {256, 4, 1}, {512, 32, 1}, {4096, 4, 1}});
}

TEMPLATE_TEST_CASE("tile kernels in place, and the first kernels' radix-16 default", "[gpu][c2c][tiles]", float, double) {
  using T = TestType;
  for (auto [rows, cols, batch] : ShapeList{{256, 256, 2}, {4096, 64, 1}, {64, 4096, 1}, {2048, 2048, 1}}) {
    const std::size_t n = rows * cols * batch;
    const auto x = random_gaussian<T>(n, fresh_seed() + rows + cols);
    const auto ref = reference_c2c_2d<T>(x, rows, cols, batch, Direction::forward);
    cuda::DeviceBuffer<Complex<T>> d(n);
    d.upload(x);
    Plan2D<T> plan(rows, cols, batch);
    plan.execute(d.data(), d.data(), Direction::forward);
    const double err = rel_l2_error<T, long double>(d.to_host(), ref);
    INFO(plan.describe() << "\nin place err " << err);
    REQUIRE(err <= tolerance<T>(rows * cols));
  }
  check_c2c<T>({{64, 64, 3}, {512, 128, 1}, {4096, 4, 1}}, stockham_options());
}

TEMPLATE_TEST_CASE("2D C2C column pass: 1, 2, 4, 8, 16 columns per block and the transpose method", "[gpu][c2c][columns][sanitize]",
                   float, double) {
  for (std::size_t g : {1, 2, 4, 8, 16}) check_c2c<TestType>({{32, 64, 2}, {8, 4, 1}, {64, 8, 3}}, stockham_options(g));
  check_c2c<TestType>({{32, 64, 2}, {8, 4, 1}, {2, 2, 1}, {64, 8, 3}, {4, 128, 1}}, stockham_options(0, ColumnMethod::transpose));
}

TEMPLATE_TEST_CASE("2D C2C large sides with every column group and transposes", "[gpu][c2c][columns]", float, double) {
  for (std::size_t g : {1, 2, 4, 8, 16}) check_c2c<TestType>({{4096, 16, 1}, {512, 256, 1}}, stockham_options(g));
  check_c2c<TestType>({{4096, 16, 1}, {256, 512, 2}}, stockham_options(0, ColumnMethod::transpose));
}

TEMPLATE_TEST_CASE("radix-4 stages (the first version) match FFTW too: C2C, R2C / C2R", "[gpu][c2c][real][radix4][sanitize]", float, double) {
  Options v1 = stockham_options(0, ColumnMethod::grouped, 2);
  check_c2c<TestType>({{1, 1, 1}, {2, 8, 1}, {32, 64, 2}, {8, 2, 3}, {4096, 4, 1}, {1, 4096, 2}}, v1);
  v1.column_method = ColumnMethod::transpose;
  check_c2c<TestType>({{32, 64, 2}, {4, 8, 1}}, v1);
  v1.column_method = ColumnMethod::grouped;
  check_real<TestType>(1, 2, 3, v1);
  check_real<TestType>(1, 1024, 2, v1);
  check_real<TestType>(16, 32, 2, v1);
}

TEMPLATE_TEST_CASE("2D C2C on a stream of its own", "[gpu][c2c]", float, double) {
  cudaStream_t s;
  COURSE_CUDA_CHECK(cudaStreamCreate(&s));
  const double err = c2c_error<TestType>(64, 128, 2, Direction::forward, {}, s);
  COURSE_CUDA_CHECK(cudaStreamDestroy(s));
  CHECK(err <= tolerance<TestType>(64 * 128));
}

// A 1 x N plan is a batched 1D C2C (row pass only) and an N x 1 plan one of columns (column pass
// of one column): both run the shared suite.
TEMPLATE_TEST_CASE("1 x N and N x 1 plans pass the shared conformance suite", "[gpu][conformance]", float, double) {
  using T = TestType;
  conformance::Config cfg;
  cfg.sizes = conformance::powers_of_two(0, 12);
  cfg.batch = 3;
  cfg.refused = {0, 3, 8192};
  require_conformance(conformance::check_conformance<T>(
      device_transform<T>([](std::size_t n, std::size_t batch) { return std::make_unique<Plan2D<T>>(1, n, batch); }), cfg));
  require_conformance(conformance::check_conformance<T>(
      device_transform<T>([](std::size_t n, std::size_t batch) { return std::make_unique<Plan2D<T>>(n, 1, batch); }), cfg));
}

TEMPLATE_TEST_CASE("1D R2C / C2R (rows = 1) match FFTW for N = 2 .. 4096, batched", "[gpu][real]", float, double) {
  for (std::size_t n = 2; n <= 4096; n *= 2) check_real<TestType>(1, n, 3);
}

TEMPLATE_TEST_CASE("2D R2C / C2R match FFTW: smallest, Nx2, non-square, batched", "[gpu][real][sanitize]", float, double) {
  check_real<TestType>(2, 2, 1);
  check_real<TestType>(8, 2, 2);
  check_real<TestType>(8, 16, 3);
  check_real<TestType>(32, 64, 2);
}

TEMPLATE_TEST_CASE("2D R2C / C2R larger shapes and column groups", "[gpu][real]", float, double) {
  check_real<TestType>(64, 64, 2);
  check_real<TestType>(256, 512, 1);
  check_real<TestType>(512, 256, 1);
  check_real<TestType>(4096, 8, 1);
  check_real<TestType>(2, 4096, 1);
  for (std::size_t g : {1, 2, 8, 16}) check_real<TestType>(64, 128, 1, stockham_options(g));
}

TEMPLATE_TEST_CASE("fused OTF pipeline matches the FFTW pipeline with aberrations, through focus", "[gpu][otf][sanitize]", float, double) {
  using T = TestType;
  PupilSpec p;
  p.radius = 12;
  p.aberration = {0.25, 0.1, -0.2};
  p.defocus_step = 0.2;
  // log_radix 0: the tile kernels (the default); 4 and 2: the first kernels, radix 16 and radix 4.
  for (auto [rows, cols, batch, log_radix] : std::vector<std::array<std::size_t, 4>>{
           {64, 128, 2, 0}, {32, 32, 3, 0}, {1, 64, 1, 0}, {128, 1, 2, 0}, {512, 16, 1, 0}, {4096, 4, 1, 0}, {64, 32, 2, 4}, {64, 32, 2, 2}}) {
    const std::size_t n = rows * cols * batch;
    const Options opt = log_radix ? stockham_options(0, ColumnMethod::grouped, static_cast<int>(log_radix)) : Options{};
    OtfPipeline<T> otf(rows, cols, batch, p, nullptr, opt);
    cuda::DeviceBuffer<Complex<T>> d(n), d_psf(n);
    d.poison();
    d_psf.poison();
    otf.execute(d.data(), d_psf.data());
    COURSE_CUDA_CHECK(cudaDeviceSynchronize());
    const auto ref = otf_reference<T>(rows, cols, batch, p);
    const double err = rel_l2_error<T, long double>(d.to_host(), ref);
    INFO(otf.describe() << "\nerr " << err);
    REQUIRE(err <= 4 * tolerance<T>(rows * cols));
    // The PSF is real and non-negative and carries all the pupil's energy.
    long double total = 0;
    for (auto z : d_psf.to_host()) {
      REQUIRE(z.im == 0);
      REQUIRE(z.re >= 0);
      total += z.re;
    }
    CHECK(std::abs(total / (static_cast<long double>(rows) * cols * batch * aperture_samples(rows, cols, p.radius)) - 1) < 1e-3);
  }
}

// Plans as a GPU with 48 KiB per block (every GPU without opting in) makes them: every tile in
// its smallest variant, and a side of 4096 doubles (no tile holds it) through 09's multi-pass
// plans, the OTF pipeline then unfused. Runs in every ctest pass, whatever the device.
TEMPLATE_TEST_CASE("plans for the smallest GPU (48 KiB a block): C2C, R2C / C2R, OTF", "[gpu][limits][sanitize]", float, double) {
  using T = TestType;
  Options small;
  small.shared_limit_bytes = 48 * 1024;
  check_c2c<T>({{4096, 8, 2}, {8, 4096, 1}, {16, 1024, 3}, {1024, 16, 1}, {64, 64, 2}}, small);
  check_real<T>(4096, 8, 2, small);
  check_real<T>(8, 4096, 1, small);
  const Plan2D<T> plan(4096, 8, 1, nullptr, small);
  INFO(plan.describe());
  CHECK(plan.describe().find("48 KiB per block at most (from PlanOptions)") != std::string::npos);
  CHECK((plan.describe().find("09's") != std::string::npos) == (sizeof(T) == 8));
  PupilSpec p;
  p.radius = 3;
  p.aberration = {0.1, 0.0, 0.05};
  for (auto [rows, cols] : std::vector<std::array<std::size_t, 2>>{{4096, 4}, {4, 4096}, {64, 32}}) {
    OtfPipeline<T> otf(rows, cols, 2, p, nullptr, small);
    cuda::DeviceBuffer<Complex<T>> d(rows * cols * 2), d_psf(rows * cols * 2);
    d.poison();
    d_psf.poison();
    otf.execute(d.data(), d_psf.data());
    COURSE_CUDA_CHECK(cudaDeviceSynchronize());
    const double err = rel_l2_error<T, long double>(d.to_host(), otf_reference<T>(rows, cols, 2, p));
    INFO(otf.describe() << "\nerr " << err);
    CHECK((otf.describe().find("unfused") != std::string::npos) == (sizeof(T) == 8 && std::max(rows, cols) == 4096));
    REQUIRE(err <= 4 * tolerance<T>(rows * cols));
    for (auto z : d_psf.to_host()) REQUIRE((z.im == 0 && z.re >= 0));
  }
}

TEMPLATE_TEST_CASE("OTF of a clear circular aperture matches the diffraction-limited MTF", "[gpu][otf]", float, double) {
  using T = TestType;
  const std::size_t n = 512;
  PupilSpec p;
  p.radius = 64;
  OtfPipeline<T> otf(n, n, 1, p);
  cuda::DeviceBuffer<Complex<T>> d(n * n);
  d.poison();
  otf.execute(d.data());
  const auto h = d.to_host();
  double worst = 0;
  for (std::size_t f = 0; f < n / 2; ++f) {
    const double analytic = diffraction_mtf(double(f), p.radius);
    worst = std::max({worst, std::abs(std::hypot(double(h[f].re), double(h[f].im)) - analytic),
                      std::abs(std::hypot(double(h[f * n].re), double(h[f * n].im)) - analytic)});
  }
  std::printf("%s: clear aperture R = 64 on 512^2, max |MTF - analytic| along the axes = %.2e (tolerance 5e-3)\n",
              precision_name<T>(), worst);
  CHECK(std::abs(double(h[0].re) - 1) < 1e-4);
  CHECK(worst < 5e-3);
}

TEMPLATE_TEST_CASE("fused OTF pipeline agrees with the cuFFT pipeline", "[gpu][otf]", float, double) {
  using T = TestType;
  PupilSpec p;
  p.radius = 40;
  p.aberration = {0.5, 0.3, 0.2};
  p.defocus_step = -0.25;
  const std::size_t rows = 256, cols = 512, batch = 3, n = rows * cols * batch;
  OtfPipeline<T> fused(rows, cols, batch, p);
  CufftOtfPipeline<T> library(rows, cols, batch, p);
  cuda::DeviceBuffer<Complex<T>> a(n), b(n);
  a.poison();
  b.poison();
  fused.execute(a.data());
  library.execute(b.data());
  COURSE_CUDA_CHECK(cudaDeviceSynchronize());
  const auto ha = a.to_host(), hb = b.to_host();
  const double err = rel_l2_error<T, T>(ha, hb);
  INFO("fused vs cuFFT pipeline err " << err);
  CHECK(err <= 8 * tolerance<T>(rows * cols));
}

TEST_CASE("bad shapes are refused before any device work", "[gpu][refuse]") {
  using testing::contains;
  CHECK_THROWS_AS(Plan2D<float>(3, 4), size_error);
  CHECK_THROWS_WITH(Plan2D<float>(3, 4), contains("rows = 3"));
  CHECK_THROWS_WITH(Plan2D<double>(8, 8192), contains("cols = 8192"));
  CHECK_THROWS_WITH(Plan2D<double>(8, 8, 0), contains("batch = 0"));
  CHECK_THROWS_WITH(Plan2D<float>(8, 8, 1, nullptr, stockham_options(3)), contains("column group = 3"));
  // The tile kernels refuse the first kernels' options instead of ignoring them.
  CHECK_THROWS_WITH(Plan2D<float>(8, 8, 1, nullptr, Options{Kernels::tiles, 8}), contains("column group = 8"));
  CHECK_THROWS_WITH(RealPlan2D<double>(8, 8, 1, nullptr, Options{Kernels::tiles, 0, ColumnMethod::transpose}), contains("transpose"));
  CHECK_THROWS_WITH(OtfPipeline<float>(8, 8, 1, PupilSpec{}, nullptr, Options{Kernels::tiles, 0, ColumnMethod::grouped, 2}),
                    contains("log_radix = 2"));
  CHECK_THROWS_WITH(Plan2D<float>(8, 8, 1, nullptr, stockham_options(4, ColumnMethod::grouped, 3)), contains("log_radix = 3"));
  CHECK_THROWS_WITH(RealPlan2D<float>(8, 1), contains("cols = 1"));
  CHECK_THROWS_WITH(RealPlan2D<double>(0, 8), contains("rows = 0"));
  CHECK_THROWS_WITH(OtfPipeline<double>(64, 64, 1, PupilSpec{0.0, {}, 0.0}), contains("radius"));
  CHECK_THROWS_WITH(OtfPipeline<double>(64, 48, 1, PupilSpec{}), contains("cols = 48"));
  // Nothing was launched: the device is clean.
  COURSE_CUDA_CHECK(cudaDeviceSynchronize());
  COURSE_CUDA_CHECK(cudaGetLastError());
}
