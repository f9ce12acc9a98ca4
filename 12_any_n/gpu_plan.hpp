// 12_any_n on the GPU, first step: batched transforms of a 7-smooth N that fits one block's
// shared memory (float up to 6144, double up to 3072 points), one kernel, one pass.
//   course::anyn::gpu::TilePlan<float> plan(1000, batch);      // refuses other N, naming the limit
//   plan.execute(d_in, d_out, course::Direction::forward);     // device pointers, in == out allowed
#pragma once

#include <cuda_runtime_api.h>

#include <string>

#include "12_any_n/gpu_shape.hpp"
#include "common/cuda_helpers.hpp"

namespace course::anyn::gpu {

template <class T>
class TilePlan {
 public:
  TilePlan(std::size_t n, std::size_t batch = 1, cudaStream_t stream = nullptr);
  void execute(const Complex<T>* in, Complex<T>* out, Direction dir) const;
  std::string describe() const;
  std::size_t n() const { return static_cast<std::size_t>(args_.n); }
  std::size_t batch() const { return static_cast<std::size_t>(args_.transforms); }

 private:
  TileArgs<T> args_;
  int shared_bytes_ = 0;
  cudaStream_t stream_ = nullptr;
  cuda::DeviceBuffer<Complex<T>> twiddles_;
};

extern template class TilePlan<float>;
extern template class TilePlan<double>;

}  // namespace course::anyn::gpu
