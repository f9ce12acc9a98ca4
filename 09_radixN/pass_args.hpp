// From a plan's shape and the caller's buffers to each pass's kernel arguments: which buffer
// each pass reads and writes, in which layout, and in which order a block walks its tile.
// Host-only and CUDA-free: the GPU plan and the CPU emulation build their passes here.
//
// Buffers: one pass    in -> out
//          two passes  in -> scratch -> out
//          three       in -> scratch -> out -> out (the last pass reads and writes the same
//                      elements in each block, so it may work in place)
//          four        in -> scratch -> out -> scratch -> out  (only with capped pass sizes)
// The input is never written, and in == out works for every plan.
#pragma once

#include <algorithm>
#include <string>
#include <vector>

#include "09_radixN/planner.hpp"
#include "09_radixN/tile_fft.hpp"
#include "common/sizes.hpp"

namespace course::radixn {

// A layout with dist = 0 means transforms packed one after another.
inline Layout resolved(Layout l, std::size_t n) {
  if (l.dist == 0) l.dist = static_cast<std::int64_t>(n) * l.stride;
  return l;
}

// The walk that keeps a warp on neighbouring addresses (see tile_coords).
inline int access_order(int logq, int logc, const Layout& l) {
  if (logq >= logc) return l.stride == 1 ? -1 : 0;  // a block's sub-transforms are one column group
  if (l.dist == 1) return -1;                        // neighbouring transforms are neighbours
  return logq;                                       // the tile is one contiguous chunk
}

// The kernels address a block's elements by 32-bit offsets from its first sub-transform
// (tile_fft.hpp). An offset is a sum of non-negative weights, one per set bit of (c, r), so
// setting every bit that a block's sub-transforms and elements can use bounds them all; a
// layout that puts that bound at 2^31 or beyond is refused. (A block holds at most C
// sub-transforms, fewer when the pass has fewer: a small batch with a long distance passes.)
inline void check_block_span(const PlanShape& s, const PassShape& ps, int logq, const Layout& l, const char* side) {
  if (l.stride < 1 || l.dist < 1)
    refuse_size("09_radixN", s.n, std::string(side) + " layout stride " + std::to_string(l.stride) + ", distance " +
                                      std::to_string(l.dist) + ": both must be at least 1", "");
  const std::uint64_t held = std::min<std::uint64_t>(std::uint64_t{1} << ps.tile.logc, ps.transforms);
  std::int64_t c_last = 0;  // every bit up to the highest of held - 1
  while (static_cast<std::uint64_t>(c_last) + 1 < held) c_last = 2 * c_last + 1;
  const int r_last = (1 << ps.tile.logm) - 1;
  // The kernels' own address formula, in 128 bits: with a wild stride a 64-bit product could overflow.
  const auto span = static_cast<long double>(element_address<__int128>(c_last, r_last, ps.tile.logm, s.logn - ps.tile.logm,
                                                                        logq, l.stride, l.dist));
  if (span > 2147483647.0L)
    refuse_size("09_radixN", s.n, std::string(side) + " layout (stride " + std::to_string(l.stride) + ", distance " +
                                      std::to_string(l.dist) + ") puts one block's elements " + std::to_string(static_cast<double>(span)) +
                                      " elements apart, over the kernels' 32-bit offset limit of 2^31 - 1",
                "use smaller strides or distances, or split the batch");
}

template <class T>
std::vector<TilePassArgs<T>> make_pass_args(const PlanShape& s, const Complex<T>* in, Complex<T>* out, Complex<T>* scratch,
                                        const std::vector<const Complex<T>*>& stage_tables, Direction dir) {
  const Layout user_in = resolved(s.options.input, s.n), user_out = resolved(s.options.output, s.n);
  const Layout packed = resolved(Layout{}, s.n);
  std::vector<TilePassArgs<T>> args;
  const int q = s.pass_count();
  for (int p = 0; p < q; ++p) {
    const auto& ps = s.passes[p];
    TilePassArgs<T> a;
    const bool last = p == q - 1;
    // Pass 0 never writes `out` (so in == out is safe); the others alternate scratch and out
    // and the last writes out, in place when its predecessor also wrote out.
    const auto writes_out_at = [q](int i) { return i == q - 1 || i % 2 == 1; };
    const bool writes_out = writes_out_at(p);
    const bool reads_out = p > 0 && writes_out_at(p - 1);
    a.in = p == 0 ? in : reads_out ? out : scratch;
    a.out = writes_out ? out : scratch;
    const Layout li = p == 0 ? user_in : reads_out ? user_out : packed;
    const Layout lo = writes_out ? user_out : packed;
    a.stage_twiddles = stage_tables.empty() ? nullptr : stage_tables[p];
    a.transforms = ps.transforms;
    a.log_per_batch = s.logn - ps.tile.logm;
    a.log_l = ps.log_l;
    a.in_stride = li.stride;
    a.in_dist = li.dist;
    a.out_stride = lo.stride;
    a.out_dist = lo.dist;
    check_block_span(s, ps, a.log_per_batch, li, "input");
    check_block_span(s, ps, a.log_l, lo, "output");
    a.in_order = access_order(a.log_per_batch, ps.tile.logc, li);
    a.out_order = access_order(a.log_l, ps.tile.logc, lo);
    a.conj_in = dir == Direction::inverse && p == 0;
    a.conj_out = dir == Direction::inverse && last;
    args.push_back(a);
  }
  return args;
}

}  // namespace course::radixn
