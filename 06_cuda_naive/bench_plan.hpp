// Registers one benchmark per workload for any GPU plan with execute(in, out, dir) on device
// pointers: buffers filled with random data, the plan built outside the timed region, kernels
// timed with CUDA events (course::bench::time_gpu). 07's benchmark reuses it for 06's best.
#pragma once

#include <string>
#include <vector>

#include "common/bench_cuda.hpp"

namespace course::cuda_naive {

template <class T, class MakePlan>
void register_plan_benchmarks(const std::string& chapter, const std::string& variant,
                              const std::vector<bench::Workload>& workloads, MakePlan make_plan) {
  for (const auto& wl : workloads) {
    auto* b = benchmark::RegisterBenchmark(
        bench::name(chapter, variant, precision_name<T>(), wl.n, wl.batch).c_str(), [wl, make_plan](benchmark::State& state) {
          cuda::DeviceBuffer<Complex<T>> in(wl.n * wl.batch), out(wl.n * wl.batch);
          bench::fill_random<T>(in.data(), in.size(), 42);
          auto plan = make_plan(wl.n, wl.batch);
          bench::time_gpu(state, [&] { plan->execute(in.data(), out.data(), Direction::forward); });
          bench::set_fft_counters<T>(state, wl.n, wl.batch);
        });
    bench::with_defaults(b)->UseManualTime();
  }
}

// The workloads of `all` whose N is at most max_n.
inline std::vector<bench::Workload> up_to(const std::vector<bench::Workload>& all, std::size_t max_n) {
  std::vector<bench::Workload> w;
  for (const auto& x : all)
    if (x.n <= max_n) w.push_back(x);
  return w;
}

}  // namespace course::cuda_naive
