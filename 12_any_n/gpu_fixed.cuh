// The kernels of the fixed single passes (gpu_fixed.hpp), one file a precision so that they
// compile side by side.
#pragma once

#include "12_any_n/gpu_fixed.hpp"

namespace course::anyn::gpu {

// __maxnreg__ came with CUDA 12.4; before it the same cap is asked for as blocks an SM.
#if __CUDACC_VER_MAJOR__ > 12 || (__CUDACC_VER_MAJOR__ == 12 && __CUDACC_VER_MINOR__ >= 4)
#define COURSE_FIXED_REGISTERS(...) __launch_bounds__((__VA_ARGS__::threads)) __maxnreg__((__VA_ARGS__::registers))
#else
#define COURSE_FIXED_REGISTERS(...) __launch_bounds__((__VA_ARGS__::threads), (__VA_ARGS__::blocks))
#endif

// A launch of Shape at P points a thread: its threads, its register cap and the blocks an SM that
// the cap is for.
template <class T, class Shape, int P>
struct FixedLaunch {
  static constexpr unsigned threads = Shape::template threads_at<P>;
  static constexpr int registers = fixed_register_cap<T, P>(threads);
  static constexpr unsigned blocks = fixed_blocks_per_sm<T, P>(threads);
  static constexpr bool holds = fixed_registers_hold<T, P>(threads, Shape::template peak_points<P>);
};

template <class T, bool DIRECT, class Shape, int P>
__global__ void COURSE_FIXED_REGISTERS(FixedLaunch<T, Shape, P>) fixed_pass_kernel(const PassArgs<T> a) {
  extern __shared__ __align__(16) unsigned char smem_raw[];
  auto* buf = reinterpret_cast<Complex<T>*>(smem_raw);
  run_fixed_block<Shape, DIRECT, P>(
      blockIdx.x, a, buf, [](auto&& phase) { phase(threadIdx.x, Shape::template threads_at<P>); }, [] { __syncthreads(); },
      OwnRegs<T, P>{});
}

// The kernel of a's shape at P points a thread, if one is built: at 16 for every shape a pass of
// T can have, at fewer where the registers hold them.
template <class T, int P>
PassKernelPtr<T> find_fixed_kernel(const PassArgs<T>& a) {
  PassKernelPtr<T> k = nullptr;
  visit_matching_shape<FixedPasses>(a, [&](auto shape) {
    using Shape = decltype(shape);
    // No double pass has more than 512 threads at 16 points (its blocks hold at most 8192
    // points): its 640-thread shape (10000, float only) is never built.
    if constexpr ((sizeof(T) == 4 || Shape::threads <= 512) && (P == kPointsPerThread || FixedLaunch<T, Shape, P>::holds))
      k = &fixed_pass_kernel<T, sizeof(T) == 4, Shape, P>;
  });
  return k;
}

}  // namespace course::anyn::gpu
