// Where a pass's transforms live in global memory, and (for the tile kernels) which of them a
// block owns and where each tile element goes. Plain C++ with __host__ __device__ functions: the
// kernels use them, and test_10_emulated runs whole tile passes on the CPU through them.
#pragma once

#include <cstddef>

#include "09_radixN/tile_fft.hpp"
#include "common/complex.hpp"

namespace course::twod {

// Where transform i of slice `slice` keeps its element j: slice * slice_dist + i * dist + j * stride.
struct Layout {
  long long stride = 1, dist = 0, slice_dist = 0;
};

struct Pass2dArgs {
  int log_len = 0;    // L = 2^log_len points per transform
  int log_group = 0;  // G = 2^log_group transforms per block
  long long per_slice = 1;         // transforms in one slice (rows: all rows; columns: one matrix's columns)
  long long groups_per_slice = 1;  // blocks per slice
  Layout in{}, out{};
};

// Largest radix of the tile stages: 16 (09's default; its planner spreads the bits evenly).
inline constexpr int kTileLog2Radix = 4;
// Elements per thread: one butterfly of the largest radix (8 for 512 = 8*8*8), not 09's 16.
// The OTF column kernel runs two FFTs and |.|^2 in one kernel; with 16 elements a thread it
// spills and runs slower (NOTES.md). Every kernel of this chapter uses the one shape.
inline constexpr int kTileLog2MinElements = 0;

// Tile variants, for GPUs whose blocks get less shared memory than an H100's (issue of the
// limit: common/gpu_limits.hpp). Variant 0 is the tile every pass takes on an H100; each later
// one is smaller and is taken only when the one before does not fit the device:
//   0  09's 64 KiB tile, K copies of it in a narrow column pass (tile_log_copies below);
//   1  09's 64 KiB tile, no copies (a 4096-point column pass in 68 KiB instead of 136);
//   2  09's 32 KiB tile (radixn::kLog2SmallTileBudget), no copies: fits the 48 KiB of any GPU.
inline constexpr int kTileVariants = 3;
constexpr int variant_log_budget(int variant) { return variant == 2 ? radixn::kLog2SmallTileBudget : radixn::kLog2TileBudget; }

template <class T>
constexpr radixn::TileShape tile_shape(int logm, int variant = 0) {
  return radixn::make_tile_shape(logm, kTileLog2Radix, static_cast<int>(sizeof(Complex<T>)), kTileLog2MinElements,
                                 variant_log_budget(variant));
}

// How many copies of 09's tile F (of C transforms) one block runs side by side: 1 for rows; for a
// column pass, enough that the block's adjacent columns span a whole 32-byte sector of each row
// (DRAM and L2 move sectors). 09's tile budget (64 KiB) leaves C = 2 float or 1 double column of
// 4096 points, 16-byte runs: there K = 2. The copies need no new FFT code: with K C transforms
// and K times the threads, thread t's stage work is row t >> logp of the same padded layout.
template <class T>
constexpr int tile_log_copies(int logm, bool columns, int variant = 0) {
  int k = 0;
  if (columns && variant == 0)
    while ((static_cast<int>(sizeof(Complex<T>)) << (tile_shape<T>(logm).logc + k)) < 32) ++k;
  return k;
}

// A block's tile: 2^LOGK copies of 09's tile F.
template <class F, int LOGK>
struct BlockTile {
  static constexpr int M = F::M, logm = F::S.logm, E = F::E;
  static constexpr int logc = F::S.logc + LOGK, C = 1 << logc;
  static constexpr int threads = F::kThreads << LOGK;
  static constexpr int row_stride = F::S.row_stride;
  static constexpr int shared_bytes = F::S.shared_bytes() << LOGK;
};

// Shared memory of a pass's block under tile variant v (see tile_shape), and whether the variant
// exists as a kernel: variant 1 only where variant 0 has copies, variant 2 only where it is smaller
// than variant 1. A plan takes the first variant that fits the device (tile_variant).
template <class T>
constexpr int tile_variant_bytes(int logm, bool columns, int variant) {
  return tile_shape<T>(logm, variant).shared_bytes() << tile_log_copies<T>(logm, columns, variant);
}
template <class T>
constexpr bool tile_variant_exists(int logm, bool columns, int variant) {
  if (variant == 0) return true;
  if (variant == 1) return tile_log_copies<T>(logm, columns) > 0;
  return variant == 2 && tile_variant_bytes<T>(logm, columns, 2) < tile_variant_bytes<T>(logm, columns, 1);
}
// The first variant whose block fits `limit_bytes`; -1 when none does (4096 double points need
// 68 KiB in any variant: such a pass goes through 09's multi-pass plans, fft2d_impl.cuh).
template <class T>
constexpr int tile_variant(int logm, bool columns, int limit_bytes) {
  for (int v = 0; v < kTileVariants; ++v)
    if (tile_variant_exists<T>(logm, columns, v) && tile_variant_bytes<T>(logm, columns, v) <= limit_bytes) return v;
  return -1;
}

// Tile element e (e = thread + j * threads: consecutive threads, consecutive e) of a block tile
// B to (transform c, element r):
//   rows:     r = e mod M, c = e / M   (a block's C rows are one contiguous run of memory);
//   columns:  c = e mod C, r = e / C   (C adjacent columns: a warp reads C neighbours of each row).
template <class B, bool Interleaved>
FFT_HD inline void tile_element(int e, int& c, int& r) {
  if constexpr (Interleaved) { c = e & (B::C - 1); r = e >> B::logc; }
  else { r = e & (B::M - 1); c = e >> B::logm; }
}

// 09's shared layout: transform c at c * row_stride + pad(r).
template <class B>
FFT_HD inline int tile_slot(int c, int r) { return c * B::row_stride + radixn::pad(r); }

// Which transforms block `block` owns, once per thread: 64-bit bases of its first transform,
// then 32-bit offsets inside the block (a block spans at most C transforms of M <= 4096 points,
// with strides and distances <= 4097, so they fit), and how many of its C transforms exist (a
// partial last group: the R2C's M + 1 columns, batches that are not a multiple of C).
// Recomputing the full 64-bit address of each of 16 elements made the float row kernels spill.
struct TilePlace {
  long long first = 0, in_base = 0, out_base = 0;
  int in_dist = 0, in_stride = 0, out_dist = 0, out_stride = 0;
  int valid = 0;
  FFT_HD TilePlace(const Pass2dArgs& a, long long block) {
    const long long slice = block / a.groups_per_slice;
    first = (block - slice * a.groups_per_slice) << a.log_group;
    in_base = slice * a.in.slice_dist + first * a.in.dist;
    out_base = slice * a.out.slice_dist + first * a.out.dist;
    in_dist = static_cast<int>(a.in.dist);
    in_stride = static_cast<int>(a.in.stride);
    out_dist = static_cast<int>(a.out.dist);
    out_stride = static_cast<int>(a.out.stride);
    const long long left = a.per_slice - first;
    valid = left < (1LL << a.log_group) ? static_cast<int>(left) : (1 << a.log_group);
  }
  FFT_HD int in_offset(int c, int r) const { return c * in_dist + r * in_stride; }
  FFT_HD int out_offset(int c, int r) const { return c * out_dist + r * out_stride; }
};

inline int layout_log2(std::size_t n) { int k = 0; while ((std::size_t{1} << k) < n) ++k; return k; }
inline std::size_t layout_ceil_div(std::size_t a, std::size_t b) { return (a + b - 1) / b; }

// `transforms` rows of len points, group per block, in_dist / out_dist apart.
inline Pass2dArgs row_args(std::size_t len, std::size_t group, std::size_t transforms, std::size_t in_dist, std::size_t out_dist) {
  Pass2dArgs a;
  a.log_len = layout_log2(len);
  a.log_group = layout_log2(group);
  a.per_slice = static_cast<long long>(transforms);
  a.groups_per_slice = static_cast<long long>(layout_ceil_div(transforms, group));
  a.in = {1, static_cast<long long>(in_dist), 0};
  a.out = {1, static_cast<long long>(out_dist), 0};
  return a;
}

// Columns of `batch` matrices of len rows x width (row-major): stride width, adjacent columns 1 apart.
inline Pass2dArgs column_args(std::size_t len, std::size_t group, std::size_t width) {
  Pass2dArgs a;
  a.log_len = layout_log2(len);
  a.log_group = layout_log2(group);
  a.per_slice = static_cast<long long>(width);
  a.groups_per_slice = static_cast<long long>(layout_ceil_div(width, group));
  const auto w = static_cast<long long>(width);
  a.in = a.out = {w, 1, w * static_cast<long long>(len)};
  return a;
}

}  // namespace course::twod
