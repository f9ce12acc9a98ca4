// The cluster kernel: cluster_fft.hpp's phases with __syncthreads() inside a block and
// cluster.sync() across the cluster, and the other blocks' shared memory reached through
// cluster.map_shared_rank (distributed shared memory) [CUDAGuideClusters].
#pragma once

#include <cooperative_groups.h>

#include "11_clusters/cluster_launch.hpp"
#include "11_clusters/dispatch.hpp"
#include "common/cuda_helpers.hpp"

namespace course::clusters {

// Occupancy as in 09 (radixn::min_blocks_per_sm).
template <class CF, class T>
constexpr int min_blocks_per_sm() {
  return radixn::min_blocks_per_sm(CF::kThreads, CF::kSharedBytes, static_cast<int>(sizeof(Complex<T>)));
}

template <class T, int LOGN, bool REGISTER_IO>
__global__ void __launch_bounds__(ClusterFft<T, LOGN, REGISTER_IO>::kThreads, (min_blocks_per_sm<ClusterFft<T, LOGN, REGISTER_IO>, T>()))
    cluster_fft_kernel(const ClusterArgs<T> c) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
  using CF = ClusterFft<T, LOGN, REGISTER_IO>;
  namespace cg = cooperative_groups;
  extern __shared__ __align__(16) unsigned char smem_raw[];
  auto* sm = reinterpret_cast<Complex<T>*>(smem_raw);
  const cg::cluster_group cluster = cg::this_cluster();
  const int rank = static_cast<int>(cluster.block_rank());
  const std::uint64_t transform = blockIdx.x / CF::K;  // a cluster is K consecutive blocks
  Complex<T> v[CF::E];
  const radixn::BlockBarrier barrier;
  CF::phase1(transform, rank, c, sm, ThisThreadIf<T, CF::F1::kThreads>{threadIdx.x, v}, barrier);
  cluster.sync();
  if (threadIdx.x < CF::F2::kThreads)
    CF::gather(threadIdx.x, rank, [&](int r) { return static_cast<const Complex<T>*>(cluster.map_shared_rank(sm, r)); }, v);
  cluster.sync();
  CF::phase2(transform, rank, c, sm, ThisThreadIf<T, CF::F2::kThreads>{threadIdx.x, v}, barrier);
#else
  // No clusters before compute capability 9.0: the plan refuses such GPUs before launching.
  __trap();
#endif
}

template <class T, int LOGN, bool REGISTER_IO>
cudaLaunchConfig_t cluster_config(std::uint64_t transforms, cudaStream_t stream, cudaLaunchAttribute* attr) {
  using CF = ClusterFft<T, LOGN, REGISTER_IO>;
  return cuda::cluster_launch_config(static_cast<unsigned>(transforms * CF::K), CF::kThreads, CF::kSharedBytes, CF::K, stream, attr);
}

template <class T, int LOGN, bool REGISTER_IO>
int prepare_one() {
  using CF = ClusterFft<T, LOGN, REGISTER_IO>;
  const auto kernel = cluster_fft_kernel<T, LOGN, REGISTER_IO>;
  COURSE_CUDA_CHECK(cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, CF::kSharedBytes));
  if (CF::K > kMaxPortableCluster) COURSE_CUDA_CHECK(cudaFuncSetAttribute(kernel, cudaFuncAttributeNonPortableClusterSizeAllowed, 1));
  cudaLaunchAttribute attr;
  const cudaLaunchConfig_t cfg = cluster_config<T, LOGN, REGISTER_IO>(1, nullptr, &attr);
  int clusters = 0;
  COURSE_CUDA_CHECK(cudaOccupancyMaxActiveClusters(&clusters, kernel, &cfg));
  return clusters;
}

template <class T, int LOGN, bool REGISTER_IO>
void launch_one(const ClusterArgs<T>& c, cudaStream_t stream) {
  cudaLaunchAttribute attr;
  const cudaLaunchConfig_t cfg = cluster_config<T, LOGN, REGISTER_IO>(c.transforms, stream, &attr);
  COURSE_CUDA_CHECK(cudaLaunchKernelEx(&cfg, cluster_fft_kernel<T, LOGN, REGISTER_IO>, c));
}

}  // namespace course::clusters

#define COURSE_CLUSTER_KERNELS(T)                                                                              \
  namespace course::clusters {                                                                                 \
  template <>                                                                                                  \
  int prepare_cluster_kernel<T>(int logn, bool register_io) {                                                  \
    int clusters = 0;                                                                                          \
    with_cluster_logn<T>(logn, [&]<int LOGN>() {                                                              \
      clusters = register_io ? prepare_one<T, LOGN, true>() : prepare_one<T, LOGN, false>();                  \
    });                                                                                                        \
    return clusters;                                                                                           \
  }                                                                                                            \
  template <>                                                                                                  \
  void launch_cluster_kernel<T>(int logn, bool register_io, const ClusterArgs<T>& args, cudaStream_t stream) { \
    with_cluster_logn<T>(logn, [&]<int LOGN>() {                                                              \
      if (register_io) launch_one<T, LOGN, true>(args, stream);                                                \
      else launch_one<T, LOGN, false>(args, stream);                                                           \
    });                                                                                                        \
  }                                                                                                            \
  }
