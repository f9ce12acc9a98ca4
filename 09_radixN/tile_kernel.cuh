// The pass kernel: the phases of tile_fft.hpp separated by barriers. One kernel template serves
// every pass of every plan; its shape (radices, elements per thread, sub-transforms per block)
// is fixed at compile time by (T, LOGM, LOGR), so the butterflies stay in registers.
#pragma once

#include "09_radixN/dispatch.hpp"
#include "09_radixN/pass_launch.hpp"
#include "common/cuda_helpers.hpp"

#include <stdexcept>
#include <string>

namespace course::radixn {

template <class F, int SI, class T>
__device__ __forceinline__ void run_stages(const PassArgs<T>& a, Complex<T>* sm, Complex<T>* v) {
  if constexpr (SI < F::kStages) {
    F::template stage_compute<SI>(threadIdx.x, a, sm, v);
    __syncthreads();  // every thread has read its inputs before any output overwrites them
    F::template stage_write<SI>(threadIdx.x, sm, v);
    __syncthreads();
    run_stages<F, SI + 1>(a, sm, v);
  }
}

inline constexpr int kSharedPerSm = 227 * 1024;  // H100: the most one block may opt in to

// Occupancy: ask for 1024 resident threads per SM in float (at most 64 registers a thread) and
// 512 in double, whose 16 elements per thread already take 64 registers; but never more blocks
// than the SM's 227 KiB of shared memory holds (2^14 float: one block of 1024 threads).
template <class F, class T>
constexpr int min_blocks_per_sm() {
  int want = (sizeof(T) == 4 ? 1024 : 512) / F::kThreads;
  const int fit = kSharedPerSm / F::S.shared_bytes();
  if (want > fit) want = fit;
  return want > 1 ? want : 1;
}

// Shapes whose tile exceeds an SM's shared memory (2^14 double: 272 KiB) get no kernel; the
// planner never asks for one.
template <class F>
constexpr bool fits_one_sm() {
  return F::S.shared_bytes() <= kSharedPerSm;
}
[[noreturn]] inline void no_kernel(int logm) {
  throw std::logic_error("09_radixN: a tile of 2^" + std::to_string(logm) + " points does not fit one SM's shared memory");
}

template <class T, int LOGM, int LOGR>
__global__ void __launch_bounds__(TileFft<T, LOGM, LOGR>::kThreads, (min_blocks_per_sm<TileFft<T, LOGM, LOGR>, T>()))
    tile_fft_kernel(const PassArgs<T> a) {
  using F = TileFft<T, LOGM, LOGR>;
  extern __shared__ __align__(16) unsigned char smem_raw[];
  auto* sm = reinterpret_cast<Complex<T>*>(smem_raw);
  Complex<T> v[F::E];
  F::load(threadIdx.x, blockIdx.x, a, sm);
  __syncthreads();
  run_stages<F, 0>(a, sm, v);
  F::store(threadIdx.x, blockIdx.x, a, sm);
}

}  // namespace course::radixn

// Defines launch_pass<T, LOGR> and prepare_pass<T, LOGR> for every LOGM in one translation unit.
#define COURSE_RADIXN_KERNELS(T, LOGR_)                                                                      \
  namespace course::radixn {                                                                                 \
  template <>                                                                                                \
  void launch_pass<T, LOGR_>(int logm, const PassArgs<T>& args, std::uint64_t blocks, cudaStream_t stream) { \
    with_tile_logm<LOGR_>(logm, [&]<int LOGM, int LOGR>() {                                                  \
      using F = TileFft<T, LOGM, LOGR>;                                                                      \
      if constexpr (fits_one_sm<F>()) {                                                                      \
        tile_fft_kernel<T, LOGM, LOGR><<<static_cast<unsigned>(blocks), F::kThreads, F::S.shared_bytes(), stream>>>(args); \
        COURSE_CUDA_CHECK_LAUNCH();                                                                          \
      } else {                                                                                               \
        no_kernel(logm);                                                                                     \
      }                                                                                                      \
    });                                                                                                      \
  }                                                                                                          \
  template <>                                                                                                \
  void prepare_pass<T, LOGR_>(int logm) {                                                                    \
    with_tile_logm<LOGR_>(logm, [&]<int LOGM, int LOGR>() {                                                  \
      using F = TileFft<T, LOGM, LOGR>;                                                                      \
      if constexpr (fits_one_sm<F>()) {                                                                      \
        COURSE_CUDA_CHECK(cudaFuncSetAttribute(tile_fft_kernel<T, LOGM, LOGR>,                               \
                                               cudaFuncAttributeMaxDynamicSharedMemorySize, F::S.shared_bytes())); \
      } else {                                                                                               \
        no_kernel(logm);                                                                                     \
      }                                                                                                      \
    });                                                                                                      \
  }                                                                                                          \
  }
