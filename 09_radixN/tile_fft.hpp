// What one thread of a pass kernel does, phase by phase, as __host__ __device__ functions:
//
//   load            global -> (conjugate for the inverse, pass twiddle) -> shared tile
//   stage s         shared -> registers, stage twiddles, radix-R butterfly      (barrier)
//                   registers -> shared at the Stockham output position          (barrier)
//   store           shared tile -> global
//
// except that in a one-pass tile whose rows lie along memory, and in a pass that reads columns,
// the first stage takes its inputs straight from global memory and the last stage writes its
// outputs straight back (register I/O, Io below): two fewer trips through shared memory and
// four fewer barriers.
//
// run() strings the phases together once: the CUDA kernel (tile_kernel.cuh) calls it with
// __syncthreads() as the barrier; the emulated tests call it with every thread of a block run
// phase after phase on the CPU, so all index arithmetic is checked without a GPU.
//
// The tile holds C sub-transforms of M points, one padded row each. Stage s of radix R with
// Ls = product of the radices before it (the Stockham autosort step, generalised from the
// radix-4 form j = (i - i mod s) R + i mod s):
//   butterfly bb < M/R reads  x[bb + r M/R], r < R, multiplies by w(r k, Ls R), k = bb mod Ls,
//                    writes y[(bb - k) R + k + r Ls]
// so the last stage leaves each row in natural order: no bit reversal anywhere.
#pragma once

#include <cmath>
#include <cstdint>
#include <type_traits>

#include "09_radixN/butterfly.hpp"
#include "09_radixN/tile_shape.hpp"
#include "common/complex.hpp"

namespace course::radixn {

// Everything a pass kernel needs, passed by value.
template <class T>
struct TilePassArgs {
  const Complex<T>* in = nullptr;
  Complex<T>* out = nullptr;
  const Complex<T>* stage_twiddles = nullptr;  // w(j, M), j < M; nullptr: computed by sincospi
  std::uint64_t transforms = 0;                // sub-transforms in the pass (batch * N / M)
  int log_per_batch = 0;                       // log2(N / M): sub-transforms per transform
  int log_l = 0;                               // L = product of earlier passes' sizes
  std::int64_t in_stride = 1, in_dist = 0, out_stride = 1, out_dist = 0;
  int in_order = -1, out_order = -1;           // tile walk order for coalescing, see tile_coords
  bool conj_in = false, conj_out = false;      // inverse = conj(forward(conj(x)))
};

// Address of element r of sub-transform b (b counts over the whole batch). Within one
// transform, sub-transform w sits at ((w / Q) Q M + w mod Q + r Q) with Q = 2^logq: Q = N / M
// on input (columns at stride N / M) and Q = L on output (the Stockham step at pass level).
// Every term is a sum over the bits of b, so for a block whose first sub-transform f is a
// multiple of C and c < C: address(f + c, r) = address(f, 0) + address(c, r). The kernels take
// the first in 64 bits once per block and the second in 32 bits per element (I = int): with
// 64-bit addresses per element, 64-bit integer operations were 1548 of the 5738 PTX
// instructions of the float M = 1024 kernel.
template <class I>
FFT_HD inline I element_address(I b, int r, int logm, int log_per_batch, int logq, I stride, I dist) {
  const I batch = b >> log_per_batch;
  const I w = b & ((I{1} << log_per_batch) - 1);
  const I off = ((w >> logq) << (logq + logm)) + (w & ((I{1} << logq) - 1)) + (static_cast<I>(r) << logq);
  return batch * dist + off * stride;
}

// Tile element e (0 .. C M - 1) to (sub-transform c, element r). Consecutive threads take
// consecutive e, so the order decides what a warp touches at once:
//   order < 0:  c fastest, for columns (neighbouring sub-transforms are neighbours in memory);
//   order = q:  the memory order of a contiguous tile whose sub-transforms interleave in
//               groups of 2^q (q = 0: one row after another).
// "c fastest" is the interleaving q = logc, so one formula serves both.
FFT_HD inline void tile_coords_q(int e, int logm, int q, int& c, int& r) {
  r = (e >> q) & ((1 << logm) - 1);
  c = ((e >> (q + logm)) << q) | (e & ((1 << q) - 1));
}
FFT_HD inline void tile_coords(int e, int logm, int logc, int order, int& c, int& r) {
  tile_coords_q(e, logm, order < 0 ? logc : order, c, r);
}

// A walk's q when with_walk fixed it at compile time (std::integral_constant), else -1.
template <class Q>
inline constexpr int static_walk = Q::value;
template <>
inline constexpr int static_walk<int> = -1;

// The offset of element r of the block's sub-transform c from its first sub-transform, split
// as c's part plus r times a step (element_address is linear in r).
struct BlockOffsets {
  int logm, lpb, logq, stride, dist, r_step;
  FFT_HD int operator()(int c, int r) const { return element_address<int>(c, 0, logm, lpb, logq, stride, dist) + r * r_step; }
};

// One side (input or output) of a block: the address of its first sub-transform, computed
// once in 64 bits, and the 32-bit offsets of its elements from there. side(c, r) is element
// r of the block's sub-transform c.
template <class E>
struct BlockSide {
  E* base;
  BlockOffsets at;
  FFT_HD E& operator()(int c, int r) const { return base[at(c, r)]; }
};
template <class E>
FFT_HD inline BlockSide<E> block_side(E* data, std::uint64_t first, int logm, int lpb, int logq, std::int64_t stride, std::int64_t dist) {
  const BlockOffsets at{logm, lpb, logq, static_cast<int>(stride), static_cast<int>(dist), static_cast<int>(stride) << logq};
  return {data + element_address<std::int64_t>(static_cast<std::int64_t>(first), 0, logm, lpb, logq, stride, dist), at};
}

// w(j, 2^logn) = exp(-2 pi i j / 2^logn), 0 <= j < 2^logn, from sincospi of an exact fraction
// (reduced to [-1/2, 1/2] of a turn first, so float keeps its bits for large j).
template <class T>
FFT_HD inline Complex<T> twiddle_pow2(std::int64_t j, int logn) {
  if (logn == 0) return {T(1), T(0)};
  const std::int64_t n = std::int64_t{1} << logn;
  if (2 * j > n) j -= n;
  const T x = static_cast<T>(j) / static_cast<T>(n >> 1);  // angle / pi, exact for j < 2^24 (float)
  T s, c;
#if defined(__CUDA_ARCH__)
  if constexpr (sizeof(T) == 4) sincospif(x, &s, &c);
  else sincospi(x, &s, &c);
#else
  constexpr long double pi = 3.141592653589793238462643383279502884L;
  s = static_cast<T>(std::sin(pi * static_cast<long double>(x)));
  c = static_cast<T>(std::cos(pi * static_cast<long double>(x)));
#endif
  return {c, -s};
}

// The largest power of two <= r (r >= 1); folds to a constant in unrolled loops.
FFT_HD constexpr int high_power_of_two(int r) {
  int h = 1;
  while (2 * h <= r) h *= 2;
  return h;
}

// How a pass kernel meets global memory (TileFft::io_for picks one per pass):
//   shared   load into the shared tile, store from it (any layout; chapter 10's stages);
//   rows     register I/O with a warp along one row: for rows that lie along memory (one pass);
//   columns  register I/O with a warp across G neighbouring rows: for a pass that reads columns.
enum class Io { shared, rows, columns };

template <class T, int LOGM, int LOGR, int LOG_MIN_ELEMENTS = kLog2ElementsPerThread, int LOG_BUDGET = kLog2TileBudget>
struct TileFft {
  static constexpr TileShape S = make_tile_shape(LOGM, LOGR, static_cast<int>(sizeof(Complex<T>)), LOG_MIN_ELEMENTS, LOG_BUDGET);
  static constexpr int M = 1 << LOGM;
  static constexpr int E = 1 << S.loge;  // elements per thread
  static constexpr int P = 1 << S.logp;  // threads per sub-transform
  static constexpr int C = 1 << S.logc;  // sub-transforms per block
  static constexpr int kThreads = S.threads();
  static constexpr int kStages = S.stages;

  static constexpr int log_ls(int s) {
    int l = 0;
    for (int i = 0; i < s; ++i) l += S.bits[i];
    return l;
  }

  FFT_HD static Complex<T> stage_twiddle(const TilePassArgs<T>& a, int j) {
    return a.stage_twiddles ? a.stage_twiddles[j] : twiddle_pow2<T>(j, LOGM);
  }

  // In double, w^2, w^4, w^8 are squares of the w below them instead of sincospi of their own:
  // an FP64 sincospi is a polynomial of some 30 FP64 instructions (no FP64 special-function
  // unit). A square adds about one rounding and doubles the error of its input, so w^8 carries
  // about 8 ulp (test_09_butterfly bounds every twiddle at 16): far below what the double tests
  // allow. Float keeps sincospif, which is cheap.
  static constexpr bool kSquareTwiddles = sizeof(T) == 8;
  FFT_HD static Complex<T> square(Complex<T> z) { return {z.re * z.re - z.im * z.im, T(2) * z.re * z.im}; }

  // u[r] *= w(r j, M) for r = 1 .. R-1. Only w^1, w^2, w^4 (and w^8) are computed or read from
  // the table; the others are products of two of them (w^7 = w^4 w^2 w^1: at most three
  // roundings, not the r of a running product). Radix 16: 4 sincospi instead of 15 (1 in
  // double, see kSquareTwiddles).
  template <int R>
  FFT_HD static void apply_stage_twiddles(const TilePassArgs<T>& a, Complex<T>* u, int j) {
    Complex<T> w[R];  // w[r] = w(r j, M), formed in increasing r and used at once
    COURSE_UNROLL
    for (int r = 1; r < R; ++r) {
      const int high = high_power_of_two(r);
      if (high != r) w[r] = w[high] * w[r - high];
      else if (r > 1 && kSquareTwiddles && !a.stage_twiddles) w[r] = square(w[r / 2]);
      else w[r] = stage_twiddle(a, (r * j) & (M - 1));
      u[r] = u[r] * w[r];
    }
  }

  // Where the block whose first sub-transform is `first` reads (columns at stride N / M) and
  // writes (at stride L).
  FFT_HD static BlockSide<const Complex<T>> input_side(std::uint64_t first, const TilePassArgs<T>& a) {
    return block_side(a.in, first, LOGM, a.log_per_batch, a.log_per_batch, a.in_stride, a.in_dist);
  }
  FFT_HD static BlockSide<Complex<T>> output_side(std::uint64_t first, const TilePassArgs<T>& a) {
    return block_side(a.out, first, LOGM, a.log_per_batch, a.log_l, a.out_stride, a.out_dist);
  }

  // How many of block `block`'s C sub-transforms exist (the last block may be partial).
  FFT_HD static int valid_transforms(std::uint64_t first, const TilePassArgs<T>& a) {
    return a.transforms - first < static_cast<std::uint64_t>(C) ? static_cast<int>(a.transforms - first) : C;
  }

  // A walk every standard plan takes (0: rows one after another; logc: columns, c fastest)
  // runs with compile-time shifts; the interleavings in between share one run-time path.
  template <class Body>
  FFT_HD static void with_walk(int order, Body&& body) {
    if (order == 0) body(std::integral_constant<int, 0>{});
    else if (order < 0 || order == S.logc) body(std::integral_constant<int, S.logc>{});
    else body(order);
  }

  // Which k the pass twiddle w(r k, L M) of the block's sub-transform c takes: k = (first + c)
  // mod L, and first is a multiple of C, so k's bits are first's and c's side by side
  // (L <= 2^26 fits an int).
  FFT_HD static int pass_k(std::uint64_t first, int c, const TilePassArgs<T>& a) {
    const int l_mask = (1 << a.log_l) - 1;
    return static_cast<int>(first & static_cast<std::uint64_t>(l_mask)) | (c & l_mask);
  }

  // The pass twiddles w(r k, 2^logn) of a thread that holds elements r = r0 + j P (j < E) of
  // one sub-transform k: w(r0 k) w(P k)^j, and w(P k)^j is the product of the w(2^b P k) for
  // the bits b of j, as in apply_stage_twiddles. 1 + log2 E sincospi a thread instead of E, at
  // most log2 E more roundings.
  struct PassTwiddles {
    Complex<T> base{T(1), T(0)}, step[S.loge > 0 ? S.loge : 1];
    PassTwiddles() = default;
    FFT_HD PassTwiddles(int r0, std::int64_t k, int logn) {
      base = twiddle_pow2<T>(r0 * k, logn);
      COURSE_UNROLL
      for (int b = 0; b < S.loge; ++b)
        step[b] = b > 0 && kSquareTwiddles ? square(step[b - 1]) : twiddle_pow2<T>((static_cast<std::int64_t>(P) << b) * k, logn);
    }
    FFT_HD Complex<T> operator()(int j) const {
      Complex<T> w = base;
      COURSE_UNROLL
      for (int b = 0; b < S.loge; ++b)
        if ((j >> b) & 1) w = w * step[b];
      return w;
    }
  };

  // All E global loads are issued before the first shared-memory store: interleaved, a store
  // through a pointer the compiler cannot prove distinct may hold back every later load, and
  // the thread would wait for memory E times in a row instead of once (the first version did
  // this and ran at about half the bandwidth; see the README).
  FFT_HD static void load(unsigned tid, std::uint64_t block, const TilePassArgs<T>& a, Complex<T>* sm) {
    const std::uint64_t first = block * C;
    const int valid = valid_transforms(first, a);
    const auto src = input_side(first, a);
    with_walk(a.in_order, [&](auto q) {
      Complex<T> x[E];
      COURSE_UNROLL
      for (int j = 0; j < E; ++j) {
        int c, r;
        tile_coords_q(static_cast<int>(tid) + j * kThreads, LOGM, q, c, r);
        if (c < valid) x[j] = src(c, r);
      }
      // In a column walk a thread keeps one sub-transform c (so one k) and its elements are
      // r = r0 + j P (PassTwiddles).
      constexpr bool column_walk = static_walk<decltype(q)> == S.logc;
      const int logn = a.log_l + LOGM;
      PassTwiddles w;
      if constexpr (column_walk) {
        if (a.log_l > 0) w = PassTwiddles(static_cast<int>(tid) >> S.logc, pass_k(first, static_cast<int>(tid) & (C - 1), a), logn);
      }
      COURSE_UNROLL
      for (int j = 0; j < E; ++j) {
        int c, r;
        tile_coords_q(static_cast<int>(tid) + j * kThreads, LOGM, q, c, r);
        if (c >= valid) continue;
        Complex<T> v = x[j];
        if (a.conj_in) v = conj(v);
        if (a.log_l > 0) {
          if constexpr (column_walk) {
            v = v * w(j);
          } else {
            v = v * twiddle_pow2<T>(static_cast<std::int64_t>(r) * pass_k(first, c, a), logn);
          }
        }
        sm[c * S.row_stride + pad(r)] = v;
      }
    });
  }

  // Which row a thread works on in the stages, and which of the row's P threads it is. With
  // P >= 32 a warp's threads may share a row, as register I/O along rows needs. Otherwise a
  // wavefront of 128 bytes would span 128 / (P x element) rows at once, and however the odd
  // row stride falls, two of those rows' runs meet in a bank (NOTES.md). So G = min(C, 128
  // bytes / element) neighbouring threads take G different rows at
  // the same position, which the column-walk stride (tile_shape.hpp) already puts in G
  // different banks. Register I/O across columns (Io::columns) places threads so at every P:
  // a warp then reads G neighbouring columns of 32 / G rows. Rows beyond C (chapter 10's copies
  // of the tile) continue the count.
  static constexpr int kLogColumnGroup = [] {
    int log_w = 0;  // log2 of the wavefront's elements: 16 float, 8 double
    while ((2 << log_w) <= S.wavefront()) ++log_w;
    return S.logc < log_w ? S.logc : log_w;
  }();
  template <Io IO = Io::shared>
  static constexpr int kLogRowGroup = IO == Io::columns || (IO == Io::shared && S.logp < 5) ? kLogColumnGroup : 0;
  template <Io IO = Io::shared>
  FFT_HD static int stage_row(unsigned tid) {
    constexpr int lg = kLogRowGroup<IO>;
    return static_cast<int>((tid & ((1u << lg) - 1)) | ((tid >> (S.logp + lg)) << lg));
  }
  template <Io IO = Io::shared>
  FFT_HD static int stage_thread(unsigned tid) {
    return static_cast<int>(tid >> kLogRowGroup<IO>) & (P - 1);
  }

  // Stage s, first half: this thread's E / R butterflies, from shared memory into v[] (or, for
  // the first stage of a register-I/O kernel, on the v[] the load left there). One butterfly's
  // reads, twiddles and DFT at a time: reading all E first keeps more values live, and was
  // slower (NOTES.md).
  template <int SI, Io IO, bool FROM_SHARED>
  FFT_HD static void stage_compute(unsigned tid, const TilePassArgs<T>& a, const Complex<T>* sm, Complex<T>* v) {
    constexpr int bits = S.bits[SI], R = 1 << bits, LOGLS = log_ls(SI), LS = 1 << LOGLS;
    constexpr int tw_shift = LOGM - LOGLS - bits;  // w(x, Ls R) = w(x M / (Ls R), M)
    const Complex<T>* row = sm + stage_row<IO>(tid) * S.row_stride;
    const int t = stage_thread<IO>(tid);
COURSE_UNROLL
    for (int j = 0; j < E / R; ++j) {
      const int bb = t + j * P;
      Complex<T>* u = v + j * R;
      if constexpr (FROM_SHARED) {
COURSE_UNROLL
        for (int r = 0; r < R; ++r) u[r] = row[pad(bb + r * (M / R))];
      }
      if constexpr (LS > 1) apply_stage_twiddles<R>(a, u, (bb & (LS - 1)) << tw_shift);
      dft<R>(u);
    }
  }

  // Stage s, second half: v[] to the Stockham output positions (after a barrier).
  template <int SI, Io IO>
  FFT_HD static void stage_write(unsigned tid, Complex<T>* sm, const Complex<T>* v) {
    constexpr int bits = S.bits[SI], R = 1 << bits, LS = 1 << log_ls(SI);
    Complex<T>* row = sm + stage_row<IO>(tid) * S.row_stride;
    const int t = stage_thread<IO>(tid);
COURSE_UNROLL
    for (int j = 0; j < E / R; ++j) {
      const int bb = t + j * P;
      const int k = bb & (LS - 1);
      const int base = ((bb - k) << bits) + k;
COURSE_UNROLL
      for (int r = 0; r < R; ++r) row[pad(base + r * LS)] = v[j * R + r];
    }
  }

  // Shared-memory reads first, then the global stores (same reason as in load).
  FFT_HD static void store(unsigned tid, std::uint64_t block, const TilePassArgs<T>& a, const Complex<T>* sm) {
    const std::uint64_t first = block * C;
    const int valid = valid_transforms(first, a);
    const auto dst = output_side(first, a);
    with_walk(a.out_order, [&](auto q) {
      Complex<T> x[E];
      COURSE_UNROLL
      for (int j = 0; j < E; ++j) {
        int c, r;
        tile_coords_q(static_cast<int>(tid) + j * kThreads, LOGM, q, c, r);
        x[j] = sm[c * S.row_stride + pad(r)];
      }
      COURSE_UNROLL
      for (int j = 0; j < E; ++j) {
        int c, r;
        tile_coords_q(static_cast<int>(tid) + j * kThreads, LOGM, q, c, r);
        if (c < valid) dst(c, r) = a.conj_out ? conj(x[j]) : x[j];
      }
    });
  }

  // Register I/O. Thread t of a row takes elements t + m P (m < E) both as the first stage's
  // inputs and as the last stage's outputs: stage s's butterfly j reads bb + r M / R with
  // bb = t + j P, and the last stage (Ls = M / R, so k = bb) writes bb + r Ls. Register
  // v[j R + r] of a stage of radix R is therefore row element t + P row_slot(j R + r).
  //   Io::rows: where the rows lie along memory (a one-pass plan of M >= 512, no pass twiddle),
  //     P >= 32 threads of a row make each warp access 32 neighbouring elements, as coalesced
  //     as the shared-memory walk. Each mode is a kernel of its own: one kernel carrying both
  //     paths spilled in float and was slower (NOTES.md).
  //   Io::columns: a pass that reads columns (neighbouring sub-transforms are neighbours in
  //     memory) places threads G rows to a wavefront (kLogRowGroup), so a warp reads G
  //     neighbouring columns in 32 / G rows, and applies the pass twiddle as it loads. Its
  //     reads are as wide as the shared walk's (runs of G of the block's C columns, G < C only
  //     once a run is 128 bytes); its writes must fill 32-byte sectors (io_for).
  static constexpr bool kRegisterIo = S.register_io();
  template <int SI>
  FFT_HD static constexpr int row_slot(int i) {
    constexpr int R = 1 << S.bits[SI];
    return i / R + (i % R) * (E / R);
  }
  FFT_HD static bool rows_along_memory(int order) { return order == 0 || (order < 0 && S.logc == 0); }
  // Whether a warp of the column placement writes whole 32-byte sectors: runs of G
  // sub-transforms where neighbouring ones are neighbours in memory (order < 0), or of the
  // 32 / G threads of a row where rows are contiguous (Q = 1, unit stride).
  FFT_HD static bool column_runs_fill_sectors(int order, int logq, std::int64_t stride) {
    constexpr int G = 1 << kLogColumnGroup, per_row = 32 / G < P ? 32 / G : P;
    const int run = order < 0 && S.logc > 0 ? G : logq == 0 && stride == 1 ? per_row : 1;
    return run * static_cast<int>(sizeof(Complex<T>)) >= 32;
  }
  // The kernel for a pass. One-pass tiles below 512 points keep the shared walk, which runs
  // them at the copy roofline (see README); a one-point tile has no stage to load or store in.
  // A pass that reads columns takes the column kernel unless its writes would leave sectors
  // half written: float first passes of 512 points or fewer (G = 16: 16-byte runs of a row)
  // ran at half speed that way (NOTES.md).
  FFT_HD static Io io_for(const TilePassArgs<T>& a) {
    const bool one_pass = a.log_per_batch == 0;  // N = M, so L = 1 and no pass twiddle
    if (kRegisterIo && one_pass && rows_along_memory(a.in_order) && rows_along_memory(a.out_order)) return Io::rows;
    if (kStages > 0 && a.in_order < 0 && column_runs_fill_sectors(a.out_order, a.log_l, a.out_stride)) return Io::columns;
    return Io::shared;
  }

  // body(std::integral_constant<Io, io_for(a)>{}): the run-time choice as a compile-time kernel
  // (host side: the launcher and the CPU emulation).
  template <class Body>
  static void with_io(const TilePassArgs<T>& a, Body&& body) {
    switch (io_for(a)) {
      case Io::rows: return body(std::integral_constant<Io, Io::rows>{});
      case Io::columns: return body(std::integral_constant<Io, Io::columns>{});
      case Io::shared: return body(std::integral_constant<Io, Io::shared>{});
    }
  }

  template <Io IO>
  FFT_HD static void load_registers(unsigned tid, std::uint64_t block, const TilePassArgs<T>& a, Complex<T>* v) {
    const std::uint64_t first = block * C;
    const int c = stage_row<IO>(tid), t = stage_thread<IO>(tid);
    if (c >= valid_transforms(first, a)) {  // the last block's missing rows: zeros, never stored
      COURSE_UNROLL
      for (int i = 0; i < E; ++i) v[i] = Complex<T>{};
      return;
    }
    const auto src = input_side(first, a);
    COURSE_UNROLL
    for (int i = 0; i < E; ++i) v[i] = src(c, t + P * row_slot<0>(i));
    if (a.conj_in) {
      COURSE_UNROLL
      for (int i = 0; i < E; ++i) v[i] = conj(v[i]);
    }
    if constexpr (IO == Io::columns) {
      if (a.log_l > 0) {
        const PassTwiddles w(t, pass_k(first, c, a), a.log_l + LOGM);
        COURSE_UNROLL
        for (int i = 0; i < E; ++i) v[i] = v[i] * w(row_slot<0>(i));
      }
    }
  }

  template <int SI, Io IO>
  FFT_HD static void store_registers(unsigned tid, std::uint64_t block, const TilePassArgs<T>& a, const Complex<T>* v) {
    const std::uint64_t first = block * C;
    const int c = stage_row<IO>(tid), t = stage_thread<IO>(tid);
    if (c >= valid_transforms(first, a)) return;
    const auto dst = output_side(first, a);
    COURSE_UNROLL
    for (int i = 0; i < E; ++i) dst(c, t + P * row_slot<SI>(i)) = a.conj_out ? conj(v[i]) : v[i];
  }

  // Every stage through shared memory, for passes that bring their own load and store (chapter 10).
  template <class Each, class Barrier>
  FFT_HD static void run_shared_stages(const TilePassArgs<T>& a, Complex<T>* sm, Each&& each, Barrier&& barrier) {
    run_stages<0, Io::shared>(0, a, sm, each, barrier);
  }

  // Where run() skips empty rows: tiles of more than one row, shared or row I/O, radix up to 16.
  // Not in one-row tiles (nothing to skip), nor in the column kernels of multi-pass plans or the
  // radix-2/4/8 lesson variants, where the test cost more than it saved (NOTES.md).
  template <Io IO>
  static constexpr bool kSkipEmptyRows = S.logc > 0 && IO != Io::columns && LOGR == 4;

  // One block, phase by phase. each(f) calls f(tid, v) for every thread of the block with that
  // thread's registers v[E]; barrier() waits until every thread has finished the phases so far.
  // IO (io_for(a)): rows and columns load in the first stage and store in the last.
  template <Io IO, class Each, class Barrier>
  FFT_HD static void run(std::uint64_t block, const TilePassArgs<T>& a, Complex<T>* sm, Each&& each, Barrier&& barrier) {
    if constexpr (IO != Io::shared) {
      each([&](unsigned tid, Complex<T>* v) { load_registers<IO>(tid, block, a, v); });
    } else {
      each([&](unsigned tid, Complex<T>*) { load(tid, block, a, sm); });
      barrier();
    }
    run_stages<0, IO, kSkipEmptyRows<IO>>(block, a, sm, each, barrier, valid_transforms(block * C, a));
    if constexpr (IO == Io::shared) each([&](unsigned tid, Complex<T>*) { store(tid, block, a, sm); });
  }

  // SKIP_EMPTY: the rows from `live` on hold no sub-transform (the last block of a batch, or a
  // single transform in a tile shaped for batches: one row of 8 at 2^10 float), so their threads
  // skip the stages' arithmetic and shared-memory traffic; every thread still reaches every
  // barrier. Chapters 10 and 11 run every row.
  template <int SI, Io IO, bool SKIP_EMPTY = false, class Each, class Barrier>
  FFT_HD static void run_stages(std::uint64_t block, const TilePassArgs<T>& a, Complex<T>* sm, Each& each, Barrier& barrier,
                                int live = C) {
    if constexpr (SI < kStages) {
      constexpr bool from_shared = SI > 0 || IO == Io::shared;
      const auto has_row = [&](unsigned tid) { return !SKIP_EMPTY || stage_row<IO>(tid) < live; };
      each([&](unsigned tid, Complex<T>* v) {
        if (has_row(tid)) stage_compute<SI, IO, from_shared>(tid, a, sm, v);
      });
      if constexpr (IO != Io::shared && SI == kStages - 1) {
        each([&](unsigned tid, Complex<T>* v) { store_registers<SI, IO>(tid, block, a, v); });
      } else {
        if constexpr (from_shared) barrier();  // every thread has read its inputs before any output overwrites them
        each([&](unsigned tid, Complex<T>* v) {
          if (has_row(tid)) stage_write<SI, IO>(tid, sm, v);
        });
        barrier();
        run_stages<SI + 1, IO, SKIP_EMPTY>(block, a, sm, each, barrier, live);
      }
    }
  }
};

// TileFft::run's `each` and `barrier` on the GPU: a thread runs every phase for itself, with its
// own registers, and the block meets at __syncthreads().
template <class T>
struct ThisThread {
  unsigned tid;
  Complex<T>* v;
  template <class Phase>
  FFT_HD void operator()(Phase&& phase) const { phase(tid, v); }
};
struct BlockBarrier {
  FFT_HD void operator()() const {
#if defined(__CUDA_ARCH__)
    __syncthreads();
#endif
  }
};

// TileFft::run's `each` on the CPU: the phase for every thread of the block, one after another,
// each with its own registers; the barrier has nothing left to wait for.
template <class T>
struct EveryThread {
  Complex<T>* regs;
  int threads, elements;
  template <class Phase>
  void operator()(Phase&& phase) const {
    for (int tid = 0; tid < threads; ++tid) phase(static_cast<unsigned>(tid), regs + static_cast<std::size_t>(tid) * elements);
  }
};

}  // namespace course::radixn
