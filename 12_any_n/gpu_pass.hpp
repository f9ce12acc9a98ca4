// 12_any_n on the GPU: one pass over global memory, the mixed-radix Stockham of mixed_radix.hpp
// with a whole sub-transform of L points as its radix.
//
// The transform of N = L * D points is split as in 08 and 09: a pass reads, for each of its
// columns b < D, the L points x[b + j D] (j < L), does their DFT of L points in one block's
// shared memory, multiplies output k by the twiddle w(p k, n) of the Stockham stage it is, and
// writes it to y[q + s (L p + k)], where s is the product of the earlier passes' L, n = N / s,
// b = q + s p. One pass (L = N, s = 1, D = 1) is the whole transform; two or three passes take
// N up to L_max^2 or L_max^3.
//
// A block holds C columns: C consecutive b, or, when D = 1, C whole transforms. Reads and
// writes then move runs of C neighbouring points (or whole transforms): C >= 8 in float and
// 4 in double, 64-byte runs, the DRAM's unit.
//
// Inside the block, the L-point DFT runs stage by stage, radix R in {2, 3, 4, 5, 6, 7, 8, 9, 10,
// 16} or a prime from 11 to 31:
//     a_j = x[q + s (p + j m)],  y[q + s (R p + k)] = w(p k, n) sum_j a_j w(j k, R)
// (now s, n, m = n / R are the stage's, within L). Each thread gathers its butterflies' inputs
// from shared memory into registers, the block waits, and each thread scatters the outputs back
// to the same buffer: one buffer, not two, so twice the columns fit.
//
// The functions below are one thread's share of each phase. The kernel (gpu_plan.cu) runs them
// with __syncthreads() between phases; the emulation (gpu_emulate.hpp) runs every thread of a
// block one after another, with a set of registers per thread.
#pragma once

#include <cstdint>

#include "12_any_n/butterflies.hpp"
#include "common/complex.hpp"

namespace course::anyn::gpu {

inline constexpr int kMaxStages = 14;  // stages within one pass (pass_radices gives 6 at most)

// The points one block holds: up to kLargestBlockPoints (128 KiB of shared memory) for a
// single pass where the GPU allows it, up to kBlockPoints (64 KiB, which every GPU from Turing
// on allows) for the columns of passes of several. A thread keeps 16 points in registers, so a
// block of P points has at most P / 16 threads. The plan picks P from kSmallestOnePassBlock
// (one pass) or kSmallestBlock (passes of several) up: small blocks, more of them on an SM.
// A compiled single pass (gpu_fixed.hpp) may run at 8 points a thread instead: twice the threads,
// each with half the registers.
template <class T>
inline constexpr int kBlockPoints = sizeof(T) == 4 ? 8192 : 4096;
template <class T>
inline constexpr int kLargestBlockPoints = 2 * kBlockPoints<T>;
inline constexpr int kSmallestBlock = 2048;
// A single pass starts at blocks of 4096 points: four transforms of 1000 a block of 4096 beat
// two in 2048 (bench_12_gpu's gpu-block rows, generic kernel).
inline constexpr int kSmallestOnePassBlock = 4096;
inline constexpr int kPointsPerThread = 16;
// A wide pass: stages of 12, 14 and 15 points (Good-Thomas) where they save a stage
// (pass_radices), at 12 points a thread, so that a thread holds at most 20 points in any stage
// (radix 10: two butterflies), as about at 16 (21: three of radix 7); at 16 a radix-15 stage would hold 30
// and every kernel's registers would spill (ptxas sm_90, NOTES.md).
inline constexpr int kWidePoints = 12;
// The widest stages, 18 = 9 * 2, 20 = 5 * 4, 21 = 7 * 3, 24 = 8 * 3 and 28 = 7 * 4 (Good-Thomas
// too): at 16 points a thread one butterfly of them a thread, as the primes 17 to 31 take (and no
// 12, 14, 15: two of those would be 24-30 points). A pass takes them only where they save a stage
// over 12, 14 and 15 (wide_pass), in kernels of their own with the registers of the primes 17
// to 31 (gpu_plan.cu: in the 12-15 kernels they cost every wide pass spills, ptxas sm_90 float
// 0 -> 348-576 bytes), so blocks of at most 768 float or 384 double threads (gpu_plan.cu's
// widest_kernel_for).
constexpr bool is_widest_radix(unsigned r) { return r == 18 || r == 20 || r == 21 || r == 24 || r == 28; }
inline constexpr unsigned kWidestRadix = 28;
template <class T>
inline constexpr std::uint32_t kWidestThreads = sizeof(T) == 4 ? 768 : 384;

// Threads for `points` points at `per_thread` points a thread, in whole warps (or whole
// multiples of `multiple`, a multiple of 32).
constexpr std::uint32_t launch_threads(std::uint32_t points, std::uint32_t per_thread, std::uint32_t multiple = 32) {
  return ((points + per_thread - 1) / per_thread + multiple - 1) / multiple * multiple;
}

// x / d for x, d < 2^16 as a multiply: magic = ceil(2^32 / d) is exact there (the error
// x (magic d - 2^32) / 2^32 stays below 1 / d). A stage does this twice a butterfly, where a
// division would cost ~20 instructions.
struct Divisor {
  std::uint32_t d = 1, magic = 0;
};
constexpr Divisor make_divisor(std::uint32_t d) {
  return {d, static_cast<std::uint32_t>(((std::uint64_t{1} << 32) + d - 1) / d)};
}
FFT_HD inline std::uint32_t divide(std::uint32_t x, Divisor v) {
#ifdef __CUDA_ARCH__
  return v.d == 1 ? x : __umulhi(x, v.magic);
#else
  return v.d == 1 ? x : static_cast<std::uint32_t>((static_cast<std::uint64_t>(x) * v.magic) >> 32);
#endif
}

struct StageShape {
  std::uint8_t radix = 2;
  std::uint32_t offset = 0;  // the pass's roots w(e, L), e < L, in the table (stage_twiddle)
  std::uint32_t m = 1;       // n / R
  Divisor s;                 // the stage's stride within the L points
  Divisor per;               // L / R: butterflies per column
};

template <class T>
struct MixedPassArgs {
  const Complex<T>* in = nullptr;
  Complex<T>* out = nullptr;
  const Complex<T>* stage_twiddles = nullptr;
  // w(t, N) = hi[t >> log_lo] * lo[t & (2^log_lo - 1)], two small tables instead of one of N.
  const Complex<T>* outer_lo = nullptr;
  const Complex<T>* outer_hi = nullptr;
  int log_lo = 0;
  bool twiddled = false;        // s < N / L: there is an outer twiddle
  std::uint64_t columns = 0;    // batch * D
  std::uint32_t n = 1;          // N, the whole transform
  std::uint32_t l = 1;          // L, this pass
  std::uint32_t d = 1;          // D = N / L
  Divisor s;                    // this pass's stride, the product of the earlier passes' L
  Divisor l_div;                // L, for the first pass's store
  std::uint32_t c = 1;          // columns a block holds
  std::uint32_t threads = 128;  // block points / points
  std::uint8_t points = kPointsPerThread;  // a thread's points in the generic kernel: kPointsPerThread, or kWidePoints
  bool widest = false;                     // at kPointsPerThread, stages of 18 to 28 too (is_widest_radix)
  int log_c = 0;                // C = 2^log_c when columns_fast
  bool columns_fast = false;    // D >= C: C neighbouring columns, shared index j C + c; else D = 1, index c L + j
  bool conj_in = false, conj_out = false;  // the inverse as conj(forward(conj x)): first pass in, last pass out
  int stages = 0;
  StageShape stage[kMaxStages];
};

// What max_prime_of says of the pair-sum pass of a prime from 37 on (gpu_prime_pass.hpp): no
// stage kernel takes it, it has a kernel of its own.
inline constexpr int kPairSumPass = 255;

// Whether a pass has a stage of 18 to 28 (is_widest_radix): it needs the kernel that compiles them.
template <class T>
FFT_HD inline bool has_widest_stage(const MixedPassArgs<T>& a) {
  for (int st = 0; st < a.stages; ++st)
    if (is_widest_radix(a.stage[st].radix)) return true;
  return false;
}

// The kernel a pass needs (gpu_block.hpp's MAX_PRIME): 7 when its stages have no prime radix
// above 7, 13 when 11 or 13 is the largest, 31 up to 31, kPairSumPass for a prime from 37 on.
template <class T>
FFT_HD inline int max_prime_of(const MixedPassArgs<T>& a) {
  int most = 7;
  for (int st = 0; st < a.stages; ++st)
    if (a.stage[st].radix > 31) return kPairSumPass;
  for (int st = 0; st < a.stages; ++st)
    if (is_odd_prime_radix(a.stage[st].radix)) {
      if (a.stage[st].radix > 13) return 31;
      most = 13;
    }
  return most;
}

// Tables never change during a kernel: the read-only path lets the compiler start these loads
// early, ahead of stores to shared memory.
template <class T>
FFT_HD inline Complex<T> read_only(const Complex<T>* p) {
#ifdef __CUDA_ARCH__
  if constexpr (sizeof(T) == 4) {
    const float2 v = __ldg(reinterpret_cast<const float2*>(p));
    return {v.x, v.y};
  } else {
    const double2 v = __ldg(reinterpret_cast<const double2*>(p));
    return {v.x, v.y};
  }
#else
  return *p;
#endif
}

template <class T>
FFT_HD inline Complex<T> maybe_conj(Complex<T> z, bool c) {
  return c ? conj(z) : z;
}

// Columns of this block that exist (the last block may hold fewer).
template <class T>
FFT_HD inline std::uint32_t valid_columns(const MixedPassArgs<T>& a, std::uint64_t block) {
  if (a.c == 1) return 1;  // a block of one column is never past the end (a compiled kernel knows C)
  const std::uint64_t left = a.columns - block * a.c;
  return left < a.c ? static_cast<std::uint32_t>(left) : a.c;
}

// Column c of the block: transform t, column b < D of it. C <= D, so the block's columns
// cross at most one transform's end.
template <class T>
FFT_HD inline void column_of(const MixedPassArgs<T>& a, std::uint64_t block, std::uint32_t c, std::uint64_t& t, std::uint64_t& b) {
  const std::uint64_t g0 = block * a.c;
  t = g0 / a.d;
  b = g0 - t * a.d + c;
  if (b >= a.d) {
    b -= a.d;
    ++t;
  }
}

// Column c of the block in a later pass of several (s >= C): its transform t, and b = q + s p
// split into p and q; its outputs go to q + s (L p + k).
struct LaterColumn {
  std::uint64_t t, p, q;
};
template <class T>
FFT_HD inline LaterColumn later_pass_column(const MixedPassArgs<T>& a, std::uint64_t block, std::uint32_t c) {
  std::uint64_t t, b;
  column_of(a, block, c, t, b);
  const std::uint64_t p = b / a.s.d, q = b - p * a.s.d;
  return {t, p, q};
}

// Global -> shared. Points = C L; thread by thread along e, so neighbouring threads read
// neighbouring addresses in both layouts.
template <int P = kPointsPerThread, class T>
FFT_HD inline void load(unsigned tid, unsigned threads, std::uint64_t block, const MixedPassArgs<T>& a, Complex<T>* buf) {
  const std::uint32_t valid = valid_columns(a, block);
  // Whole transforms: the block's valid ones are one run from its first point. Columns: threads
  // is a multiple of C, so a thread keeps its column and finds where it starts once.
  const Complex<T>* src = a.in + block * a.c * static_cast<std::uint64_t>(a.l);
  std::uint32_t count = valid * a.l, shift = 0, stride = 1;  // point e at src[(e >> shift) stride]
  if (a.columns_fast) {
    const std::uint32_t c = tid & (a.c - 1);
    if (c >= valid) return;
    std::uint64_t t, b;
    column_of(a, block, c, t, b);
    src = a.in + t * a.n + b;
    count = a.c * a.l;
    shift = static_cast<std::uint32_t>(a.log_c);
    stride = a.d;
  }
  // All of a thread's loads first, then its stores to shared memory: the loads are in flight
  // together (a load after a store through another pointer would have to wait for it).
  Complex<T> v[P];
  COURSE_UNROLL
  for (int u = 0; u < P; ++u) {
    const std::uint32_t e = tid + static_cast<std::uint32_t>(u) * threads;
    if (e < count) v[u] = src[static_cast<std::uint64_t>(e >> shift) * stride];
  }
  COURSE_UNROLL
  for (int u = 0; u < P; ++u) {
    const std::uint32_t e = tid + static_cast<std::uint32_t>(u) * threads;
    if (e < count) buf[e] = maybe_conj(v[u], a.conj_in);
  }
}

// Shared index of point j of column c.
template <class T>
FFT_HD inline std::uint32_t slot(const MixedPassArgs<T>& a, std::uint32_t c, std::uint32_t j) {
  return a.columns_fast ? (j << a.log_c) + c : c * a.l + j;
}

// One thread's butterflies of a stage at P points a thread: U at most, u-th is butterfly tid + u
// threads. (A block has at least C L / P threads, so U of them cover the C L / R butterflies.)
template <unsigned R, class T, int P = kPointsPerThread>
struct StageRegs {
  static constexpr int U = (P + R - 1) / R;
  Complex<T> v[U][R];
};

// Butterfly i of the block: false when it does not exist (past the stage's count or in a
// missing column: c >= valid), else its column c and p, q with b = q + s p its index within L.
template <class T>
FFT_HD inline bool butterfly_at(const MixedPassArgs<T>& a, const StageShape& st, std::uint32_t valid, std::uint32_t i, std::uint32_t& c,
                                std::uint32_t& p, std::uint32_t& q) {
  if (i >= a.c * st.per.d) return false;
  std::uint32_t b;
  if (a.c == 1) {  // one column (a compiled kernel's constant): no division to find it
    c = 0;
    b = i;
  } else if (a.columns_fast) {
    c = i & (a.c - 1);
    b = i >> a.log_c;
  } else {
    c = divide(i, st.per);
    b = i - c * st.per.d;
  }
  if (c >= valid) return false;
  p = divide(b, st.s);
  q = b - p * st.s.d;
  return true;
}

// The twiddle w(p k, n) of a stage of stride s, n = L / s: the same root as w(p k s, L), so one
// table of the pass's L roots serves every stage (entry p s k; ps = p s). The stages' own tables,
// p-major, would hold as many (m (R - 1) a stage, L - 1 in all) and spread a warp's reads wider.
template <class T>
FFT_HD inline Complex<T> stage_twiddle(const Complex<T>* roots, std::uint32_t ps, unsigned k) {
  return read_only(roots + ps * k);
}

// A stage reads shared memory `buf`, or, with FROM_GLOBAL (the first stage of a single pass),
// the block's own points in global memory, conjugated for the inverse: point j of transform c
// is at c L + j in both. Its global addresses are made afresh from the arguments (a pointer
// kept across the stages would cost registers in every stage).
template <unsigned R, bool FROM_GLOBAL = false, class T, int P>
FFT_HD inline void gather(unsigned tid, unsigned threads, std::uint64_t block, const MixedPassArgs<T>& a, const StageShape& st,
                          const Complex<T>* buf, StageRegs<R, T, P>& r) {
  const std::uint32_t valid = valid_columns(a, block);
COURSE_UNROLL
  for (int u = 0; u < StageRegs<R, T, P>::U; ++u) {
    std::uint32_t c, p, q;
    if (!butterfly_at(a, st, valid, tid + static_cast<std::uint32_t>(u) * threads, c, p, q)) continue;
    if constexpr (FROM_GLOBAL) {  // the first stage: s = 1, so q = 0
      const Complex<T>* x = a.in + (block * a.c + c) * a.l + p;
COURSE_UNROLL
      for (unsigned j = 0; j < R; ++j) r.v[u][j] = maybe_conj(x[j * st.m], a.conj_in);
    } else {
COURSE_UNROLL
      for (unsigned j = 0; j < R; ++j) r.v[u][j] = buf[slot(a, c, q + st.s.d * (p + j * st.m))];
    }
  }
}

// The butterflies, their twiddles, then shared memory `buf`, or, with TO_GLOBAL (the last stage
// of a single pass: m = 1, so p = 0 and no twiddles), global memory, conjugated for the inverse.
template <unsigned R, bool TO_GLOBAL = false, class T, int P>
FFT_HD inline void scatter(unsigned tid, unsigned threads, std::uint64_t block, const MixedPassArgs<T>& a, const StageShape& st,
                           StageRegs<R, T, P>& r, Complex<T>* buf) {
  const std::uint32_t valid = valid_columns(a, block);
COURSE_UNROLL
  for (int u = 0; u < StageRegs<R, T, P>::U; ++u) {
    std::uint32_t c, p, q;
    if (!butterfly_at(a, st, valid, tid + static_cast<std::uint32_t>(u) * threads, c, p, q)) continue;
    Complex<T>* v = r.v[u];
    const std::uint32_t base = q + st.s.d * R * p;
    if constexpr (is_odd_prime_radix(R) && R > 13) {
      // One output at a time, stored as it is made (butterfly_odd_put): a thread never holds the
      // butterfly's R outputs beside its R - 1 sums and differences.
      const Complex<T>* roots = a.stage_twiddles + st.offset;
      butterfly_odd_put<R, Direction::forward>(v, [&](unsigned k, Complex<T> y) {
        if constexpr (TO_GLOBAL) a.out[(block * a.c + c) * a.l + q + k * st.s.d] = maybe_conj(y, a.conj_out);
        else buf[slot(a, c, base + st.s.d * k)] = st.m == 1 || k == 0 ? y : y * stage_twiddle(roots, st.s.d * p, k);
      });
      continue;
    }
    butterfly<R, Direction::forward>(v);
    if constexpr (TO_GLOBAL) {  // the last stage: m = 1, so p = 0
      Complex<T>* y = a.out + (block * a.c + c) * a.l + q;
COURSE_UNROLL
      for (unsigned k = 0; k < R; ++k) y[k * st.s.d] = maybe_conj(v[k], a.conj_out);
    } else {
      // w(0, n) = 1 is in the table exactly, so p = 0 needs no case of its own; a last stage
      // (m = 1, known to a compiled kernel) has only p = 0.
      const Complex<T>* roots = a.stage_twiddles + st.offset;
      buf[slot(a, c, base)] = v[0];
COURSE_UNROLL
      for (unsigned k = 1; k < R; ++k)
        buf[slot(a, c, base + st.s.d * k)] = st.m == 1 ? v[k] : v[k] * stage_twiddle(roots, st.s.d * p, k);
    }
  }
}

// w(t, N) from the two tables.
template <class T>
FFT_HD inline Complex<T> outer_twiddle(const MixedPassArgs<T>& a, std::uint64_t t) {
  return read_only(a.outer_hi + (t >> a.log_lo)) * read_only(a.outer_lo + (t & ((std::uint64_t{1} << a.log_lo) - 1)));
}

// Shared -> global, output k of column b to y[q + s (L p + k)] times w(p k s, N).
// Three cases, each with neighbouring threads on neighbouring addresses:
//  - D = 1 (one pass, whole transforms): shared and global both in order e;
//  - s = 1 (the first of several passes): column b writes L points from b L on, so the block's
//    C columns are one run of C L points, e = c L + k;
//  - s >= C (a later pass): runs of C columns, e = k C + c.
template <class T>
FFT_HD inline void store(unsigned tid, unsigned threads, std::uint64_t block, const MixedPassArgs<T>& a, const Complex<T>* buf) {
  const std::uint32_t valid = valid_columns(a, block);
  if (!a.columns_fast) {
    Complex<T>* dst = a.out + block * a.c * static_cast<std::uint64_t>(a.l);
    for (std::uint32_t e = tid; e < valid * a.l; e += threads) dst[e] = maybe_conj(buf[e], a.conj_out);
    return;
  }
  const std::uint32_t points = a.c * a.l;
  if (a.s.d == 1) {
    Complex<T>* dst = a.out + block * a.c * static_cast<std::uint64_t>(a.l);
    std::uint64_t t0, b0;
    column_of(a, block, 0, t0, b0);
    for (std::uint32_t e = tid; e < points; e += threads) {
      const std::uint32_t c = divide(e, a.l_div), k = e - c * a.l;
      if (c >= valid) continue;
      const std::uint64_t p = b0 + c < a.d ? b0 + c : b0 + c - a.d;  // b, and p = b as s = 1
      Complex<T> v = buf[slot(a, c, k)];
      if (a.twiddled && p * k != 0) v = v * outer_twiddle(a, p * k);
      dst[e] = maybe_conj(v, a.conj_out);
    }
    return;
  }
  const std::uint32_t c = tid & (a.c - 1);
  if (c >= valid) return;
  const auto [t, p, q] = later_pass_column(a, block, c);
  Complex<T>* dst = a.out + t * a.n + q + a.s.d * static_cast<std::uint64_t>(a.l) * p;
  for (std::uint32_t e = tid; e < points; e += threads) {
    const std::uint32_t k = e >> a.log_c;
    Complex<T> v = buf[e];
    if (a.twiddled && p * k != 0) v = v * outer_twiddle(a, p * k * a.s.d);
    dst[static_cast<std::uint64_t>(a.s.d) * k] = maybe_conj(v, a.conj_out);
  }
}

}  // namespace course::anyn::gpu
