// The mixed-radix pass kernel (gpu_block.hpp's phases, __syncthreads() between them), its plan,
// and the plan that picks mixed radix or Bluestein.
#include "12_any_n/gpu_plan.hpp"

#include <sstream>

#include "12_any_n/gpu_block.hpp"

namespace course::anyn::gpu {

// A thread's registers for a radix-R stage: its own locals, whatever tid.
template <class T>
struct OwnRegs {
  template <unsigned R>
  struct Of {
    StageRegs<R, T> r;
    __device__ StageRegs<R, T>& operator()(unsigned) { return r; }
  };
  template <unsigned R>
  __device__ Of<R> get() const { return {}; }
};

// THREADS = block points / 16. The register cap that keeps 1024 float threads or 512 double
// threads on an SM (64 or 128 registers: 16 points a thread, with their indices) is what the
// minimum of blocks per SM asks for.
template <class T, int THREADS>
__global__ void __launch_bounds__(THREADS, (sizeof(T) == 4 ? 1024 : 512) / THREADS) mixed_pass_kernel(const PassArgs<T> a) {
  extern __shared__ __align__(16) unsigned char smem_raw[];
  auto* buf = reinterpret_cast<Complex<T>*>(smem_raw);
  run_block(blockIdx.x, a, buf, [](auto&& phase) { phase(threadIdx.x, blockDim.x); }, [] { __syncthreads(); }, OwnRegs<T>{});
}

template <class T>
void set_shared_limit(std::uint32_t threads, int bytes) {
  const auto set = [bytes](const void* k) { COURSE_CUDA_CHECK(cudaFuncSetAttribute(k, cudaFuncAttributeMaxDynamicSharedMemorySize, bytes)); };
  if (threads == 128) set(reinterpret_cast<const void*>(mixed_pass_kernel<T, 128>));
  else if (threads == 256) set(reinterpret_cast<const void*>(mixed_pass_kernel<T, 256>));
  else if constexpr (sizeof(T) == 4) set(reinterpret_cast<const void*>(mixed_pass_kernel<T, 512>));
}

template <class T>
void launch_pass(const PassArgs<T>& a, cudaStream_t stream) {
  const auto blocks = static_cast<unsigned>(pass_blocks(a));
  const int bytes = pass_shared_bytes(a);
  if (a.threads == 128) mixed_pass_kernel<T, 128><<<blocks, 128, bytes, stream>>>(a);
  else if (a.threads == 256) mixed_pass_kernel<T, 256><<<blocks, 256, bytes, stream>>>(a);
  else if constexpr (sizeof(T) == 4) mixed_pass_kernel<T, 512><<<blocks, 512, bytes, stream>>>(a);
  COURSE_CUDA_CHECK_LAUNCH();
}

template <class T>
MixedPlan<T>::MixedPlan(std::size_t n, std::size_t batch, cudaStream_t stream, int block_points)
    : n_(n), batch_(batch), stream_(stream) {
  PassTables<T> tables;
  passes_ = make_passes<T>(n, batch, false, tables, block_points);  // refuses bad N and batch first
  for (const auto& a : passes_)
    if (pass_blocks(a) > 2147483647ull)
      throw size_error("12_any_n: batch = " + std::to_string(batch) + " refused: a pass would need over 2^31 - 1 blocks");
  cuda::require_supported_gpu(chapter);
  int most = 0;
  for (const auto& a : passes_) most = std::max(most, pass_shared_bytes(a));
  const int limit = cuda::device_shared_limit_bytes();
  if (most > limit)
    refuse_size(chapter, n, "a pass needs " + std::to_string(most) + " bytes of shared memory, above this GPU's " + std::to_string(limit),
                "course::anyn::Plan (CPU) takes it");
  const std::size_t scratch_count = passes_.size() == 1 ? 0 : passes_.size() - 1;
  std::size_t free_bytes = 0, total_bytes = 0;
  COURSE_CUDA_CHECK(cudaMemGetInfo(&free_bytes, &total_bytes));
  const std::size_t need = scratch_count * n * batch * sizeof(Complex<T>);
  if (need > free_bytes)
    refuse_size(chapter, n, "times batch = " + std::to_string(batch) + " needs " + std::to_string(need >> 20) +
                                " MiB of scratch for its passes, above the " + std::to_string(free_bytes >> 20) + " MiB free on the GPU",
                "a smaller batch");
  const auto up = [](cuda::DeviceBuffer<Complex<T>>& d, const std::vector<Complex<T>>& h) {
    d = cuda::DeviceBuffer<Complex<T>>(h.empty() ? 1 : h.size());
    if (!h.empty()) d.upload(std::span<const Complex<T>>(h.data(), h.size()));
  };
  up(stage_, tables.stage);
  up(lo_, tables.lo);
  up(hi_, tables.hi);
  for (std::size_t i = 0; i < scratch_count; ++i) scratch_[i] = cuda::DeviceBuffer<Complex<T>>(n * batch);
  for (auto& a : passes_) {
    a.stage_twiddles = stage_.data();
    a.outer_lo = lo_.data();
    a.outer_hi = hi_.data();
  }
  // One kernel per block size: its limit is the largest of the passes that use it.
  for (const auto& a : passes_) {
    int bytes = 0;
    for (const auto& b : passes_)
      if (b.threads == a.threads) bytes = std::max(bytes, pass_shared_bytes(b));
    set_shared_limit<T>(a.threads, bytes);
  }
}

template <class T>
void MixedPlan<T>::execute(const Complex<T>* in, Complex<T>* out, Direction dir) const {
  const Complex<T>* src = in;
  for (std::size_t i = 0; i < passes_.size(); ++i) {
    PassArgs<T> a = passes_[i];
    // Every pass but the last writes scratch; the first reads `in`, so in == out is safe.
    Complex<T>* dst = i + 1 < passes_.size() ? scratch_[i % 2].data() : out;
    a.in = src;
    a.out = dst;
    a.conj_in = dir == Direction::inverse && i == 0;
    a.conj_out = dir == Direction::inverse && i + 1 == passes_.size();
    launch_pass(a, stream_);
    src = dst;
  }
}

template <class T>
std::string MixedPlan<T>::describe() const {
  std::ostringstream s;
  s << "N = " << n_ << " (" << precision_name<T>() << ") in " << passes_.size() << (passes_.size() == 1 ? " pass" : " passes");
  for (const auto& a : passes_) {
    s << "; " << a.l << " =";
    for (int i = 0; i < a.stages; ++i) s << (i ? " *" : "") << " " << int(a.stage[i].radix);
    s << ", " << a.c << (a.d == 1 ? " transforms" : " columns") << " a block of " << a.threads << " threads";
  }
  return s.str();
}

template <class T>
Plan<T>::Plan(std::size_t n, std::size_t batch, cudaStream_t stream, int block_points) : n_(n), batch_(batch) {
  require_size(n);
  require_batch(chapter, batch);
  if (is_smooth(n)) mixed_ = std::make_unique<MixedPlan<T>>(n, batch, stream, block_points);
  else bluestein_ = std::make_unique<BluesteinPlan<T>>(n, batch, stream);
}

template <class T>
void Plan<T>::execute(const Complex<T>* in, Complex<T>* out, Direction dir) const {
  if (mixed_) mixed_->execute(in, out, dir);
  else bluestein_->execute(in, out, dir);
}

template <class T>
std::string Plan<T>::describe() const {
  return "12_any_n GPU: " + (mixed_ ? mixed_->describe() : bluestein_->describe());
}

template class MixedPlan<float>;
template class MixedPlan<double>;
template class Plan<float>;
template class Plan<double>;

}  // namespace course::anyn::gpu
