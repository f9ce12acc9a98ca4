#include "common/bench_cuda.hpp"

#include <cufft.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>

#include "common/cufft_check.hpp"

namespace course::bench {

template <class T>
std::vector<Workload> batched_512mib(unsigned kmin, unsigned kmax) {
  const std::size_t total = (std::size_t{512} << 20) / sizeof(Complex<T>);
  std::vector<Workload> w;
  for (unsigned k = kmin; k <= kmax; ++k) {
    const std::size_t n = std::size_t{1} << k;
    if (n > total) break;  // double N = 2^26 is 1 GiB: beyond the standard workload
    w.push_back({n, total / n});
  }
  return w;
}
template std::vector<Workload> batched_512mib<float>(unsigned, unsigned);
template std::vector<Workload> batched_512mib<double>(unsigned, unsigned);

std::vector<Workload> single_transforms(unsigned kmin, unsigned kmax) {
  std::vector<Workload> w;
  for (unsigned k = kmin; k <= kmax; ++k) w.push_back({std::size_t{1} << k, 1});
  return w;
}

void time_gpu(benchmark::State& state, const std::function<void()>& launch, cudaStream_t stream) {
  cuda::EventTimer timer;
  timer.start(stream);
  launch();
  timer.stop(stream);
  const float first_ms = std::max(timer.elapsed_ms(), 1e-4f);
  const int inner = static_cast<int>(std::clamp(std::ceil(0.5f / first_ms), 1.0f, 200.0f));
  for (auto _ : state) {
    timer.start(stream);
    for (int i = 0; i < inner; ++i) launch();
    timer.stop(stream);
    state.SetIterationTime(timer.elapsed_ms() / 1e3 / inner);
  }
  COURSE_CUDA_CHECK(cudaGetLastError());
}

benchmark::internal::Benchmark* with_gpu_defaults(benchmark::internal::Benchmark* b) {
  int iterations = 20;
  if (const char* i = std::getenv("COURSE_BENCH_GPU_ITERATIONS")) iterations = std::max(1, std::atoi(i));
  // Not with_defaults: Google Benchmark 1.7.1 aborts on Iterations() after MinTime().
  return with_repetitions(b)->UseManualTime()->Iterations(iterations);
}

template <class T>
void register_cufft_baselines(const std::vector<Workload>& workloads) {
  for (const auto& wl : workloads) {
    auto* b = benchmark::RegisterBenchmark(name("cufft", "c2c", precision_name<T>(), wl.n, wl.batch).c_str(),
                                           [wl](benchmark::State& state) {
      cuda::DeviceBuffer<Complex<T>> in(wl.n * wl.batch), out(wl.n * wl.batch);
      fill_random<T>(in.data(), in.size(), 42);
      cufftHandle plan;
      int n = static_cast<int>(wl.n);
      COURSE_CUFFT_CHECK(cufftPlanMany(&plan, 1, &n, nullptr, 1, n, nullptr, 1, n,
                                       sizeof(T) == 4 ? CUFFT_C2C : CUFFT_Z2Z, static_cast<int>(wl.batch)));
      auto launch = [&] {
        if constexpr (sizeof(T) == 4)
          COURSE_CUFFT_CHECK(cufftExecC2C(plan, reinterpret_cast<cufftComplex*>(in.data()), reinterpret_cast<cufftComplex*>(out.data()), CUFFT_FORWARD));
        else
          COURSE_CUFFT_CHECK(cufftExecZ2Z(plan, reinterpret_cast<cufftDoubleComplex*>(in.data()), reinterpret_cast<cufftDoubleComplex*>(out.data()), CUFFT_FORWARD));
      };
      time_gpu(state, launch);
      cufftDestroy(plan);
      set_fft_counters<T>(state, wl.n, wl.batch);
    });
    with_gpu_defaults(b);
  }
}
template void register_cufft_baselines<float>(const std::vector<Workload>&);
template void register_cufft_baselines<double>(const std::vector<Workload>&);

void register_copy_bandwidth(std::size_t bytes) {
  auto* b = benchmark::RegisterBenchmark(("roofline/d2d_copy/bytes:" + std::to_string(bytes)).c_str(),
                                         [bytes](benchmark::State& state) {
    cuda::DeviceBuffer<unsigned char> src(bytes), dst(bytes);
    COURSE_CUDA_CHECK(cudaMemset(src.data(), 0x5A, bytes));
    time_gpu(state, [&] { COURSE_CUDA_CHECK(cudaMemcpyAsync(dst.data(), src.data(), bytes, cudaMemcpyDeviceToDevice)); });
    state.counters["GBps"] = benchmark::Counter(2.0 * bytes / 1e9, benchmark::Counter::kIsIterationInvariantRate);
    state.counters["bytes"] = static_cast<double>(bytes);
  });
  with_gpu_defaults(b);
}

std::string cufft_version() {
  int v = 0;
  if (cufftGetVersion(&v) != CUFFT_SUCCESS) return "unknown";
  // cuFFT reports e.g. 12000 for 12.0.0.
  return std::to_string(v / 1000) + "." + std::to_string((v % 1000) / 100) + "." + std::to_string(v % 100);
}

bool add_gpu_context() {
  std::string why;
  if (!cuda::device_available(&why)) {
    add_context("gpu", "none (" + why + ")");
    return false;
  }
  const auto d = cuda::query_device();
  add_context("gpu", d.name);
  add_context("gpu_sm", std::to_string(d.major) + std::to_string(d.minor));
  add_context("cuda_driver", cuda::version_string(d.driver_version));
  add_context("cuda_runtime", cuda::version_string(d.runtime_version));
  add_context("cufft_version", cufft_version());
  return true;
}

}  // namespace course::bench
