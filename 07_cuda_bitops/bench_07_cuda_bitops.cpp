// 07 benchmarks: every variant on the standard workloads (batched 512 MiB, single transforms
// 2^20..2^25), beside cuFFT and 06's best variant (v2) in the same process. The batched
// workload is sampled (sampled_batched in 06's bench_plan.hpp); v4 runs only where it applies
// (N <= 4096 float, 2048 double).
#include <cstdio>
#include <memory>

#include "06_cuda_naive/bench_plan.hpp"
#include "06_cuda_naive/naive_fft.hpp"
#include "07_cuda_bitops/bitops_fft.hpp"

using namespace course;
using namespace course::bitops;
using course::cuda_naive::register_plan_benchmarks;
using course::cuda_naive::sampled_batched;
using course::cuda_naive::up_to;

namespace {

template <class T>
void register_precision() {
  const auto batched = sampled_batched<T>();
  const auto singles = bench::single_transforms();
  const char* ch = chapter;
  register_plan_benchmarks<T>(ch, "v4", up_to(batched, std::size_t{1} << shared_max_log2<T>()),
                              [](std::size_t n, std::size_t b) { return std::make_unique<SharedPlan<T>>(n, b); });
  for (const auto& w : {batched, singles}) {
    bench::register_cufft_baselines<T>(w);
    register_plan_benchmarks<T>("06_cuda_naive", "v2", w, [](std::size_t n, std::size_t b) {
      return std::make_unique<cuda_naive::StagePlan<T>>(n, b);
    });
    register_plan_benchmarks<T>(ch, "v1", w, [](std::size_t n, std::size_t b) { return std::make_unique<ShiftPlan<T>>(n, b); });
    for (auto p : {Permutation::gather, Permutation::scatter})
      register_plan_benchmarks<T>(ch, std::string("v2_") + to_string(p), w,
                                  [p](std::size_t n, std::size_t b) { return std::make_unique<ReorderPlan<T>>(n, b, p); });
    for (auto s : {TwiddleSource::table, TwiddleSource::sincospi, TwiddleSource::fast_sincosf}) {
      if (s == TwiddleSource::fast_sincosf && sizeof(T) != 4) continue;
      register_plan_benchmarks<T>(
          ch, std::string("v3_") + to_string(s), w,
          [s](std::size_t n, std::size_t b) { return std::make_unique<TwiddlePlan<T>>(n, b, s); }, true);
    }
    register_plan_benchmarks<T>(ch, "v5", w, [](std::size_t n, std::size_t b) { return std::make_unique<TiledPlan<T>>(n, b); });
  }
}

}  // namespace

void course_register_benchmarks() {
  if (!bench::add_gpu_context()) {
    std::printf("no CUDA device: the 07_cuda_bitops benchmarks are skipped\n");
    return;
  }
  bench::register_copy_bandwidth();
  register_precision<float>();
  register_precision<double>();
}
