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
};

template <class T, bool DIRECT, class Shape, int P>
__global__ void COURSE_FIXED_REGISTERS(FixedLaunch<T, Shape, P>) fixed_pass_kernel(const MixedPassArgs<T> a) {
  extern __shared__ __align__(16) unsigned char smem_raw[];
  auto* buf = reinterpret_cast<Complex<T>*>(smem_raw);
  run_fixed_block<Shape, DIRECT, P>(
      blockIdx.x, a, buf, [](auto&& phase) { phase(threadIdx.x, Shape::template threads_at<P>); }, [] { __syncthreads(); },
      OwnRegs<T, P>{});
}

// The kernel of a's shape at P points a thread (kMatchedPoints: the shape's matched_points) where
// one is built (fixed_kernel_built), with its launch's threads; none otherwise.
template <class T, int P, bool DIRECT = sizeof(T) == 4>
FixedKernel<T> find_fixed_kernel(const MixedPassArgs<T>& a) {
  FixedKernel<T> k;
  visit_matching_shape<FixedPasses>(a, [&](auto shape) {
    using Shape = decltype(shape);
    constexpr int points = points_for<Shape, P>;
    if constexpr (fixed_kernel_built<T, Shape, P>)
      k = {&fixed_pass_kernel<T, DIRECT, Shape, points>, points, FixedLaunch<T, Shape, points>::threads, DIRECT};
  });
  return k;
}

// fixed_kernel_for (gpu_fixed.hpp) for either precision: the kernel asked for where built, else
// the one at 16 points. Float's compiled kernels are all direct; double's are direct only at
// matched points.
template <class T>
FixedKernel<T> choose_fixed_kernel(const MixedPassArgs<T>& a, bool direct, int points) {
  if (sizeof(T) == 4 && !direct) return {};
  FixedKernel<T> k;
  if (direct && points == kMatchedPoints) k = find_fixed_kernel<T, kMatchedPoints, true>(a);
  if constexpr (sizeof(T) == 8) {
    if (!k.kernel && points == kMatchedPoints) k = find_fixed_kernel<T, kMatchedPoints>(a);
    if (!k.kernel && points == 8) k = find_fixed_kernel<T, 8>(a);
  }
  return k.kernel ? k : find_fixed_kernel<T, kPointsPerThread>(a);
}

}  // namespace course::anyn::gpu
