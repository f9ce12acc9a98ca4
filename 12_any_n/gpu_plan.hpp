// 12_any_n on the GPU: batched transforms of any N.
//   course::anyn::gpu::Plan<float> plan(1000, batch);       // refuses bad N and batch, naming the limit
//   plan.execute(d_in, d_out, course::Direction::forward);  // device pointers, in == out allowed
//   plan.describe();                                        // "... in 1 pass; 1000 = 10 * 10 * 10, ..."
// The course's one front door for any N on the GPU:
//   N = 2^k: 11's FastestPlan (a cluster plan where it beats 09 on this GPU, else 09's plan);
//   other N = 2^a 3^b 5^c 7^d: mixed-radix passes (gpu_pass.hpp), as few as the block allows;
//   any other N: Bluestein, a convolution of M >= 2N - 1 points (gpu_bluestein.cu).
#pragma once

#include <cuda_runtime_api.h>

#include <memory>
#include <string>

#include "09_radixN/radix_plan.hpp"
#include "11_clusters/fastest_plan.hpp"
#include "12_any_n/gpu_cluster_launch.hpp"
#include "12_any_n/gpu_fixed.hpp"
#include "12_any_n/gpu_shape.hpp"
#include "common/cuda_helpers.hpp"
#include "common/gpu_limits.hpp"

namespace course::anyn::gpu {

// This GPU's shared memory a block, or the smaller limit COURSE_SHARED_LIMIT_KIB sets.
inline SharedLimit shared_limit() { return resolve_shared_limit(chapter, 0, cuda::device_shared_limit_bytes(), kMostSharedLimitBytes); }

// A host table on the device (one element when empty, so that its pointer is never null).
template <class T>
cuda::DeviceBuffer<Complex<T>> device_table(const std::vector<Complex<T>>& host) {
  cuda::DeviceBuffer<Complex<T>> d(host.empty() ? 1 : host.size());
  if (!host.empty()) d.upload(std::span<const Complex<T>>(host.data(), host.size()));
  return d;
}


// The mixed-radix passes of a 31-smooth N (prime factors 2 to 31).
template <class T>
class MixedPlan {
 public:
  // block_points: 0 lets the plan choose (gpu_shape.hpp); 2048 .. 16384 force it where it fits.
  MixedPlan(std::size_t n, std::size_t batch = 1, cudaStream_t stream = nullptr, int block_points = 0,
            PassKernel kernel = PassKernel::best);
  void execute(const Complex<T>* in, Complex<T>* out, Direction dir) const;
  std::string describe() const;

 private:
  // One of make_passes' passes and the kernel that runs it.
  struct Pass {
    MixedPassArgs<T> args;              // threads: the compiled kernel's own where it has one, as the launch takes them
    PassKernelPtr<T> kernel = nullptr;  // chosen last (choose_kernels; factor asks too, for keep_wide): allowing its shared memory asks the device
    bool compiled = false;              // compiled for the pass's shape (gpu_fixed.hpp), else the generic kernel
    int points = kPointsPerThread;      // a thread: what sets the pass's threads and its registers
    bool direct = false;                // first and last stages in global memory: no copy through shared memory on the way in and out
    int blocks_an_sm = 0;               // as the device reports it for this kernel, threads and shared memory
    bool short_store_runs = false;      // through shared memory only because its last stage's store runs are short
    int wide_blocks_an_sm = 0;          // where keep_wide turned a wide pass down: the blocks an SM its kernel would get
    int widest_blocks_an_sm = 0;        // the same for a pass with stages of 18 to 28 (16 points a thread)
  };

  // The constructor's three steps, in this order so that every refusal comes before the plan
  // allocates or uploads anything on the device.
  PassTables<T> factor(int block_points, PassKernel kernel, const SharedLimit& limit);
  void upload_twiddles_and_scratch(const PassTables<T>& tables);
  void choose_kernels(PassKernel kernel);
  static Pass choose_kernel(PassKernel kernel, const MixedPassArgs<T>& a);

  std::size_t n_ = 0, batch_ = 0;
  std::vector<Pass> passes_;  // run one kernel each; empty where cluster_ runs them
  ClusterKernel<T> cluster_;  // where set, one pass on clusters of two blocks instead of passes_ one by one
  // The cluster pass's two passes as bind_cluster takes them, kept apart from passes_ so that
  // execute builds no vector a call; empty where the passes run one by one.
  std::vector<MixedPassArgs<T>> cluster_passes_;
  cudaStream_t stream_ = nullptr;
  cuda::DeviceBuffer<Complex<T>> stage_, lo_, hi_;
  cuda::DeviceBuffer<Complex<T>> scratch_[2];  // one for two passes, two for three
};

// Bluestein: X_k = c_k sum_n (x_n c_n) conj(c_{k-n}), c_n = exp(-i pi n^2 / N), the sum a
// cyclic convolution of M points done as FFT, product, inverse FFT: in one block for small M,
// else through the mixed-radix passes with the chirp fused into them or through 09's plan.
template <class T>
class BluesteinPlan {
 public:
  // pass_kernel: fused_chirp or separate_chirp picks the path for M above one block; others: the plan's.
  BluesteinPlan(std::size_t n, std::size_t batch = 1, cudaStream_t stream = nullptr, PassKernel pass_kernel = PassKernel::best);
  void execute(const Complex<T>* in, Complex<T>* out, Direction dir) const;
  std::string describe() const;

 private:
  std::size_t n_ = 0, batch_ = 0, m_ = 0;
  cudaStream_t stream_ = nullptr;
  std::unique_ptr<radixn::Plan<T>> convolution_;  // M above kBluesteinBlockPoints, separate_chirp: 09's plan
  std::vector<MixedPassArgs<T>> fused_passes_;          // M above kBluesteinBlockPoints, fused_chirp: the passes of M
  MixedPassArgs<T> block_pass_;                         // else one kernel, this pass's stages inside it
  cuda::DeviceBuffer<Complex<T>> stage_, lo_, hi_;  // the passes' twiddles
  cuda::DeviceBuffer<Complex<T>> chirp_;           // c_n, n < N
  cuda::DeviceBuffer<Complex<T>> filter_;          // K: FFT_M of conj(c) wrapped, divided by M
  cuda::DeviceBuffer<Complex<T>> work_, spare_;    // batch * M each (spare_: the fused passes' ping-pong)
};

template <class T>
class Plan {
 public:
  // block_points (2048 .. 16384) or PassKernel::shared_io (MixedPlan) force the mixed-radix passes.
  Plan(std::size_t n, std::size_t batch = 1, cudaStream_t stream = nullptr, int block_points = 0, PassKernel kernel = PassKernel::best);
  void execute(const Complex<T>* in, Complex<T>* out, Direction dir) const;
  std::string describe() const;
  std::size_t n() const { return n_; }
  std::size_t batch() const { return batch_; }

 private:
  std::size_t n_ = 0, batch_ = 0;
  std::unique_ptr<clusters::FastestPlan<T>> power_of_two_;
  std::unique_ptr<MixedPlan<T>> mixed_;
  std::unique_ptr<BluesteinPlan<T>> bluestein_;
};

extern template class MixedPlan<float>;
extern template class MixedPlan<double>;
extern template class BluesteinPlan<float>;
extern template class BluesteinPlan<double>;
extern template class Plan<float>;
extern template class Plan<double>;

}  // namespace course::anyn::gpu
