// Registers one benchmark per workload for any GPU plan with execute(in, out, dir) on device
// pointers: buffers filled with random data, the plan built outside the timed region, kernels
// timed with CUDA events (course::bench::time_gpu). 07's benchmark reuses it for 06's best.
// With measure_error, single transforms up to 2^20 also get a counter rel_l2_error: the output
// of the timed runs against the long-double reference (07 v3 records what fast twiddles cost).
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "common/bench_cuda.hpp"
#include "common/bit_reverse.hpp"
#include "common/metrics.hpp"
#include "common/reference.hpp"

namespace course::cuda_naive {

// Google Benchmark calls a benchmark's body once per repetition (and more while it sizes the
// iteration count). The buffers, the random input and the plan (whose twiddle table may take a
// second to compute for 2^26 points) are made once per benchmark and kept in one slot until
// the next benchmark starts: at most one workload's 1 GiB is held at a time.
struct SetupSlot {
  std::string owner;
  std::shared_ptr<void> setup;
};
inline SetupSlot& setup_slot() {
  static SetupSlot slot;
  return slot;
}

template <class T, class MakePlan>
void register_plan_benchmarks(const std::string& chapter, const std::string& variant,
                              const std::vector<bench::Workload>& workloads, MakePlan make_plan,
                              bool measure_error = false) {
  for (const auto& wl : workloads) {
    const std::string label = bench::name(chapter, variant, precision_name<T>(), wl.n, wl.batch);
    auto* b = benchmark::RegisterBenchmark(label.c_str(), [wl, make_plan, measure_error, label](benchmark::State& state) {
      struct Setup {
        cuda::DeviceBuffer<Complex<T>> in, out;
        decltype(make_plan(std::size_t{1}, std::size_t{1})) plan;
        double error = -1;  // rel_l2_error, computed once
      };
      auto& slot = setup_slot();
      if (slot.owner != label) {
        slot.setup.reset();  // free the previous workload's buffers first
        auto s = std::make_shared<Setup>();
        s->in = cuda::DeviceBuffer<Complex<T>>(wl.n * wl.batch);
        s->out = cuda::DeviceBuffer<Complex<T>>(wl.n * wl.batch);
        bench::fill_random<T>(s->in.data(), s->in.size(), 42);
        s->plan = make_plan(wl.n, wl.batch);
        slot.setup = s;
        slot.owner = label;
      }
      auto& s = *static_cast<Setup*>(slot.setup.get());
      bench::time_gpu(state, [&] { s.plan->execute(s.in.data(), s.out.data(), Direction::forward); });
      bench::set_fft_counters<T>(state, wl.n, wl.batch);
      if (measure_error && wl.batch == 1 && wl.n <= (std::size_t{1} << 20)) {
        if (s.error < 0) {
          COURSE_CUDA_CHECK(cudaDeviceSynchronize());
          const auto x = s.in.to_host();
          s.error = rel_l2_error<T, long double>(s.out.to_host(), reference_dft<T>(x, wl.n, 1, Direction::forward));
        }
        state.counters["rel_l2_error"] = s.error;
      }
    });
    bench::with_gpu_defaults(b);
  }
}

// The standard batched workload sampled at N = 2^4, 2^6, ..., 2^26 plus 2^11 (the largest N of
// 06 v1 and 07 v4 in double): every variant of 06 and 07 on all 23 sizes would not fit the time
// a GPU machine is lent for. The single transforms (2^20..2^25) are all run.
template <class T>
std::vector<bench::Workload> sampled_batched() {
  std::vector<bench::Workload> w;
  for (const auto& x : bench::batched_512mib<T>()) {
    const unsigned k = log2_exact(x.n);
    if (k % 2 == 0 || k == 11) w.push_back(x);
  }
  return w;
}

// The workloads of `all` whose N is at most max_n.
inline std::vector<bench::Workload> up_to(const std::vector<bench::Workload>& all, std::size_t max_n) {
  std::vector<bench::Workload> w;
  for (const auto& x : all)
    if (x.n <= max_n) w.push_back(x);
  return w;
}

}  // namespace course::cuda_naive
