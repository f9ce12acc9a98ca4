// 07 demo: each variant once on a fixed size, every step inside an NVTX range, so that
//   nsys profile --trace=cuda,nvtx ./demo_07
// shows where the time goes: allocation, upload, plan, the kernels, download.
#include "07_cuda_bitops/bitops_fft.hpp"
#include "common/demo.hpp"

using namespace course;

int main() {
  if (!demo::have_device()) return 0;
  using namespace course::bitops;
  const std::size_t big = std::size_t{1} << 22;
  demo::run<ShiftPlan<float>>("07 v1 shifts and masks", big, 1);
  demo::run<ReorderPlan<float>>("07 v2 permutation pass (gather)", big, 1);
  demo::run<TwiddlePlan<float>>("07 v3 twiddle table", big, 1);
  demo::run<SharedPlan<float>>("07 v4 shared memory, 1024 x 1024", 1024, 1024);
  demo::run<TiledPlan<float>>("07 v5 shared first stages + global stages", big, 1);
  return 0;
}
