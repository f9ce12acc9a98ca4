// 08_cuda_stockham: what every variant's plan does first. Refuse what it cannot do, then build
// the stage-ordered twiddle table on the device from each entry's index.
#include <cstdio>
#include <string>

#include "08_cuda_stockham/launch.hpp"
#include "08_cuda_stockham/stockham.hpp"
#include "08_cuda_stockham/stockham_thread.hpp"
#include "common/sizes.hpp"

namespace course::stockham {

namespace {

std::string mib(long double bytes) { return std::to_string(static_cast<unsigned long long>(bytes / (1 << 20))); }

template <class T>
__global__ void twiddle_table_kernel(Complex<T>* table, std::uint64_t n) {
  const std::uint64_t i = std::uint64_t{blockIdx.x} * blockDim.x + threadIdx.x;
  if (i == 0) table[0] = Complex<T>{T(1), T(0)};  // unused by the stages; defined anyway
  else if (i < n) table[i] = stage_table_entry<T>(i);
}

}  // namespace

void require_size(std::size_t n, std::size_t batch, std::size_t point_bytes, unsigned buffers) {
  require_shape(n, batch);
  // In long double, so that an absurd batch cannot overflow the count it is refused for.
  const long double need = (static_cast<long double>(buffers) * n * batch + n) * point_bytes;
  std::size_t free = 0, total = 0;
  COURSE_CUDA_CHECK(cudaMemGetInfo(&free, &total));
  if (need > static_cast<long double>(free))
    refuse_size(chapter, n,
                "batch " + std::to_string(batch) + " needs " + mib(need) + " MiB of device memory for the plan's scratch and twiddles, more than the " +
                    mib(free) + " MiB free (of " + mib(total) + " MiB)",
                "split the batch into smaller calls");
}

template <class T>
PlanBase<T>::PlanBase(std::size_t n, std::size_t batch, cudaStream_t stream, unsigned scratch_buffers)
    : n_(n), batch_(batch), log2n_(0), stream_(stream) {
  require_size(n, batch, sizeof(Complex<T>), scratch_buffers);
  cuda::require_supported_gpu(chapter);
  log2n_ = log2_exact(n);
  twiddles_ = cuda::DeviceBuffer<Complex<T>>(n);
  twiddle_table_kernel<T><<<blocks_for(n), stage_threads, 0, stream_>>>(twiddles_.data(), n);
  COURSE_CUDA_CHECK_LAUNCH();
  if (scratch_buffers) scratch_ = cuda::DeviceBuffer<Complex<T>>(n * batch);
}

template <class T>
void PlanBase<T>::check_pointers(const Complex<T>* in, const Complex<T>* out) const {
  // Stage 0 reads `in` while writing `out` or the scratch: in place would race.
  if (in == out) throw std::invalid_argument(std::string(chapter) + ": execute needs in != out (out of place)");
  if (!in || !out) throw std::invalid_argument(std::string(chapter) + ": execute got a null device pointer");
}

template class PlanBase<float>;
template class PlanBase<double>;

}  // namespace course::stockham
