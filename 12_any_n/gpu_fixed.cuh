// The kernels of the fixed single passes (gpu_fixed.hpp), one file a precision so that they
// compile side by side.
#pragma once

#include "12_any_n/gpu_fixed.hpp"

namespace course::anyn::gpu {

// __maxnreg__ came with CUDA 12.4; before it the same cap is asked for as blocks an SM.
#if __CUDACC_VER_MAJOR__ > 12 || (__CUDACC_VER_MAJOR__ == 12 && __CUDACC_VER_MINOR__ >= 4)
#define COURSE_FIXED_REGISTERS(T, threads) __launch_bounds__(threads) __maxnreg__(fixed_register_cap<T>(threads))
#else
#define COURSE_FIXED_REGISTERS(T, threads) __launch_bounds__(threads, fixed_blocks_per_sm<T>(threads))
#endif

template <class T, bool DIRECT, class Shape>
__global__ void COURSE_FIXED_REGISTERS(T, Shape::threads) fixed_pass_kernel(const PassArgs<T> a) {
  extern __shared__ __align__(16) unsigned char smem_raw[];
  auto* buf = reinterpret_cast<Complex<T>*>(smem_raw);
  run_fixed_block<Shape, DIRECT>(blockIdx.x, a, buf, [](auto&& phase) { phase(threadIdx.x, Shape::threads); }, [] { __syncthreads(); },
                                 OwnRegs<T>{});
}

template <class T>
PassKernelPtr<T> find_fixed_kernel(const PassArgs<T>& a) {
  PassKernelPtr<T> k = nullptr;
  visit_matching_shape<FixedPasses>(a, [&](auto shape) {
    using Shape = decltype(shape);
    // No double pass has more than 512 threads (its blocks hold at most 8192 points): its 640-
    // thread shape (10000, float only) is never built.
    if constexpr (sizeof(T) == 4 || Shape::threads <= 512) k = &fixed_pass_kernel<T, sizeof(T) == 4, Shape>;
  });
  return k;
}

}  // namespace course::anyn::gpu
