// The optics of the pipeline, per pupil sample and per PSF sample, as __host__ __device__
// functions (the fused kernels and the cuFFT pipeline's kernels call them; the emulated test
// checks them on the CPU).
//
// The pupil lives on the frequency grid of the PSF: sample (row, col) is the spatial frequency
// (fy, fx) = (row, col) folded to [-n/2, n/2), so the aperture is centred on frequency 0 and no
// fftshift is needed before the transforms. A clear circular aperture of radius R samples gives a
// diffraction-limited OTF with cutoff 2R; the grid must hold that (4R <= side) or the OTF wraps.
//
// Generalised pupil P = A exp(2 pi i W), A = 1 inside the aperture, W the wavefront error in
// waves from three Zernike terms (unit RMS over the pupil, Noll's normalisation):
//   defocus Z4 = sqrt(3) (2 rho^2 - 1), astigmatism Z6 = sqrt(6) (u^2 - v^2),
//   coma Z8 = sqrt(8) (3 rho^2 - 2) u      with (u, v) = (fx, fy) / R, rho^2 = u^2 + v^2.
#pragma once

#include <cmath>
#include <cstddef>

#include "common/complex.hpp"

namespace course::twod {

struct Zernike {
  double defocus = 0, astigmatism = 0, coma = 0;  // waves RMS
};

// Batch item b gets defocus + b * defocus_step: a through-focus stack, one PSF per item.
struct PupilSpec {
  double radius = 32;  // aperture radius, in frequency samples
  Zernike aberration{};
  double defocus_step = 0;
};

FFT_HD inline long long folded_frequency(long long index, long long side) {
  return index < (side + 1) / 2 ? index : index - side;
}

FFT_HD inline bool inside_aperture(long long fy, long long fx, double radius) {
  // Integer squares compared with R^2 in double: host and device agree on every edge sample.
  return static_cast<double>(fy * fy + fx * fx) <= radius * radius;
}

// Wavefront error in waves at (fy, fx) for batch item `item`.
FFT_HD inline double wavefront_waves(long long fy, long long fx, const PupilSpec& p, long long item) {
  const double u = static_cast<double>(fx) / p.radius, v = static_cast<double>(fy) / p.radius;
  const double rho2 = u * u + v * v;
  const double defocus = p.aberration.defocus + static_cast<double>(item) * p.defocus_step;
  return defocus * 1.7320508075688772 * (2 * rho2 - 1) + p.aberration.astigmatism * 2.449489742783178 * (u * u - v * v) +
         p.aberration.coma * 2.8284271247461903 * (3 * rho2 - 2) * u;
}

// P at grid sample (row, col) of a rows x cols pupil, batch item `item`.
template <class T>
FFT_HD inline Complex<T> pupil_sample(long long row, long long col, long long rows, long long cols, const PupilSpec& p,
                                      long long item) {
  const long long fy = folded_frequency(row, rows), fx = folded_frequency(col, cols);
  if (!inside_aperture(fy, fx, p.radius)) return {T(0), T(0)};
  // exp(2 pi i W) = cos(pi 2W) + i sin(pi 2W): sincospi keeps the argument reduction exact.
  const double turns = 2 * wavefront_waves(fy, fx, p, item);
  double s, c;
#if defined(__CUDA_ARCH__)
  sincospi(turns, &s, &c);
#else
  s = std::sin(3.141592653589793238462643383279502884 * turns);
  c = std::cos(3.141592653589793238462643383279502884 * turns);
#endif
  return {static_cast<T>(c), static_cast<T>(s)};
}

// PSF sample from the amplitude spread function: |a|^2, kept complex (imaginary part 0) because
// the next transform is complex to complex.
template <class T>
FFT_HD inline Complex<T> intensity(Complex<T> a) {
  return {norm(a), T(0)};
}

// Samples inside the aperture: sum |P|^2, so the OTF's value at frequency 0 is rows * cols * count
// (Parseval for the unnormalised inverse), the factor that normalises OTF(0) to 1.
inline std::size_t aperture_samples(std::size_t rows, std::size_t cols, double radius) {
  std::size_t count = 0;
  for (std::size_t r = 0; r < rows; ++r)
    for (std::size_t c = 0; c < cols; ++c)
      count += inside_aperture(folded_frequency(static_cast<long long>(r), static_cast<long long>(rows)),
                               folded_frequency(static_cast<long long>(c), static_cast<long long>(cols)), radius);
  return count;
}

// The diffraction-limited MTF of a clear circular aperture at spatial frequency nu (samples),
// cutoff nu_c = 2R: (2/pi) (acos s - s sqrt(1 - s^2)), s = nu / nu_c.
inline double diffraction_mtf(double nu, double radius) {
  const double s = nu / (2 * radius);
  if (s >= 1) return 0;
  return (2 / 3.141592653589793238462643383279502884) * (std::acos(s) - s * std::sqrt(1 - s * s));
}

}  // namespace course::twod
