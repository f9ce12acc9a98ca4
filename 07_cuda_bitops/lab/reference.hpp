// Lab 07's pieces from the chapter itself, in namespace lab07_reference: 07's butterfly_top and
// natural_butterfly (bitops_thread.hpp) and the slot of 07 v4's shared-memory geometry
// (shared_thread.hpp). solution.hpp makes them the lab's answer; the GPU part times them
// beside yours.
#pragma once

#include <cstdint>

#include "07_cuda_bitops/bitops_thread.hpp"
#include "07_cuda_bitops/shared_thread.hpp"

namespace lab07_reference {

using course::Complex;

FFT_HD inline std::uint32_t butterfly_top(std::uint32_t k, unsigned stage) { return course::bitops::butterfly_top(k, stage); }

template <class T, class Twiddle>
FFT_HD inline void stage_butterfly(Complex<T>* data, unsigned log2n, unsigned stage, std::uint32_t t, Twiddle twiddle) {
  course::bitops::natural_butterfly<T>(data, log2n, stage, t, twiddle);
}

template <class T>
FFT_HD constexpr unsigned wavefront_log2() { return course::bitops::wavefront_log2<T>(); }

// 07 v4's geometry for one transform of 2^log2p points (one tile, reversed load); its slot() is
// the swizzle. On the host from 07's own factory; on the device from a copy of it in constant
// memory (index 0 float, 1 double) that gpu.cu uploads from the same factory.
template <class T>
inline course::bitops::SharedGeometry geometry(unsigned log2p) {
  return course::bitops::shared_geometry<T>(log2p, log2p, std::uint32_t{1} << log2p, true);
}

#if defined(__CUDACC__)
__constant__ course::bitops::SharedGeometry device_geometry[2];
#endif

template <class T>
FFT_HD inline std::uint32_t slot(std::uint32_t p, unsigned log2p) {
#if defined(__CUDA_ARCH__)
  (void)log2p;
  return device_geometry[sizeof(T) == 8 ? 1 : 0].slot(p);
#else
  return geometry<T>(log2p).slot(p);
#endif
}

}  // namespace lab07_reference
