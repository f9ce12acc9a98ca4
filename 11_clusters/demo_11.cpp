// A small program to profile: the cluster plan and 09's two-pass plan on the same data, each
// run once inside NVTX ranges, so that Nsight Systems shows one kernel against two.
//   nsys profile -o demo11 ./demo_11_clusters        (or ./course profile 11)
#include <cstdio>
#include <string>

#include "09_radixN/radix_plan.hpp"
#include "11_clusters/cluster_plan.hpp"
#include "common/bench_cuda.hpp"
#include "common/demo.hpp"

using namespace course;

template <class T, class Plan>
void run_plan(const char* name, const Plan& plan, const cuda::DeviceBuffer<Complex<T>>& in, cuda::DeviceBuffer<Complex<T>>& out,
              double bytes) {
  float ms = 0;
  {
    demo::Range r(name);
    cuda::EventTimer t;
    t.start();
    plan.execute(in.data(), out.data(), Direction::forward);
    t.stop();
    ms = t.elapsed_ms();
  }
  std::printf("  %-22s %.4f ms, %.0f GB/s (one read and one write of the data)\n", name, ms, bytes / (ms * 1e-3) / 1e9);
}

template <class T>
void run(std::size_t n, std::size_t batch) {
  char label[96];
  std::snprintf(label, sizeof label, "%s N=%zu batch=%zu", precision_name<T>(), n, batch);
  demo::Range whole(label);  // ranges close on every way out, a refused plan included
  const auto plans = [&] {
    demo::Range r("plans");
    return std::make_pair(clusters::Plan<T>(n, batch), radixn::Plan<T>(n, batch));
  };
  const auto [cluster, passes] = plans();
  std::printf("%s\n", cluster.describe().c_str());

  cuda::DeviceBuffer<Complex<T>> in, out;
  {
    demo::Range r("allocate and fill");
    in = cuda::DeviceBuffer<Complex<T>>(n * batch);
    out = cuda::DeviceBuffer<Complex<T>>(n * batch);
    bench::fill_random<T>(in.data(), in.size(), 1);
    COURSE_CUDA_CHECK(cudaDeviceSynchronize());
  }

  const double bytes = 2.0 * static_cast<double>(n * batch * sizeof(Complex<T>));
  for (int warm = 0; warm < 2; ++warm) {  // the first round includes module loading
    run_plan<T>("11 cluster (1 pass)", cluster, in, out, bytes);
    run_plan<T>(("09 plan (" + std::to_string(passes.passes()) + " passes)").c_str(), passes, in, out, bytes);
  }
}

int main() {
  if (!demo::have_device()) return 0;
  try {
    run<float>(std::size_t{1} << 15, 2048);  // 512 MiB, K = 4
    run<float>(std::size_t{1} << 16, 1024);  // K = 8
    run<double>(std::size_t{1} << 14, 2048);
  } catch (const size_error& e) {  // a GPU without clusters: the plan says why
    std::printf("%s\n", e.what());
  }
  return 0;
}
