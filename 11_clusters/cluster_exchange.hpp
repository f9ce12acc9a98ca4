// The plan of 11's read-me-first kernel (cluster_exchange.cu): one transform of 4096 points on a
// cluster of 4 blocks (float and double) or of 65536 float points on 16, on device memory, GPUs
// of compute capability 9.0 and newer only. The chapter's Plan (cluster_plan.hpp) is the one to
// use; this one exists to be read, and test_11_cluster_exchange keeps it correct.
#pragma once

#include <cuda_runtime_api.h>

#include <cstddef>

#include "common/complex.hpp"

namespace course::clusters {

template <class T>
class ClusterExchangePlan {
 public:
  // Throws course::size_error for other N, and on GPUs without clusters, naming the reason.
  ClusterExchangePlan(std::size_t n, std::size_t batch = 1, cudaStream_t stream = nullptr);
  void execute(const Complex<T>* in, Complex<T>* out, Direction dir) const;  // device pointers, in != out

 private:
  std::size_t n_, batch_;
  cudaStream_t stream_;
};

extern template class ClusterExchangePlan<float>;
extern template class ClusterExchangePlan<double>;

}  // namespace course::clusters
