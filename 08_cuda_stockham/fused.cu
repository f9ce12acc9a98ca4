// 08_cuda_stockham v3 and v4: radix-2 stages fused in shared memory, several per global pass.
// The kernel is the phases of fused_thread.hpp with a barrier between each; the plans differ
// only in their list of passes (schedule.hpp).
#include <stdexcept>
#include <string>

#include "08_cuda_stockham/fused_thread.hpp"
#include "08_cuda_stockham/launch.hpp"
#include "08_cuda_stockham/stockham.hpp"

namespace course::stockham {

namespace {

// One stage: every thread reads its butterflies' inputs, the block waits, every thread writes.
template <class T>
__device__ __forceinline__ void stage_round(Complex<T>* tile, const Complex<T>* table, const FusedArgs& a,
                                            unsigned valid, unsigned log2s, bool inverse) {
  constexpr unsigned pairs = (1u << tile_log2<T>) / fused_threads / 2;
  Complex<T> v[pairs][2];
  bool mine[pairs];
#pragma unroll
  for (unsigned m = 0; m < pairs; ++m) mine[m] = radix2_read(tile, a, valid, threadIdx.x + m * fused_threads, v[m]);
  __syncthreads();
#pragma unroll
  for (unsigned m = 0; m < pairs; ++m)
    if (mine[m]) radix2_write(tile, table, a, threadIdx.x + m * fused_threads, log2s, inverse, v[m]);
  __syncthreads();
}

// Two stages per round trip through the tile.
template <class T>
__device__ __forceinline__ void two_stage_round(Complex<T>* tile, const Complex<T>* table, const FusedArgs& a,
                                                unsigned valid, unsigned log2s, bool inverse) {
  constexpr unsigned quads = (1u << tile_log2<T>) / fused_threads / 4;
  Complex<T> v[quads][4];
  bool mine[quads];
#pragma unroll
  for (unsigned m = 0; m < quads; ++m) mine[m] = radix2x2_read(tile, a, valid, threadIdx.x + m * fused_threads, v[m]);
  __syncthreads();
#pragma unroll
  for (unsigned m = 0; m < quads; ++m)
    if (mine[m]) radix2x2_write(tile, table, a, threadIdx.x + m * fused_threads, log2s, inverse, v[m]);
  __syncthreads();
}

// Four blocks per SM: without the bound ptxas gives float more registers, and spills.
// Swizzle is a.swizzle made a constant, so each instantiation carries only its own slot
// arithmetic (a run-time test costs registers and spills in float).
template <class T, bool Swizzle>
__global__ void __launch_bounds__(fused_threads, 4)
    fused_pass_kernel(const Complex<T>* __restrict__ x, Complex<T>* __restrict__ y, const Complex<T>* __restrict__ table,
                      FusedArgs a, bool inverse) {
  a.swizzle = Swizzle;
  // Raw storage: a __shared__ array may not run Complex's (defaulted, initialising) constructor.
  __shared__ alignas(2 * sizeof(T)) unsigned char raw[tile_capacity<T> * sizeof(Complex<T>)];
  Complex<T>* tile = reinterpret_cast<Complex<T>*>(raw);
  constexpr unsigned points = (1u << tile_log2<T>) / fused_threads;  // per thread
  const unsigned valid = fused_valid_columns(a, blockIdx.x);

  // Eight loads in flight per thread before the first store to the tile: the first version
  // stored each point as it came, one load per thread in flight, and the whole kernel ran at
  // one rate whatever its number of stages (Little's law: too few bytes in flight; NOTES.md).
  constexpr unsigned chunk = points < 8 ? points : 8;
#pragma unroll
  for (unsigned m0 = 0; m0 < points; m0 += chunk) {
    Complex<T> v[chunk];
    unsigned slot[chunk];
    bool mine[chunk];
#pragma unroll
    for (unsigned j = 0; j < chunk; ++j)
      mine[j] = fused_fetch(x, table, a, blockIdx.x, threadIdx.x + (m0 + j) * fused_threads, inverse, v[j], slot[j]);
#pragma unroll
    for (unsigned j = 0; j < chunk; ++j)
      if (mine[j]) tile[slot[j]] = v[j];
  }
  __syncthreads();

  // The order of for_each_round (fused_thread.hpp), written out so that nothing stays a call.
  unsigned log2s = 0;
  if (a.log2r & 1) stage_round(tile, table, a, valid, log2s++, inverse);
  for (; log2s < a.log2r; log2s += 2) two_stage_round(tile, table, a, valid, log2s, inverse);

#pragma unroll
  for (unsigned m = 0; m < points; ++m) fused_store(tile, y, a, blockIdx.x, threadIdx.x + m * fused_threads);
}

}  // namespace

template <class T>
FusedPlanBase<T>::FusedPlanBase(std::size_t n, std::size_t batch, cudaStream_t stream, bool all_fused)
    : PlanBase<T>(n, batch, stream, 1) {
  this->schedule_ = all_fused ? v4_passes<T>(this->log2n_, batch) : v3_passes<T>(this->log2n_, batch);
  for (const Pass& p : schedule_)
    if (p.kind == Pass::fused && tile_points<T>(this->log2n_, p) > tile_capacity<T>)
      throw std::logic_error(std::string(chapter) + ": a fused pass does not fit the tile (schedule bug)");
  if (schedule_.size() < 2) this->scratch_ = {};  // one pass: in -> out, no ping-pong
}

template <class T>
void FusedPlanBase<T>::execute(const Complex<T>* in, Complex<T>* out, Direction dir) const {
  this->check_pointers(in, out);
  const bool inverse = dir == Direction::inverse;
  const unsigned log2n = this->log2n_;
  if (schedule_.empty()) {  // N = 1: the transform is the identity
    COURSE_CUDA_CHECK(cudaMemcpyAsync(out, in, this->batch_ * sizeof(Complex<T>), cudaMemcpyDeviceToDevice, this->stream_));
    return;
  }
  const unsigned count = static_cast<unsigned>(schedule_.size());
  const Complex<T>* src = in;
  for (unsigned i = 0; i < count; ++i) {
    const Pass& p = schedule_[i];
    Complex<T>* dst = pass_writes_out(i, count) ? out : this->scratch_.data();
    if (p.kind == Pass::radix2) {
      launch_stockham_stage<T>(src, dst, this->twiddles_.data(), log2n, p.log2l, this->batch_, inverse, this->stream_);
    } else {
      const FusedArgs args = fused_args<T>(log2n, p, this->batch_);
      const auto kernel = args.swizzle ? fused_pass_kernel<T, true> : fused_pass_kernel<T, false>;
      kernel<<<static_cast<unsigned>(fused_blocks(args)), fused_threads, 0, this->stream_>>>(src, dst, this->twiddles_.data(),
                                                                                          args, inverse);
      COURSE_CUDA_CHECK_LAUNCH();
    }
    src = dst;
  }
}

template class FusedPlanBase<float>;
template class FusedPlanBase<double>;

}  // namespace course::stockham
