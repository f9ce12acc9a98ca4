// A small program to profile 12's GPU half: the front door (gpu_plan.hpp) on one size of each
// route, inside NVTX ranges, so that Nsight Systems shows one kernel for a one-pass size, two for
// two passes, and Bluestein's kernels for a prime.
//   nsys profile -o demo12 ./demo_12_any_n        (or ./course profile 12)
#include <cstdio>

#include "12_any_n/gpu_plan.hpp"
#include "common/demo.hpp"

using namespace course;

template <class T>
void show(const char* label, std::size_t n, std::size_t batch) {
  std::printf("%s\n", anyn::gpu::Plan<T>(n, batch).describe().c_str());
  demo::run<anyn::gpu::Plan<T>, T>(label, n, batch);
}

int main() {
  if (!demo::have_device()) return 0;
  show<float>("12 one pass: 1000 = 10 * 10 * 10", 1000, 4096);
  show<float>("12 two passes: 10^6 = 1000 * 1000", 1000000, 8);
  show<float>("12 Bluestein: the prime 1009", 1009, 4096);
  show<float>("12 a power of two: 2^16 (11's plan)", std::size_t{1} << 16, 64);
  show<double>("12 one pass, double: 3000", 3000, 1024);
  return 0;
}
