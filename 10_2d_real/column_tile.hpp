// The plan of 10's read-me-first kernels (column_tile.cu): a 2D C2C of `batch` row-major
// rows x cols matrices, rows 16 or 256, cols 16, 256 (or 4096 in float), on device memory: 09's
// plain row kernel, then the plain column kernel in place on `out`. Plan2D (fft2d.hpp) is the one
// to use; this one exists to be read, and test_10_column_tile keeps it correct.
#pragma once

#include <cuda_runtime_api.h>

#include <cstddef>

#include "09_radixN/radix16_tile.hpp"
#include "common/complex.hpp"

namespace course::twod {

template <class T>
class ColumnTilePlan {
 public:
  // Throws course::size_error for other sides, naming the side and Plan2D.
  ColumnTilePlan(std::size_t rows, std::size_t cols, std::size_t batch = 1, cudaStream_t stream = nullptr);
  void execute(const Complex<T>* in, Complex<T>* out, Direction dir) const;  // device pointers, in != out

 private:
  std::size_t rows_, cols_, batch_;
  cudaStream_t stream_;
  radixn::Radix16TilePlan<T> row_pass_;
};

extern template class ColumnTilePlan<float>;
extern template class ColumnTilePlan<double>;

}  // namespace course::twod
