// The GPU part of a lab's grade (compiled by nvcc, only into the lab_NN_*_gpu builds): device
// detection (no device: skipped, never passed), the conformance suite on device kernels, and
// the performance band, your kernel and the reference timed alternately in the same run.
#pragma once

#include <algorithm>
#include <cstdlib>
#include <functional>
#include <string>
#include <vector>

#include "common/cuda_helpers.hpp"
#include "common/lab/gpu_part.hpp"
#include "common/lab/lab_conformance.hpp"

namespace course::lab {

// True when a device can be used; else the GPU part is recorded as skipped, saying why.
inline bool gpu_present(Grader& g) {
  std::string why;
  if (!cuda::device_available(&why)) {
    g.skip("GPU", "device conformance and performance band", "no usable CUDA device here (" + why + "): the GPU part is not graded");
    return false;
  }
  const auto d = cuda::query_device(0);
  g.info("GPU", "device", d.name + " (sm_" + std::to_string(d.major) + std::to_string(d.minor) + ")");
  return true;
}

// Adapts device kernels to the conformance suite: run(d_in, d_out, n, batch, dir) launches the
// transform on device memory; copies are the adapter's, the output is poisoned first.
template <class T>
conformance::TransformFn<T> on_device(std::function<void(const Complex<T>*, Complex<T>*, std::size_t, std::size_t, Direction)> run,
                                      std::function<void(std::size_t, std::size_t)> refuse) {
  return [run, refuse](std::span<const Complex<T>> in, std::span<Complex<T>> out, std::size_t n, std::size_t batch, Direction dir) {
    refuse(n, batch);
    cuda::DeviceBuffer<Complex<T>> d_in(n * batch), d_out(n * batch);
    d_in.upload(in);
    d_out.poison();
    run(d_in.data(), d_out.data(), n, batch, dir);
    COURSE_CUDA_CHECK(cudaGetLastError());
    COURSE_CUDA_CHECK(cudaDeviceSynchronize());
    d_out.download(out);
  };
}

// Median times of `yours` and `reference` (each one whole transform call on device data),
// measured alternately after a warm-up; then the band check: yours / reference <= band.high.
// `todo` is where a slow answer is to be looked for.
inline bool band_check(Grader& g, const std::string& what, const std::function<void()>& yours,
                       const std::function<void()>& reference, const std::string& todo, Band band = {}, int reps = 15) {
  // --quick is the sanitizer run (tools/lab_gpu_check.sh): under compute-sanitizer a time says
  // nothing, and the timed sizes would take minutes. Recorded as skipped, never as passed.
  if (g.quick()) {
    g.skip("GPU performance band", what, "not timed with --quick (meant for sanitizer runs, where times mean nothing)");
    return true;
  }
  cuda::EventTimer timer;
  auto time = [&](const std::function<void()>& f) {
    timer.start();
    f();
    timer.stop();
    COURSE_CUDA_CHECK(cudaGetLastError());
    return static_cast<double>(timer.elapsed_ms());
  };
  for (int i = 0; i < 3; ++i) { time(yours); time(reference); }
  std::vector<double> ty, tr;
  for (int i = 0; i < reps; ++i) { ty.push_back(time(yours)); tr.push_back(time(reference)); }
  std::sort(ty.begin(), ty.end());
  std::sort(tr.begin(), tr.end());
  const double y = ty[ty.size() / 2], r = tr[tr.size() / 2], ratio = y / r;
  // A teacher may widen or narrow the band for a class: COURSE_LAB_BAND=1.5.
  if (const char* e = std::getenv("COURSE_LAB_BAND")) {
    const double v = std::atof(e);
    if (v >= 1.0) band.high = v;
  }
  g.metric(what + ": your time (ms)", y);
  g.metric(what + ": reference time (ms)", r);
  g.metric(what + ": ratio", ratio);
  const std::string msg = "your kernel " + fmt(y) + " ms, the reference " + fmt(r) + " ms in the same run: " + fmt(ratio) +
                          "x (band: at most " + fmt(band.high) + "x)";
  if (ratio <= band.high) {
    g.pass("GPU performance band", what, msg + ": within the band");
    return true;
  }
  g.fail("GPU performance band", what, msg + ": OUTSIDE the band", todo);
  return false;
}

}  // namespace course::lab
