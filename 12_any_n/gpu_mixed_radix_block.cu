// 12_any_n on the GPU, read me first: one transform of a 7-smooth N in one block, as one plain
// kernel. Stage s is a radix R_s (2, 3, 4, 5, 7 or 8) of chapter 09's Stockham step: thread t
// does butterfly t of the stage (butterflies.hpp), with shared memory and two barriers between
// stages; the first stage reads global memory and the last writes it. The lesson quotes it line
// by line; test_12_gpu_mixed_radix_block checks it against the reference on the GPU.
//
// The chapter's gpu::Plan (gpu_plan.hpp) runs the same pass, generalised: radices up to 16 in
// registers, up to 16 points a thread, one to three passes over global memory with a whole DFT
// as a pass's radix (gpu_pass.hpp), compiled shapes (gpu_fixed.hpp), a cluster pass
// (gpu_cluster.hpp) and Bluestein for other N, emulated on the CPU by gpu_emulate.hpp.
#include "12_any_n/gpu_mixed_radix_block.hpp"

#include <algorithm>
#include <string>

#include "12_any_n/butterflies.hpp"  // butterfly<R, dir>: the DFT of R points in registers
#include "common/cuda_helpers.hpp"
#include "common/sizes.hpp"

namespace course::anyn::gpu {

namespace {

// w(j, n) = exp(-2 pi i j / n) forward, its conjugate inverse, 0 <= j < n: sincospi in double.
template <Direction dir, class T>
__device__ Complex<T> root(unsigned j, unsigned n) {
  double x = 2.0 * j / n;  // the angle over pi
  if (x > 1.0) x -= 2.0;
  double s, c;
  sincospi(x, &s, &c);
  return {static_cast<T>(c), static_cast<T>(dir == Direction::forward ? -s : s)};
}

// The product of the first `count` radices: L, the length of the sub-transforms done so far.
template <unsigned... R>
constexpr unsigned product_of_first(unsigned count) {
  constexpr unsigned radices[] = {R...};
  unsigned p = 1;
  for (unsigned i = 0; i < count; ++i) p *= radices[i];
  return p;
}

template <class T, Direction dir, unsigned... R>
__global__ void mixed_radix_block_kernel(const Complex<T>* in, Complex<T>* out) {
  constexpr unsigned radices[] = {R...};
  constexpr unsigned S = sizeof...(R), N = (R * ...);
  extern __shared__ __align__(16) unsigned char raw[];
  Complex<T>* tile = reinterpret_cast<Complex<T>*>(raw);
  const unsigned t = threadIdx.x;
  const Complex<T>* x = in + static_cast<std::size_t>(blockIdx.x) * N;
  Complex<T>* y = out + static_cast<std::size_t>(blockIdx.x) * N;

  static_for<S>([&](auto stage) {  // stage is a compile-time constant: radix, L, B known
    constexpr unsigned s = decltype(stage)::value, Rs = radices[s];
    constexpr unsigned L = product_of_first<R...>(s), B = N / Rs;  // B butterflies this stage
    const bool mine = t < B;  // a block has N / (smallest radix) threads
    const unsigned k = t % L;  // the butterfly's place in its sub-transform
    Complex<T> a[Rs];
    // Inputs t + B r: from global memory at stage 0, else from the tile.
    if (mine)
      for (unsigned r = 0; r < Rs; ++r) a[r] = s == 0 ? x[t + B * r] : tile[t + B * r];
    if (s > 0) __syncthreads();  // every thread has read this stage's inputs
    if (mine) {
      for (unsigned r = 1; s > 0 && r < Rs; ++r) a[r] = a[r] * root<dir, T>(r * k, L * Rs);  // w(r k, L R)
      butterfly<Rs, dir>(a);
      // Outputs (t - k) R + k + L r: to the tile, or at the last stage (L = B, k = t) to t + B r.
      for (unsigned r = 0; r < Rs; ++r) {
        const unsigned to = (t - k) * Rs + k + L * r;
        if (s == S - 1) y[to] = a[r];
        else tile[to] = a[r];
      }
    }
    if (s < S - 1) __syncthreads();  // every thread has written this stage's outputs
  });
}

template <class T, unsigned... R>
void launch(const Complex<T>* in, Complex<T>* out, std::size_t batch, Direction dir, cudaStream_t stream) {
  constexpr unsigned N = (R * ...), smallest = std::min({R...});
  const std::size_t shared = N * sizeof(Complex<T>);
  if (dir == Direction::forward)
    mixed_radix_block_kernel<T, Direction::forward, R...><<<static_cast<unsigned>(batch), N / smallest, shared, stream>>>(in, out);
  else
    mixed_radix_block_kernel<T, Direction::inverse, R...><<<static_cast<unsigned>(batch), N / smallest, shared, stream>>>(in, out);
  COURSE_CUDA_CHECK_LAUNCH();
}

}  // namespace

template <class T>
MixedRadixBlockPlan<T>::MixedRadixBlockPlan(std::size_t n, std::size_t batch, cudaStream_t stream)
    : n_(n), batch_(batch), stream_(stream) {
  const std::string chapter = "12_any_n mixed_radix_block";
  if (n != 1000 && n != 1029 && n != 2401 && !(n == 3125 && sizeof(T) == 4))
    refuse_size(chapter, n,
                std::string("the plain kernel takes 1000 = 5 5 5 8, 1029 = 3 7 7 7, 2401 = 7 7 7 7") +
                    (sizeof(T) == 4 ? " and 3125 = 5 5 5 5 5" : "") + " (within 48 KiB of shared memory)",
                "12_any_n's gpu::Plan takes every N");
  require_batch(chapter, batch);
  if (batch > 0x7fffffffu) throw size_error(chapter + ": batch = " + std::to_string(batch) + " refused: above 2^31 - 1 blocks");
  cuda::require_supported_gpu(chapter);
}

template <class T>
void MixedRadixBlockPlan<T>::execute(const Complex<T>* in, Complex<T>* out, Direction dir) const {
  // Odd radices first (at stride 1, R points apart lie in distinct banks for odd R).
  if (n_ == 1000) launch<T, 5, 5, 5, 8>(in, out, batch_, dir, stream_);
  else if (n_ == 1029) launch<T, 3, 7, 7, 7>(in, out, batch_, dir, stream_);
  else if (n_ == 2401) launch<T, 7, 7, 7, 7>(in, out, batch_, dir, stream_);
  else if constexpr (sizeof(T) == 4) launch<T, 5, 5, 5, 5, 5>(in, out, batch_, dir, stream_);
}

template class MixedRadixBlockPlan<float>;
template class MixedRadixBlockPlan<double>;

}  // namespace course::anyn::gpu
