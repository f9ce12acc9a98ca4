// The pass kernel: one thread's share of tile_fft.hpp's run(), with __syncthreads() as the
// barrier. One kernel template serves every pass of every plan; its shape (radices, elements
// per thread, sub-transforms per block) is fixed at compile time by (T, LOGM, LOGR), so the
// butterflies stay in registers; IO picks how it meets global memory (TileFft::io_for).
#pragma once

#include "09_radixN/dispatch.hpp"
#include "09_radixN/pass_launch.hpp"
#include "common/cuda_helpers.hpp"

#include <stdexcept>
#include <string>

namespace course::radixn {

template <class F, class T>
constexpr int min_blocks_per_sm() {
  return radixn::min_blocks_per_sm(F::kThreads, F::S.shared_bytes(), static_cast<int>(sizeof(Complex<T>)));
}

[[noreturn]] inline void no_kernel(int logm) {
  throw std::logic_error("09_radixN: no kernel for a tile of 2^" + std::to_string(logm) +
                         " points with this budget (over one SM's shared memory, or the same shape as the large budget)");
}

template <class T, int LOGM, int LOGR, int LOG_BUDGET>
using TileOf = TileFft<T, LOGM, LOGR, kLog2ElementsPerThread, LOG_BUDGET>;

template <class T, int LOGM, int LOGR, int LOG_BUDGET, Io IO>
__global__ void __launch_bounds__(TileOf<T, LOGM, LOGR, LOG_BUDGET>::kThreads, (min_blocks_per_sm<TileOf<T, LOGM, LOGR, LOG_BUDGET>, T>()))
    tile_fft_kernel(const TilePassArgs<T> a) {
  using F = TileOf<T, LOGM, LOGR, LOG_BUDGET>;
  extern __shared__ __align__(16) unsigned char smem_raw[];
  auto* sm = reinterpret_cast<Complex<T>*>(smem_raw);
  Complex<T> v[F::E];
  F::template run<IO>(blockIdx.x, a, sm, ThisThread<T>{threadIdx.x, v}, BlockBarrier{});
}

// Which I/O kernels a tile has: every tile with a stage has the shared and the column one;
// only tiles with 32 threads a row (M >= 512) have the row one.
template <class F, Io IO>
constexpr bool has_io_kernel() {
  return IO == Io::shared || (IO == Io::columns ? F::S.has_column_io() : F::S.has_row_io());
}

template <class T, int LOGM, int LOGR, int LOG_BUDGET, Io IO>
void launch_tile_io(const TilePassArgs<T>& a, std::uint64_t blocks, cudaStream_t stream) {
  using F = TileOf<T, LOGM, LOGR, LOG_BUDGET>;
  if constexpr (has_io_kernel<F, IO>()) {
    tile_fft_kernel<T, LOGM, LOGR, LOG_BUDGET, IO><<<dim3(static_cast<unsigned>(blocks)), F::kThreads, F::S.shared_bytes(), stream>>>(a);
    COURSE_CUDA_CHECK_LAUNCH();
  } else {
    throw std::logic_error("09_radixN: no register-I/O kernel for a tile of 2^" + std::to_string(LOGM) + " points");
  }
}

// Launches the kernel TileFft::io_for chooses for the pass.
template <class T, int LOGM, int LOGR, int LOG_BUDGET>
void launch_tile(const TilePassArgs<T>& a, std::uint64_t blocks, cudaStream_t stream) {
  TileOf<T, LOGM, LOGR, LOG_BUDGET>::with_io(a, [&](auto io) { launch_tile_io<T, LOGM, LOGR, LOG_BUDGET, decltype(io)::value>(a, blocks, stream); });
}

template <class T, int LOGM, int LOGR, int LOG_BUDGET>
void allow_tile_shared_memory() {
  using F = TileOf<T, LOGM, LOGR, LOG_BUDGET>;
  const auto allow = [](auto kernel) {
    COURSE_CUDA_CHECK(cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, F::S.shared_bytes()));
  };
  allow(tile_fft_kernel<T, LOGM, LOGR, LOG_BUDGET, Io::shared>);
  if constexpr (has_io_kernel<F, Io::columns>()) allow(tile_fft_kernel<T, LOGM, LOGR, LOG_BUDGET, Io::columns>);
  if constexpr (has_io_kernel<F, Io::rows>()) allow(tile_fft_kernel<T, LOGM, LOGR, LOG_BUDGET, Io::rows>);
}

// The kernels that exist (tile_shape.hpp's tile_compiled).
template <class T, int LOGM, int LOGR, int LOG_BUDGET>
constexpr bool tile_exists() {
  return tile_compiled(LOGM, LOGR, static_cast<int>(sizeof(Complex<T>)), LOG_BUDGET);
}

}  // namespace course::radixn

// Defines launch_pass<T, LOGR> and prepare_pass<T, LOGR> for every LOGM and budget in one translation unit.
#define COURSE_RADIXN_KERNELS(T, LOGR_)                                                                                       \
  namespace course::radixn {                                                                                                  \
  template <>                                                                                                                 \
  void launch_pass<T, LOGR_>(int logm, int log_budget, const TilePassArgs<T>& args, std::uint64_t blocks, cudaStream_t stream) { \
    with_tile_logm<LOGR_>(logm, log_budget, [&]<int LOGM, int LOGR, int LOG_BUDGET>() {                                      \
      if constexpr (tile_exists<T, LOGM, LOGR, LOG_BUDGET>()) {                                                              \
        launch_tile<T, LOGM, LOGR, LOG_BUDGET>(args, blocks, stream);                                                        \
      } else {                                                                                                                \
        no_kernel(logm);                                                                                                      \
      }                                                                                                                       \
    });                                                                                                                       \
  }                                                                                                                           \
  template <>                                                                                                                 \
  void prepare_pass<T, LOGR_>(int logm, int log_budget) {                                                                    \
    with_tile_logm<LOGR_>(logm, log_budget, [&]<int LOGM, int LOGR, int LOG_BUDGET>() {                                      \
      if constexpr (tile_exists<T, LOGM, LOGR, LOG_BUDGET>()) {                                                              \
        allow_tile_shared_memory<T, LOGM, LOGR, LOG_BUDGET>();                                                               \
      } else {                                                                                                                \
        no_kernel(logm);                                                                                                      \
      }                                                                                                                       \
    });                                                                                                                       \
  }                                                                                                                           \
  }
