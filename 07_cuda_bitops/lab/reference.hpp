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

// 07 v4's geometry for one transform filling the tile; its slot() is the swizzle.
template <class T>
FFT_HD inline std::uint32_t slot(std::uint32_t p, unsigned log2p) {
  const unsigned v = course::bitops::wavefront_log2<T>();
  const course::bitops::SharedGeometry g{log2p, log2p, 0, log2p, 0u, true, false, v, log2p - v,
                                         (std::uint32_t{1} << v) - 1, sizeof(Complex<T>) == 16};
  return g.slot(p);
}

}  // namespace lab07_reference
