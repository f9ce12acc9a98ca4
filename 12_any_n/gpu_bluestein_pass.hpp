// Bluestein for M above one block, its chirp and product fused into the M-point passes:
//     pass 1 of FFT_M reads x (N points a transform) times the chirp, zero from N to M;
//     the last pass of FFT_M writes conj(A K), K = FFT_M(b) / M;
//     FFT_M again, its last pass writing X = c conj(...) for k < N only (N points a transform).
// FFT_M then conj is the inverse FFT (the 1/M is in K). The two FFTs of q passes take 2 q
// kernels, where 09's plan and three element-wise kernels take 2 q' + 3 (gpu_bluestein.cu), q'
// 09's passes of M: fewer than 12's from M = 2^21 on (09's tiles hold 2048 points, 12's passes
// of several 1024), hence kMostFusedPasses.
// The stages are the mixed-radix pass's (gpu_block.hpp); the emulation runs this same code.
#pragma once

#include <type_traits>

#include "12_any_n/gpu_block.hpp"

namespace course::anyn::gpu {

// The plan fuses where M's FFT takes at most this many passes: there the fused passes beat 09's
// plan and three element-wise kernels; at M = 2^21 12's passes need three where 09's tiles take
// two, and fusing loses (bench_12_gpu's gpu/fused-chirp and gpu/separate-chirp rows, NOTES.md).
inline constexpr std::size_t kMostFusedPasses = 2;
constexpr bool fuse_chirp_by_default(std::size_t passes_of_m) { return passes_of_m <= kMostFusedPasses; }

enum class ChirpLoad { plain, chirp };
enum class ChirpStore { plain, product, chirp };

template <class T>
struct ChirpArgs {
  const Complex<T>* x = nullptr;       // the input, N points a transform (ChirpLoad::chirp)
  Complex<T>* y = nullptr;             // the output, N points a transform (ChirpStore::chirp)
  const Complex<T>* chirp = nullptr;   // c_n = w(n^2 mod 2N, 2N), n < N
  const Complex<T>* filter = nullptr;  // K = FFT_M(b) / M, M points
  std::uint32_t n = 0;
  bool inverse = false;  // conj(forward(conj x)): conjugate x on the way in and X on the way out
};

// Global -> shared for the first pass, as load() but from x: point idx of transform t is
// x[t N + idx] c_idx below N and zero from N to M.
template <int P = kPointsPerThread, class T>
FFT_HD inline void load_chirp(unsigned tid, unsigned threads, std::uint64_t block, const MixedPassArgs<T>& a, const ChirpArgs<T>& ch,
                              Complex<T>* buf) {
  const std::uint32_t valid = valid_columns(a, block);
  std::uint64_t t0 = block * a.c, b = 0;  // whole transforms: t0 + e / L; columns: transform t0, column b
  std::uint32_t count = valid * a.l;
  if (a.columns_fast) {
    const std::uint32_t c = tid & (a.c - 1);
    if (c >= valid) return;
    column_of(a, block, c, t0, b);
    count = a.c * a.l;
  }
  Complex<T> v[P];
  COURSE_UNROLL
  for (int u = 0; u < P; ++u) {
    const std::uint32_t e = tid + static_cast<std::uint32_t>(u) * threads;
    v[u] = Complex<T>{};
    if (e >= count) continue;
    std::uint64_t t = t0, idx;
    if (a.columns_fast) {
      idx = b + static_cast<std::uint64_t>(e >> a.log_c) * a.d;
    } else {
      const std::uint32_t j = divide(e, a.l_div);
      t += j;
      idx = e - j * a.l;
    }
    if (idx < ch.n) v[u] = maybe_conj(ch.x[t * ch.n + idx], ch.inverse) * read_only(ch.chirp + idx);
  }
  COURSE_UNROLL
  for (int u = 0; u < P; ++u) {
    const std::uint32_t e = tid + static_cast<std::uint32_t>(u) * threads;
    if (e < count) buf[e] = v[u];
  }
}

// Point idx of transform t leaving the FFT's last pass: conj(v K_idx) back to the M-point buffer,
// or c_idx conj(v) to y for idx < N (conjugated again for the inverse).
template <ChirpStore S, class T>
FFT_HD inline void put_chirp(const MixedPassArgs<T>& a, const ChirpArgs<T>& ch, std::uint64_t t, std::uint64_t idx, Complex<T> v) {
  if constexpr (S == ChirpStore::product) {
    a.out[t * a.n + idx] = conj(v * read_only(ch.filter + idx));
  } else {
    if (idx < ch.n) ch.y[t * ch.n + idx] = maybe_conj(read_only(ch.chirp + idx) * conj(v), ch.inverse);
  }
}

// Shared -> global for the last pass, as store() in its two last-pass layouts: whole transforms
// (one pass, D = 1) or runs of C columns (s >= C: point q + s (L p + k) of the transform). The
// last pass has no outer twiddle (s L = M).
template <ChirpStore S, class T>
FFT_HD inline void store_chirp(unsigned tid, unsigned threads, std::uint64_t block, const MixedPassArgs<T>& a, const ChirpArgs<T>& ch,
                               const Complex<T>* buf) {
  const std::uint32_t valid = valid_columns(a, block);
  if (!a.columns_fast) {
    for (std::uint32_t e = tid; e < valid * a.l; e += threads) {
      const std::uint32_t j = divide(e, a.l_div);
      put_chirp<S>(a, ch, block * a.c + j, e - j * a.l, buf[e]);
    }
    return;
  }
  const std::uint32_t c = tid & (a.c - 1);
  if (c >= valid) return;
  const auto [t, p, q] = later_pass_column(a, block, c);
  for (std::uint32_t e = tid; e < a.c * a.l; e += threads)
    put_chirp<S>(a, ch, t, q + a.s.d * (static_cast<std::uint64_t>(a.l) * p + (e >> a.log_c)), buf[e]);
}

// One block of an M-point pass: load (from x with the chirp, or as any pass), the stages, store
// (with the product or the chirp, or as any pass).
template <ChirpLoad L, ChirpStore S, class T, class Each, class Barrier, class RegsFor>
FFT_HD COURSE_FORCEINLINE void run_chirp_block(std::uint64_t block, const MixedPassArgs<T>& a, const ChirpArgs<T>& ch, Complex<T>* buf,
                                               Each&& each, Barrier&& barrier, RegsFor&& regs_for) {
  each([&](unsigned tid, unsigned threads) {
    if constexpr (L == ChirpLoad::chirp) load_chirp(tid, threads, block, a, ch, buf);
    else load(tid, threads, block, a, buf);
  });
  barrier();
  for (int st = 0; st < a.stages; ++st) run_stage_of<false, false>(block, a, st, buf, each, barrier, regs_for);
  each([&](unsigned tid, unsigned threads) {
    if constexpr (S == ChirpStore::plain) store(tid, threads, block, a, buf);
    else store_chirp<S>(tid, threads, block, a, ch, buf);
  });
}

// Which load and store pass i of `count` takes in FFT f (0: the forward FFT of a, 1: the one
// after the product).
struct ChirpIo {
  ChirpLoad load;
  ChirpStore store;
};
constexpr ChirpIo chirp_io(int f, std::size_t i, std::size_t count) {
  return {f == 0 && i == 0 ? ChirpLoad::chirp : ChirpLoad::plain,
          i + 1 < count ? ChirpStore::plain : f == 0 ? ChirpStore::product : ChirpStore::chirp};
}

// Calls f(integral_constant load, integral_constant store) for io's pair: the five that occur.
template <class F>
FFT_HD inline void with_chirp_io(ChirpIo io, F&& f) {
  using L = ChirpLoad;
  using S = ChirpStore;
  const auto call = [&](auto l, auto s) { f(l, s); };
  if (io.load == L::chirp) {
    if (io.store == S::product) call(std::integral_constant<L, L::chirp>{}, std::integral_constant<S, S::product>{});
    else call(std::integral_constant<L, L::chirp>{}, std::integral_constant<S, S::plain>{});
  } else if (io.store == S::plain) {
    call(std::integral_constant<L, L::plain>{}, std::integral_constant<S, S::plain>{});
  } else if (io.store == S::product) {
    call(std::integral_constant<L, L::plain>{}, std::integral_constant<S, S::product>{});
  } else {
    call(std::integral_constant<L, L::plain>{}, std::integral_constant<S, S::chirp>{});
  }
}

}  // namespace course::anyn::gpu
