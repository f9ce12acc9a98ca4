// Lab 09's kernel as per-thread phases (you need not edit this file). One block owns a tile of
// 4096 points (4096 / N transforms of N = 16, 256 or 4096 points) in shared memory, 256 threads.
// Stockham stages of radix R (16 with your radix16): stage s has done sub-transforms of p = R^s
// points; butterfly i (of a transform's N/R) reads x[j + r N/R], r < R (j = i mod N/R), turns
// input r by w(r k, R p) (k = j mod p), does the R-point DFT in registers and writes output q to
// y[(j - k) R + k + q p]. After the last stage the tile is in natural order: no bit reversal.
// A thread reads its 16 values (16/R butterflies), the block waits (barrier), the thread writes
// them back to the same tile, the block waits again. `Impl` is Yours (lab09.hpp) or Chapter (09's).
#pragma once

#include <cstdint>

#include "09_radixN/butterfly.hpp"
#include "09_radixN/lab/reference.hpp"

#ifndef LAB09_KERNEL_RADIX
#define LAB09_KERNEL_RADIX 16
#endif
#ifndef LAB09_RADIX16
#define LAB09_RADIX16 lab09::radix16
#endif

namespace lab09_kernel {

using course::Complex;

struct Yours {
  static constexpr int radix = LAB09_KERNEL_RADIX;
  template <class T>
  FFT_HD static void butterfly(Complex<T>* v) {
    if constexpr (radix == 16) LAB09_RADIX16<T>(v);
    else course::radixn::dft<radix, T>(v);
  }
};

struct Chapter {
  static constexpr int radix = 16;
  template <class T>
  FFT_HD static void butterfly(Complex<T>* v) { lab09_reference::radix16<T>(v); }
};

inline constexpr unsigned tile_log2 = 12;
inline constexpr std::uint32_t tile_points = 1u << tile_log2;
inline constexpr std::uint32_t block_threads = 256;  // 16 values per thread

template <int R>
constexpr unsigned log2_of() { return R == 16 ? 4 : R == 8 ? 3 : R == 4 ? 2 : 1; }

// Where point e of the tile sits in memory. The emulation uses the identity. On the device an
// XOR swizzle spreads what would be one bank per 128-byte row over the row: the radix-16 stage
// with p = 1 writes points 16 apart (all in one bank group unswizzled), and the swizzle maps them
// to different groups, while a run of points stays within its row (conflict-free reads).
struct Plain {
  FFT_HD std::uint32_t operator()(std::uint32_t e) const { return e; }
};
// The low v bits (2^v points per 128 bytes: v = 4 float, 3 double) are XORed with bits 4.. of e,
// which the 16-apart writes of that stage step through; a bijection, since the bits read and the
// bits changed do not overlap.
template <class T>
struct Swizzled {
  static constexpr unsigned v = sizeof(Complex<T>) == 8 ? 4 : 3;
  FFT_HD std::uint32_t operator()(std::uint32_t e) const { return e ^ ((e >> 4) & ((1u << v) - 1)); }
};

// Phase 1 of stage with sub-transforms of p points: thread t's 16 values after its butterflies,
// and where each goes (tile positions, before `map`). x is the tile; table[m] = w(m, N), m < N.
template <class Impl, class T, class Map = Plain>
FFT_HD inline void stage_compute(const Complex<T>* x, unsigned log2n, std::uint32_t p, std::uint32_t t, const Complex<T>* table,
                                 Complex<T> (&u)[16], std::uint32_t (&at)[16], Map map = {}) {
  constexpr int R = Impl::radix;
  constexpr unsigned lr = log2_of<R>();
  const unsigned quarter_log2 = log2n - lr;  // N / R butterflies per transform
#if defined(__CUDA_ARCH__)
  const unsigned log2p = static_cast<unsigned>(__ffs(static_cast<int>(p)) - 1);
#else
  unsigned log2p = 0;
  while ((std::uint32_t{1} << log2p) < p) ++log2p;
#endif
  const unsigned tw_shift = log2n - lr - log2p;  // w(r k, R p) = w((r k) << tw_shift, N)
#if defined(__CUDACC__)
#pragma unroll
#endif
  for (int m = 0; m < 16 / R; ++m) {
    const std::uint32_t i = t + static_cast<std::uint32_t>(m) * block_threads;
    const std::uint32_t base = (i >> quarter_log2) << log2n, j = i & ((1u << quarter_log2) - 1), k = j & (p - 1);
    Complex<T>* v = u + m * R;
#if defined(__CUDACC__)
#pragma unroll
#endif
    for (int r = 0; r < R; ++r) {
      const Complex<T> z = x[map(base + j + (static_cast<std::uint32_t>(r) << quarter_log2))];
      v[r] = r == 0 || k == 0 ? z : z * table[(static_cast<std::uint32_t>(r) * k) << tw_shift];
    }
    Impl::template butterfly<T>(v);
#if defined(__CUDACC__)
#pragma unroll
#endif
    for (int q = 0; q < R; ++q) at[m * R + q] = base + ((j - k) << lr) + k + static_cast<std::uint32_t>(q) * p;
  }
}

template <class Impl>
FFT_HD constexpr unsigned stages(unsigned log2n) { return log2n / log2_of<Impl::radix>(); }

}  // namespace lab09_kernel
