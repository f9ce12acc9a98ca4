// The shared-memory FFT of the kernels, run on the CPU with the same per-thread functions: for
// each stage, every butterfly loads (the kernels' first phase), then every butterfly computes and
// stores (after the barrier). `x` holds `group` transforms of 2^log_len points, rows one after
// another or columns interleaved, exactly as the kernels order them; inside, they sit in a
// buffer of smem_slots() slots at smem_slot() positions, as in shared memory, and every access
// is checked to stay inside that buffer (the kernels' dynamic shared-memory size).
#pragma once

#include <limits>
#include <stdexcept>
#include <utility>
#include <vector>

#include "09_radixN/dispatch.hpp"
#include "10_2d_real/pass_layout.hpp"
#include "10_2d_real/stockham_thread.hpp"
#include "common/complex.hpp"

namespace course::twod {

template <class T, int R, int LogRadix>
void emulate_stage(std::vector<Complex<T>>& s, int log_len, int group, bool interleaved, int ns, const Complex<T>* table,
                   bool inverse) {
  const int len = 1 << log_len, per = len / R, total = per * group;
  std::vector<Complex<T>> regs(static_cast<std::size_t>(total) * R);
  auto place = [&](int q, int& c, int& j) {
    if (interleaved) { c = q % group; j = q / group; } else { c = q / per; j = q % per; }
  };
  const int js = interleaved ? group : 1;
  for (int q = 0; q < total; ++q) {
    int c, j;
    place(q, c, j);
    Complex<T> a[R];
    stage_load<T, R, LogRadix>(s.data(), interleaved ? c : c * len, js, j, len, a);
    for (int r = 0; r < R; ++r) regs[static_cast<std::size_t>(q) * R + r] = a[r];
  }
  for (int q = 0; q < total; ++q) {  // after the barrier
    int c, j;
    place(q, c, j);
    Complex<T> a[R];
    for (int r = 0; r < R; ++r) a[r] = regs[static_cast<std::size_t>(q) * R + r];
    stage_butterfly<T, R>(a, j, ns, len, table, inverse);
    stage_store<T, R, LogRadix>(s.data(), interleaved ? c : c * len, js, j, ns, a);
  }
}

template <class T, int LogRadix>
void emulate_smem_fft(std::vector<Complex<T>>& x, int log_len, int group, bool interleaved, const Complex<T>* table, bool inverse) {
  const int points = group << log_len;
  // Every logical element must map to its own slot inside the allocation.
  std::vector<int> used(static_cast<std::size_t>(smem_slots<LogRadix>(points)), 0);
  for (int i = 0; i < points; ++i) {
    const int slot = smem_slot<LogRadix>(i);
    if (slot < 0 || slot >= static_cast<int>(used.size()) || used[slot]++)
      throw std::logic_error("shared-memory slot map is not one to one inside smem_slots()");
  }
  std::vector<Complex<T>> s(used.size(), Complex<T>{T(1e30), T(1e30)});
  for (int i = 0; i < points; ++i) s[smem_slot<LogRadix>(i)] = x[i];
  int ns = 1;
  for (int st = 0; st < stage_count<LogRadix>(log_len); ++st) {
    const int lr = stage_log_radix<LogRadix>(log_len, st);
    switch (lr) {
      case 1: emulate_stage<T, 2, LogRadix>(s, log_len, group, interleaved, ns, table, inverse); break;
      case 2: emulate_stage<T, 4, LogRadix>(s, log_len, group, interleaved, ns, table, inverse); break;
      case 3: emulate_stage<T, 8, LogRadix>(s, log_len, group, interleaved, ns, table, inverse); break;
      case 4: emulate_stage<T, 16, LogRadix>(s, log_len, group, interleaved, ns, table, inverse); break;
      default: throw std::logic_error("stage radix above 16");
    }
    if (lr > LogRadix) throw std::logic_error("stage radix above the plan's");
    ns <<= lr;
  }
  if (ns != (1 << log_len)) throw std::logic_error("stage radices do not multiply to L");
  for (int i = 0; i < points; ++i) x[i] = s[smem_slot<LogRadix>(i)];
}

// A C2C tile pass (tile_kernels.cuh's tile_c2c_kernel) on the CPU, block after block: every
// thread's loads (pass_layout.hpp's tile_element and TilePlace), then 09's stage phases for all
// threads (radixn::TileFft, a barrier between them), then every thread's stores. Column passes
// run K copies of the tile per block where the kernels do (tile_log_copies). Shared memory
// starts as NaN in each block, so a slot no thread wrote shows up in the result.
template <class T, int LOGM, bool Interleaved, int V = 0>
void emulate_tile_c2c(const Complex<T>* in, Complex<T>* out, const Pass2dArgs& a, long long blocks, bool inverse) {
  using F = radixn::TileFft<T, LOGM, kTileLog2Radix, kTileLog2MinElements, variant_log_budget(V)>;
  using B = BlockTile<F, tile_log_copies<T>(LOGM, Interleaved, V)>;
  const T nan = std::numeric_limits<T>::quiet_NaN();
  std::vector<Complex<T>> sm(static_cast<std::size_t>(B::C) * B::row_stride), regs(static_cast<std::size_t>(B::threads) * B::E);
  const radixn::TilePassArgs<T> none{};
  for (long long block = 0; block < blocks; ++block) {
    std::fill(sm.begin(), sm.end(), Complex<T>{nan, nan});
    const TilePlace p(a, block);
    for (int tid = 0; tid < B::threads; ++tid)
      for (int j = 0; j < B::E; ++j) {
        int c, r;
        tile_element<B, Interleaved>(tid + j * B::threads, c, r);
        const Complex<T> x = c < p.valid ? in[p.in_base + p.in_offset(c, r)] : Complex<T>{T(0), T(0)};
        sm.at(static_cast<std::size_t>(tile_slot<B>(c, r))) = inverse ? conj(x) : x;
      }
    F::run_shared_stages(none, sm.data(), radixn::EveryThread<T>{regs.data(), B::threads, B::E}, [] {});
    for (int tid = 0; tid < B::threads; ++tid)
      for (int j = 0; j < B::E; ++j) {
        int c, r;
        tile_element<B, Interleaved>(tid + j * B::threads, c, r);
        const Complex<T> x = sm.at(static_cast<std::size_t>(tile_slot<B>(c, r)));
        if (c < p.valid) out[p.out_base + p.out_offset(c, r)] = inverse ? conj(x) : x;
      }
  }
}

// One tile pass of the given variant on the CPU (the variant a plan picks: tile_variant).
template <class T, bool Interleaved>
void emulate_tile_pass(int logm, int variant, const Complex<T>* in, Complex<T>* out, const Pass2dArgs& a, long long blocks, bool inverse) {
  radixn::with_tile_logm<kTileLog2Radix>(logm, radixn::kLog2TileBudget, [&]<int LOGM, int LOGR, int>() {
    const auto one = [&]<int V>() {
      if constexpr (tile_variant_exists<T>(LOGM, Interleaved, V)) emulate_tile_c2c<T, LOGM, Interleaved, V>(in, out, a, blocks, inverse);
      else throw std::logic_error("10_2d_real: no tile variant " + std::to_string(V) + " for 2^" + std::to_string(LOGM) + " points");
    };
    if (variant == 0) one.template operator()<0>();
    else if (variant == 1) one.template operator()<1>();
    else one.template operator()<2>();
  });
}

// The default 2D C2C plan on the CPU: the tile row pass, then the tile column pass in place,
// with the plan's pass arguments (row_args / column_args, 09's tile groups), each pass in the
// tile variant a GPU with `limit_bytes` of shared memory per block gets. Returns false, having
// done nothing, where a side has no tile at that limit (the plan's 09 long pass).
template <class T>
bool emulate_tile_2d(const Complex<T>* in, Complex<T>* out, std::size_t rows, std::size_t cols, std::size_t batch, bool inverse,
                     int limit_bytes = radixn::kSharedLimitBytes) {
  const int lc = layout_log2(cols), lr = layout_log2(rows);
  const int vr = tile_variant<T>(lc, false, limit_bytes), vc = rows > 1 ? tile_variant<T>(lr, true, limit_bytes) : 0;
  if (vr < 0 || vc < 0) return false;
  const std::size_t rg = std::size_t{1} << tile_shape<T>(lc, vr).logc;
  emulate_tile_pass<T, false>(lc, vr, in, out, row_args(cols, rg, rows * batch, cols, cols),
                              static_cast<long long>(layout_ceil_div(rows * batch, rg)), inverse);
  if (rows == 1) return true;
  const std::size_t cg = std::size_t{1} << (tile_shape<T>(lr, vc).logc + tile_log_copies<T>(lr, true, vc));
  emulate_tile_pass<T, true>(lr, vc, out, out, column_args(rows, cg, cols), static_cast<long long>(batch * layout_ceil_div(cols, cg)),
                             inverse);
  return true;
}

}  // namespace course::twod
