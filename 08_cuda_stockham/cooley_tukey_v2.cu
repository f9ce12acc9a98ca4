// 08_cuda_stockham v2: radix-2 Cooley-Tukey, a __brevll reversal pass then in-place stages.
#include "08_cuda_stockham/launch.hpp"
#include "08_cuda_stockham/stockham.hpp"
#include "08_cuda_stockham/stockham_thread.hpp"

namespace course::stockham {

namespace {

template <class T>
__global__ void bit_reverse_kernel(const Complex<T>* __restrict__ x, Complex<T>* __restrict__ y, unsigned log2n,
                                   std::uint64_t threads) {
  const std::uint64_t thread = std::uint64_t{blockIdx.x} * blockDim.x + threadIdx.x;
  if (thread < threads) bit_reverse_gather(x, y, log2n, thread);
}

template <class T>
__global__ void cooley_tukey_stage_kernel(Complex<T>* y, const Complex<T>* __restrict__ table, unsigned log2n,
                                          unsigned log2h, std::uint64_t threads, bool inverse) {
  const std::uint64_t thread = std::uint64_t{blockIdx.x} * blockDim.x + threadIdx.x;
  if (thread < threads) cooley_tukey_radix2_butterfly(y, table, log2n, log2h, inverse, thread);
}

}  // namespace

template <class T>
CooleyTukeyPlan<T>::CooleyTukeyPlan(std::size_t n, std::size_t batch, cudaStream_t stream)
    : PlanBase<T>(n, batch, stream, 0) {}  // in place after the reversal: no scratch

template <class T>
void CooleyTukeyPlan<T>::execute(const Complex<T>* in, Complex<T>* out, Direction dir) const {
  this->check_pointers(in, out);
  const bool inverse = dir == Direction::inverse;
  const unsigned log2n = this->log2n_;
  const std::size_t batch = this->batch_;
  cudaStream_t stream = this->stream_;
  const Complex<T>* table = this->twiddles_.data();
  for_each_v2_launch<T>(
      in, out, log2n,
      [&](const Complex<T>* src, Complex<T>* dst) {
        const std::uint64_t threads = std::uint64_t{batch} << log2n;
        bit_reverse_kernel<T><<<blocks_for(threads), stage_threads, 0, stream>>>(src, dst, log2n, threads);
        COURSE_CUDA_CHECK_LAUNCH();
      },
      [&](Complex<T>* data, unsigned log2h) {
        const std::uint64_t threads = std::uint64_t{batch} << (log2n - 1);
        cooley_tukey_stage_kernel<T><<<blocks_for(threads), stage_threads, 0, stream>>>(data, table, log2n, log2h, threads, inverse);
        COURSE_CUDA_CHECK_LAUNCH();
      });
}

template class CooleyTukeyPlan<float>;
template class CooleyTukeyPlan<double>;

}  // namespace course::stockham
