// 08_cuda_stockham v1: radix-2 Stockham autosort, one launch per stage, ping-pong buffers.
#include "08_cuda_stockham/launch.hpp"
#include "08_cuda_stockham/stockham.hpp"
#include "08_cuda_stockham/stockham_thread.hpp"

namespace course::stockham {

namespace {

template <class T>
__global__ void stockham_stage_kernel(const Complex<T>* __restrict__ x, Complex<T>* __restrict__ y,
                                      const Complex<T>* __restrict__ table, unsigned log2n, unsigned log2s,
                                      std::uint64_t threads, bool inverse) {
  const std::uint64_t thread = std::uint64_t{blockIdx.x} * blockDim.x + threadIdx.x;
  if (thread < threads) stockham_radix2_butterfly(x, y, table, log2n, log2s, inverse, thread);
}

}  // namespace

template <class T>
void launch_stockham_stage(const Complex<T>* x, Complex<T>* y, const Complex<T>* table, unsigned log2n,
                           unsigned log2s, std::size_t batch, bool inverse, cudaStream_t stream) {
  const std::uint64_t threads = std::uint64_t{batch} << (log2n - 1);
  stockham_stage_kernel<T><<<blocks_for(threads), stage_threads, 0, stream>>>(x, y, table, log2n, log2s, threads, inverse);
  COURSE_CUDA_CHECK_LAUNCH();
}

template <class T>
StockhamPlan<T>::StockhamPlan(std::size_t n, std::size_t batch, cudaStream_t stream)
    : PlanBase<T>(n, batch, stream, n >= 4 ? 1 : 0) {}

template <class T>
void StockhamPlan<T>::execute(const Complex<T>* in, Complex<T>* out, Direction dir) const {
  this->check_pointers(in, out);
  const bool inverse = dir == Direction::inverse;
  for_each_v1_launch<T>(
      in, out, this->scratch_.data(), this->log2n_,
      [&](const Complex<T>* src, Complex<T>* dst, unsigned log2s) {
        launch_stockham_stage<T>(src, dst, this->twiddles_.data(), this->log2n_, log2s, this->batch_, inverse, this->stream_);
      },
      [&](const Complex<T>* src, Complex<T>* dst) {  // N = 1: the transform is the identity
        COURSE_CUDA_CHECK(cudaMemcpyAsync(dst, src, this->batch_ * sizeof(Complex<T>), cudaMemcpyDeviceToDevice, this->stream_));
      });
}

template void launch_stockham_stage<float>(const Complex<float>*, Complex<float>*, const Complex<float>*, unsigned,
                                           unsigned, std::size_t, bool, cudaStream_t);
template void launch_stockham_stage<double>(const Complex<double>*, Complex<double>*, const Complex<double>*, unsigned,
                                            unsigned, std::size_t, bool, cudaStream_t);
template class StockhamPlan<float>;
template class StockhamPlan<double>;

}  // namespace course::stockham
