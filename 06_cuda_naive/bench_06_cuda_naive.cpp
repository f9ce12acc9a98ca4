// 06 benchmarks: v1 (one block per transform, N <= 2048) and v2 (a launch per stage) on the
// standard workloads (batched sampled at every other power of two, see bench_plan.hpp; single
// transforms 2^20..2^25), beside cuFFT on the same workloads in the same process.
#include <cstdio>
#include <memory>

#include "06_cuda_naive/bench_plan.hpp"
#include "06_cuda_naive/naive_fft.hpp"

using namespace course;
using namespace course::cuda_naive;

namespace {

template <class T>
void register_precision() {
  const auto batched = sampled_batched<T>();
  const auto singles = bench::single_transforms();
  register_plan_benchmarks<T>(chapter, "v1", up_to(batched, std::size_t{1} << v1_max_log2),
                              [](std::size_t n, std::size_t b) { return std::make_unique<BlockPlan<T>>(n, b); });
  for (const auto& w : {batched, singles}) {
    register_plan_benchmarks<T>(chapter, "v2", w,
                                [](std::size_t n, std::size_t b) { return std::make_unique<StagePlan<T>>(n, b); });
    bench::register_cufft_baselines<T>(w);
  }
}

}  // namespace

void course_register_benchmarks() {
  if (!bench::add_gpu_context()) {
    std::printf("no CUDA device: the 06_cuda_naive benchmarks are skipped\n");
    return;
  }
  bench::register_copy_bandwidth();
  register_precision<float>();
  register_precision<double>();
}
