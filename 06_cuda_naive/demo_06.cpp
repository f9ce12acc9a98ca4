// 06 demo: each variant once on a fixed size, every step inside an NVTX range, so that
//   nsys profile --trace=cuda,nvtx ./demo_06
// shows where the time goes: allocation, upload, plan, the kernels, download.
#include "06_cuda_naive/naive_fft.hpp"
#include "common/demo.hpp"

using namespace course;

int main() {
  if (!demo::have_device()) return 0;
  demo::run<cuda_naive::BlockPlan<float>>("06 v1 one block per transform", 2048, 512);
  demo::run<cuda_naive::StagePlan<float>>("06 v2 a launch per stage", 2048, 512);
  demo::run<cuda_naive::StagePlan<float>>("06 v2 a launch per stage", std::size_t{1} << 20, 1);
  return 0;
}
