// The GPU plans against the shared conformance suite (float and double, N = 2^0 .. 2^22,
// batched and not, forward and inverse, refused sizes), every radix and twiddle option, the
// multi-pass plans up to 2^27, strided layouts, in place, and a plan on its own stream.
// Exits 77 (skipped) without a CUDA device.
#include <algorithm>
#include <cstdio>
#include <memory>

#include "09_radixN/radix_plan.hpp"
#include "common/catch.hpp"
#include "common/gpu_conformance.hpp"
#include "common/reference.hpp"
#include "common/signals.hpp"
#include "common/sizes.hpp"
#include "common/twiddle.hpp"

using namespace course;
using namespace course::radixn;

namespace {
template <class T>
conformance::TransformFn<T> gpu_plan(PlanOptions o = {}) {
  return device_transform<T>([o](std::size_t n, std::size_t batch) { return std::make_unique<Plan<T>>(n, batch, nullptr, o); });
}

template <class T>
void conform(const PlanOptions& o, std::vector<std::size_t> sizes, std::size_t batch, std::vector<std::size_t> refused = {}) {
  conformance::Config cfg;
  cfg.sizes = std::move(sizes);
  cfg.batch = batch;
  cfg.refused = std::move(refused);
  require_conformance(conformance::check_conformance<T>(gpu_plan<T>(o), cfg));
}
}  // namespace

TEMPLATE_TEST_CASE("planner plans: N = 2^0 .. 2^22 single, refused sizes", "[gpu][conformance]", float, double) {
  conform<TestType>({}, conformance::powers_of_two(0, 22), 1, {0, 3, 1000, std::size_t{1} << 28});
}

TEMPLATE_TEST_CASE("planner plans batched: N = 2^0 .. 2^16, batch 5", "[gpu][conformance]", float, double) {
  conform<TestType>({}, conformance::powers_of_two(0, 16), 5);
}

TEMPLATE_TEST_CASE("radix-2, 4, 8 plans and table twiddles", "[gpu][variants]", float, double) {
  for (int logr : {1, 2, 3}) {
    PlanOptions o;
    o.max_log2_radix = logr;
    conform<TestType>(o, {1, 2, 16, 128, 1024, 4096, 8192, std::size_t{1} << 16}, 3);
  }
  PlanOptions c;
  c.computed_twiddles = false;
  conform<TestType>(c, {1, 16, 512, 8192, std::size_t{1} << 17, std::size_t{1} << 21}, 3);
  PlanOptions small;  // three and four passes at moderate sizes
  small.one_pass_max_log2 = 4;
  small.pass_max_log2 = 4;
  conform<TestType>(small, {32, 1024, 4096, std::size_t{1} << 15}, 3);
}

TEST_CASE("the largest plans: 2^23 (two passes, 4096 * 2048) .. 2^25 (three passes) against the reference", "[gpu][large]") {
  conform<float>({}, {std::size_t{1} << 23, std::size_t{1} << 25}, 1);
  conform<double>({}, {std::size_t{1} << 23, std::size_t{1} << 24}, 1);
}

TEST_CASE("2^26 and 2^27 float: round trip and spot frequencies against a direct sum", "[gpu][large]") {
  for (int k : {26, 27}) {
    const std::size_t n = std::size_t{1} << k;
    Plan<float> plan(n, 1);
    INFO(plan.describe());
    const auto x = random_uniform<float>(n, fresh_seed());
    cuda::DeviceBuffer<Complex<float>> d_x(n), d_y(n), d_z(n);
    d_x.upload(x);
    d_y.poison();
    d_z.poison();
    plan.execute(d_x.data(), d_y.data(), Direction::forward);
    plan.execute(d_y.data(), d_z.data(), Direction::inverse);
    COURSE_CUDA_CHECK(cudaDeviceSynchronize());
    const auto y = d_y.to_host(), z = d_z.to_host();
    std::vector<Complex<long double>> nx(n);
    for (std::size_t i = 0; i < n; ++i) nx[i] = Complex<long double>(x[i]) * static_cast<long double>(n);
    CHECK(rel_l2_error<float, long double>(z, nx) < 2 * tolerance<float>(n));
    long double scale = 0;  // |X[k]| ~ sqrt(N) for random data: compare relative to that
    for (std::size_t i = 0; i < n; ++i) scale += norm(Complex<long double>(x[i]));
    for (std::size_t kk : {std::size_t{0}, std::size_t{1}, std::size_t{12345}, n / 3, n - 1}) {
      // X[k] by a direct sum in long double; w(j k, N) by rotation, re-seeded exactly every
      // 4096 terms so its drift (about 4096 long-double roundings) stays far below float's.
      Complex<long double> want{}, w{1.0L, 0.0L};
      const auto step = twiddle_ld(static_cast<std::int64_t>(kk), static_cast<std::int64_t>(n));
      for (std::size_t j = 0; j < n; ++j) {
        if (j % 4096 == 0)
          w = twiddle_ld(static_cast<std::int64_t>((static_cast<unsigned __int128>(j) * kk) % n), static_cast<std::int64_t>(n));
        want += Complex<long double>(x[j]) * w;
        w = w * step;
      }
      const long double err = std::sqrt(norm(Complex<long double>(y[kk]) - want) / scale);
      INFO("k = " << kk << " err " << static_cast<double>(err));
      CHECK(err < 1e-5L);
    }
  }
}

TEMPLATE_TEST_CASE("strided columns of a matrix, in place, on a stream", "[gpu][layout]", float, double) {
  cudaStream_t stream;
  COURSE_CUDA_CHECK(cudaStreamCreate(&stream));
  for (std::size_t height : {std::size_t{8}, std::size_t{4096}, std::size_t{1} << 16}) {
    const std::size_t width = 40;
    PlanOptions o;
    o.input = {static_cast<std::int64_t>(width), 1};
    o.output = {static_cast<std::int64_t>(width), 1};
    Plan<TestType> plan(height, width, stream, o);
    INFO(plan.describe());
    const auto x = random_gaussian<TestType>(height * width, fresh_seed());
    cuda::DeviceBuffer<Complex<TestType>> d(height * width);
    d.upload(x);
    plan.execute(d.data(), d.data(), Direction::forward);  // in place
    COURSE_CUDA_CHECK(cudaStreamSynchronize(stream));
    const auto y = d.to_host();
    std::vector<Complex<TestType>> cols(height * width);
    for (std::size_t r = 0; r < height; ++r)
      for (std::size_t c = 0; c < width; ++c) cols[c * height + r] = x[r * width + c];
    const auto want = reference_dft<TestType>(cols, height, width, Direction::forward);
    std::vector<Complex<long double>> want_rm(height * width);
    for (std::size_t r = 0; r < height; ++r)
      for (std::size_t c = 0; c < width; ++c) want_rm[r * width + c] = want[c * height + r];
    CHECK(rel_l2_error<TestType, long double>(y, want_rm) < tolerance<TestType>(height));
  }
  COURSE_CUDA_CHECK(cudaStreamDestroy(stream));
}

TEST_CASE("more than device memory is refused by the constructor, naming the size", "[gpu][refused]") {
  const std::size_t n = std::size_t{1} << 27;
  try {
    Plan<double> plan(n, std::size_t{1} << 12);  // 8 TiB of data
    FAIL("accepted");
  } catch (const size_error& e) {
    const std::string msg = e.what();
    INFO(msg);
    CHECK(msg.find(std::to_string(n)) != std::string::npos);
    CHECK(msg.find("memory") != std::string::npos);
    CHECK(msg.find("09_radixN") != std::string::npos);
  }
}

TEST_CASE("plans fit the GPU they run on: its own limit, COURSE_SHARED_LIMIT_KIB, or an explicit one", "[gpu][limits]") {
  const int device = std::min(cuda::device_shared_limit_bytes(), kSharedLimitBytes);
  const int simulated = shared_limit_from_environment("test_09_radixN", kMostSharedLimitBytes / 1024);
  Plan<float> plan(std::size_t{1} << 13, 2);
  INFO(plan.describe());
  CHECK(plan.shape().shared_limit.bytes == (simulated ? simulated : device));
  CHECK(plan.shape().shared_limit.source == (simulated ? kSharedLimitVariable : "the device"));
  for (const auto& p : plan.shape().passes) CHECK(p.tile.shared_bytes() <= plan.shape().shared_limit.bytes);
  // An explicit limit wins over both: the smallest GPU's 48 KiB, every size 2^0 .. 2^20 correct.
  PlanOptions small;
  small.shared_limit_bytes = 48 * 1024;
  conform<float>(small, conformance::powers_of_two(0, 20), 1);
  conform<double>(small, conformance::powers_of_two(0, 20), 1);
  Plan<double> d(std::size_t{1} << 13, 1, nullptr, small);
  CHECK(d.passes() == 2);
  CHECK(d.describe().find("48 KiB per block at most (from PlanOptions)") != std::string::npos);
}

TEST_CASE("describe() prints passes, radices, threads and shared memory", "[gpu]") {
  Plan<float> plan(std::size_t{1} << 20, 4);
  const auto d = plan.describe();
  std::printf("%s\n", d.c_str());
  CHECK(plan.passes() == 2);
  CHECK(d.find("2 passes") != std::string::npos);
  CHECK(d.find("16*8*8") != std::string::npos);
  CHECK(d.find("threads") != std::string::npos);
  CHECK(d.find("B shared") != std::string::npos);
}

// Small plans of every kind for compute-sanitizer (memcheck, racecheck): quick to run under it.
TEST_CASE("sanitizer set: one, two, three passes, partial blocks, strided, in place", "[sanitize]") {
  auto check = [](std::size_t n, std::size_t batch, PlanOptions o) {
    Plan<float> plan(n, batch, nullptr, o);
    INFO(plan.describe());
    const auto x = random_gaussian<float>(n * batch, fresh_seed());
    cuda::DeviceBuffer<Complex<float>> d_x(n * batch), d_y(n * batch);
    d_x.upload(x);
    d_y.poison();
    plan.execute(d_x.data(), d_y.data(), Direction::forward);
    COURSE_CUDA_CHECK(cudaDeviceSynchronize());
    const auto want = reference_dft<float>(x, n, batch, Direction::forward);
    CHECK(rel_l2_error<float, long double>(d_y.to_host(), want) < tolerance<float>(n));
    plan.execute(d_x.data(), d_x.data(), Direction::inverse);  // in place
    COURSE_CUDA_CHECK(cudaDeviceSynchronize());
    const auto back = reference_dft<float>(x, n, batch, Direction::inverse);
    CHECK(rel_l2_error<float, long double>(d_x.to_host(), back) < tolerance<float>(n));
  };
  check(16, 3, {});      // 512 transforms per block, 3 present: a partial block
  check(4096, 2, {});    // one pass, three radix-16 stages
  check(8192, 1, {});    // one pass, 16*8*8*8, 512 threads
  check(1 << 14, 2, {});  // one pass, 1024 threads, 136 KiB of shared memory
  check(1 << 15, 1, {});  // two passes
  PlanOptions small;
  small.one_pass_max_log2 = 3;
  small.pass_max_log2 = 3;
  check(512, 3, small);  // three passes
  PlanOptions r2;
  r2.max_log2_radix = 1;
  check(1024, 2, r2);
}
