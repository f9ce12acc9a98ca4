// 08_cuda_stockham, internal: the host-side launchers the plans share (v3 reuses v1's stage).
#pragma once

#include <cuda_runtime_api.h>

#include <cstddef>

#include "common/complex.hpp"

namespace course::stockham {

// One v1 radix-2 Stockham stage over `batch` transforms of 2^log2n points: x -> y.
template <class T>
void launch_stockham_stage(const Complex<T>* x, Complex<T>* y, const Complex<T>* table, unsigned log2n,
                           unsigned log2s, std::size_t batch, bool inverse, cudaStream_t stream);

// Threads per block of the one-thread-per-butterfly kernels: enough warps in flight, and
// 2^8 divides every launch of N >= 512 points.
inline constexpr unsigned stage_threads = 256;

inline unsigned blocks_for(std::size_t threads) {
  return static_cast<unsigned>((threads + stage_threads - 1) / stage_threads);
}

}  // namespace course::stockham
