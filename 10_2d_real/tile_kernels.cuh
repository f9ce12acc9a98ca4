// The default kernels (Options::kernels = Kernels::tiles): chapter 09's register tile
// (radixn::TileFft: radix-16/8 butterflies held in registers, C transforms of M points per
// block, padded shared rows, twiddles by sincospi) does the FFT inside every pass; this chapter
// only supplies what goes around it: where a block's rows or columns are in the matrices, the
// pupil computed on load, the R2C split on store, the C2R merge on load, |.|^2 between two
// column FFTs, the OTF scaling.
//
// Which tile element a thread loads and stores, and where, is pass_layout.hpp's (also run on
// the CPU by test_10_emulated). Every global load of a thread is issued before its first shared
// store, and every shared read before its first global store (09's "loads before stores"); the
// inverse transform is conj(FFT(conj x)), so forward and inverse share every kernel.
#pragma once

#include "09_radixN/tile_kernel.cuh"
#include "10_2d_real/kernels.cuh"

namespace course::twod {

template <class T, int LOGM, int LOGR, int V = 0>
using Tile = radixn::TileFft<T, LOGM, LOGR, kTileLog2MinElements, variant_log_budget(V)>;

template <class T, class B, bool Interleaved>
__device__ __forceinline__ void tile_load(const Complex<T>* in, Complex<T>* sm, const TilePlace& p, bool conj_in) {
  const Complex<T>* src = in + p.in_base;
  Complex<T> x[B::E];
#pragma unroll
  for (int j = 0; j < B::E; ++j) {
    int c, r;
    tile_element<B, Interleaved>(static_cast<int>(threadIdx.x) + j * B::threads, c, r);
    x[j] = c < p.valid ? src[p.in_offset(c, r)] : Complex<T>{T(0), T(0)};
  }
#pragma unroll
  for (int j = 0; j < B::E; ++j) {
    int c, r;
    tile_element<B, Interleaved>(static_cast<int>(threadIdx.x) + j * B::threads, c, r);
    sm[tile_slot<B>(c, r)] = conj_in ? conj(x[j]) : x[j];
  }
}

template <class T, class B, bool Interleaved>
__device__ __forceinline__ void tile_store(const Complex<T>* sm, Complex<T>* out, const TilePlace& p, bool conj_out, T scale) {
  Complex<T>* dst = out + p.out_base;
  Complex<T> x[B::E];
#pragma unroll
  for (int j = 0; j < B::E; ++j) {
    int c, r;
    tile_element<B, Interleaved>(static_cast<int>(threadIdx.x) + j * B::threads, c, r);
    x[j] = sm[tile_slot<B>(c, r)];
  }
#pragma unroll
  for (int j = 0; j < B::E; ++j) {
    int c, r;
    tile_element<B, Interleaved>(static_cast<int>(threadIdx.x) + j * B::threads, c, r);
    if (c < p.valid) dst[p.out_offset(c, r)] = (conj_out ? conj(x[j]) : x[j]) * scale;
  }
}

// All stages of the tile, twiddles computed by sincospi (as fast as 09's table, no memory).
template <class T, class F>
__device__ __forceinline__ void tile_stages(Complex<T>* sm) {
  Complex<T> v[F::E];
  F::run_shared_stages(radixn::TilePassArgs<T>{}, sm, radixn::ThisThread<T>{threadIdx.x, v}, radixn::BlockBarrier{});
}

template <class T>
__device__ __forceinline__ Complex<T>* tile_shared() {
  extern __shared__ __align__(16) unsigned char twod_tile_shared[];
  return reinterpret_cast<Complex<T>*>(twod_tile_shared);
}

// Resident threads per SM asked of the compiler (so registers per thread): 09's rule, 1024 in
// float and 512 in double, is sized for 16 points a thread; a thread of 8 double points (the
// 512 = 8 x 8 x 8 tile) holds the registers' worth of a float one, so the rule goes by bytes held
// (ByBytes). Not for the OTF column kernel: its two FFTs and |.|^2 spill at 64 registers
// (double, 512 points), so it keeps 09's rule.
template <class T, int LOGM, int LOGR, int V, int LOGK, bool ByBytes = true>
constexpr int tile_min_blocks() {
  using F = Tile<T, LOGM, LOGR, V>;
  const int held = ByBytes ? F::E * static_cast<int>(sizeof(Complex<T>)) : 16 * static_cast<int>(sizeof(Complex<T>));
  const int want = (held <= 128 ? 1024 : 512) / (F::kThreads << LOGK);
  return want > 1 ? want : 1;
}

#define TWOD_TILE_BOUNDS(T, LOGM, LOGR, V, LOGK, ...) \
  __launch_bounds__(Tile<T, LOGM, LOGR, V>::kThreads << (LOGK), (tile_min_blocks<T, LOGM, LOGR, V, LOGK, ##__VA_ARGS__>()))

// The block tile of variant V (pass_layout.hpp's tile_shape: smaller ones for smaller GPUs).
template <class T, int LOGM, int LOGR, bool Interleaved, int V = 0>
using BlockTileOf = BlockTile<Tile<T, LOGM, LOGR, V>, tile_log_copies<T>(LOGM, Interleaved, V)>;

// A C2C row pass (Interleaved = false) or column pass (true); in == out allowed (a block reads
// all it writes before writing, and blocks own disjoint transforms).
template <class T, int LOGM, int LOGR, bool Interleaved, int V>
__global__ void TWOD_TILE_BOUNDS(T, LOGM, LOGR, V, (tile_log_copies<T>(LOGM, Interleaved, V)))
    tile_c2c_kernel(const Complex<T>* in, Complex<T>* out, Pass2dArgs a, bool inverse, T scale) {
  using F = Tile<T, LOGM, LOGR, V>;
  using B = BlockTileOf<T, LOGM, LOGR, Interleaved, V>;
  Complex<T>* sm = tile_shared<T>();
  const TilePlace p(a, blockIdx.x);
  tile_load<T, B, Interleaved>(in, sm, p, inverse);
  __syncthreads();
  tile_stages<T, F>(sm);
  tile_store<T, B, Interleaved>(sm, out, p, inverse, scale);
}

// R2C rows: M = N/2 packed points per row in, the M-point FFT, then M + 1 bins per row out
// through the split (real_split.hpp); split_tw[k] = w(k, N).
template <class T, int LOGM, int LOGR, int V>
__global__ void TWOD_TILE_BOUNDS(T, LOGM, LOGR, V, 0)
    tile_r2c_rows_kernel(const Complex<T>* in, Complex<T>* out, Pass2dArgs a, const Complex<T>* __restrict__ split_tw) {
  using F = Tile<T, LOGM, LOGR, V>;
  using B = BlockTileOf<T, LOGM, LOGR, false, V>;
  constexpr int M = F::M, bins = M + 1;
  Complex<T>* sm = tile_shared<T>();
  const TilePlace p(a, blockIdx.x);
  tile_load<T, B, false>(in, sm, p, false);
  __syncthreads();
  tile_stages<T, F>(sm);
  // C (M + 1) bins from C M points: a bin needs Z[k] and Z[M - k], so no thread owns a fixed set.
  Complex<T>* dst = out + p.out_base;
  for (int idx = threadIdx.x; idx < F::C * bins; idx += B::threads) {
    const int c = idx / bins, k = idx - c * bins;
    if (c >= p.valid) break;  // idx only grows, and so does c
    dst[p.out_offset(c, k)] = r2c_split(sm[tile_slot<B>(c, k & (M - 1))], sm[tile_slot<B>(c, (M - k) & (M - 1))], split_tw[k]);
  }
}

// C2R rows: the merge (real_split.hpp) is done on load from X[k] and X[M - k] of the input,
// then the inverse M-point FFT writes the N reals (as M packed complex values).
template <class T, int LOGM, int LOGR, int V>
__global__ void TWOD_TILE_BOUNDS(T, LOGM, LOGR, V, 0)
    tile_c2r_rows_kernel(const Complex<T>* in, Complex<T>* out, Pass2dArgs a, const Complex<T>* __restrict__ split_tw) {
  using F = Tile<T, LOGM, LOGR, V>;
  using B = BlockTileOf<T, LOGM, LOGR, false, V>;
  constexpr int M = F::M;
  Complex<T>* sm = tile_shared<T>();
  const TilePlace p(a, blockIdx.x);
  const Complex<T>* src = in + p.in_base;
  Complex<T> xk[B::E], xmk[B::E];
#pragma unroll
  for (int j = 0; j < B::E; ++j) {
    int c, k;
    tile_element<B, false>(static_cast<int>(threadIdx.x) + j * B::threads, c, k);
    const bool ok = c < p.valid;
    xk[j] = ok ? src[p.in_offset(c, k)] : Complex<T>{T(0), T(0)};
    xmk[j] = ok ? src[p.in_offset(c, M - k)] : Complex<T>{T(0), T(0)};
  }
#pragma unroll
  for (int j = 0; j < B::E; ++j) {
    int c, k;
    tile_element<B, false>(static_cast<int>(threadIdx.x) + j * B::threads, c, k);
    sm[tile_slot<B>(c, k)] = conj(c2r_merge(xk[j], xmk[j], split_tw[k], k == 0));
  }
  __syncthreads();
  tile_stages<T, F>(sm);
  tile_store<T, B, false>(sm, out, p, true, T(1));
}

// OTF kernel 1: the pupil computed where it is loaded (nothing read), inverse row FFTs.
// Transform i is row i mod rows of batch item i / rows.
template <class T, int LOGM, int LOGR, int V>
__global__ void TWOD_TILE_BOUNDS(T, LOGM, LOGR, V, 0) tile_pupil_rows_kernel(Complex<T>* out, Pass2dArgs a, PupilSpec pupil, long long rows) {
  using F = Tile<T, LOGM, LOGR, V>;
  using B = BlockTileOf<T, LOGM, LOGR, false, V>;
  Complex<T>* sm = tile_shared<T>();
  const TilePlace p(a, blockIdx.x);
  #pragma unroll 4
  for (int j = 0; j < B::E; ++j) {
    int c, r;
    tile_element<B, false>(static_cast<int>(threadIdx.x) + j * B::threads, c, r);
    const long long i = p.first + c;
    sm[tile_slot<B>(c, r)] = c < p.valid ? conj(pupil_sample<T>(i % rows, r, rows, F::M, pupil, i / rows)) : Complex<T>{T(0), T(0)};
  }
  __syncthreads();
  tile_stages<T, F>(sm);
  tile_store<T, B, false>(sm, out, p, true, T(1));
}

// OTF kernel 2: inverse column FFTs end the IFFT2, |.|^2 makes the PSF, the forward column FFTs
// start the FFT2, without leaving shared memory. The inverse is conj(FFT(conj x)); |conj z|^2 =
// |z|^2, so the conjugation after the inverse FFT is skipped.
template <class T, int LOGM, int LOGR, int V>
__global__ void TWOD_TILE_BOUNDS(T, LOGM, LOGR, V, (tile_log_copies<T>(LOGM, true, V)), false)
    tile_otf_columns_kernel(Complex<T>* data, Complex<T>* psf, Pass2dArgs a) {
  using F = Tile<T, LOGM, LOGR, V>;
  using B = BlockTileOf<T, LOGM, LOGR, true, V>;
  Complex<T>* sm = tile_shared<T>();
  const TilePlace p(a, blockIdx.x);
  tile_load<T, B, true>(data, sm, p, true);
  __syncthreads();
  tile_stages<T, F>(sm);
#pragma unroll
  for (int j = 0; j < B::E; ++j) {
    int c, r;
    tile_element<B, true>(static_cast<int>(threadIdx.x) + j * B::threads, c, r);
    sm[tile_slot<B>(c, r)] = intensity(sm[tile_slot<B>(c, r)]);
  }
  __syncthreads();
  if (psf) tile_store<T, B, true>(sm, psf, p, false, T(1));
  tile_stages<T, F>(sm);
  tile_store<T, B, true>(sm, data, p, false, T(1));
}

#undef TWOD_TILE_BOUNDS

}  // namespace course::twod
