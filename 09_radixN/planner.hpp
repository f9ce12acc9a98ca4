// The planner: from N = 2^k, the batch and the element size, how many passes over global
// memory, which sub-transform sizes, which radices, how many threads and how much shared
// memory. Plain C++ (no CUDA), so its choices are unit-tested on any machine.
//
// One pass when N fits one block (N <= 2^14 float, 2^13 double): read once, write once, the
// copy roofline.
// Otherwise the transform is split into passes N = M1 * M2 (* M3) in the Stockham order:
// pass p does batch * N / Mp sub-transforms of size Mp, reading them at stride N / Mp
// ("columns"), multiplying by the twiddles w(r k, L Mp) of the L = M1 ... M(p-1) before it
// (k = which column, modulo L), and writing at stride L. The last pass writes in natural
// order; there is never a separate transpose or bit reversal.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "09_radixN/tile_shape.hpp"
#include "common/gpu_limits.hpp"

namespace course::radixn {

inline constexpr unsigned kMaxLog2N = 27;  // 2^27 points: 1 GiB in float, 2 GiB in double

// Where one side of the transform lives: element j of transform b at b * dist + j * stride
// (in elements). stride = 1, dist = 0 (meaning N) is the plain contiguous batch; a 2D
// transform's columns are stride = width, dist = 1, batch = width.
struct Layout {
  std::int64_t stride = 1;
  std::int64_t dist = 0;
};

struct PlanOptions {
  int max_log2_radix = 4;      // 4: radix 16 (the planner); 1, 2, 3 force radix 2, 4, 8 for the lesson
  // Largest N done in one kernel, when its tile fits shared_limit_bytes: 2^14 in float
  // (136 KiB), 2^13 in double (2^14 double would need 272 KiB).
  int one_pass_max_log2 = 14;
  // Largest sub-transform of a pass in a multi-pass plan. 2^11, not 2^12: a 4096-point pass
  // holds only 2 float or 1 double column a block, 16-byte runs, half a sector (NOTES.md).
  int pass_max_log2 = 11;
  // Stage twiddles by sincospi (default) or from a table w(j, M) in global memory, whose
  // scattered reads cost more than the arithmetic (NOTES.md).
  bool computed_twiddles = true;
  Layout input{}, output{};
  // The shared memory per block the plan must fit. 0: the device's own opt-in limit, or
  // COURSE_SHARED_LIMIT_KIB when set (common/gpu_limits.hpp); a value here overrides both, which
  // is how a test makes the H100 plan like a smaller GPU. At most 227 KiB (the H100's): the
  // kernels exist only for tiles up to that (tile_kernel.cuh). Every N fits 48 KiB.
  int shared_limit_bytes = 0;
  // A pass of fewer blocks than the GPU has SMs (a single transform, a small batch) takes the
  // small-budget tile, half the sub-transforms a block, where one is compiled: twice the SMs
  // share the same work (spread_tile). false: the 64 KiB tile wherever it fits.
  bool spread_blocks = true;
};

struct PassShape {
  TileShape tile{};
  int log_l = 0;                 // L = product of the earlier passes' sizes
  std::uint64_t transforms = 0;  // sub-transforms in this pass, batch * N / M
  std::uint64_t blocks = 0;
  bool spread = false;           // the small-budget tile because the large one left SMs idle
};

struct PlanShape {
  std::size_t n = 0, batch = 0;
  int logn = 0;
  int elem_bytes = 8;
  std::vector<PassShape> passes;
  PlanOptions options{};           // shared_limit_bytes as resolved
  SharedLimit shared_limit{};      // the limit the plan fits, and where it came from
  std::string limit_effect;        // what the limit changed against the H100's 227 KiB ("" if nothing)

  int pass_count() const { return static_cast<int>(passes.size()); }
  std::vector<int> radices() const;  // every stage's radix, pass by pass; their product is N
  std::string describe() const;
};

// Throws course::size_error (naming N, the limit and what to use instead) for N = 0, N not a
// power of two, N > 2^27, batch = 0, or options no kernel exists for. `device_shared_bytes` is
// what the device lets a block opt in to (the GPU plan asks it; plain C++ callers model an H100).
// `device_sms` is the device's SM count (an H100's 132 for plain C++ callers).
PlanShape make_plan_shape(std::size_t n, std::size_t batch, int elem_bytes, const PlanOptions& options = {},
                          int device_shared_bytes = kSharedLimitBytes, int device_sms = kH100Multiprocessors);

// The tile of a pass of 2^bits points within `limit_bytes` of shared memory: the 64 KiB budget
// when its tile fits, else the 32 KiB one; log_budget = 0 when neither fits.
TileShape fitting_tile(int bits, int logr, int elem_bytes, int limit_bytes);

// The tile of a pass of `transforms` sub-transforms, given fitting_tile's tile `fitting`: that
// tile, or, where it leaves SMs idle (fewer blocks than device_sms) and options.spread_blocks, the
// small-budget tile when one is compiled and, in a plan of several passes, its C columns still
// fill 32-byte sectors.
TileShape spread_tile(const TileShape& fitting, std::uint64_t transforms, int passes, const PlanOptions& options, int device_sms);

// How the passes split log2 N: the fewest passes of at most 2^pass_max_log2 points each,
// bits spread evenly, larger first (2^22 = 2048 * 2048, 2^24 = 256 * 256 * 256); except that
// the first pass may take one bit more when that saves a pass (2^23 = 4096 * 2048, not
// 256 * 256 * 128). The first pass writes whole rows (L = 1), so a 4096-point tile's narrow
// column group (16-byte runs, see pass_max_log2) touches only its reads (NOTES.md).
// On a GPU with less shared memory (options.shared_limit_bytes; 0 means the H100's 227 KiB) a
// pass is at most as large as a tile that fits and still moves whole 32-byte sectors: passes of
// 2^10 (and a first pass of 2^11) at 64 KiB and less, where the tiles hold 32 KiB.
std::vector<int> split_passes(int logn, const PlanOptions& options, int elem_bytes);

}  // namespace course::radixn
