// Chapter 09 side by side with cuFFT and the copy roofline, in one process:
//   09_radixN/plan/<q>-pass     the planner's choice (q = passes over global memory)
//   09_radixN/radix-<R>         the same plans with radices capped at R = 2, 4, 8, 16
//   09_radixN/table-twiddles    stage twiddles from a table instead of sincospi
//   09_radixN/pass-cap-4096     multi-pass plans with up to 4096 points per pass (the first cap)
//   08_cuda_stockham/v4         the previous chapter's best (fused radix-2 Stockham), when built
//   cufft/c2c                   the library; roofline/d2d_copy the hardware
// All forward, out of place, kernels only (CUDA events); 512 MiB batched and single transforms.
#include <cstdio>
#include <memory>

#include "09_radixN/radix_plan.hpp"
#include "common/bench_cuda.hpp"

#if defined(COURSE_HAVE_CH08)
#include "08_cuda_stockham/stockham.hpp"
#endif

using namespace course;
using namespace course::bench;
using course::radixn::Plan;
using course::radixn::PlanOptions;

namespace {

template <class T>
void register_plan(const std::string& variant, const Workload& wl, const PlanOptions& o, bool passes_in_name) {
  std::string v = variant;
  if (passes_in_name) v += "/" + std::to_string(radixn::make_plan_shape(wl.n, wl.batch, sizeof(Complex<T>), o).pass_count()) + "-pass";
  auto* b = benchmark::RegisterBenchmark(name("09_radixN", v, precision_name<T>(), wl.n, wl.batch).c_str(),
                                         [wl, o](benchmark::State& state) {
    Plan<T> plan(wl.n, wl.batch, nullptr, o);
    cuda::DeviceBuffer<Complex<T>> in(wl.n * wl.batch), out(wl.n * wl.batch);
    fill_random<T>(in.data(), in.size(), 42);
    time_gpu(state, [&] { plan.execute(in.data(), out.data(), Direction::forward); });
    set_fft_counters<T>(state, wl.n, wl.batch);
    state.counters["passes"] = plan.passes();
  });
  with_gpu_defaults(b);
}

template <class T>
void register_all() {
  const auto batched = batched_512mib<T>();
  const auto single = single_transforms();
  register_cufft_baselines<T>(batched);
  register_cufft_baselines<T>(single);
  for (const auto& wl : batched) register_plan<T>("plan", wl, {}, true);
  for (const auto& wl : single) register_plan<T>("plan", wl, {}, true);
  for (const auto& wl : single) {
    const int k = __builtin_ctzll(wl.n);
    if (k >= 22 && k <= 24) {
      PlanOptions o;
      o.pass_max_log2 = 12;
      register_plan<T>("pass-cap-4096", wl, o, true);
    }
    if (k >= 20 && k <= 22) {  // single transforms live in L2, where instructions count more
      PlanOptions o;
      o.computed_twiddles = false;
      register_plan<T>("table-twiddles", wl, o, false);
    }
  }

  // The spread rule (PlanOptions::spread_blocks) side by side on single transforms below 2^20,
  // where a pass has fewer blocks than the GPU has SMs.
  const auto small_single = single_transforms(10, 19);
  register_cufft_baselines<T>(small_single);
  for (const auto& wl : small_single) {
    register_plan<T>("plan", wl, {}, true);
    PlanOptions o;
    o.spread_blocks = false;
    register_plan<T>("no-spread", wl, o, true);
  }

  // One idea per variant, on a few batched sizes: the radix, the twiddle source, the pass size.
  for (const auto& wl : batched) {
    const int k = __builtin_ctzll(wl.n);
    if (k == 8 || k == 10 || k == 12 || k == 20)
      for (int logr = 1; logr <= 4; ++logr) {
        PlanOptions o;
        o.max_log2_radix = logr;
        register_plan<T>("radix-" + std::to_string(1 << logr), wl, o, false);
      }
    if (k == 10 || k == 12 || k == 16 || k == 20 || k == 24) {
      PlanOptions o;
      o.computed_twiddles = false;
      register_plan<T>("table-twiddles", wl, o, false);
    }
    if (k >= 22 && k <= 24) {
      PlanOptions o;
      o.pass_max_log2 = 12;
      register_plan<T>("pass-cap-4096", wl, o, true);
    }
  }
#if defined(COURSE_HAVE_CH08)
  for (const auto& workloads : {batched, single})
    for (const auto& wl : workloads) {
      auto* b = benchmark::RegisterBenchmark(name("08_cuda_stockham", "v4", precision_name<T>(), wl.n, wl.batch).c_str(),
                                             [wl](benchmark::State& state) {
        stockham::FusedPlan<T> plan(wl.n, wl.batch);
        cuda::DeviceBuffer<Complex<T>> in(wl.n * wl.batch), out(wl.n * wl.batch);
        fill_random<T>(in.data(), in.size(), 42);
        time_gpu(state, [&] { plan.execute(in.data(), out.data(), Direction::forward); });
        set_fft_counters<T>(state, wl.n, wl.batch);
        state.counters["passes"] = plan.passes();
      });
      with_gpu_defaults(b);
    }
#endif
}

}  // namespace

void course_register_benchmarks() {
  if (!add_gpu_context()) {
    std::printf("no CUDA device: 09_radixN benchmarks skipped\n");
    return;
  }
  register_copy_bandwidth();
  register_all<float>();
  register_all<double>();
}
