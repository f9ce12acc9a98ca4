// Lab 07's kernels as per-thread functions (you need not edit this file). `Impl` supplies the
// pieces: Yours (lab07::, from lab07.hpp) or Chapter (lab07_reference::, 07's own). The GPU part
// (gpu.cu) launches them; the grader runs them on the CPU for every thread.
//   Global path, any N = 2^k: a gather pass into bit-reversed order (07's permute_gather), then
//     one launch per stage of batch * N/2 threads, each one stage_butterfly.
//   Tile path, N <= 1024: one block per tile of 1024 points (1024 / N transforms), three phases
//     with a barrier between them: load (reversed, to slot()), log2 N stages (butterfly_top, slot()),
//     store.
#pragma once

#include <cstdint>

#include "07_cuda_bitops/bitops_thread.hpp"
#include "07_cuda_bitops/lab/reference.hpp"

namespace lab07_kernel {

using course::Complex;

struct Yours {
  FFT_HD static std::uint32_t top(std::uint32_t k, unsigned stage) { return lab07::butterfly_top(k, stage); }
  template <class T, class Twiddle>
  FFT_HD static void stage(Complex<T>* data, unsigned log2n, unsigned stage, std::uint32_t t, Twiddle tw) {
    lab07::stage_butterfly<T>(data, log2n, stage, t, tw);
  }
  template <class T>
  FFT_HD static std::uint32_t slot(std::uint32_t p, unsigned log2p) { return lab07::slot<T>(p, log2p); }
};

struct Chapter {
  FFT_HD static std::uint32_t top(std::uint32_t k, unsigned stage) { return lab07_reference::butterfly_top(k, stage); }
  template <class T, class Twiddle>
  FFT_HD static void stage(Complex<T>* data, unsigned log2n, unsigned stage, std::uint32_t t, Twiddle tw) {
    lab07_reference::stage_butterfly<T>(data, log2n, stage, t, tw);
  }
  template <class T>
  FFT_HD static std::uint32_t slot(std::uint32_t p, unsigned log2p) { return lab07_reference::slot<T>(p, log2p); }
};

inline constexpr unsigned tile_log2 = 10;  // 1024 points: 8 KiB float, 16 KiB double
inline constexpr std::uint32_t tile_points = 1u << tile_log2;

// Phase 1, element e of block `block`: the input point, reversed within its transform, to its slot.
template <class Impl, class T>
FFT_HD inline void tile_load(const Complex<T>* in, Complex<T>* s, unsigned log2n, std::uint32_t points, std::uint32_t block,
                             std::uint32_t e) {
  const std::uint32_t mask = (std::uint32_t{1} << log2n) - 1;
  const std::uint32_t global = (block << tile_log2) + e;
  const std::uint32_t local = (e & ~mask) | course::reverse_bits32(e & mask, log2n);
  s[Impl::template slot<T>(local, tile_log2)] = global < points ? in[global] : Complex<T>{};
}

// Phase 2, thread t (< 512) of one stage: butterfly t of the tile (transforms side by side).
template <class Impl, class T>
FFT_HD inline void tile_butterfly(Complex<T>* s, const course::bitops::TableTwiddle<T>& tw, unsigned stage, std::uint32_t t) {
  const std::uint32_t half = std::uint32_t{1} << stage;
  const std::uint32_t top = Impl::top(t, stage);
  const std::uint32_t a_at = Impl::template slot<T>(top, tile_log2), b_at = Impl::template slot<T>(top | half, tile_log2);
  const Complex<T> a = s[a_at], wb = tw(t & (half - 1), stage) * s[b_at];
  s[a_at] = a + wb;
  s[b_at] = a - wb;
}

// Phase 3, element e: back to global memory in natural order.
template <class Impl, class T>
FFT_HD inline void tile_store(const Complex<T>* s, Complex<T>* out, std::uint32_t points, std::uint32_t block, std::uint32_t e) {
  const std::uint32_t global = (block << tile_log2) + e;
  if (global < points) out[global] = s[Impl::template slot<T>(e, tile_log2)];
}

}  // namespace lab07_kernel
