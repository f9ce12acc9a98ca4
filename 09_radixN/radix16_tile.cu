// 09_radixN, read me first: the chapter's idea as one plain kernel. A block transforms one row of
// M = 16^S points (16, 256 or 4096) with M / 16 threads; each thread holds 16 points in
// registers and does one radix-16 butterfly a stage; shared memory carries the points between
// stages, with a barrier on each side. The lesson quotes it line by line; test_09_radix16_tile
// checks it against the reference on the GPU.
//
// The chapter's plans (radix_plan.cpp) run the same pass, generalised: tile_fft.hpp packs several
// rows a block, mixes radices 2..16 so that any power of two fits, reads strided columns for the
// planner's multi-pass plans, and forms only w, w^2, w^4, w^8 by sincospi; tile_kernel.cuh is its
// kernel, and emulate.hpp runs the same code on the CPU.
#include "09_radixN/radix16_tile.hpp"

#include "09_radixN/butterfly.hpp"  // dft<16>: the radix-16 butterfly on 16 registers
#include "09_radixN/tile_fft.hpp"   // twiddle_pow2: w(j, 2^logn) by sincospi
#include "09_radixN/tile_shape.hpp" // pad(e) = e + e / 16: a spare slot every 16 points (bank padding)
#include "common/cuda_helpers.hpp"
#include "common/sizes.hpp"

namespace course::radixn {

namespace {

template <class T, int S>
__global__ void radix16_tile_kernel(const Complex<T>* in, Complex<T>* out, bool inverse) {
  constexpr int M = 1 << (4 * S);  // points a row
  constexpr int P = M / 16;        // threads a row: one radix-16 butterfly each, every stage
  extern __shared__ __align__(16) unsigned char raw[];
  Complex<T>* tile = reinterpret_cast<Complex<T>*>(raw);
  const int t = static_cast<int>(threadIdx.x);
  const Complex<T>* x = in + static_cast<std::size_t>(blockIdx.x) * M;
  Complex<T>* y = out + static_cast<std::size_t>(blockIdx.x) * M;
  Complex<T> v[16];

  // Load: stage 0's butterfly t reads points t + P r, straight from global memory into registers
  // (neighbouring threads read neighbouring points). The inverse is conj(DFT(conj(x))).
#pragma unroll
  for (int r = 0; r < 16; ++r) v[r] = inverse ? conj(x[t + P * r]) : x[t + P * r];

  int L = 1;  // length of the sub-transforms done so far: 16^s at stage s
#pragma unroll
  for (int s = 0; s < S; ++s) {
    const int k = t % L;  // the butterfly's place in its sub-transform
    // Twiddle: input r times w(r k, 16 L). Stage 0 has L = 1, k = 0: nothing to multiply.
    if (s > 0) {
#pragma unroll
      for (int r = 1; r < 16; ++r) v[r] = v[r] * twiddle_pow2<T>(r * k, 4 * (s + 1));
    }
    dft<16>(v);
    if (s == S - 1) break;  // the last stage's outputs go straight to global memory
    // Round trip: output r goes to (t - k) 16 + k + L r, the next stage reads t + P r.
    if (s > 0) __syncthreads();  // every thread has read the previous stage's inputs
#pragma unroll
    for (int r = 0; r < 16; ++r) tile[pad((t - k) * 16 + k + L * r)] = v[r];
    __syncthreads();  // every thread has written this stage's outputs
#pragma unroll
    for (int r = 0; r < 16; ++r) v[r] = tile[pad(t + P * r)];
    L *= 16;
  }

  // Store: the last stage (L = P, k = t) writes outputs t + P r, straight from registers.
#pragma unroll
  for (int r = 0; r < 16; ++r) y[t + P * r] = inverse ? conj(v[r]) : v[r];
}

template <class T, int S>
void launch(const Complex<T>* in, Complex<T>* out, std::size_t batch, bool inverse, cudaStream_t stream) {
  constexpr int M = 1 << (4 * S);
  const std::size_t shared = S > 1 ? static_cast<std::size_t>(M + M / 16) * sizeof(Complex<T>) : 0;
  radix16_tile_kernel<T, S><<<static_cast<unsigned>(batch), M / 16, shared, stream>>>(in, out, inverse);
  COURSE_CUDA_CHECK_LAUNCH();
}

}  // namespace

template <class T>
Radix16TilePlan<T>::Radix16TilePlan(std::size_t n, std::size_t batch, cudaStream_t stream)
    : n_(n), batch_(batch), stream_(stream) {
  const std::string chapter = "09_radixN radix16_tile";
  const std::string instead = "09_radixN's Plan takes every power of two";
  if (n != 16 && n != 256 && !(n == 4096 && sizeof(T) == 4))
    refuse_size(chapter, n, std::string("the plain kernel takes 16, 256") + (sizeof(T) == 4 ? " and 4096" : "") +
                                " points (16^S, within the 48 KiB of shared memory every block has)",
                instead);
  require_batch(chapter, batch);
  if (batch > 0x7fffffffu) throw size_error(chapter + ": batch = " + std::to_string(batch) + " refused: above 2^31 - 1 blocks");
  cuda::require_supported_gpu(chapter);
}

template <class T>
void Radix16TilePlan<T>::execute(const Complex<T>* in, Complex<T>* out, Direction dir) const {
  const bool inverse = dir == Direction::inverse;
  if (n_ == 16) launch<T, 1>(in, out, batch_, inverse, stream_);
  else if (n_ == 256) launch<T, 2>(in, out, batch_, inverse, stream_);
  else if constexpr (sizeof(T) == 4) launch<T, 3>(in, out, batch_, inverse, stream_);
}

template class Radix16TilePlan<float>;
template class Radix16TilePlan<double>;

}  // namespace course::radixn
