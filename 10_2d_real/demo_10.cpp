// demo_10: a through-focus stack of PSFs and MTFs from the fused OTF pipeline, the same from the
// cuFFT pipeline, and a 2D C2C and R2C, each inside an NVTX range so Nsight Systems shows which
// kernels belong to which step:
//   nsys profile -o demo10 build/.../10_2d_real/demo_10 <out dir>
// Writes psf.png (log intensity, one panel per focus position), mtf.png (|OTF|, same panels) and
// mtf_curve.png (clear aperture: measured MTF in red over the analytic curve in black).
#include <nvtx3/nvToolsExt.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include "10_2d_real/fft2d.hpp"
#include "10_2d_real/png.hpp"
#include "common/bench_cuda.hpp"
#include "common/cuda_helpers.hpp"

using namespace course;
using namespace course::twod;

namespace {

struct Range {
  explicit Range(const char* name) { nvtxRangePushA(name); }
  ~Range() { nvtxRangePop(); }
};

// Panels of crop x crop around frequency / position 0 (fftshifted), side by side; value -> grey.
template <class F>
std::vector<std::uint8_t> panels(std::size_t side, std::size_t items, std::size_t crop, F&& grey) {
  std::vector<std::uint8_t> img(crop * crop * items);
  for (std::size_t b = 0; b < items; ++b)
    for (std::size_t y = 0; y < crop; ++y)
      for (std::size_t x = 0; x < crop; ++x) {
        const std::size_t r = (y + side - crop / 2) % side, c = (x + side - crop / 2) % side;
        img[y * crop * items + b * crop + x] = grey(b, r * side + c);
      }
  return img;
}

void plot_point(std::vector<std::uint8_t>& rgb, int w, int h, int x, int y, std::uint8_t r, std::uint8_t g, std::uint8_t b) {
  if (x < 0 || y < 0 || x >= w || y >= h) return;
  auto* p = &rgb[(static_cast<std::size_t>(y) * w + x) * 3];
  p[0] = r; p[1] = g; p[2] = b;
}

}  // namespace

int main(int argc, char** argv) {
  std::string why;
  if (!cuda::device_available(&why)) {
    std::printf("demo_10: no CUDA device (%s)\n", why.c_str());
    return 77;
  }
  const std::string dir = argc > 1 ? argv[1] : ".";
  const std::size_t side = 512, items = 4, n = side * side * items;
  PupilSpec pupil;
  pupil.radius = 32;
  pupil.aberration = {0.0, 0.1, 0.15};
  pupil.defocus_step = 0.25;

  std::vector<Complex<double>> otf_host(n), psf_host(n);
  {
    Range r("OTF pipeline, fused (3 kernels), 512^2 double x4");
    OtfPipeline<double> fused(side, side, items, pupil);
    std::puts(fused.describe().c_str());
    cuda::DeviceBuffer<Complex<double>> otf(n), psf(n);
    fused.execute(otf.data(), psf.data());
    cuda::EventTimer t;
    t.start();
    fused.execute(otf.data());
    t.stop();
    std::printf("fused pipeline: %.3f ms (one run, PSF not stored)\n", t.elapsed_ms());
    otf.download(otf_host);
    psf.download(psf_host);
  }
  {
    Range r("OTF pipeline, cuFFT (pupil, IFFT2, |.|^2, FFT2, scale), 512^2 double x4");
    CufftOtfPipeline<double> library(side, side, items, pupil);
    cuda::DeviceBuffer<Complex<double>> otf(n);
    library.execute(otf.data());
    cuda::EventTimer t;
    t.start();
    library.execute(otf.data());
    t.stop();
    std::printf("cuFFT pipeline: %.3f ms (one run)\n", t.elapsed_ms());
    const auto h = otf.to_host();
    double worst = 0;
    for (std::size_t i = 0; i < n; ++i) worst = std::max(worst, std::hypot(h[i].re - otf_host[i].re, h[i].im - otf_host[i].im));
    std::printf("fused vs cuFFT pipeline: max |difference| = %.2e\n", worst);
  }
  {
    Range r("2D C2C float 1024^2 x16: row pass + grouped column pass");
    Plan2D<float> plan(1024, 1024, 16);
    std::puts(plan.describe().c_str());
    cuda::DeviceBuffer<Complex<float>> a(plan.shape().points() * 16), b(a.size());
    course::bench::fill_random<float>(a.data(), a.size(), 1);
    plan.execute(a.data(), b.data(), Direction::forward);
  }
  {
    Range r("2D R2C float 1024^2 x16: packed rows + split, column pass");
    RealPlan2D<float> plan(1024, 1024, 16);
    std::puts(plan.describe().c_str());
    cuda::DeviceBuffer<Complex<float>> a(1024 * 1024 * 8), b(1024 * plan.half_cols() * 16);
    course::bench::fill_random<float>(a.data(), a.size(), 1);
    plan.forward(reinterpret_cast<const float*>(a.data()), b.data());
    COURSE_CUDA_CHECK(cudaDeviceSynchronize());
  }

  Range r("images");
  // PSF: log10 of intensity over 4 decades, each panel scaled to its own peak.
  std::vector<double> peak(items, 0);
  for (std::size_t b = 0; b < items; ++b)
    for (std::size_t i = 0; i < side * side; ++i) peak[b] = std::max(peak[b], psf_host[b * side * side + i].re);
  const std::size_t crop = 128;
  write_png(dir + "/psf.png", int(crop * items), int(crop), 1, panels(side, items, crop, [&](std::size_t b, std::size_t i) {
              const double v = psf_host[b * side * side + i].re / peak[b];
              return static_cast<std::uint8_t>(255 * std::clamp(1 + std::log10(std::max(v, 1e-12)) / 4, 0.0, 1.0));
            }));
  const std::size_t mcrop = 160;  // the OTF's support is |f| <= 2R = 64
  write_png(dir + "/mtf.png", int(mcrop * items), int(mcrop), 1, panels(side, items, mcrop, [&](std::size_t b, std::size_t i) {
              const auto z = otf_host[b * side * side + i];
              return static_cast<std::uint8_t>(255 * std::clamp(std::hypot(z.re, z.im), 0.0, 1.0));
            }));

  // The clear aperture, measured against the analytic curve.
  PupilSpec clear;
  clear.radius = pupil.radius;
  OtfPipeline<double> clear_otf(side, side, 1, clear);
  cuda::DeviceBuffer<Complex<double>> d(side * side);
  clear_otf.execute(d.data());
  const auto h = d.to_host();
  const int w = 520, ht = 320;
  std::vector<std::uint8_t> rgb(static_cast<std::size_t>(w) * ht * 3, 255);
  double worst = 0;
  const int fmax = int(2 * clear.radius) + 8;
  for (int x = 0; x < w; ++x) {
    const double f = double(x) * fmax / w;
    plot_point(rgb, w, ht, x, int((ht - 10) * (1 - diffraction_mtf(f, clear.radius))) + 5, 0, 0, 0);
  }
  for (int f = 0; f <= fmax; ++f) {
    const double m = std::hypot(h[f].re, h[f].im);
    worst = std::max(worst, std::abs(m - diffraction_mtf(f, clear.radius)));
    const int cx = int(double(f) * w / fmax), cy = int((ht - 10) * (1 - m)) + 5;
    for (int dx = -2; dx <= 2; ++dx)
      for (int dy = -2; dy <= 2; ++dy) plot_point(rgb, w, ht, cx + dx, cy + dy, 220, 30, 30);
  }
  write_png(dir + "/mtf_curve.png", w, ht, 3, rgb);
  std::printf("clear aperture R = %.0f on %zu^2: max |MTF - analytic| = %.2e\n", clear.radius, side, worst);
  std::printf("wrote %s/psf.png, %s/mtf.png, %s/mtf_curve.png\n", dir.c_str(), dir.c_str(), dir.c_str());
  return 0;
}
