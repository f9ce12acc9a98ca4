// 07 demo: each variant once on a fixed size, every step inside an NVTX range, so that
//   nsys profile --trace=cuda,nvtx ./demo_07
// shows where the time goes: allocation, upload, plan, the kernels, download.
#include <nvtx3/nvToolsExt.h>

#include <cstdio>

#include "07_cuda_bitops/bitops_fft.hpp"
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
  using namespace course::bitops;
  const std::size_t big = std::size_t{1} << 22;
  run<ShiftPlan<float>>("07 v1 shifts and masks", big, 1);
  run<ReorderPlan<float>>("07 v2 permutation pass (gather)", big, 1);
  run<TwiddlePlan<float>>("07 v3 twiddle table", big, 1);
  run<SharedPlan<float>>("07 v4 shared memory, 1024 x 1024", 1024, 1024);
  run<TiledPlan<float>>("07 v5 shared first stages + global stages", big, 1);
  return 0;
}
