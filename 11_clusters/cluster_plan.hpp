// The chapter's GPU FFT: one thread-block cluster per transform, one pass over global memory.
//
//   course::clusters::Plan<float> plan(n, batch);     // throws course::size_error if refused
//   std::puts(plan.describe().c_str());               // the split, cluster size, shared memory
//   plan.execute(d_in, d_out, course::Direction::forward);   // device pointers, async on stream()
//
// N = 2^15..2^18 in float and 2^14..2^17 in double, packed transforms one after another;
// in == out is allowed. Needs clusters: compute capability 9.0 (Hopper) or newer; elsewhere the
// constructor refuses and names 09_radixN's Plan, which takes the same sizes in two passes.
#pragma once

#include <cuda_runtime_api.h>

#include <cstddef>
#include <string>

#include "11_clusters/cluster_shape.hpp"
#include "common/complex.hpp"

namespace course::clusters {

template <class T>
class Plan {
 public:
  // register_io = false: the first version, through the shared tile at both ends (for the
  // lesson's comparison; the default is faster).
  Plan(std::size_t n, std::size_t batch = 1, cudaStream_t stream = nullptr, bool register_io = true);

  void execute(const Complex<T>* in, Complex<T>* out, Direction dir) const;

  std::string describe() const;
  const ClusterShape& shape() const { return shape_; }
  std::size_t n() const { return n_; }
  std::size_t batch() const { return batch_; }
  int shared_bytes() const { return shared_bytes_; }
  int active_clusters() const { return active_clusters_; }  // clusters the device holds at once
  bool register_io() const { return register_io_; }
  cudaStream_t stream() const { return stream_; }
  void set_stream(cudaStream_t s) { stream_ = s; }

 private:
  std::size_t n_ = 0, batch_ = 0;
  ClusterShape shape_;
  int threads_ = 0, shared_bytes_ = 0, active_clusters_ = 0;
  bool register_io_ = true;
  cudaStream_t stream_ = nullptr;
};

extern template class Plan<float>;
extern template class Plan<double>;

}  // namespace course::clusters
