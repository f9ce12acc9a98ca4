// 12_any_n on the GPU, first step: the mixed-radix Stockham of mixed_radix.hpp inside one block.
// A block holds C transforms of N points (7-smooth, N <= the tile limit) in shared memory, in
// two buffers it ping-pongs between; every stage is a loop of the block's threads over the
// C N / R butterflies of radix R, each read from one buffer into registers, multiplied by the
// DIF twiddle w(p k, n) from a table (exact, built on the host by common/twiddle.hpp) and
// written to the other:
//     a_j = x[q + s (p + j m)],  y[q + s (R p + k)] = w(p k, n) sum_j a_j w(j k, R)
// with b = q + s p (q < s, p < m = n / R), the same index map as the CPU stage.
// The functions below are one thread's share of each phase; the kernel (gpu_kernel.cuh) calls
// them with __syncthreads() between phases, the emulation (gpu_emulate.hpp) with every thread
// of a block one after another.
#pragma once

#include <cstdint>

#include "12_any_n/butterflies.hpp"
#include "common/complex.hpp"

namespace course::anyn::gpu {

inline constexpr int kMaxStages = 28;  // 2^27 as radix 2 at worst; 7-smooth tiles need far fewer
inline constexpr int kBlockThreads = 256;

template <class T>
struct TileArgs {
  const Complex<T>* in = nullptr;
  Complex<T>* out = nullptr;
  const Complex<T>* twiddles = nullptr;  // per stage, (R-1) m entries p-major, from offset[stage]
  std::uint64_t transforms = 0;
  int n = 1;
  int transforms_per_block = 1;  // C
  int stages = 0;
  std::uint8_t radix[kMaxStages] = {};
  std::uint32_t offset[kMaxStages] = {};
  bool inverse = false;
};

template <class T>
FFT_HD inline Complex<T> oriented(Complex<T> w, bool inverse) {
  return inverse ? conj(w) : w;
}

// How many of the block's C transforms exist (the last block may be partial).
template <class T>
FFT_HD inline int valid_transforms(const TileArgs<T>& a, std::uint64_t block) {
  const std::uint64_t first = block * static_cast<std::uint64_t>(a.transforms_per_block);
  const std::uint64_t left = a.transforms - first;
  return left < static_cast<std::uint64_t>(a.transforms_per_block) ? static_cast<int>(left) : a.transforms_per_block;
}

// Global -> buffer 0, neighbouring threads on neighbouring points (the block's transforms are
// one contiguous run); the inverse is conj(forward(conj x)).
template <class T>
FFT_HD inline void load(unsigned tid, unsigned threads, std::uint64_t block, const TileArgs<T>& a, Complex<T>* buf) {
  const int points = valid_transforms(a, block) * a.n;
  const Complex<T>* src = a.in + block * static_cast<std::uint64_t>(a.transforms_per_block) * static_cast<std::uint64_t>(a.n);
  for (int e = static_cast<int>(tid); e < points; e += static_cast<int>(threads)) buf[e] = a.inverse ? conj(src[e]) : src[e];
}

template <class T>
FFT_HD inline void store(unsigned tid, unsigned threads, std::uint64_t block, const TileArgs<T>& a, const Complex<T>* buf) {
  const int points = valid_transforms(a, block) * a.n;
  Complex<T>* dst = a.out + block * static_cast<std::uint64_t>(a.transforms_per_block) * static_cast<std::uint64_t>(a.n);
  for (int e = static_cast<int>(tid); e < points; e += static_cast<int>(threads)) dst[e] = a.inverse ? conj(buf[e]) : buf[e];
}

// Stage `stage` of radix R: x -> y for every transform of the block. n and s are the stage's
// sub-transform length and stride (n s = N). The butterflies run forward; the inverse is taken
// by the conjugations of load and store.
template <unsigned R, class T>
FFT_HD inline void stage_radix(unsigned tid, unsigned threads, const TileArgs<T>& a, int stage, int n, int s, int valid,
                               const Complex<T>* x, Complex<T>* y) {
  const int m = n / static_cast<int>(R), per = a.n / static_cast<int>(R);
  const Complex<T>* tw = a.twiddles + a.offset[stage];
  for (int i = static_cast<int>(tid); i < valid * per; i += static_cast<int>(threads)) {
    const int c = i / per, b = i - c * per;
    const int p = b / s, q = b - p * s;
    const Complex<T>* in = x + c * a.n + q + s * p;
    Complex<T>* out = y + c * a.n + q + s * static_cast<int>(R) * p;
    Complex<T> v[R];
    for (unsigned j = 0; j < R; ++j) v[j] = in[s * static_cast<int>(j) * m];
    butterfly<R, Direction::forward>(v);
    out[0] = v[0];
    for (unsigned k = 1; k < R; ++k) out[s * static_cast<int>(k)] = p == 0 ? v[k] : v[k] * tw[p * static_cast<int>(R - 1) + static_cast<int>(k) - 1];
  }
}

template <class T>
FFT_HD inline void stage(unsigned tid, unsigned threads, std::uint64_t block, const TileArgs<T>& a, int st, int n, int s,
                         const Complex<T>* x, Complex<T>* y) {
  const int valid = valid_transforms(a, block);
  switch (a.radix[st]) {
    case 2: stage_radix<2>(tid, threads, a, st, n, s, valid, x, y); break;
    case 3: stage_radix<3>(tid, threads, a, st, n, s, valid, x, y); break;
    case 4: stage_radix<4>(tid, threads, a, st, n, s, valid, x, y); break;
    case 5: stage_radix<5>(tid, threads, a, st, n, s, valid, x, y); break;
    case 7: stage_radix<7>(tid, threads, a, st, n, s, valid, x, y); break;
    default: stage_radix<8>(tid, threads, a, st, n, s, valid, x, y); break;
  }
}

// One block, phase by phase: each(f) runs f(tid) for every thread, barrier() waits for all.
// buf holds 2 C N points; returns nothing, the last stage's buffer is stored.
template <class T, class Each, class Barrier>
FFT_HD inline void run_block(std::uint64_t block, const TileArgs<T>& a, Complex<T>* buf, Each&& each, Barrier&& barrier) {
  Complex<T>* x = buf;
  Complex<T>* y = buf + a.transforms_per_block * a.n;
  each([&](unsigned tid, unsigned threads) { load(tid, threads, block, a, x); });
  barrier();
  int n = a.n, s = 1;
  for (int st = 0; st < a.stages; ++st) {
    each([&](unsigned tid, unsigned threads) { stage(tid, threads, block, a, st, n, s, x, y); });
    barrier();
    const int r = a.radix[st];
    n /= r;
    s *= r;
    Complex<T>* t = x;
    x = y;
    y = t;
  }
  each([&](unsigned tid, unsigned threads) { store(tid, threads, block, a, x); });
}

}  // namespace course::anyn::gpu
