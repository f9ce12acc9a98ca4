// FFTW's rank-2 plans in long double (fftwl_*), estimate mode: the plans are built per call,
// which only tests do.
#include "10_2d_real/reference2d.hpp"

#include <fftw3.h>

#include <algorithm>
#include <stdexcept>

namespace course::twod {

namespace {

struct LongDoubleBuffer {
  explicit LongDoubleBuffer(std::size_t bytes) : p(fftwl_malloc(std::max<std::size_t>(bytes, 16))) {
    if (!p) throw std::bad_alloc();
  }
  ~LongDoubleBuffer() { fftwl_free(p); }
  void* p;
};

void run_plan(fftwl_plan plan) {
  if (!plan) throw std::runtime_error("10_2d_real reference: FFTW could not plan this transform");
  fftwl_execute(plan);
  fftwl_destroy_plan(plan);
}

}  // namespace

template <class T>
std::vector<Complex<long double>> reference_c2c_2d(std::span<const Complex<T>> x, std::size_t rows, std::size_t cols,
                                                   std::size_t batch, Direction dir) {
  const std::size_t n = rows * cols * batch;
  if (x.size() != n) throw std::invalid_argument("reference_c2c_2d: input size does not match the shape");
  LongDoubleBuffer in(n * sizeof(fftwl_complex)), out(n * sizeof(fftwl_complex));
  auto* pin = static_cast<fftwl_complex*>(in.p);
  auto* pout = static_cast<fftwl_complex*>(out.p);
  const int dims[2] = {static_cast<int>(rows), static_cast<int>(cols)};
  const int dist = static_cast<int>(rows * cols);
  fftwl_plan plan = fftwl_plan_many_dft(2, dims, static_cast<int>(batch), pin, nullptr, 1, dist, pout, nullptr, 1, dist,
                                        dir == Direction::forward ? FFTW_FORWARD : FFTW_BACKWARD, FFTW_ESTIMATE);
  for (std::size_t i = 0; i < n; ++i) { pin[i][0] = x[i].re; pin[i][1] = x[i].im; }
  run_plan(plan);
  std::vector<Complex<long double>> y(n);
  for (std::size_t i = 0; i < n; ++i) y[i] = {pout[i][0], pout[i][1]};
  return y;
}

template <class T>
std::vector<Complex<long double>> reference_r2c_2d(std::span<const T> x, std::size_t rows, std::size_t cols, std::size_t batch) {
  const std::size_t n = rows * cols * batch, bins = cols / 2 + 1, m = rows * bins * batch;
  if (x.size() != n) throw std::invalid_argument("reference_r2c_2d: input size does not match the shape");
  LongDoubleBuffer in(n * sizeof(long double)), out(m * sizeof(fftwl_complex));
  auto* pin = static_cast<long double*>(in.p);
  auto* pout = static_cast<fftwl_complex*>(out.p);
  const int dims[2] = {static_cast<int>(rows), static_cast<int>(cols)};
  fftwl_plan plan = fftwl_plan_many_dft_r2c(2, dims, static_cast<int>(batch), pin, nullptr, 1, static_cast<int>(rows * cols), pout,
                                            nullptr, 1, static_cast<int>(rows * bins), FFTW_ESTIMATE);
  for (std::size_t i = 0; i < n; ++i) pin[i] = x[i];
  run_plan(plan);
  std::vector<Complex<long double>> y(m);
  for (std::size_t i = 0; i < m; ++i) y[i] = {pout[i][0], pout[i][1]};
  return y;
}

template <class T>
std::vector<long double> reference_c2r_2d(std::span<const Complex<T>> x, std::size_t rows, std::size_t cols, std::size_t batch) {
  const std::size_t n = rows * cols * batch, bins = cols / 2 + 1, m = rows * bins * batch;
  if (x.size() != m) throw std::invalid_argument("reference_c2r_2d: input size does not match the shape");
  LongDoubleBuffer in(m * sizeof(fftwl_complex)), out(n * sizeof(long double));
  auto* pin = static_cast<fftwl_complex*>(in.p);
  auto* pout = static_cast<long double*>(out.p);
  const int dims[2] = {static_cast<int>(rows), static_cast<int>(cols)};
  // c2r overwrites its input, so the plan gets FFTW's copy, never the caller's data.
  fftwl_plan plan = fftwl_plan_many_dft_c2r(2, dims, static_cast<int>(batch), pin, nullptr, 1, static_cast<int>(rows * bins), pout,
                                            nullptr, 1, static_cast<int>(rows * cols), FFTW_ESTIMATE);
  for (std::size_t i = 0; i < m; ++i) { pin[i][0] = x[i].re; pin[i][1] = x[i].im; }
  run_plan(plan);
  return std::vector<long double>(pout, pout + n);
}

template std::vector<Complex<long double>> reference_c2c_2d<float>(std::span<const Complex<float>>, std::size_t, std::size_t, std::size_t, Direction);
template std::vector<Complex<long double>> reference_c2c_2d<double>(std::span<const Complex<double>>, std::size_t, std::size_t, std::size_t, Direction);
template std::vector<Complex<long double>> reference_r2c_2d<float>(std::span<const float>, std::size_t, std::size_t, std::size_t);
template std::vector<Complex<long double>> reference_r2c_2d<double>(std::span<const double>, std::size_t, std::size_t, std::size_t);
template std::vector<long double> reference_c2r_2d<float>(std::span<const Complex<float>>, std::size_t, std::size_t, std::size_t);
template std::vector<long double> reference_c2r_2d<double>(std::span<const Complex<double>>, std::size_t, std::size_t, std::size_t);

}  // namespace course::twod
