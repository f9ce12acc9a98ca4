// The chapter's GPU FFT: a plan built once for (N, batch), executed many times on device memory.
//
//   course::radixn::Plan<float> plan(n, batch);        // throws course::size_error if refused
//   std::puts(plan.describe().c_str());                // radices, passes, threads, shared memory
//   plan.execute(d_in, d_out, course::Direction::forward);   // device pointers, async on stream()
//
// execute() only launches kernels (one per pass) on the plan's stream: no copies, no device allocation,
// no synchronisation. in == out is allowed. With PlanOptions::input / output the transforms may
// be strided (element j of transform b at b * dist + j * stride), which is how 10_2d_real runs
// the columns of a row-major matrix: Plan(height, width, stream, {.input = {width, 1},
// .output = {width, 1}}).
#pragma once

#include <cuda_runtime_api.h>

#include <cstddef>
#include <string>
#include <vector>

#include "09_radixN/planner.hpp"
#include "common/complex.hpp"
#include "common/cuda_helpers.hpp"

namespace course::radixn {

template <class T>
class Plan {
 public:
  Plan(std::size_t n, std::size_t batch = 1, cudaStream_t stream = nullptr, const PlanOptions& options = {});

  void execute(const Complex<T>* in, Complex<T>* out, Direction dir) const;

  std::string describe() const { return shape_.describe(); }
  const PlanShape& shape() const { return shape_; }
  std::size_t n() const { return shape_.n; }
  std::size_t batch() const { return shape_.batch; }
  int passes() const { return shape_.pass_count(); }
  cudaStream_t stream() const { return stream_; }
  void set_stream(cudaStream_t s) { stream_ = s; }

 private:
  PlanShape shape_;
  cudaStream_t stream_ = nullptr;
  cuda::DeviceBuffer<Complex<T>> scratch_;
  std::vector<cuda::DeviceBuffer<Complex<T>>> stage_tables_;  // w(j, M) per pass
};

extern template class Plan<float>;
extern template class Plan<double>;

}  // namespace course::radixn
