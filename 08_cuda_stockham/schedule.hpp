// 08_cuda_stockham: which launches each variant makes, in which order, between which buffers.
// Host-only and free of CUDA, so the plans (stockham.cu) and the emulated test run the very
// same sequence, ping-pong included.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "common/bit_reverse.hpp"
#include "common/complex.hpp"
#include "common/sizes.hpp"

namespace course::stockham {

inline constexpr const char* chapter = "08_cuda_stockham";
// 2^28 points: 2 GiB per buffer in float, 4 GiB in double; beyond it no chapter of the course goes.
inline constexpr unsigned max_log2 = 28;

// The part of the size check that needs no device: N = 2^k, k <= max_log2, batch >= 1.
inline void require_shape(std::size_t n, std::size_t batch) {
  require_power_of_two(chapter, n, max_log2,
                       "01_dft takes any N >= 1; above 2^" + std::to_string(max_log2) + " only cuFFT goes on one GPU");
  require_batch(chapter, batch);
}

// Stockham needs a second buffer: each pass reads one and writes the other. With P passes the
// first reads the caller's input, and the buffers alternate so that the last one lands in the
// caller's output: pass p writes `out` when P - 1 - p is even, else the plan's scratch.
inline bool pass_writes_out(unsigned pass, unsigned passes) { return (passes - 1 - pass) % 2 == 0; }

// v1: log2 N radix-2 stages. Calls stage(src, dst, log2s) for s = 1, 2, ..., N/2; N = 1 is a copy.
template <class T, class Stage, class Copy>
void for_each_v1_launch(const Complex<T>* in, Complex<T>* out, Complex<T>* scratch, unsigned log2n, Stage&& stage,
                        Copy&& copy) {
  if (log2n == 0) { copy(in, out); return; }
  const Complex<T>* src = in;
  for (unsigned p = 0; p < log2n; ++p) {
    Complex<T>* dst = pass_writes_out(p, log2n) ? out : scratch;
    stage(src, dst, p);
    src = dst;
  }
}

// v2: one reversal pass in -> out, then log2 N in-place stages on out (h = 1, 2, ..., N/2).
template <class T, class Reverse, class Stage>
void for_each_v2_launch(const Complex<T>* in, Complex<T>* out, unsigned log2n, Reverse&& reverse, Stage&& stage) {
  reverse(in, out);
  for (unsigned h = 0; h < log2n; ++h) stage(out, h);
}

// One pass of v3/v4 over global memory. A fused pass runs log2r radix-2 stages in shared memory
// on R = 2^log2r points per column: column c of a transform gathers x[c + (N/R) t], t < R, which
// after the earlier passes (sub-transforms of length L = 2^log2l) hold R sub-transforms to merge,
// pre-twiddled by w(t (c mod L), R L). Its R outputs go to (c - c mod L) R + c mod L + L u, u < R.
// A block holds 2^log2c columns, so the reads and writes come in runs of 2^log2c points when
// N/R > 1 (64 bytes), or in whole transforms when R = N. A radix-2 pass is one v1 stage.
struct Pass {
  enum Kind { fused, radix2 } kind;
  unsigned log2r;  // stages this pass does
  unsigned log2l;  // length of the sub-transforms it starts from (stages done before it)
  unsigned log2c;  // columns per block (fused passes)
};

// Shared-memory tile: 4096 points in float, 2048 in double (32 KiB either way, so several
// blocks share an SM); a strided column run is at least 64 bytes (8 floats, 4 doubles).
template <class T> constexpr unsigned tile_log2 = sizeof(T) == 4 ? 12 : 11;
template <class T> constexpr unsigned run_log2 = sizeof(T) == 4 ? 3 : 2;
// The most stages one fused pass may do on a strided column: the tile over the run length.
template <class T> constexpr unsigned max_strided_log2r = tile_log2<T> - run_log2<T>;

// Columns per block: fill the tile, but not beyond the columns there are (small batches).
template <class T>
unsigned columns_log2(unsigned log2n, unsigned log2r, std::size_t batch) {
  const unsigned fill = tile_log2<T> - log2r;
  const std::uint64_t columns = static_cast<std::uint64_t>(batch) << (log2n - log2r);
  unsigned need = 0;  // ceil(log2(columns))
  while ((std::uint64_t{1} << need) < columns) ++need;
  return std::min(fill, need);
}

// v3: the first stages fused (all of them when N fits the tile), the rest as radix-2 passes.
template <class T>
std::vector<Pass> v3_passes(unsigned log2n, std::size_t batch) {
  std::vector<Pass> p;
  if (log2n == 0) return p;
  const unsigned first = log2n <= tile_log2<T> ? log2n : max_strided_log2r<T>;
  p.push_back({Pass::fused, first, 0, columns_log2<T>(log2n, first, batch)});
  for (unsigned s = first; s < log2n; ++s) p.push_back({Pass::radix2, 1, s, 0});
  return p;
}

// v4: every pass fused. P = ceil(log2 N / max) passes share the stages evenly (larger first).
template <class T>
std::vector<Pass> v4_passes(unsigned log2n, std::size_t batch) {
  std::vector<Pass> p;
  if (log2n == 0) return p;
  if (log2n <= tile_log2<T>) {
    p.push_back({Pass::fused, log2n, 0, columns_log2<T>(log2n, log2n, batch)});
    return p;
  }
  const unsigned count = (log2n + max_strided_log2r<T> - 1) / max_strided_log2r<T>;
  unsigned done = 0;
  for (unsigned i = 0; i < count; ++i) {
    const unsigned r = log2n / count + (i < log2n % count ? 1 : 0);
    p.push_back({Pass::fused, r, done, columns_log2<T>(log2n, r, batch)});
    done += r;
  }
  return p;
}

// Padding of a tile column (points), against bank conflicts when a warp walks across columns:
// with C columns per block, a warp covers 32/C points of each, so columns start 32/C banks apart.
inline unsigned column_pad(unsigned log2n, const Pass& pass) {
  if (pass.log2r == log2n) return 0;  // whole transforms: read along the column, no padding
  const unsigned c = 1u << pass.log2c;
  return c >= 32 ? 1 : 32 / c;
}

// Points a fused pass keeps in shared memory, padding included; the kernel's tile has room
// for tile + 64 and the plan checks every pass against it.
template <class T>
std::size_t tile_points(unsigned log2n, const Pass& pass) {
  return (std::size_t{1} << pass.log2c) * ((std::size_t{1} << pass.log2r) + column_pad(log2n, pass));
}
template <class T> constexpr std::size_t tile_capacity = (std::size_t{1} << tile_log2<T>) + 64;

}  // namespace course::stockham
