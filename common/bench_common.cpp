// The roofline and the library: device-to-device copy bandwidth and cuFFT on the standard
// workloads. Every GPU chapter's figures are read against these.
#include <cstdio>

#include "common/bench_cuda.hpp"

void course_register_benchmarks() {
  using namespace course::bench;
  if (!add_gpu_context()) {
    std::printf("no CUDA device: the roofline and cuFFT benchmarks are skipped\n");
    return;
  }
  register_copy_bandwidth();
  register_cufft_baselines<float>(batched_512mib<float>());
  register_cufft_baselines<double>(batched_512mib<double>());
  register_cufft_baselines<float>(single_transforms());
  register_cufft_baselines<double>(single_transforms());
}
