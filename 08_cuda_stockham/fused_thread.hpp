// 08_cuda_stockham v3/v4: the phases of the fused kernel (fused.cu) as __host__ __device__
// functions, one call per thread and phase, so test_08_emulated.cpp can run a whole block on
// the CPU phase by phase: every thread's load (fetch, then store to the tile), barrier, every thread's reads of a round,
// barrier, every thread's writes, barrier, ..., every thread's store.
//
// A block holds a tile of C columns x R points (schedule.hpp says which points a column
// gathers) and runs log2 R radix-2 Stockham stages on each column in shared memory. The stages
// are exactly v1's (same twiddles, same operations); only the round trips change.
#pragma once

#include <cstdint>

#include "08_cuda_stockham/schedule.hpp"
#include "08_cuda_stockham/stockham_thread.hpp"
#include "common/complex.hpp"

namespace course::stockham {

inline constexpr unsigned fused_threads = 256;

struct FusedArgs {
  unsigned log2n, log2r, log2l, log2c, pad;
  std::uint64_t columns;  // batch * N / R
  bool swizzle = false;   // tile_slot permutes the tile (see use_swizzle)
};

// Where tile_slot pays (NOTES.md): whole-transform tiles (the padded, strided ones have no such
// conflicts) in double, and in float only for short transforms. The float kernel is limited by
// the instructions it issues: for N = 1024 the XORs cost more than the conflicts of two rounds
// out of five; at N = 16, where every round conflicts, the swizzle wins.
template <class T>
bool use_swizzle(unsigned log2n, const Pass& p) {
  return column_pad(log2n, p) == 0 && (sizeof(T) == 8 || p.log2r <= 6);
}

template <class T>
FusedArgs fused_args(unsigned log2n, const Pass& p, std::size_t batch) {
  return {log2n, p.log2r, p.log2l, p.log2c, column_pad(log2n, p), std::uint64_t{batch} << (log2n - p.log2r),
          use_swizzle<T>(log2n, p)};
}
inline std::uint64_t fused_blocks(const FusedArgs& a) { return (a.columns + (std::uint64_t{1} << a.log2c) - 1) >> a.log2c; }

// Columns of this block that exist (the last block of a small batch may have fewer).
FFT_HD inline unsigned fused_valid_columns(const FusedArgs& a, std::uint64_t block) {
  const std::uint64_t first = block << a.log2c, left = a.columns - first, c = std::uint64_t{1} << a.log2c;
  return static_cast<unsigned>(left < c ? left : c);
}

// w(m, len) for m < len = 2^log2len, from the stage table: its slice [len/2, len) holds
// w(m', len) for m' < len/2, and w(m, len) = -w(m - len/2, len) = -table[m] above the half.
template <class T>
FFT_HD inline Complex<T> merge_twiddle(const Complex<T>* table, std::uint64_t m, unsigned log2len, bool inverse) {
  const std::uint64_t half = std::uint64_t{1} << (log2len - 1);
  const Complex<T> w = m < half ? table[half + m] : -table[m];
  return inverse ? conj(w) : w;
}

// Tile position -> shared-memory slot. Shared memory serves a warp in 128-byte wavefronts (16
// float or 8 double points, one per bank group); the rounds' writes of the first stages land
// 2, 4 or 8 points apart, so on plain positions two or four of them share a bank group and the
// write costs two or four wavefronts. XOR-ing the low bits with a linear function of the next
// two bits (found by checking every such function against every write pattern of
// radix2_write/radix2x2_write: see test_08_emulated) makes each of them one wavefront. Both
// keep aligned runs of a wavefront together, so the contiguous reads, loads and stores stay
// conflict-free. Whole-transform tiles only: the strided ones are padded instead.
template <class T>
FFT_HD inline unsigned tile_slot(const FusedArgs& a, unsigned x) {
  if (!a.swizzle) return x;
  // float: bit 4 -> 0101, bit 5 -> 1010, which do not overlap: 5 ((x >> 4) & 3).
  if constexpr (sizeof(Complex<T>) == 8) return x ^ (((x >> 4) & 3u) * 5u);
  else return x ^ (((x >> 3) & 1u) * 3u) ^ (((x >> 4) & 1u) * 5u);
}

// w(k, 2s) inside a tile (s < 2^12): a 32-bit index, where stage_twiddle's 64-bit one costs
// extra instructions in a kernel that is limited by how many it issues.
template <class T>
FFT_HD inline Complex<T> tile_twiddle(const Complex<T>* table, unsigned s, unsigned k, bool inverse) {
  const Complex<T> w = table[s + k];
  return inverse ? conj(w) : w;
}

// Element e of the tile, e < C * R: its column and its point in the column. Whole transforms
// (N / R = 1) are walked along the column, strided columns across it, so that neighbouring
// threads touch neighbouring addresses in global memory.
FFT_HD inline void fused_element(unsigned e, bool along, unsigned log2r, unsigned log2c, unsigned& c, unsigned& t) {
  if (along) { c = e >> log2r; t = e & ((1u << log2r) - 1); }
  else { c = e & ((1u << log2c) - 1); t = e >> log2c; }
}

// Load phase, element e: gather x[c + (N/R) t] of this column, pre-twiddled by w(t k, R L), and
// the tile slot it goes to. Fetching is split from storing so that the kernel can have several
// loads in flight per thread before the first one is needed (fused.cu).
template <class T>
FFT_HD inline bool fused_fetch(const Complex<T>* x, const Complex<T>* table, const FusedArgs& a, std::uint64_t block,
                               unsigned e, bool inverse, Complex<T>& v, unsigned& slot) {
  const unsigned log2cols = a.log2n - a.log2r;
  if (e >= (1u << (a.log2c + a.log2r))) return false;
  if (log2cols == 0) {
    // Whole transforms, one pass: the block's points are one contiguous run, element e is
    // point e of it, and goes to tile position e. No column arithmetic in 64 bits per point.
    if ((e >> a.log2r) >= fused_valid_columns(a, block)) return false;
    v = x[(block << (a.log2c + a.log2r)) + e];
    slot = tile_slot<T>(a, e);
    return true;
  }
  unsigned c, t;
  fused_element(e, false, a.log2r, a.log2c, c, t);
  if (c >= fused_valid_columns(a, block)) return false;
  const std::uint64_t g = (block << a.log2c) + c, transform = g >> log2cols;
  const std::uint64_t col = g & ((std::uint64_t{1} << log2cols) - 1);
  v = x[(transform << a.log2n) + col + (std::uint64_t{t} << log2cols)];
  if (a.log2l) v = merge_twiddle(table, std::uint64_t{t} * (col & ((std::uint64_t{1} << a.log2l) - 1)), a.log2r + a.log2l, inverse) * v;
  slot = tile_slot<T>(a, c * ((1u << a.log2r) + a.pad) + t);
  return true;
}

// Store phase, element e: output u of the column goes to (col - k) R + k + L u, k = col mod L.
// After the first pass (L = 1) a column's outputs are contiguous, so walk along it.
template <class T>
FFT_HD inline void fused_store(const Complex<T>* tile, Complex<T>* y, const FusedArgs& a, std::uint64_t block, unsigned e) {
  const unsigned log2cols = a.log2n - a.log2r;
  if (e >= (1u << (a.log2c + a.log2r))) return;
  if (log2cols == 0) {  // whole transforms: the mirror of fused_fetch's shortcut
    if ((e >> a.log2r) < fused_valid_columns(a, block)) y[(block << (a.log2c + a.log2r)) + e] = tile[tile_slot<T>(a, e)];
    return;
  }
  unsigned c, u;
  fused_element(e, a.log2l == 0, a.log2r, a.log2c, c, u);
  if (c >= fused_valid_columns(a, block)) return;
  const std::uint64_t g = (block << a.log2c) + c, transform = g >> log2cols;
  const std::uint64_t col = g & ((std::uint64_t{1} << log2cols) - 1), k = col & ((std::uint64_t{1} << a.log2l) - 1);
  y[(transform << a.log2n) + ((col - k) << a.log2r) + k + (std::uint64_t{u} << a.log2l)] = tile[tile_slot<T>(a, c * ((1u << a.log2r) + a.pad) + u)];
}

// One stage s in the tile, butterfly q of the block (q < valid * R / 2): read both inputs ...
template <class T>
FFT_HD inline bool radix2_read(const Complex<T>* tile, const FusedArgs& a, unsigned valid, unsigned q, Complex<T> v[2]) {
  if (q >= (valid << a.log2r) / 2) return false;
  const unsigned half = 1u << (a.log2r - 1);
  const unsigned at = (q >> (a.log2r - 1)) * ((1u << a.log2r) + a.pad) + (q & (half - 1));
  v[0] = tile[tile_slot<T>(a, at)];
  v[1] = tile[tile_slot<T>(a, at + half)];
  return true;
}
// ... and, after a barrier, write the outputs y[j], y[j + s], j = 2 (i - i mod s) + i mod s.
template <class T>
FFT_HD inline void radix2_write(Complex<T>* tile, const Complex<T>* table, const FusedArgs& a, unsigned q,
                                unsigned log2s, bool inverse, const Complex<T> v[2]) {
  const unsigned col = (q >> (a.log2r - 1)) * ((1u << a.log2r) + a.pad), i = q & ((1u << (a.log2r - 1)) - 1);
  const unsigned s = 1u << log2s, k = i & (s - 1), j = 2 * (i - k) + k;
  const Complex<T> bw = tile_twiddle(table, s, k, inverse) * v[1];
  tile[tile_slot<T>(a, col + j)] = v[0] + bw;
  tile[tile_slot<T>(a, col + j + s)] = v[0] - bw;
}

// Stages s and 2s in one round trip (needs 4s <= R), quad q < valid * R / 4. The thread holds
// points i, i + R/4, i + R/2, i + 3R/4: stage s pairs (i, i + R/2) and (i + R/4, i + 3R/4),
// and its four outputs are exactly the two pairs stage 2s needs, so they stay in registers.
template <class T>
FFT_HD inline bool radix2x2_read(const Complex<T>* tile, const FusedArgs& a, unsigned valid, unsigned q, Complex<T> v[4]) {
  if (q >= (valid << a.log2r) / 4) return false;
  const unsigned quarter = 1u << (a.log2r - 2);
  const unsigned at = (q >> (a.log2r - 2)) * ((1u << a.log2r) + a.pad) + (q & (quarter - 1));
  for (unsigned p = 0; p < 4; ++p) v[p] = tile[tile_slot<T>(a, at + p * quarter)];
  return true;
}
template <class T>
FFT_HD inline void radix2x2_write(Complex<T>* tile, const Complex<T>* table, const FusedArgs& a, unsigned q,
                                  unsigned log2s, bool inverse, const Complex<T> v[4]) {
  const unsigned col = (q >> (a.log2r - 2)) * ((1u << a.log2r) + a.pad), i = q & ((1u << (a.log2r - 2)) - 1);
  const unsigned s = 1u << log2s, k = i & (s - 1), j2 = 4 * (i - k) + k;
  const Complex<T> w = tile_twiddle(table, s, k, inverse);
  const Complex<T> t2 = w * v[2], t3 = w * v[3];
  const Complex<T> a0 = v[0] + t2, a1 = v[0] - t2;  // stage s: outputs j, j + s
  const Complex<T> b0 = v[1] + t3, b1 = v[1] - t3;  // and j + R/2, j + R/2 + s
  // w(k + s, 4s) = -i w(k, 4s) (+i for the inverse's conjugates). Multiplying by -i only
  // swaps and negates, adding no rounding, so one load serves both twiddles.
  const Complex<T> x = tile_twiddle(table, 2 * s, k, inverse);
  const Complex<T> y = inverse ? Complex<T>{-x.im, x.re} : Complex<T>{x.im, -x.re};
  const Complex<T> u0 = x * b0;
  const Complex<T> u1 = y * b1;
  tile[tile_slot<T>(a, col + j2)] = a0 + u0;
  tile[tile_slot<T>(a, col + j2 + 2 * s)] = a0 - u0;
  tile[tile_slot<T>(a, col + j2 + s)] = a1 + u1;
  tile[tile_slot<T>(a, col + j2 + 3 * s)] = a1 - u1;
}

// The rounds of a pass: one single stage first if log2 R is odd, then stages two at a time.
// Calls round(log2s, two_stages) in order.
template <class Round>
FFT_HD inline void for_each_round(unsigned log2r, Round&& round) {
  unsigned log2s = 0;
  if (log2r & 1) round(log2s++, false);
  for (; log2s < log2r; log2s += 2) round(log2s, true);
}

}  // namespace course::stockham
