// The chapter's GPU plans, on device memory, built once per shape and executed many times.
//
//   course::twod::Plan2D<float> plan(rows, cols, batch);     // throws size_error if refused
//   plan.execute(d_in, d_out, course::Direction::forward);    // kernels only, on plan.stream()
//
//   course::twod::RealPlan2D<double> real(rows, cols, batch); // rows = 1: batched 1D R2C / C2R
//   real.forward(d_real, d_half);    // rows x cols reals -> rows x (cols/2 + 1) complex, as FFTW/cuFFT
//   real.inverse(d_half, d_real);    // and back, unnormalised: inverse(forward(x)) = rows*cols*x
//
//   course::twod::OtfPipeline<double> otf(512, 512, batch, pupil);  // pupil -> PSF -> OTF, 3 kernels
//   otf.execute(d_otf);                                   // OTF normalised to 1 at frequency 0
//
// Every matrix is row-major, `batch` of them back to back. execute() launches kernels only: no
// copies, no allocation, no synchronisation. in == out is allowed for C2C.
#pragma once

#include <cuda_runtime_api.h>

#include <cstddef>
#include <memory>
#include <string>

#include "10_2d_real/long_pass.hpp"
#include "10_2d_real/optics.hpp"
#include "10_2d_real/shape.hpp"
#include "common/complex.hpp"
#include "common/gpu_limits.hpp"
#include "common/cuda_helpers.hpp"

namespace course::twod {

enum class ColumnMethod {
  grouped,    // one kernel: each block transforms `column_group` adjacent columns, read row by row
  transpose,  // transpose, transform rows, transpose back: three kernels, every access contiguous
};

enum class Kernels {
  tiles,     // the default: chapter 09's register tiles (radixn::TileFft) inside this chapter's passes
  stockham,  // this chapter's first kernels (stockham_thread.hpp), where the three options below apply
};

struct Options {
  Kernels kernels = Kernels::tiles;
  // Only with Kernels::stockham (a tile's transforms per block and radices are 09's tile shape;
  // the tile plans refuse other values instead of ignoring them):
  std::size_t column_group = 0;  // 0: the default for the precision (8 float, 4 double: 64 bytes a row)
  ColumnMethod column_method = ColumnMethod::grouped;
  int log_radix = 4;             // 4: radix-16 stages (the default); 2: radix-4 stages (the first version)
  // Shared memory per block the plan fits: 0 takes the device's (or COURSE_SHARED_LIMIT_KIB);
  // a value overrides both, to plan as a smaller GPU would (common/gpu_limits.hpp).
  int shared_limit_bytes = 0;
};

// The options of the first kernels, for the lesson's comparisons.
inline Options stockham_options(std::size_t column_group = 0, ColumnMethod method = ColumnMethod::grouped, int log_radix = 4) {
  return Options{Kernels::stockham, column_group, method, log_radix};
}

// How one pass was laid out; describe() prints these.
struct PassInfo {
  int length = 1;        // points per transform
  int group = 1;         // transforms per block
  int threads = 1;       // per block
  int per_thread = 1;    // 2^log_radix-point butterflies per thread and stage
  int log_radix = 4;
  std::size_t blocks = 0;
  std::size_t shared_bytes = 0;
  bool tile = false;     // a 09 tile: per_thread counts points in registers, radices lists the stages
  int variant = 0;       // which tile (pass_layout.hpp): 0 on an H100, smaller ones on smaller GPUs
  bool long_pass = false;  // no tile fits the GPU: 09's multi-pass plan does this pass (long_pass.hpp)
  std::string radices;
  std::string str() const;
};

template <class T>
class Plan2D {
 public:
  Plan2D(std::size_t rows, std::size_t cols, std::size_t batch = 1, cudaStream_t stream = nullptr, const Options& options = {});
  void execute(const Complex<T>* in, Complex<T>* out, Direction dir) const;
  std::string describe() const;
  const Shape& shape() const { return shape_; }
  std::size_t column_group() const { return column_.group; }
  cudaStream_t stream() const { return stream_; }
  void set_stream(cudaStream_t s) { stream_ = s; }

 private:
  Shape shape_;
  Options options_;
  cudaStream_t stream_ = nullptr;
  PassInfo row_{}, column_{};
  SharedLimit limit_{};
  LongPass<T> long_rows_, long_columns_;
  cuda::DeviceBuffer<Complex<T>> row_table_, column_table_, scratch_;
};

template <class T>
class RealPlan2D {
 public:
  RealPlan2D(std::size_t rows, std::size_t cols, std::size_t batch = 1, cudaStream_t stream = nullptr, const Options& options = {});
  void forward(const T* in, Complex<T>* out) const;   // R2C; in: rows*cols reals, out: rows*(cols/2+1)
  void inverse(const Complex<T>* in, T* out) const;   // C2R; in is left as it was (a scratch buffer takes the columns)
  std::size_t half_cols() const { return shape_.cols / 2 + 1; }
  std::string describe() const;
  const Shape& shape() const { return shape_; }
  cudaStream_t stream() const { return stream_; }
  void set_stream(cudaStream_t s) { stream_ = s; }

 private:
  Shape shape_;
  Options options_;
  cudaStream_t stream_ = nullptr;
  PassInfo row_{}, column_{};
  SharedLimit limit_{};
  LongPass<T> long_columns_;
  cuda::DeviceBuffer<Complex<T>> half_table_, split_table_, column_table_, scratch_;
};

// pupil -> PSF = |IFFT2(P)|^2 -> OTF = FFT2(PSF) / OTF(0), in three kernels:
//   1. row pass of the inverse transform, pupil generated in the kernel (nothing read);
//   2. column pass: inverse columns, |.|^2, forward columns, all in shared memory (2D transforms
//      are separable, so the forward transform may start with the columns it already holds);
//   3. row pass of the forward transform, scaled by 1 / (rows cols sum|P|^2).
template <class T>
class OtfPipeline {
 public:
  OtfPipeline(std::size_t rows, std::size_t cols, std::size_t batch, const PupilSpec& pupil, cudaStream_t stream = nullptr,
              const Options& options = {});  // stockham: column_group and log_radix apply; the transpose method is refused
  // otf: rows*cols*batch complex. psf (optional, for the demo): the PSF as well, which costs one
  // more write of the whole grid in kernel 2.
  void execute(Complex<T>* otf, Complex<T>* psf = nullptr) const;
  std::string describe() const;
  const Shape& shape() const { return shape_; }
  double scale() const { return scale_; }

 private:
  Shape shape_;
  PupilSpec pupil_;
  Options options_;
  cudaStream_t stream_ = nullptr;
  PassInfo row_{}, column_{};
  SharedLimit limit_{};
  double scale_ = 1;
  cuda::DeviceBuffer<Complex<T>> row_table_, column_table_;
  // When a side has no tile on this GPU (long_pass.hpp): the unfused pipeline on a 2D plan.
  std::unique_ptr<Plan2D<T>> unfused_;
};

// The same pipeline from cuFFT and one elementwise kernel per remaining step: pupil, inverse
// 2D transform, |.|^2, forward 2D transform, scaling. Kept in this chapter as the baseline.
template <class T>
class CufftOtfPipeline {
 public:
  CufftOtfPipeline(std::size_t rows, std::size_t cols, std::size_t batch, const PupilSpec& pupil, cudaStream_t stream = nullptr);
  ~CufftOtfPipeline();
  CufftOtfPipeline(const CufftOtfPipeline&) = delete;
  CufftOtfPipeline& operator=(const CufftOtfPipeline&) = delete;
  void execute(Complex<T>* otf) const;

 private:
  Shape shape_;
  PupilSpec pupil_;
  cudaStream_t stream_ = nullptr;
  double scale_ = 1;
  int plan_ = 0;
};

extern template class Plan2D<float>;
extern template class Plan2D<double>;
extern template class RealPlan2D<float>;
extern template class RealPlan2D<double>;
extern template class OtfPipeline<float>;
extern template class OtfPipeline<double>;
extern template class CufftOtfPipeline<float>;
extern template class CufftOtfPipeline<double>;

}  // namespace course::twod
