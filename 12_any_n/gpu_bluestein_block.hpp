// Bluestein for small N in one kernel. A block holds C whole convolutions of M points in shared
// memory and does all of
//     a = (x c, 0 ... 0)  ->  FFT_M  ->  times K = FFT_M(b) / M  ->  inverse FFT_M  ->  X = c a
// there, the inverse FFT as conj(FFT_M(conj)): x is read once and X written once, where the
// five-kernel path (gpu_bluestein.cu) moves each of M points about five times. It takes M up to
// a 64 KiB block (8192 float, 4096 double points: N up to 4096 or 2048).
//
// The stages are the mixed-radix pass's (gpu_block.hpp) on a single pass of M points; the
// emulation (gpu_emulate.hpp) runs this same code on the CPU.
#pragma once

#include <tuple>
#include <type_traits>
#include <vector>

#include "12_any_n/factor.hpp"
#include "12_any_n/gpu_block.hpp"
#include "12_any_n/gpu_fixed.hpp"
#include "12_any_n/gpu_shape.hpp"

namespace course::anyn::gpu {

// The largest convolution one block holds.
template <class T>
inline constexpr std::size_t kBluesteinBlockPoints = kBlockPoints<T>;

// b = conj(c) / M wrapped around M (b_k = b_(M-k) = conj(c_k) / M, k < N), from the double chirp:
// its FFT is K, the inverse's 1/M folded in (exact for M a power of two, else rounded once in double).
template <class T>
std::vector<Complex<T>> bluestein_filter(std::size_t n, std::size_t m) {
  const std::vector<Complex<double>> cd = bluestein_chirp<double>(n);
  std::vector<Complex<T>> b(m, Complex<T>{});
  for (std::size_t k = 0; k < n; ++k) {
    const Complex<T> cj(conj(cd[k]) * (1.0 / static_cast<double>(m)));
    b[k] = cj;
    if (k) b[m - k] = cj;
  }
  return b;
}

// The convolution length M >= 2N - 1 of Bluestein in one block. A power of two whose M-point
// pass is a compiled shape (FixedBluesteinPasses, M = 1024 .. 4096) stays; any other M runs the
// generic stages. The model: time a transform = k M log2 M, k measured on the H200 over every N
// of the sweep that takes this route (results/nvidia-h200/main-050e117/, batched, ns): compiled
// 0.0008-0.0009 float, 0.0018-0.0020 double; generic 0.0014-0.0019 and 0.0028-0.0031. A compiled
// power of two against a generic M of half its points is then a draw, so it stays.
inline bool compiled_bluestein_length(std::size_t m) {
  return std::apply([m](auto... shape) { return ((decltype(shape)::l == m) || ...); }, FixedBluesteinPasses{});
}

// Among the generic M, a stage is a trip of all M points through shared memory and a barrier,
// beside work that every M pays once a point (the chirp, the product with K, the loads and
// stores): time a transform ~ M (stages + kBluesteinPointStages). Fitted by the direction of the
// H200's changes of M within one N (results/nvidia-h200/good-thomas-smooth-m/bluestein_*.json,
// 63 timings): float 61 ran 0.87x on M = 125 (three stages) against 128 (two), 83 ran 1.63x on
// 168 (three) against 256 (two); 6 to 12 get 62 of the 63 directions right, 0 to 4 get 53-57.
inline constexpr double kBluesteinPointStages = 8;
inline double bluestein_block_cost(std::size_t m) {
  return static_cast<double>(m) * (static_cast<double>(pass_radices(m).size()) + kBluesteinPointStages);
}
// The generic M: of the 7-smooth M from 2N - 1 to the power of two, the least cost (the least M
// among equals): N = 131 takes 270, not 512; 61 takes 128 (8 * 16), not 125 (5 * 5 * 5).
inline std::size_t block_convolution_length(std::size_t n) {
  const std::size_t power = convolution_length(n);
  if (compiled_bluestein_length(power)) return power;
  std::size_t best = smooth_at_least(2 * n - 1);
  double best_cost = bluestein_block_cost(best);
  for (std::size_t m = smooth_at_least(best + 1); m <= power; m = smooth_at_least(m + 1)) {
    // No M of at least ceil(log16 M) stages past this one can cost less.
    unsigned fewest = 1;
    for (std::size_t p = 16; p < m; p *= 16) ++fewest;
    if (static_cast<double>(m) * (fewest + kBluesteinPointStages) >= best_cost) break;
    if (const double cost = bluestein_block_cost(m); cost < best_cost) {
      best = m;
      best_cost = cost;
    }
  }
  return best;
}

template <class T>
struct BluesteinBlockArgs {
  const Complex<T>* in = nullptr;
  Complex<T>* out = nullptr;
  const Complex<T>* chirp = nullptr;   // c_n = exp(-i pi n^2 / N), n < N
  const Complex<T>* kernel = nullptr;  // K = FFT_M(b) / M, M values
  std::uint32_t n = 1;                 // N
  Divisor n_div;                       // N, to split a block's outputs into transforms
  bool inverse = false;                // conj(forward(conj x)): conjugate on the way in and out
};

// a: the single pass of M points (make_passes(M, batch, ...)): its stages, C transforms a
// block, L = M, columns = batch. Shape: void, or the FixedPass that a matches (gpu_fixed.hpp),
// whose stages then run with their shape as constants.
template <class Shape, class T, class Each, class Barrier, class RegsFor>
FFT_HD COURSE_FORCEINLINE void bluestein_block_body(std::uint64_t block, const MixedPassArgs<T>& a, const BluesteinBlockArgs<T>& b,
                                                    Complex<T>* buf, Each&& each, Barrier&& barrier, RegsFor&& regs_for) {
  const auto fft = [&] {  // the M-point transform of each of the block's C buffers, in place
    if constexpr (!std::is_void_v<Shape>) {
      run_fixed_stages<Shape, false>(block, a, buf, each, barrier, regs_for, std::make_index_sequence<Shape::stages>{});
    } else {
      for (int st = 0; st < a.stages; ++st) run_stage_of<false, false>(block, a, st, buf, each, barrier, regs_for);
    }
  };
  const std::uint32_t valid = valid_columns(a, block), points = a.c * a.l;
  const std::uint64_t first = block * a.c;  // the block's first transform
  // x c, zero-padded to M.
  each([&](unsigned tid, unsigned threads) {
    for (std::uint32_t e = tid; e < points; e += threads) {
      const std::uint32_t c = divide(e, a.l_div), j = e - c * a.l;
      Complex<T> v{};
      if (c < valid && j < b.n) v = maybe_conj(b.in[(first + c) * b.n + j], b.inverse) * read_only(b.chirp + j);
      buf[e] = v;
    }
  });
  barrier();
  fft();
  // Times K, conjugated: the inverse FFT that follows is conj(FFT(conj)).
  each([&](unsigned tid, unsigned threads) {
    for (std::uint32_t e = tid; e < points; e += threads) {
      const std::uint32_t j = e - divide(e, a.l_div) * a.l;
      buf[e] = conj(buf[e] * read_only(b.kernel + j));
    }
  });
  barrier();
  fft();
  // The first N points of each, conjugated back, times the chirp.
  each([&](unsigned tid, unsigned threads) {
    for (std::uint32_t e = tid; e < valid * b.n; e += threads) {
      const std::uint32_t c = divide(e, b.n_div), j = e - c * b.n;
      b.out[(first + c) * b.n + j] = maybe_conj(conj(buf[c * a.l + j]) * read_only(b.chirp + j), b.inverse);
    }
  });
}

// The generic stages read the arguments as they are; a compiled Shape gets them with its shape
// fields as constants (a copy whose stage table is never read, so it stays in registers).
template <class Shape = void, class T, class Each, class Barrier, class RegsFor>
FFT_HD COURSE_FORCEINLINE void run_bluestein_block(std::uint64_t block, const MixedPassArgs<T>& a, const BluesteinBlockArgs<T>& b,
                                                   Complex<T>* buf, Each&& each, Barrier&& barrier, RegsFor&& regs_for) {
  if constexpr (std::is_void_v<Shape>) bluestein_block_body<Shape>(block, a, b, buf, each, barrier, regs_for);
  else bluestein_block_body<Shape>(block, fixed_args<Shape>(a), b, buf, each, barrier, regs_for);
}

}  // namespace course::anyn::gpu
