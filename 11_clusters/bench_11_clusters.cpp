// Chapter 11 side by side with chapter 09 and cuFFT, in one process, on the sizes a cluster
// takes (float 2^15..2^18, double 2^14..2^17):
//   11_clusters/cluster        one cluster per transform, one pass over global memory
//   11_clusters/cluster/shared-io   the same through the shared tile at both ends (first version)
//   09_radixN/plan/<q>-pass    the previous chapter's planner (two passes at these sizes)
//   cufft/c2c                  the library; roofline/d2d_copy the hardware
// All forward, out of place, kernels only (CUDA events); 512 MiB batched and single transforms.
#include <cstdio>

#include "09_radixN/radix_plan.hpp"
#include "11_clusters/cluster_plan.hpp"
#include "11_clusters/dispatch.hpp"
#include "common/bench_cuda.hpp"

using namespace course;
using namespace course::bench;

namespace {

template <class T>
void register_all() {
  const unsigned lo = clusters::kMinLog2<T>, hi = clusters::kMaxLog2<T>;
  for (const auto& workloads : {batched_512mib<T>(lo, hi), single_transforms(lo, hi)}) {
    register_cufft_baselines<T>(workloads);
    for (const auto& wl : workloads) {
      register_plan<T>("11_clusters", "cluster", wl, [](const Workload& w) { return clusters::Plan<T>(w.n, w.batch); });
      register_plan<T>("11_clusters", "cluster/shared-io", wl,
                       [](const Workload& w) { return clusters::Plan<T>(w.n, w.batch, nullptr, false); });
      const int q = radixn::make_plan_shape(wl.n, wl.batch, sizeof(Complex<T>)).pass_count();
      register_plan<T>("09_radixN", "plan/" + std::to_string(q) + "-pass", wl,
                       [](const Workload& w) { return radixn::Plan<T>(w.n, w.batch); });
    }
  }
}

}  // namespace

void course_register_benchmarks() {
  if (!add_gpu_context()) {
    std::printf("no CUDA device: 11_clusters benchmarks skipped\n");
    return;
  }
  register_copy_bandwidth();
  register_all<float>();
  register_all<double>();
}
