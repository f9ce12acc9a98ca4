// A small program to profile: builds plans, prints them, runs each once inside NVTX ranges.
//   nsys profile -o demo09 ./demo_09_radixN          (the ranges show per step and pass)
#include <nvtx3/nvToolsExt.h>

#include <cstdio>

#include "09_radixN/radix_plan.hpp"
#include "common/bench_cuda.hpp"

using namespace course;

template <class T>
void run(std::size_t n, std::size_t batch) {
  char label[96];
  std::snprintf(label, sizeof label, "%s N=%zu batch=%zu", precision_name<T>(), n, batch);
  nvtxRangePushA(label);

  nvtxRangePushA("plan");
  radixn::Plan<T> plan(n, batch);
  nvtxRangePop();
  std::printf("%s\n", plan.describe().c_str());

  nvtxRangePushA("allocate and fill");
  cuda::DeviceBuffer<Complex<T>> in(n * batch), out(n * batch);
  bench::fill_random<T>(in.data(), in.size(), 1);
  COURSE_CUDA_CHECK(cudaDeviceSynchronize());
  nvtxRangePop();

  for (Direction dir : {Direction::forward, Direction::inverse}) {
    nvtxRangePushA(dir == Direction::forward ? "execute forward" : "execute inverse");
    cuda::EventTimer t;
    t.start();
    plan.execute(in.data(), out.data(), dir);
    t.stop();
    const float ms = t.elapsed_ms();
    nvtxRangePop();
    std::printf("  %s: %.4f ms, %.0f GB/s per pass over the data\n", to_string(dir), ms,
                plan.passes() * 2.0 * n * batch * sizeof(Complex<T>) / (ms * 1e-3) / 1e9);
  }
  nvtxRangePop();
}

int main() {
  std::string why;
  if (!cuda::device_available(&why)) {
    std::printf("no CUDA device (%s): nothing to demonstrate\n", why.c_str());
    return 0;
  }
  run<float>(4096, 16384);           // one pass
  run<float>(std::size_t{1} << 20, 64);  // two passes
  run<double>(std::size_t{1} << 25, 1);  // three passes
  return 0;
}
