// 07_cuda_bitops: kernels and plans. Kernels are thin: each computes its thread's index and
// calls the per-thread function of bitops_thread.hpp, except the shared-memory kernel (v4, v5),
// whose threads cooperate through __syncthreads().
#include "07_cuda_bitops/bitops_fft.hpp"

#include <stdexcept>
#include <string>
#include <vector>

#include "07_cuda_bitops/bitops_thread.hpp"
#include "07_cuda_bitops/shared_thread.hpp"
#include "common/cuda_helpers.hpp"
#include "common/gpu_limits.hpp"
#include "common/twiddle.hpp"

namespace course::bitops {

namespace {

constexpr unsigned threads_per_block = 256;

unsigned blocks_for(std::uint32_t threads) { return (threads + threads_per_block - 1) / threads_per_block; }


template <class T, class Twiddle>
__global__ void shift_kernel(const Complex<T>* in, Complex<T>* out, unsigned log2n, unsigned stage,
                             std::uint32_t threads, Twiddle twiddle) {
  const std::uint32_t t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t < threads) shift_butterfly<T>(in, out, log2n, stage, t, twiddle);
}

template <class T>
__global__ void gather_kernel(const Complex<T>* in, Complex<T>* out, unsigned log2n, std::uint32_t points) {
  const std::uint32_t t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t < points) permute_gather<T>(in, out, log2n, t);
}

template <class T>
__global__ void scatter_kernel(const Complex<T>* in, Complex<T>* out, unsigned log2n, std::uint32_t points) {
  const std::uint32_t t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t < points) permute_scatter<T>(in, out, log2n, t);
}

template <class T, class Twiddle>
__global__ void stage_kernel(Complex<T>* data, unsigned log2n, unsigned stage, std::uint32_t threads, Twiddle twiddle) {
  const std::uint32_t t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t < threads) natural_butterfly<T>(data, log2n, stage, t, twiddle);
}

// v4 and v5: the phases of shared_thread.hpp with the barriers between them. One read and one
// write of global memory for log2m stages. Each thread handles B butterflies at a time, and
// loads 2B points before it stores any of them to the tile, so that it has that many memory
// requests in flight instead of one.
template <class T, unsigned B, bool Flip>
__global__ void __launch_bounds__(shared_max_threads)
    shared_kernel(const Complex<T>* __restrict__ in, Complex<T>* __restrict__ out, SharedGeometry g,
                  const Complex<T>* __restrict__ table, int sign) {
  g.flip = Flip;  // constants, so that slot() carries only the arithmetic this instantiation needs
  g.vec_log2 = wavefront_log2<T>();
  extern __shared__ __align__(16) unsigned char shared_raw[];
  Complex<T>* s = reinterpret_cast<Complex<T>*>(shared_raw);
  const std::uint32_t tile = g.tile(), threads = blockDim.x;
  for (std::uint32_t e0 = threadIdx.x; e0 < tile; e0 += 2 * B * threads) {
    Complex<T> v[2 * B];
    std::uint32_t at[2 * B];
#pragma unroll
    for (unsigned j = 0; j < 2 * B; ++j) {
      std::uint32_t global, local;
      shared_load_index(g, blockIdx.x, e0 + j * threads, global, local);
      at[j] = g.slot(local);
      v[j] = global < g.points ? in[global] : Complex<T>{};
    }
#pragma unroll
    for (unsigned j = 0; j < 2 * B; ++j) s[at[j]] = v[j];
  }
  __syncthreads();
  const TableTwiddle<T> twiddle{table, sign};
  const std::uint32_t per_thread = tile / 2 / threads;
  for (unsigned stage = 0; stage < g.log2m; ++stage) {
    for (std::uint32_t k0 = 0; k0 < per_thread; k0 += B) shared_butterflies<B>(s, g, twiddle, stage, threadIdx.x, threads, k0);
    __syncthreads();
  }
  for (std::uint32_t e0 = threadIdx.x; e0 < tile; e0 += 2 * B * threads) {
    Complex<T> v[2 * B];
    std::uint32_t at[2 * B];
#pragma unroll
    for (unsigned j = 0; j < 2 * B; ++j) {
      std::uint32_t local;
      shared_store_index(g, blockIdx.x, e0 + j * threads, at[j], local);
      v[j] = s[g.slot(local)];
    }
#pragma unroll
    for (unsigned j = 0; j < 2 * B; ++j)
      if (at[j] < g.points) out[at[j]] = v[j];
  }
}

// Shared memory one block may opt in to on the current device, or less where
// COURSE_SHARED_LIMIT_KIB asks the plan to fit a smaller GPU (common/gpu_limits.hpp).
std::size_t optin_shared_bytes() {
  const int device = cuda::device_shared_limit_bytes();
  return static_cast<std::size_t>(resolve_shared_limit(chapter, 0, device, device).bytes);
}

template <class T, unsigned B, bool Flip>
void launch_shared_b(const Complex<T>* in, Complex<T>* out, const SharedGeometry& g, const Complex<T>* table, int sign,
                     cudaStream_t stream) {
  const std::uint32_t tile = g.tile();
  const std::size_t bytes = tile * sizeof(Complex<T>);
  // Above 48 KiB a kernel must opt in, once per kernel (v5's tile; tiled_log2p keeps it within
  // what the device allows).
  static const bool opted_in = [] {
    const std::size_t most = optin_shared_bytes() < tiled_max_bytes ? optin_shared_bytes() : tiled_max_bytes;
    COURSE_CUDA_CHECK(cudaFuncSetAttribute(shared_kernel<T, B, Flip>, cudaFuncAttributeMaxDynamicSharedMemorySize,
                                           static_cast<int>(most)));
    return true;
  }();
  (void)opted_in;
  const std::uint32_t blocks = (g.points + tile - 1) / tile;
  shared_kernel<T, B, Flip><<<blocks, shared_threads(g, B), bytes, stream>>>(in, out, g, table, sign);
  COURSE_CUDA_CHECK_LAUNCH();
}

template <class T>
void launch_shared(const Complex<T>* in, Complex<T>* out, const SharedGeometry& g, const Complex<T>* table, int sign,
                   cudaStream_t stream) {
  const bool two = shared_batch<T>(g) == 2;
  if (g.flip) two ? launch_shared_b<T, 2, true>(in, out, g, table, sign, stream)
              : launch_shared_b<T, 4, true>(in, out, g, table, sign, stream);
  else two ? launch_shared_b<T, 2, false>(in, out, g, table, sign, stream)
           : launch_shared_b<T, 4, false>(in, out, g, table, sign, stream);
}

void require_distinct(const void* in, const void* out, const std::string& who) {
  if (in == out) throw std::invalid_argument(who + ": in and out must be different device buffers");
}

std::uint32_t points_of(std::size_t n, std::size_t batch) { return static_cast<std::uint32_t>(n * batch); }

// Permutation then all stages in global memory, with the given twiddle source (v2, v3).
template <class T, class Twiddle>
void run_reorder(const Complex<T>* in, Complex<T>* out, unsigned log2n, std::uint32_t points, Permutation perm,
                 Twiddle twiddle, cudaStream_t stream) {
  for_each_reorder_launch(log2n, points, [&](Step step, unsigned stage, std::uint32_t threads) {
    if (step == Step::permute) {
      if (perm == Permutation::gather) gather_kernel<T><<<blocks_for(threads), threads_per_block, 0, stream>>>(in, out, log2n, threads);
      else scatter_kernel<T><<<blocks_for(threads), threads_per_block, 0, stream>>>(in, out, log2n, threads);
    } else {
      stage_kernel<T><<<blocks_for(threads), threads_per_block, 0, stream>>>(out, log2n, stage, threads, twiddle);
    }
    COURSE_CUDA_CHECK_LAUNCH();
  });
}

}  // namespace

const char* to_string(Permutation p) { return p == Permutation::gather ? "gather" : "scatter"; }
const char* to_string(TwiddleSource s) {
  switch (s) {
    case TwiddleSource::sincos_double: return "sincos";
    case TwiddleSource::table: return "table";
    case TwiddleSource::sincospi: return "sincospi";
    default: return "fast";
  }
}

template <class T>
PlanBase<T>::PlanBase(std::size_t n, std::size_t batch, cudaStream_t stream, bool with_table)
    : n_(n), batch_(batch), log2n_(log2_exact(n)), stream_(stream) {
  cuda::require_supported_gpu(chapter);
  if (with_table && n >= 2) {
    const auto host = stage_twiddle_table<T>(n);
    COURSE_CUDA_CHECK(cudaMalloc(reinterpret_cast<void**>(&table_), host.size() * sizeof(Complex<T>)));
    COURSE_CUDA_CHECK(cudaMemcpy(table_, host.data(), host.size() * sizeof(Complex<T>), cudaMemcpyHostToDevice));
  }
}

template <class T>
PlanBase<T>::~PlanBase() {
  if (table_) cudaFree(table_);
}

namespace {
// Validates before the base class allocates anything: the comma runs the check first.
std::size_t checked(const char* variant, std::size_t n, std::size_t batch) {
  require_size(variant, n, batch);
  return n;
}
template <class T>
std::size_t checked_shared(std::size_t n, std::size_t batch) {
  require_shared_size<T>(n, batch);
  return n;
}
}  // namespace

// --- v1
template <class T>
ShiftPlan<T>::ShiftPlan(std::size_t n, std::size_t batch, cudaStream_t stream)
    : PlanBase<T>(checked("v1", n, batch), batch, stream, false) {}

template <class T>
void ShiftPlan<T>::execute(const Complex<T>* in, Complex<T>* out, Direction dir) const {
  require_distinct(in, out, std::string(chapter) + " v1");
  const SincosTwiddle<T> twiddle{static_cast<int>(dir)};
  for_each_v1_launch(this->log2n_, points_of(this->n_, this->batch_), [&](Step, unsigned stage, std::uint32_t threads) {
    shift_kernel<T><<<blocks_for(threads), threads_per_block, 0, this->stream_>>>(in, out, this->log2n_, stage, threads, twiddle);
    COURSE_CUDA_CHECK_LAUNCH();
  });
}

// --- v2
template <class T>
ReorderPlan<T>::ReorderPlan(std::size_t n, std::size_t batch, Permutation p, cudaStream_t stream)
    : PlanBase<T>(checked("v2", n, batch), batch, stream, false), permutation_(p) {}

template <class T>
void ReorderPlan<T>::execute(const Complex<T>* in, Complex<T>* out, Direction dir) const {
  require_distinct(in, out, std::string(chapter) + " v2");
  run_reorder<T>(in, out, this->log2n_, points_of(this->n_, this->batch_), permutation_,
                 SincosTwiddle<T>{static_cast<int>(dir)}, this->stream_);
}

// --- v3
template <class T>
TwiddlePlan<T>::TwiddlePlan(std::size_t n, std::size_t batch, TwiddleSource s, cudaStream_t stream)
    : PlanBase<T>(checked("v3", n, batch), batch, stream, s == TwiddleSource::table), source_(s) {
  if (s == TwiddleSource::fast_sincosf && sizeof(T) != 4)
    throw std::invalid_argument(std::string(chapter) + " v3: the fast __sincosf twiddles are float only; a double "
                                "transform would inherit float's error (use table or sincospi)");
}

template <class T>
void TwiddlePlan<T>::execute(const Complex<T>* in, Complex<T>* out, Direction dir) const {
  require_distinct(in, out, std::string(chapter) + " v3");
  const int sign = static_cast<int>(dir);
  const auto points = points_of(this->n_, this->batch_);
  const auto g = Permutation::gather;
  switch (source_) {
    case TwiddleSource::sincos_double:
      run_reorder<T>(in, out, this->log2n_, points, g, SincosTwiddle<T>{sign}, this->stream_);
      break;
    case TwiddleSource::table:
      run_reorder<T>(in, out, this->log2n_, points, g, TableTwiddle<T>{this->table_, sign}, this->stream_);
      break;
    case TwiddleSource::sincospi:
      run_reorder<T>(in, out, this->log2n_, points, g, SincospiTwiddle<T>{sign}, this->stream_);
      break;
    case TwiddleSource::fast_sincosf:
      if constexpr (sizeof(T) == 4) run_reorder<T>(in, out, this->log2n_, points, g, FastSincosTwiddle{sign}, this->stream_);
      break;
  }
}

// --- v4
template <class T>
SharedPlan<T>::SharedPlan(std::size_t n, std::size_t batch, cudaStream_t stream)
    : PlanBase<T>(checked_shared<T>(n, batch), batch, stream, true) {}

template <class T>
void SharedPlan<T>::execute(const Complex<T>* in, Complex<T>* out, Direction dir) const {
  require_distinct(in, out, std::string(chapter) + " v4");
  const auto g = shared_geometry<T>(this->log2n_, this->log2n_, points_of(this->n_, this->batch_), true);
  launch_shared<T>(in, out, g, this->table_, static_cast<int>(dir), this->stream_);
}

// --- v5
template <class T>
TiledPlan<T>::TiledPlan(std::size_t n, std::size_t batch, cudaStream_t stream)
    : PlanBase<T>(checked("v5", n, batch), batch, stream, true), tile_log2p_(tiled_log2p<T>(optin_shared_bytes())) {}

template <class T>
void TiledPlan<T>::execute(const Complex<T>* in, Complex<T>* out, Direction dir) const {
  require_distinct(in, out, std::string(chapter) + " v5");
  const int sign = static_cast<int>(dir);
  const unsigned log2n = this->log2n_;
  for_each_tiled_launch<T>(log2n, points_of(this->n_, this->batch_), tile_log2p_,
                           [&](TiledStep step, const SharedGeometry& g, unsigned stage, std::uint32_t threads) {
    if (step == TiledStep::shared) return launch_shared<T>(in, out, g, this->table_, sign, this->stream_);
    // sincospi, not the table: from about 2^20 the stages' table slices no longer stay in L2,
    // and each butterfly would read 8 or 16 bytes more from memory.
    stage_kernel<T><<<blocks_for(threads), threads_per_block, 0, this->stream_>>>(out, log2n, stage, threads,
                                                                                  SincospiTwiddle<T>{sign});
    COURSE_CUDA_CHECK_LAUNCH();
  });
}

#define COURSE_07_INSTANTIATE(T)  \
  template class PlanBase<T>;     \
  template class ShiftPlan<T>;    \
  template class ReorderPlan<T>;  \
  template class TwiddlePlan<T>;  \
  template class SharedPlan<T>;   \
  template class TiledPlan<T>;
COURSE_07_INSTANTIATE(float)
COURSE_07_INSTANTIATE(double)

}  // namespace course::bitops
