// The kernels of the fixed single passes (gpu_fixed.hpp), one file a precision so that they
// compile side by side.
#pragma once

#include "12_any_n/gpu_fixed.hpp"

namespace course::anyn::gpu {

// The most registers a thread may have. Each of an SM's four schedulers has 16384 registers for
// whole warps, a warp's in steps of 256 (a 160-thread double block at 136 registers leaves two
// blocks an SM where 128 give three). Double keeps as many blocks an SM as the generic kernel at
// 128 registers. Float takes one block more than at the generic kernel's 64 where 56 registers
// give it (blocks of 5, 6, 7 and 12 warps: 2187, 2401, 3000, 3125, 6144), else keeps them. At 56
// only 6144 spills (16 bytes, sm_90); on the H100 these took 2-10% less time, 2401 2% more.
constexpr unsigned warps_per_sm(unsigned registers) {
  return 4 * (16384 / ((registers * 32 + 255) / 256 * 256));
}
constexpr unsigned register_cap_for(unsigned warps, unsigned blocks) {
  unsigned cap = 248;
  while (cap > 8 && warps_per_sm(cap) / warps < blocks) cap -= 8;
  return cap;
}
template <class T>
constexpr int fixed_register_cap(unsigned threads) {
  const unsigned warps = (threads + 31) / 32, generic = sizeof(T) == 4 ? 64 : 128;
  const unsigned blocks = warps_per_sm(generic) / warps > 0 ? warps_per_sm(generic) / warps : 1;
  if (sizeof(T) == 4 && register_cap_for(warps, blocks + 1) >= 56) return static_cast<int>(register_cap_for(warps, blocks + 1));
  return static_cast<int>(register_cap_for(warps, blocks));
}

template <class T, bool DIRECT, class Shape>
__global__ void __launch_bounds__(Shape::threads) __maxnreg__(fixed_register_cap<T>(Shape::threads))
    fixed_pass_kernel(const PassArgs<T> a) {
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
    // A double block of more than 512 threads at 128 registers would not fit an SM.
    if constexpr (sizeof(T) == 4 || Shape::threads <= 512) k = &fixed_pass_kernel<T, sizeof(T) == 4, Shape>;
  });
  return k;
}

}  // namespace course::anyn::gpu
