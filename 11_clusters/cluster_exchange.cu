// 11_clusters, read me first: one transform of N = M1 M2 points on a cluster of K blocks, as one
// plain kernel. Phase 1: each block does C1 = M2 / K columns (M1-point DFTs, 09's radix-16
// stages); the exchange: each block reads the C2 = M1 / K rows it needs from every block's shared
// memory (distributed shared memory) and multiplies by the twiddle; phase 2: each block does its
// C2 rows (M2-point DFTs) and stores them. The lesson quotes it line by line;
// test_11_cluster_exchange checks it against the reference on a GPU with clusters.
//
// The chapter's Plan (cluster_plan.hpp) runs the same pass, generalised: cluster_fft.hpp's phases
// on 09's TileFft (any power of two, register I/O at both ends, 64 KiB and 128 KiB blocks),
// launched by cluster_kernel.cuh and emulated on the CPU by emulate.hpp.
#include "11_clusters/cluster_exchange.hpp"

#include <cooperative_groups.h>

#include "09_radixN/butterfly.hpp"   // dft<16>: the radix-16 butterfly on 16 registers
#include "09_radixN/tile_fft.hpp"    // twiddle_pow2: w(j, 2^logn) by sincospi
#include "09_radixN/tile_shape.hpp"  // pad(e) = e + e / 16: a spare slot every 16 points
#include "11_clusters/cluster_shape.hpp"
#include "common/cuda_helpers.hpp"
#include "common/sizes.hpp"

namespace course::clusters {

namespace {

using radixn::dft;
using radixn::pad;
using radixn::twiddle_pow2;

// S radix-16 stages on one sub-transform of 16^S points, 09's way. v holds inputs t + P r; on
// return it holds outputs t + P r. `slots` are this sub-transform's 16^S (padded) tile slots.
template <class T, int S>
__device__ void radix16_stages(Complex<T>* v, Complex<T>* slots, int t) {
  constexpr int P = (1 << (4 * S)) / 16;
  int L = 1;
#pragma unroll
  for (int s = 0; s < S; ++s) {
    const int k = t % L;
    if (s > 0) {
#pragma unroll
      for (int r = 1; r < 16; ++r) v[r] = v[r] * twiddle_pow2<T>(r * k, 4 * (s + 1));
    }
    dft<16>(v);
    if (s == S - 1) return;
    if (s > 0) __syncthreads();  // every thread has read the previous stage's inputs
#pragma unroll
    for (int r = 0; r < 16; ++r) slots[pad((t - k) * 16 + k + L * r)] = v[r];
    __syncthreads();  // every thread has written this stage's outputs
#pragma unroll
    for (int r = 0; r < 16; ++r) v[r] = slots[pad(t + P * r)];
    L *= 16;
  }
}

template <class T, int S1, int S2, int K>
__global__ void cluster_exchange_kernel(const Complex<T>* in, Complex<T>* out, bool inverse) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
  constexpr int M1 = 1 << (4 * S1), M2 = 1 << (4 * S2), N = M1 * M2;
  constexpr int C1 = M2 / K, P1 = M1 / 16;  // phase 1: C1 columns of M1 points, P1 threads each
  constexpr int C2 = M1 / K, P2 = M2 / 16;  // phase 2: C2 rows of M2 points, P2 threads each
  constexpr int ROW1 = M1 + M1 / 16, ROW2 = M2 + M2 / 16;  // a column's, a row's padded slots
  namespace cg = cooperative_groups;
  const cg::cluster_group cluster = cg::this_cluster();
  const int rank = static_cast<int>(cluster.block_rank());
  extern __shared__ __align__(16) unsigned char raw[];
  Complex<T>* tile = reinterpret_cast<Complex<T>*>(raw);
  const std::size_t first = static_cast<std::size_t>(blockIdx.x / K) * N;  // K blocks a transform
  const Complex<T>* x = in + first;
  Complex<T>* y = out + first;
  const int tid = static_cast<int>(threadIdx.x);
  Complex<T> v[16];

  {  // Phase 1. Thread (c1, t): column n2 = rank C1 + c1, points n1 = t + P1 r at x[M2 n1 + n2];
     // neighbouring threads read neighbouring columns.
    const int c1 = tid % C1, t1 = tid / C1, n2 = rank * C1 + c1;
#pragma unroll
    for (int r = 0; r < 16; ++r) {
      const Complex<T> z = x[M2 * (t1 + P1 * r) + n2];
      v[r] = inverse ? conj(z) : z;
    }
    Complex<T>* column = tile + c1 * ROW1;
    radix16_stages<T, S1>(v, column, t1);
    if (S1 > 1) __syncthreads();  // every thread has read the last stage's inputs
#pragma unroll
    for (int r = 0; r < 16; ++r) column[pad(t1 + P1 * r)] = v[r];  // Y[n2, k1], k1 = t + P1 r
  }
  cluster.sync();  // every block's columns are complete

  // Exchange. Thread (c2, t): row k1 = rank C2 + c2 needs Y[n2, k1] for n2 = t + P2 r, which
  // lies in block n2 / C1, column n2 mod C1; neighbouring threads read neighbouring k1.
  const int c2 = tid % C2, t2 = tid / C2, k1 = rank * C2 + c2;
#pragma unroll
  for (int r = 0; r < 16; ++r) {
    const int n2 = t2 + P2 * r;
    const Complex<T>* owner = cluster.map_shared_rank(tile, n2 / C1);
    v[r] = owner[(n2 % C1) * ROW1 + pad(k1)] * twiddle_pow2<T>(n2 * k1, 4 * (S1 + S2));
  }
  cluster.sync();  // every block has read what it needs: tiles may be overwritten

  // Phase 2: row k1's M2-point DFT, then X[k1 + M1 k2] for k2 = t + P2 r.
  radix16_stages<T, S2>(v, tile + c2 * ROW2, t2);
#pragma unroll
  for (int r = 0; r < 16; ++r) y[k1 + M1 * (t2 + P2 * r)] = inverse ? conj(v[r]) : v[r];
#else
  __trap();  // no clusters before compute capability 9.0: the plan refuses such GPUs first
#endif
}

template <class T, int S1, int S2, int K>
struct Kernel {
  static constexpr int kThreads = (1 << (4 * (S1 + S2))) / K / 16;  // N / K points a block, 16 a thread
  static constexpr auto function = cluster_exchange_kernel<T, S1, S2, K>;

  static int prepare() {  // clusters the GPU can hold at once; 0: none
    if (K > kMaxPortableCluster)
      COURSE_CUDA_CHECK(cudaFuncSetAttribute(function, cudaFuncAttributeNonPortableClusterSizeAllowed, 1));
    cudaLaunchAttribute attr;
    const cudaLaunchConfig_t cfg = cuda::cluster_launch_config(K, kThreads, shared_bytes(), K, nullptr, &attr);
    int clusters = 0;
    COURSE_CUDA_CHECK(cudaOccupancyMaxActiveClusters(&clusters, function, &cfg));
    return clusters;
  }
  static std::size_t shared_bytes() {  // phase 1's columns or phase 2's rows, the larger
    constexpr int M1 = 1 << (4 * S1), M2 = 1 << (4 * S2);
    const int slots1 = (M2 / K) * (M1 + M1 / 16), slots2 = (M1 / K) * (M2 + M2 / 16);
    return static_cast<std::size_t>(slots1 > slots2 ? slots1 : slots2) * sizeof(Complex<T>);
  }
  static void launch(const Complex<T>* in, Complex<T>* out, std::size_t batch, bool inverse, cudaStream_t stream) {
    cudaLaunchAttribute attr;
    const cudaLaunchConfig_t cfg =
        cuda::cluster_launch_config(static_cast<unsigned>(batch * K), kThreads, shared_bytes(), K, stream, &attr);
    COURSE_CUDA_CHECK(cudaLaunchKernelEx(&cfg, function, in, out, inverse));
  }
};

}  // namespace

// The sizes: 4096 = 256 x 16 on K = 4 blocks (float and double) and 65536 = 256 x 256 on K = 16
// (float): every block stays within the 48 KiB of shared memory any GPU gives.
template <class T>
ClusterExchangePlan<T>::ClusterExchangePlan(std::size_t n, std::size_t batch, cudaStream_t stream)
    : n_(n), batch_(batch), stream_(stream) {
  const std::string chapter = "11_clusters cluster_exchange";
  if (n != 4096 && !(n == 65536 && sizeof(T) == 4))
    refuse_size(chapter, n, std::string("the plain cluster kernel takes 4096") + (sizeof(T) == 4 ? " and 65536" : "") + " points",
                "11_clusters' Plan takes 2^15..2^18 (float), 2^14..2^17 (double)");
  require_batch(chapter, batch);
  if (batch > (1u << 20)) throw size_error(chapter + ": batch = " + std::to_string(batch) + " refused: above 2^20");
  cuda::require_supported_gpu(chapter);
  int device = 0;
  COURSE_CUDA_CHECK(cudaGetDevice(&device));
  const auto d = cuda::query_device(device);
  if (const auto why = no_clusters_reason(d.name, d.major, d.minor); !why.empty()) throw size_error(why);
  const int clusters = n == 4096 ? Kernel<T, 2, 1, 4>::prepare() : Kernel<float, 2, 2, 16>::prepare();
  if (clusters < 1) refuse_size(chapter, n, "this GPU cannot hold one of its clusters (cudaOccupancyMaxActiveClusters = 0)", "");
}

template <class T>
void ClusterExchangePlan<T>::execute(const Complex<T>* in, Complex<T>* out, Direction dir) const {
  const bool inverse = dir == Direction::inverse;
  if (n_ == 4096) Kernel<T, 2, 1, 4>::launch(in, out, batch_, inverse, stream_);
  else if constexpr (sizeof(T) == 4) Kernel<float, 2, 2, 16>::launch(in, out, batch_, inverse, stream_);
}

template class ClusterExchangePlan<float>;
template class ClusterExchangePlan<double>;

}  // namespace course::clusters
