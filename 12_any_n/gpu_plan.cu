// The mixed-radix tile kernel (gpu_tile.hpp's phases, __syncthreads() between them) and its plan.
#include "12_any_n/gpu_plan.hpp"

#include <sstream>

#include "common/gpu_limits.hpp"

namespace course::anyn::gpu {

template <class T>
__global__ void __launch_bounds__(kBlockThreads) mixed_tile_kernel(const TileArgs<T> a) {
  extern __shared__ __align__(16) unsigned char smem_raw[];
  auto* buf = reinterpret_cast<Complex<T>*>(smem_raw);
  run_block(blockIdx.x, a, buf, [](auto&& phase) { phase(threadIdx.x, blockDim.x); }, [] { __syncthreads(); });
}

template <class T>
TilePlan<T>::TilePlan(std::size_t n, std::size_t batch, cudaStream_t stream) : stream_(stream) {
  std::vector<Complex<T>> table;
  args_ = make_tile_args<T>(n, batch, false, table);  // refuses bad N and batch first
  shared_bytes_ = tile_shared_bytes(args_);
  const std::uint64_t blocks = (batch + args_.transforms_per_block - 1) / args_.transforms_per_block;
  if (blocks > 2147483647ull) throw size_error("12_any_n: batch = " + std::to_string(batch) + " refused: over 2^31 - 1 blocks");
  cuda::require_supported_gpu(chapter);
  const auto limit = resolve_shared_limit(chapter, 0, cuda::device_shared_limit_bytes(), kMostSharedLimitBytes);
  if (shared_bytes_ > limit.bytes)
    refuse_size(chapter, n, "its GPU tile needs " + std::to_string(shared_bytes_) + " bytes of shared memory, above the limit of " +
                                std::to_string(limit.bytes) + " (" + limit.source + ")",
                "course::anyn::Plan (CPU) takes it");
  twiddles_ = cuda::DeviceBuffer<Complex<T>>(table.empty() ? 1 : table.size());
  if (!table.empty()) twiddles_.upload(std::span<const Complex<T>>(table.data(), table.size()));
  args_.twiddles = twiddles_.data();
  COURSE_CUDA_CHECK(cudaFuncSetAttribute(mixed_tile_kernel<T>, cudaFuncAttributeMaxDynamicSharedMemorySize, shared_bytes_));
}

template <class T>
void TilePlan<T>::execute(const Complex<T>* in, Complex<T>* out, Direction dir) const {
  TileArgs<T> a = args_;
  a.in = in;
  a.out = out;
  a.inverse = dir == Direction::inverse;
  const auto blocks = static_cast<unsigned>((a.transforms + a.transforms_per_block - 1) / a.transforms_per_block);
  mixed_tile_kernel<T><<<blocks, kBlockThreads, shared_bytes_, stream_>>>(a);
  COURSE_CUDA_CHECK_LAUNCH();
}

template <class T>
std::string TilePlan<T>::describe() const {
  std::ostringstream s;
  s << "12_any_n GPU tile: N = " << args_.n << " =";
  for (int i = 0; i < args_.stages; ++i) s << (i ? " *" : "") << " " << int(args_.radix[i]);
  s << " (" << precision_name<T>() << "), " << args_.transforms_per_block << " transforms a block, " << kBlockThreads
    << " threads, " << shared_bytes_ << " bytes of shared memory, one pass";
  return s.str();
}

template class TilePlan<float>;
template class TilePlan<double>;

}  // namespace course::anyn::gpu
