// A small program to profile: the cluster plan and 09's two-pass plan on the same data, each
// run once inside NVTX ranges, so that Nsight Systems shows one kernel against two.
//   nsys profile -o demo11 ./demo_11_clusters        (or ./course profile 11)
#include <nvtx3/nvToolsExt.h>

#include <cstdio>
#include <string>

#include "09_radixN/radix_plan.hpp"
#include "11_clusters/cluster_plan.hpp"
#include "common/bench_cuda.hpp"

using namespace course;

template <class T, class Plan>
void run_plan(const char* name, const Plan& plan, const cuda::DeviceBuffer<Complex<T>>& in, cuda::DeviceBuffer<Complex<T>>& out,
              double bytes) {
  nvtxRangePushA(name);
  cuda::EventTimer t;
  t.start();
  plan.execute(in.data(), out.data(), Direction::forward);
  t.stop();
  const float ms = t.elapsed_ms();
  nvtxRangePop();
  std::printf("  %-22s %.4f ms, %.0f GB/s (one read and one write of the data)\n", name, ms, bytes / (ms * 1e-3) / 1e9);
}

template <class T>
void run(std::size_t n, std::size_t batch) {
  char label[96];
  std::snprintf(label, sizeof label, "%s N=%zu batch=%zu", precision_name<T>(), n, batch);
  nvtxRangePushA(label);
  nvtxRangePushA("plans");
  clusters::Plan<T> cluster(n, batch);
  radixn::Plan<T> passes(n, batch);
  nvtxRangePop();
  std::printf("%s\n", cluster.describe().c_str());

  nvtxRangePushA("allocate and fill");
  cuda::DeviceBuffer<Complex<T>> in(n * batch), out(n * batch);
  bench::fill_random<T>(in.data(), in.size(), 1);
  COURSE_CUDA_CHECK(cudaDeviceSynchronize());
  nvtxRangePop();

  const double bytes = 2.0 * static_cast<double>(n * batch * sizeof(Complex<T>));
  for (int warm = 0; warm < 2; ++warm) {  // the first round includes module loading
    run_plan<T>("11 cluster (1 pass)", cluster, in, out, bytes);
    run_plan<T>(("09 plan (" + std::to_string(passes.passes()) + " passes)").c_str(), passes, in, out, bytes);
  }
  nvtxRangePop();
}

int main() {
  std::string why;
  if (!cuda::device_available(&why)) {
    std::printf("no CUDA device (%s): nothing to demonstrate\n", why.c_str());
    return 0;
  }
  try {
    run<float>(std::size_t{1} << 15, 2048);  // 512 MiB, K = 4
    run<float>(std::size_t{1} << 16, 1024);  // K = 8
    run<double>(std::size_t{1} << 14, 2048);
  } catch (const size_error& e) {  // a GPU without clusters: the plan says why
    std::printf("%s\n", e.what());
  }
  return 0;
}
