// The GPU helpers' own tests: they run only on a machine with a CUDA device (else exit 77).
#include <cmath>
#include <cstdio>

#include "common/bench_cuda.hpp"
#include "common/bit_reverse.hpp"
#include "common/catch.hpp"
#include "common/cuda_helpers.hpp"
#include "common/signals.hpp"

void device_reverse_bits(unsigned bits, std::vector<std::uint32_t>& r32, std::vector<std::uint64_t>& r64);

using namespace course;

TEST_CASE("device query describes the GPU", "[cuda]") {
  const auto d = cuda::query_device();
  std::printf("device: %s\n", cuda::describe(d).c_str());
  CHECK(!d.name.empty());
  CHECK(d.major >= 7);
  CHECK(d.multiprocessors > 0);
  CHECK(d.shared_per_block_optin >= d.shared_per_block);
}

TEST_CASE("device buffers round-trip data and poison to NaN", "[cuda]") {
  const auto x = random_uniform<double>(12345, fresh_seed());
  cuda::DeviceBuffer<Complex<double>> buf(x.size());
  buf.upload(x);
  CHECK(buf.to_host() == x);
  buf.poison();
  for (auto z : buf.to_host()) REQUIRE((std::isnan(z.re) && std::isnan(z.im)));
  cuda::DeviceBuffer<Complex<double>> moved = std::move(buf);
  CHECK(moved.size() == x.size());
  CHECK(buf.data() == nullptr);
  std::vector<Complex<double>> wrong(3);
  CHECK_THROWS_WITH(moved.upload(wrong), testing::contains("12345"));
}

TEST_CASE("CUDA errors are reported with file, line and CUDA's message", "[cuda]") {
  try {
    cuda::DeviceBuffer<char> huge(std::size_t{1} << 50);  // 1 PiB
    FAIL("allocating 1 PiB should fail");
  } catch (const cuda::cuda_error& e) {
    const std::string msg = e.what();
    INFO(msg);
    CHECK(msg.find("cuda_helpers.hpp") != std::string::npos);
    CHECK(msg.find("cudaMalloc") != std::string::npos);
    CHECK(msg.find("memory") != std::string::npos);
  }
}

TEST_CASE("device bit reversal (__brev, __brevll) matches the host", "[cuda][bitrev]") {
  for (unsigned bits : {1u, 5u, 10u, 16u}) {
    std::vector<std::uint32_t> r32;
    std::vector<std::uint64_t> r64;
    device_reverse_bits(bits, r32, r64);
    for (std::uint32_t i = 0; i < (1u << bits); ++i) {
      REQUIRE(r32[i] == reverse_bits32(i, bits));
      REQUIRE(r64[i] == reverse_bits64(i, bits));
    }
  }
}

TEST_CASE("event timer and copy bandwidth", "[cuda][roofline]") {
  const std::size_t bytes = std::size_t{256} << 20;
  cuda::DeviceBuffer<unsigned char> a(bytes), b(bytes);
  COURSE_CUDA_CHECK(cudaMemset(a.data(), 1, bytes));
  cuda::EventTimer t;
  COURSE_CUDA_CHECK(cudaMemcpy(b.data(), a.data(), bytes, cudaMemcpyDeviceToDevice));  // warm-up
  t.start();
  for (int i = 0; i < 10; ++i) COURSE_CUDA_CHECK(cudaMemcpyAsync(b.data(), a.data(), bytes, cudaMemcpyDeviceToDevice));
  t.stop();
  const double ms = t.elapsed_ms() / 10;
  const double gbps = 2.0 * bytes / (ms * 1e-3) / 1e9;
  std::printf("device-to-device copy of %zu MiB: %.4f ms, %.0f GB/s (read + write)\n", bytes >> 20, ms, gbps);
  CHECK(ms > 0);
  CHECK(gbps > 10);  // any real GPU; the benchmark, not this test, records the figure
}

TEST_CASE("fill_random writes every element with values in [-1, 1)", "[cuda]") {
  cuda::DeviceBuffer<Complex<float>> buf(100001);
  buf.poison();
  bench::fill_random<float>(buf.data(), buf.size(), 3);
  COURSE_CUDA_CHECK(cudaDeviceSynchronize());
  int distinct_signs = 0;
  for (auto z : buf.to_host()) {
    REQUIRE(std::isfinite(z.re));
    REQUIRE((z.re >= -1 && z.re < 1 && z.im >= -1 && z.im < 1));
    distinct_signs += z.re < 0;
  }
  CHECK(distinct_signs > 40000);
  CHECK(distinct_signs < 60000);
}
