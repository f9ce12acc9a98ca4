// 06 demo: each variant once on a fixed size, every step inside an NVTX range, so that
//   nsys profile --trace=cuda,nvtx ./demo_06
// shows where the time goes: allocation, upload, plan, the kernels, download.
#include <nvtx3/nvToolsExt.h>

#include <cstdio>

#include "06_cuda_naive/naive_fft.hpp"
#include "common/cuda_helpers.hpp"
#include "common/metrics.hpp"
#include "common/reference.hpp"
#include "common/signals.hpp"

using namespace course;

namespace {

struct Range {
  explicit Range(const char* what) { nvtxRangePushA(what); }
  ~Range() { nvtxRangePop(); }
};

template <class Plan>
void run(const char* label, std::size_t n, std::size_t batch) {
  Range whole(label);
  const auto x = random_uniform<float>(n * batch, 1);
  std::vector<Complex<float>> y(n * batch);
  cuda::DeviceBuffer<Complex<float>> in, out;
  {
    Range r("allocate");
    in = cuda::DeviceBuffer<Complex<float>>(n * batch);
    out = cuda::DeviceBuffer<Complex<float>>(n * batch);
  }
  { Range r("upload"); in.upload(x); }
  Plan plan = [&] { Range r("plan"); return Plan(n, batch); }();
  {
    Range r("execute (kernels)");
    plan.execute(in.data(), out.data(), Direction::forward);
    COURSE_CUDA_CHECK(cudaDeviceSynchronize());
  }
  { Range r("download"); out.download(y); }
  const auto ref = reference_dft<float>(x, n, batch, Direction::forward);
  std::printf("%-40s N = %zu, batch = %zu: relative L2 error vs FFTW %.2e\n", label, n, batch,
              rel_l2_error<float, long double>(y, ref));
}

}  // namespace

int main() {
  std::string why;
  if (!cuda::device_available(&why)) {
    std::printf("no CUDA device (%s): nothing to demonstrate\n", why.c_str());
    return 0;
  }
  run<cuda_naive::BlockPlan<float>>("06 v1 one block per transform", 2048, 512);
  run<cuda_naive::StagePlan<float>>("06 v2 a launch per stage", 2048, 512);
  run<cuda_naive::StagePlan<float>>("06 v2 a launch per stage", std::size_t{1} << 20, 1);
  return 0;
}
