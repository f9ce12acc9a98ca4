// The multi-GPU transform on one CPU: ranks are arrays, NCCL's messages are copies, and every
// index comes from the same slabs.hpp functions the kernel and the exchange call. The local
// FFTs are FFTW's (the course's reference), so what this checks is the chapter's own part: the
// split, the twiddles (from the same two tables, taken thread by thread as the kernel takes
// them), the packing, the messages and the layouts.
//
//   auto y = emulate<float>(Kind::one_d, split, blocks, Direction::forward);   // blocks[r]: rank r's
//
// Index is a policy so that a test can plant a wrong map (a wrong block, say) and see it fail.
#pragma once

#include <limits>
#include <vector>

#include "13_multi_gpu/slabs.hpp"
#include "common/complex.hpp"
#include "common/reference.hpp"
#include "common/twiddle.hpp"

namespace course::multigpu {

struct SlabIndex {
  static std::int64_t pack(const Split& s, std::int64_t a, std::int64_t k1) { return pack_index(s, a, k1); }
  static Message msg(const Split& s, std::int64_t from, std::int64_t to, std::int64_t c) { return message(s, from, to, c); }
  static Message part(const Split& s, const Message& m, std::int64_t g) { return message_part(s, m, g); }
  static std::int64_t column_in(const Split& s, std::int64_t c, std::int64_t n2, std::int64_t kc) { return step4_input(s, c, n2, kc); }
};

template <class T, class Index = SlabIndex>
std::vector<std::vector<Complex<T>>> emulate(Kind kind, const Split& forward_split, const std::vector<std::vector<Complex<T>>>& blocks,
                                             Direction dir) {
  const Split s = dir == Direction::forward ? forward_split : forward_split.swapped();
  const auto P = static_cast<std::size_t>(s.p);
  const auto local = static_cast<std::size_t>(s.local());
  // NaN everywhere first: a point no index reaches stays NaN and fails the comparison.
  const T nan = std::numeric_limits<T>::quiet_NaN();
  std::vector<std::vector<Complex<T>>> send(P, std::vector<Complex<T>>(local, Complex<T>{nan, nan})), recv = send, out = send;
  FftwPlan<T> rows(static_cast<std::size_t>(s.n1), static_cast<std::size_t>(s.rows()), dir);
  const TwiddleTableData tables = make_twiddle_tables(s.n());
  const TwiddleTables tw = tables.view();
  const PackShape g = pack_shape(s);
  for (std::size_t r = 0; r < P; ++r) {
    // Step 1, then step 2 thread by thread, as the kernel's threads take the points, with the
    // twiddle's second factor from the thread's first point (slabs.hpp pack_shape,
    // pack_twiddle). The kernel calls pack_index at a thread's first point only and steps from
    // there; test_13_emulated checks that this stepping lands where pack_index says.
    const auto rank = static_cast<std::int64_t>(r);
    const std::vector<Complex<T>> w = rows(blocks[r]);
    for (std::int64_t grp = 0; grp < s.row_groups; ++grp)
    for (std::int64_t c = 0; c < s.chunks; ++c)
      for (std::int64_t a = grp * s.group_rows(); a < (grp + 1) * s.group_rows(); ++a)  // the kernel's rows for group grp
        for (std::int64_t d = 0; d < s.p; ++d)
          for (std::int64_t b = 0; b < g.blocks; ++b)
            for (std::int64_t t = 0; t < g.threads; ++t) {
              const std::int64_t k1 = run_column(s, d, c, pack_first(g, b, t));
              const Complex<double> lane = lane_factor(tw, s, rank, a, k1);
              for (std::int64_t u = 0; u < g.points; ++u) {
                const std::int64_t k1_u = k1 + u * g.threads;
                Complex<T> v = w[static_cast<std::size_t>(a * s.n1 + k1_u)];
                if (kind == Kind::one_d) {
                  const Complex<double> tw1 = pack_twiddle(tw, s, rank, a, k1_u, lane);
                  v = v * Complex<T>(dir == Direction::forward ? tw1 : conj(tw1));
                }
                send[r][static_cast<std::size_t>(Index::pack(s, a, k1_u))] = v;
              }
            }
  }
  // Step 3: every message of every chunk and row group, as NCCL would deliver it.
  for (std::int64_t grp = 0; grp < s.row_groups; ++grp)
  for (std::int64_t c = 0; c < s.chunks; ++c)
    for (std::size_t from = 0; from < P; ++from)
      for (std::size_t to = 0; to < P; ++to) {
        const Message m = Index::part(s, Index::msg(s, static_cast<std::int64_t>(from), static_cast<std::int64_t>(to), c), grp);
        for (std::int64_t i = 0; i < m.count; ++i)
          recv[to][static_cast<std::size_t>(m.recv_offset + i)] = send[from][static_cast<std::size_t>(m.send_offset + i)];
      }
  // Step 4: each column gathered at its stride (the transpose), transformed, written contiguous.
  FftwPlan<T> column(static_cast<std::size_t>(s.n2), 1, dir);
  for (std::size_t r = 0; r < P; ++r)
    for (std::int64_t c = 0; c < s.chunks; ++c)
      for (std::int64_t kc = 0; kc < s.chunk_cols(); ++kc) {
        std::vector<Complex<T>> col(static_cast<std::size_t>(s.n2));
        for (std::int64_t n2 = 0; n2 < s.n2; ++n2) col[static_cast<std::size_t>(n2)] = recv[r][static_cast<std::size_t>(Index::column_in(s, c, n2, kc))];
        const std::vector<Complex<T>> y = column(col);
        for (std::int64_t k2 = 0; k2 < s.n2; ++k2) out[r][static_cast<std::size_t>(step4_output(s, c, kc, k2))] = y[static_cast<std::size_t>(k2)];
      }
  return out;
}

// A whole signal dealt out into blocks by the plan's input layout, and blocks gathered back by
// its output layout: how the tests go between natural order and the GPUs' slabs.
template <class T>
std::vector<std::vector<Complex<T>>> deal(Kind kind, const Split& s, Direction dir, std::span<const Complex<T>> x) {
  std::vector<std::vector<Complex<T>>> blocks(static_cast<std::size_t>(s.p), std::vector<Complex<T>>(static_cast<std::size_t>(s.local())));
  for (std::int64_t r = 0; r < s.p; ++r)
    for (std::int64_t j = 0; j < s.local(); ++j)
      blocks[static_cast<std::size_t>(r)][static_cast<std::size_t>(j)] =
          x[static_cast<std::size_t>(global_index(kind, s, dir == Direction::forward, true, r, j))];
  return blocks;
}
template <class T>
void collect(Kind kind, const Split& s, Direction dir, const std::vector<std::vector<Complex<T>>>& blocks, std::span<Complex<T>> y) {
  for (std::int64_t r = 0; r < s.p; ++r)
    for (std::int64_t j = 0; j < s.local(); ++j)
      y[static_cast<std::size_t>(global_index(kind, s, dir == Direction::forward, false, r, j))] =
          blocks[static_cast<std::size_t>(r)][static_cast<std::size_t>(j)];
}

// The 2D transform to long-double accuracy: rows, then columns (by transposing twice).
template <class T>
std::vector<Complex<long double>> reference_2d(std::span<const Complex<T>> x, std::size_t h, std::size_t w, Direction dir) {
  const auto rows = reference_dft<T>(x, w, h, dir);
  std::vector<Complex<long double>> t(h * w), out(h * w);
  for (std::size_t i = 0; i < h; ++i)
    for (std::size_t j = 0; j < w; ++j) t[j * h + i] = rows[i * w + j];
  const auto cols = reference_dft<long double>(t, h, w, dir);
  for (std::size_t i = 0; i < h; ++i)
    for (std::size_t j = 0; j < w; ++j) out[i * w + j] = cols[j * h + i];
  return out;
}

}  // namespace course::multigpu
