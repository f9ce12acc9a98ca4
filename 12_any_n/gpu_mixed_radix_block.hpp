// The plan of 12's read-me-first GPU kernel (gpu_mixed_radix_block.cu): one transform of 1000,
// 1029, 2401 (or 3125 in float) points a block, on device memory. The chapter's gpu::Plan
// (gpu_plan.hpp) is the one to use; this one exists to be read, and
// test_12_gpu_mixed_radix_block keeps it correct.
#pragma once

#include <cuda_runtime_api.h>

#include <cstddef>

#include "common/complex.hpp"

namespace course::anyn::gpu {

template <class T>
class MixedRadixBlockPlan {
 public:
  // Throws course::size_error for any other N, naming N and gpu::Plan.
  MixedRadixBlockPlan(std::size_t n, std::size_t batch = 1, cudaStream_t stream = nullptr);
  void execute(const Complex<T>* in, Complex<T>* out, Direction dir) const;  // device pointers, in != out

 private:
  std::size_t n_, batch_;
  cudaStream_t stream_;
};

extern template class MixedRadixBlockPlan<float>;
extern template class MixedRadixBlockPlan<double>;

}  // namespace course::anyn::gpu
