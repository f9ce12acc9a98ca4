// The plan of 09's read-me-first kernel (radix16_tile.cu): one transform of 16, 256 or 4096
// points (4096 in float only) a block, on device memory. The chapter's Plan (radix_plan.hpp) is
// the one to use; this one exists to be read, and test_09_radix16_tile keeps it correct.
#pragma once

#include <cuda_runtime_api.h>

#include <cstddef>

#include "common/complex.hpp"

namespace course::radixn {

template <class T>
class Radix16TilePlan {
 public:
  // Throws course::size_error for any other N, naming N and 09's Plan.
  Radix16TilePlan(std::size_t n, std::size_t batch = 1, cudaStream_t stream = nullptr);
  void execute(const Complex<T>* in, Complex<T>* out, Direction dir) const;  // device pointers

 private:
  std::size_t n_, batch_;
  cudaStream_t stream_;
};

extern template class Radix16TilePlan<float>;
extern template class Radix16TilePlan<double>;

}  // namespace course::radixn
