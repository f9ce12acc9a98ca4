// 08 demo: each variant once on a fixed size, every step inside an NVTX range, so that
//   nsys profile --trace=cuda,nvtx ./demo_08
// shows the passes of each variant side by side: v1 and v2 launch one kernel per stage (v2 one
// more, the reversal), v3 one fused kernel and then one per remaining stage, v4 three kernels.
#include <nvtx3/nvToolsExt.h>

#include <cstdio>
#include <string>

#include "08_cuda_stockham/stockham.hpp"
#include "common/cuda_helpers.hpp"
#include "common/metrics.hpp"
#include "common/reference.hpp"
#include "common/signals.hpp"

using namespace course;
using namespace course::stockham;

namespace {

struct Range {
  explicit Range(const std::string& what) { nvtxRangePushA(what.c_str()); }
  ~Range() { nvtxRangePop(); }
};

template <template <class> class Plan>
void run(const char* label, std::size_t n, std::size_t batch, const std::vector<Complex<float>>& x,
         const std::vector<Complex<long double>>& want) {
  Range whole(label);
  cuda::DeviceBuffer<Complex<float>> in, out;
  {
    Range r("allocate");
    in = cuda::DeviceBuffer<Complex<float>>(n * batch);
    out = cuda::DeviceBuffer<Complex<float>>(n * batch);
  }
  { Range r("upload"); in.upload(x); }
  auto plan = [&] { Range r("plan (twiddles, scratch)"); return Plan<float>(n, batch); }();
  {
    Range r("execute (" + std::to_string(plan.passes()) + " passes)");
    plan.execute(in.data(), out.data(), Direction::forward);
    COURSE_CUDA_CHECK(cudaDeviceSynchronize());
  }
  std::vector<Complex<float>> y(n * batch);
  { Range r("download"); out.download(y); }
  const double err = rel_l2_error<float, long double>(y, want);
  std::printf("%-28s N=%zu batch=%zu: %2u passes over global memory, relative error %.2e (%s)\n", label, n, batch,
              plan.passes(), err, err <= tolerance<float>(n) ? "ok" : "WRONG");
}

}  // namespace

int main() {
  std::string why;
  if (!cuda::device_available(&why)) {
    std::printf("no CUDA device (%s): nothing to profile\n", why.c_str());
    return 0;
  }
  const std::size_t n = std::size_t{1} << 20, batch = 8;
  const auto x = random_uniform<float>(n * batch, 1);
  const auto want = reference_dft<float>(x, n, batch, Direction::forward);
  run<StockhamPlan>("v1 Stockham radix-2", n, batch, x, want);
  run<CooleyTukeyPlan>("v2 Cooley-Tukey + reversal", n, batch, x, want);
  run<FusedFirstPlan>("v3 first stages fused", n, batch, x, want);
  run<FusedPlan>("v4 all passes fused", n, batch, x, want);
  return 0;
}
