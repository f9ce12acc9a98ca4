// 06_cuda_naive: the kernels and the plans that launch them.
#include "06_cuda_naive/naive_fft.hpp"

#include "common/cuda_helpers.hpp"

namespace course::cuda_naive {

namespace {

constexpr unsigned v2_threads_per_block = 256;

// v1: block b transforms points [b N, (b + 1) N); thread k owns butterfly k of every stage.
// The barrier after each stage is what makes stage s + 1 read what stage s wrote: it orders the
// global-memory writes and reads of the threads of this block, and of no other block.
template <class T>
__global__ void block_fft_kernel(const Complex<T>* in, Complex<T>* out, std::size_t n, int sign) {
  const Complex<T>* x = in + blockIdx.x * n;
  Complex<T>* y = out + blockIdx.x * n;
  if (n == 1) {
    y[0] = x[0];
    return;
  }
  const unsigned stages = log2_by_log(n);
  for (unsigned stage = 0; stage < stages; ++stage) {
    naive_butterfly(x, y, n, stage, threadIdx.x, sign);
    __syncthreads();
  }
}

// v2: one stage; thread t of the grid does butterfly t of the whole batch.
template <class T>
__global__ void stage_kernel(const Complex<T>* in, Complex<T>* out, std::size_t n, unsigned stage,
                             std::size_t threads, int sign) {
  const std::size_t t = static_cast<std::size_t>(blockIdx.x) * blockDim.x + threadIdx.x;
  if (t < threads) naive_butterfly(in, out, n, stage, t, sign);
}

void require_distinct(const void* in, const void* out, const char* who) {
  if (in == out)
    throw std::invalid_argument(std::string(who) + ": in and out must be different buffers (the first stage reads "
                                "the input in bit-reversed order while it writes the output)");
}

}  // namespace

template <class T>
BlockPlan<T>::BlockPlan(std::size_t n, std::size_t batch, cudaStream_t stream) : n_(n), batch_(batch), stream_(stream) {
  require_v1_size(n, batch);
  cuda::require_supported_gpu("06_cuda_naive");
}

template <class T>
void BlockPlan<T>::execute(const Complex<T>* in, Complex<T>* out, Direction dir) const {
  require_distinct(in, out, "06_cuda_naive v1");
  const unsigned threads = n_ == 1 ? 1 : static_cast<unsigned>(n_ / 2);
  block_fft_kernel<T><<<static_cast<unsigned>(batch_), threads, 0, stream_>>>(in, out, n_, static_cast<int>(dir));
  COURSE_CUDA_CHECK_LAUNCH();
}

template <class T>
StagePlan<T>::StagePlan(std::size_t n, std::size_t batch, cudaStream_t stream) : n_(n), batch_(batch), stream_(stream) {
  require_v2_size(n, batch);
  cuda::require_supported_gpu("06_cuda_naive");
}

template <class T>
void StagePlan<T>::execute(const Complex<T>* in, Complex<T>* out, Direction dir) const {
  require_distinct(in, out, "06_cuda_naive v2");
  for_each_v2_launch(n_, batch_, [&](unsigned stage, std::size_t threads) {
    const auto blocks = static_cast<unsigned>((threads + v2_threads_per_block - 1) / v2_threads_per_block);
    stage_kernel<T><<<blocks, v2_threads_per_block, 0, stream_>>>(in, out, n_, stage, threads, static_cast<int>(dir));
    COURSE_CUDA_CHECK_LAUNCH();
  });
}

template class BlockPlan<float>;
template class BlockPlan<double>;
template class StagePlan<float>;
template class StagePlan<double>;

}  // namespace course::cuda_naive
