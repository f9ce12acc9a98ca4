// GPU benchmark helpers: the standard workloads, CUDA-event manual timing, the cuFFT baseline
// and the device-to-device copy that is the roofline every GPU figure is compared with.
#pragma once

#include <benchmark/benchmark.h>
#include <cuda_runtime_api.h>

#include <cstddef>
#include <functional>
#include <string>
#include <vector>

#include "common/bench.hpp"
#include "common/complex.hpp"
#include "common/cuda_helpers.hpp"
#include "common/sizes.hpp"

namespace course::bench {

struct Workload {
  std::size_t n;
  std::size_t batch;
};

// Batched 1D C2C filling 512 MiB per buffer: N x batch = 2^26 points in float, 2^25 in double.
template <class T>
std::vector<Workload> batched_512mib(unsigned kmin = 4, unsigned kmax = 26);
// Single transforms N = 2^kmin .. 2^kmax (the course lab's sizes: 2^20 .. 2^25).
std::vector<Workload> single_transforms(unsigned kmin = 20, unsigned kmax = 25);

// Times `launch` with CUDA events on `stream`. Each iteration runs it enough times to last
// about half a millisecond (so event resolution does not matter) and reports the mean per call
// as the manual iteration time. Warms up once first (module load, lazy plan set-up).
void time_gpu(benchmark::State& state, const std::function<void()>& launch, cudaStream_t stream = nullptr);

// GPU benchmarks: the repetitions of with_defaults, CUDA-event (manual) time, and a fixed
// iteration count instead of a minimum time. time_gpu reports the mean per launch of a burst of
// launches lasting ~0.5 ms, so a minimum *manual* time of t costs t x (launches per burst) of
// wall time: 14 s a benchmark for a 20 us kernel. A fixed count of bursts costs ~10 ms each
// repetition, whatever the kernel. COURSE_BENCH_GPU_ITERATIONS overrides the count (default 20).
benchmark::internal::Benchmark* with_gpu_defaults(benchmark::internal::Benchmark* b);

// Fills device memory with uniform values in [-1, 1): real data, never zeros.
template <class T>
void fill_random(Complex<T>* device, std::size_t count, std::uint64_t seed, cudaStream_t stream = nullptr);

// cufft/c2c/<precision>/N:<n>/batch:<b>, forward, out of place, kernels only.
template <class T>
void register_cufft_baselines(const std::vector<Workload>& workloads);

// <chapter>/<variant>/<precision>/N:<n>/batch:<b>: the plan make(wl) builds, its forward
// execute(in, out) timed on random data. A plan refused on this GPU (size_error) is a skipped
// row, not a time; label(plan) is the row's label when not empty.
template <class T, class MakePlan, class Label>
void register_plan(const std::string& chapter, const std::string& variant, const Workload& wl, MakePlan make, Label label) {
  auto* b = benchmark::RegisterBenchmark(name(chapter, variant, precision_name<T>(), wl.n, wl.batch).c_str(),
                                         [wl, make, label](benchmark::State& state) {
    try {
      auto plan = make(wl);
      if (const std::string l = label(plan); !l.empty()) state.SetLabel(l);
      cuda::DeviceBuffer<Complex<T>> in(wl.n * wl.batch), out(wl.n * wl.batch);
      fill_random<T>(in.data(), in.size(), 42);
      time_gpu(state, [&] { plan.execute(in.data(), out.data(), Direction::forward); });
      set_fft_counters<T>(state, wl.n, wl.batch);
    } catch (const size_error& e) {
      state.SkipWithError(e.what());
    }
  });
  with_gpu_defaults(b);
}
template <class T, class MakePlan>
void register_plan(const std::string& chapter, const std::string& variant, const Workload& wl, MakePlan make) {
  register_plan<T>(chapter, variant, wl, make, [](const auto&) { return std::string(); });
}

// roofline/d2d_copy/bytes:<b>: cudaMemcpy device to device; GBps counts read plus write.
void register_copy_bandwidth(std::size_t bytes = std::size_t{512} << 20);

// Records GPU name, driver, runtime and cuFFT versions in the JSON context; false without a GPU.
bool add_gpu_context();

std::string cufft_version();

}  // namespace course::bench
