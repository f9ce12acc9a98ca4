// The shape of one pass's kernel, decided at compile time from the sub-transform size M = 2^logm,
// the largest radix allowed (2^logr) and the element size: which radices its stages use, how
// many elements each thread holds in registers, how many sub-transforms share a block, and the
// padded shared-memory layout. The kernels and the host planner call the same constexpr
// function, so what the planner prints (and test_09_planner checks) is what the GPU runs.
#pragma once

#include "common/gpu_limits.hpp"

namespace course::radixn {

inline constexpr int kMaxStages = 14;
inline constexpr int kMaxLog2Threads = 9;        // at most 512 threads per block of several sub-transforms
inline constexpr int kMaxLog2ThreadsOne = 10;    // 1024 (CUDA's limit) for one sub-transform of 2^14
inline constexpr int kLog2ElementsPerThread = 4;  // 16 elements per thread
// Data per block before padding: 64 KiB (about 3 blocks per H100 SM), or 32 KiB when the GPU
// gives a block less than the 68 KiB such a tile takes with its padding (Turing's 64 KiB, or the
// 48 KiB every GPU gives without opting in). Fewer sub-transforms share a block; the code is the
// same. The planner takes the larger budget that fits the device (planner.cpp).
inline constexpr int kLog2TileBudget = 16;
inline constexpr int kLog2SmallTileBudget = 15;
// H100: the most shared memory one block may opt in to. The kernels are built for tiles up to
// this and the planner refuses a larger limit.
inline constexpr int kSharedLimitBytes = kMostSharedLimitBytes;

struct TileShape {
  int logm = 0;               // sub-transform size M = 2^logm
  int logr = 4;               // largest radix allowed, 2^logr
  int stages = 0;             // radix stages inside the block
  int bits[kMaxStages] = {};  // log2 of each stage's radix, largest first
  int loge = 0;               // each thread holds E = 2^loge elements in registers
  int logp = 0;               // P = M / E threads per sub-transform
  int logc = 0;               // C = 2^logc sub-transforms per block
  int row_stride = 1;         // shared-memory elements between two sub-transforms' rows
  int elem_bytes = 8;
  int log_budget = kLog2TileBudget;  // 2^log_budget bytes of data per block, before padding

  constexpr int m() const { return 1 << logm; }
  constexpr int elements_per_thread() const { return 1 << loge; }
  constexpr int threads_per_transform() const { return 1 << logp; }
  constexpr int transforms_per_block() const { return 1 << logc; }
  constexpr int threads() const { return 1 << (logp + logc); }
  constexpr int radix(int s) const { return 1 << bits[s]; }
  constexpr int shared_bytes() const { return (1 << logc) * row_stride * elem_bytes; }
  constexpr int wavefront() const { return 128 / elem_bytes; }  // elements one shared-memory wavefront serves
  constexpr bool register_io() const { return logp >= 5; }  // rows need a warp's 32 threads in one row
  // The I/O kernels a tile has besides the one through shared memory (tile_kernel.cuh): across
  // columns wherever there is a stage, along rows where register I/O is possible too.
  constexpr bool has_column_io() const { return stages > 0; }
  constexpr bool has_row_io() const { return stages > 0 && register_io(); }
};

// Occupancy: ask for 1024 resident threads per SM in float (at most 64 registers a thread) and
// 512 in double, whose 16 elements per thread already take 64 registers; but never more blocks
// than the SM's 227 KiB of shared memory holds (2^14 float: one block of 1024 threads). The
// kernels' __launch_bounds__ (09's tiles, 11's clusters); elem_bytes is a complex value's size.
constexpr int min_blocks_per_sm(int threads, int shared_bytes, int elem_bytes) {
  int want = (elem_bytes == 8 ? 1024 : 512) / threads;
  const int fit = kSharedLimitBytes / shared_bytes;
  if (want > fit) want = fit;
  return want > 1 ? want : 1;
}

// Padding inside a row: one spare element every 16, so that a stage writing with stride R
// (R = 4, 8, 16 elements) spreads a half-warp over distinct banks instead of one.
constexpr int pad(int i) { return i + (i >> 4); }

// Stage radices: the fewest stages of radix <= 2^logr, with the bits spread as evenly as
// possible and the larger radices first. For logr = 4 this is the 2D paper's rule (256 = 16*16,
// 128 = 16*8, 512 = 8*8*8) extended to every size: 2^10 = 16*8*8, 2^13 = 16*8*8*8. Even
// spreading keeps every stage's thread count equal, so no thread idles in a smaller stage.
constexpr TileShape make_tile_shape(int logm, int logr, int elem_bytes, int log_min_elements = kLog2ElementsPerThread,
                                    int log_budget = kLog2TileBudget) {
  TileShape s{};
  s.logm = logm;
  s.log_budget = log_budget;
  s.logr = logr;
  s.elem_bytes = elem_bytes;
  s.stages = logm == 0 ? 0 : (logm + logr - 1) / logr;
  for (int i = 0; i < s.stages; ++i) s.bits[i] = logm / s.stages + (i < logm % s.stages ? 1 : 0);
  // A thread holds 2^log_min_elements = 16 elements (or all M when M < 16): one radix-16
  // butterfly per stage, or two radix-8, four radix-4, eight radix-2 ones: fewer elements a
  // thread keep fewer bytes in flight per SM (NOTES.md). (log_min_elements = 0: one butterfly
  // of the largest radix, the first rule, which chapter 10 keeps.) More only when M would need
  // over 1024 threads. 2^14 float is one block per SM: 1024 threads of 16 elements keep twice
  // the warps resident that 512 threads of 32 would.
  const int first = s.stages ? s.bits[0] : 0;
  int loge = logm < log_min_elements ? logm : log_min_elements;
  if (loge < first) loge = first;
  s.loge = loge > logm - kMaxLog2ThreadsOne ? loge : logm - kMaxLog2ThreadsOne;
  s.logp = logm - s.loge;
  // Sub-transforms per block: fill the tile budget, at most 512 threads in all.
  int log_points = 0;
  while ((2 << log_points) * elem_bytes <= (1 << log_budget)) ++log_points;
  int c = log_points - logm;
  if (c > kMaxLog2Threads - s.logp) c = kMaxLog2Threads - s.logp;
  s.logc = c > 0 ? c : 0;
  // Row stride. A column walk (c fastest, tile_coords) sends one shared-memory wavefront of
  // W = 128 B / element = 16 float or 8 double elements to C rows at once, W / C neighbouring
  // elements in each when C < W. The rows then land in distinct banks when the stride is an odd
  // multiple of W / C (odd when C >= W); an always-odd stride leaves the column walk in
  // conflict (NOTES.md).
  // Whenever C < W, M >= 1024 and P >= 64 threads share a row, so the stages (one row per
  // half-warp) and the row walks do not see the stride at all; when C >= W the stages spread a
  // wavefront over W rows (TileFft::stage_row) and meet the stride as the column walk does.
  const int wavefront = s.wavefront();
  const int unit = wavefront > (1 << s.logc) ? wavefront >> s.logc : 1;
  int rows = (pad(1 << logm) + unit - 1) / unit;
  if (rows % 2 == 0) ++rows;
  s.row_stride = rows * unit;
  return s;
}

// The small budget gives a different tile only where the large one holds more than one
// sub-transform's worth of 32 KiB; elsewhere the two are the same shape and one kernel serves.
constexpr bool small_budget_differs(int logm, int logr, int elem_bytes, int log_min_elements = kLog2ElementsPerThread) {
  return make_tile_shape(logm, logr, elem_bytes, log_min_elements, kLog2SmallTileBudget).logc !=
         make_tile_shape(logm, logr, elem_bytes, log_min_elements, kLog2TileBudget).logc;
}

// The tiles that get a kernel: those that fit one SM's shared memory (2^14 double, 272 KiB,
// does not), and small-budget tiles only where they differ from the large-budget ones (the
// planner never asks for the others). compiled_shapes_09 prints the table this walk gives.
constexpr bool tile_compiled(int logm, int logr, int elem_bytes, int log_budget) {
  return make_tile_shape(logm, logr, elem_bytes, kLog2ElementsPerThread, log_budget).shared_bytes() <= kSharedLimitBytes &&
         (log_budget == kLog2TileBudget || small_budget_differs(logm, logr, elem_bytes));
}

}  // namespace course::radixn
