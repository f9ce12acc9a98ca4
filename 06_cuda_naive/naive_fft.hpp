// 06_cuda_naive: the first GPU FFTs. Plans on device memory, radix-2, out of place.
//
//   v1 BlockPlan: one launch; one block per transform whose threads walk all stages, separated
//      by __syncthreads(). A barrier only reaches the threads of one block, so N is limited to
//      what one block can hold (N/2 = 1024 butterflies): larger N is refused, never computed wrong.
//   v2 StagePlan: one launch per stage, so the end of a launch is the barrier between stages
//      and any N works; one thread per butterfly, indices by division, modulo, pow and log2,
//      twiddles by sincos, bit reversal folded into the first stage's reads.
//
// execute(in, out, dir) takes device pointers, in != out, and only enqueues kernels on the
// plan's stream: no copies, no synchronisation. Sizes are checked by the constructors.
#pragma once

#include <cuda_runtime_api.h>

#include <cstddef>

#include "06_cuda_naive/naive_sizes.hpp"
#include "06_cuda_naive/naive_thread.hpp"
#include "common/complex.hpp"

namespace course::cuda_naive {

// Both constructors call require_v1_size / require_v2_size (naive_sizes.hpp) first, so refused
// sizes throw course::size_error before any device work.
template <class T>
class BlockPlan {
 public:
  explicit BlockPlan(std::size_t n, std::size_t batch = 1, cudaStream_t stream = nullptr);
  void execute(const Complex<T>* in, Complex<T>* out, Direction dir) const;
  std::size_t size() const { return n_; }
  std::size_t batch() const { return batch_; }

 private:
  std::size_t n_, batch_;
  cudaStream_t stream_;
};

template <class T>
class StagePlan {
 public:
  explicit StagePlan(std::size_t n, std::size_t batch = 1, cudaStream_t stream = nullptr);
  void execute(const Complex<T>* in, Complex<T>* out, Direction dir) const;
  std::size_t size() const { return n_; }
  std::size_t batch() const { return batch_; }

 private:
  std::size_t n_, batch_;
  cudaStream_t stream_;
};

extern template class BlockPlan<float>;
extern template class BlockPlan<double>;
extern template class StagePlan<float>;
extern template class StagePlan<double>;

}  // namespace course::cuda_naive
