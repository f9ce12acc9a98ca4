// What every GPU chapter's demo does: run a plan once on a fixed size with each step inside an
// NVTX range, so that `nsys profile --trace=cuda,nvtx ./demo_NN` (or `./course profile NN`)
// shows where the time goes: allocation, upload, plan, the kernels, download, and the error.
#pragma once

#include <nvtx3/nvToolsExt.h>

#include <cstdio>
#include <vector>

#include "common/cuda_helpers.hpp"
#include "common/metrics.hpp"
#include "common/reference.hpp"
#include "common/signals.hpp"

namespace course::demo {

// One NVTX range for the lifetime of the object.
struct Range {
  explicit Range(const char* what) { nvtxRangePushA(what); }
  ~Range() { nvtxRangePop(); }
  Range(const Range&) = delete;
  Range& operator=(const Range&) = delete;
};

// Plan: constructible from (n, batch), with execute(const Complex<T>*, Complex<T>*, Direction).
template <class Plan, class T = float>
void run(const char* label, std::size_t n, std::size_t batch) {
  Range whole(label);
  const auto x = random_uniform<T>(n * batch, 1);
  std::vector<Complex<T>> y(n * batch);
  cuda::DeviceBuffer<Complex<T>> in, out;
  {
    Range r("allocate");
    in = cuda::DeviceBuffer<Complex<T>>(n * batch);
    out = cuda::DeviceBuffer<Complex<T>>(n * batch);
  }
  { Range r("upload"); in.upload(x); }
  Plan plan = [&] { Range r("plan"); return Plan(n, batch); }();
  {
    Range r("execute (kernels)");
    plan.execute(in.data(), out.data(), Direction::forward);
    COURSE_CUDA_CHECK(cudaDeviceSynchronize());
  }
  { Range r("download"); out.download(y); }
  const auto ref = reference_dft<T>(x, n, batch, Direction::forward);
  std::printf("%-48s N = %zu, batch = %zu: relative L2 error vs FFTW %.2e\n", label, n, batch,
              rel_l2_error<T, long double>(y, ref));
}

// False (after saying why) when there is no GPU to demonstrate on.
inline bool have_device() {
  std::string why;
  if (cuda::device_available(&why)) return true;
  std::printf("no CUDA device (%s): nothing to demonstrate\n", why.c_str());
  return false;
}

}  // namespace course::demo
