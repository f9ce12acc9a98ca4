// 07_cuda_bitops: the sizes each variant takes. Plain C++, so CPU-only CI checks the refusals.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

#include "common/complex.hpp"
#include "common/sizes.hpp"

namespace course::bitops {

inline constexpr const char* chapter = "07_cuda_bitops";
inline constexpr unsigned max_log2 = 27;
// 32-bit indices: all points of one call, N x batch, may be at most 2^31.
inline constexpr unsigned max_points_log2 = 31;

// v4 keeps a whole transform in one block's shared memory: 32 KiB, under the 48 KiB every
// CUDA GPU gives a block without opting in, is 4096 float or 2048 double points.
inline constexpr std::size_t shared_bytes = 32 * 1024;
template <class T>
constexpr unsigned shared_max_log2() { return sizeof(T) == 4 ? 12 : 11; }

// v5 beyond that: one block per SM may opt in to more shared memory (227 KiB on sm_90, 99 KiB
// on sm_86/89, 64 KiB on sm_75), so its tile is the largest power of two of points that fits,
// up to 128 KiB: C columns of up to 2^12 points, C = 4 in float and 2 in double, so that a
// warp's reads of the bit-reversed input come in 32-byte runs (one DRAM sector).
inline constexpr std::size_t tiled_max_bytes = 128 * 1024;
inline constexpr unsigned tiled_max_log2m = 12;
template <class T>
constexpr unsigned tiled_run_log2() { return sizeof(T) == 4 ? 2 : 1; }
// log2 of the points of v5's tile, given the shared memory one block may have (bytes).
template <class T>
unsigned tiled_log2p(std::size_t optin_bytes) {
  const std::size_t bytes = optin_bytes < tiled_max_bytes ? optin_bytes : tiled_max_bytes;
  unsigned p = 0;
  while ((std::size_t{2} << p) * sizeof(Complex<T>) <= bytes) ++p;
  return p;
}

inline void require_points(const std::string& who, std::size_t n, std::size_t batch) {
  require_batch(who, batch);
  // Divide rather than multiply: n * batch can wrap around for a huge batch and pass the test.
  if (n == 0 || batch > (std::size_t{1} << max_points_log2) / n)
    throw size_error(who + ": N = " + std::to_string(n) + " with batch = " + std::to_string(batch) +
                     " refused: N x batch above 2^31 points does not fit this chapter's 32-bit indices; split the batch");
}

// v1, v2, v3 and v5: N = 2^k up to 2^27.
inline void require_size(const std::string& variant, std::size_t n, std::size_t batch) {
  const std::string who = std::string(chapter) + " " + variant;
  require_power_of_two(who, n, max_log2, "01_dft takes any N >= 1; above 2^27 no chapter of this course does");
  require_points(who, n, batch);
}

// v4: what one block's shared memory holds.
template <class T>
void require_shared_size(std::size_t n, std::size_t batch) {
  const std::string who = std::string(chapter) + " v4";
  require_power_of_two(who, n, shared_max_log2<T>(),
                       std::string("one block's ") + std::to_string(shared_bytes / 1024) + " KiB of shared memory holds " +
                           std::to_string(std::size_t{1} << shared_max_log2<T>()) + " " + precision_name<T>() +
                           " points; 07_cuda_bitops v5 (shared-memory first stages, then global stages) takes N up to 2^27");
  require_points(who, n, batch);
}

}  // namespace course::bitops
