// The cluster pass's kernel (gpu_cluster.hpp's phases): __syncthreads() inside a block,
// cluster.sync() across the two, the other block's shared memory through map_shared_rank
// [CUDAGuideClusters], launched as in 11 (cudaLaunchKernelEx with a cluster dimension).
#include "12_any_n/gpu_cluster_launch.hpp"

#include <cooperative_groups.h>

#include "12_any_n/gpu_cluster.hpp"
#include "common/cuda_helpers.hpp"

namespace course::anyn::gpu {

template <class T, class Cluster>
__global__ void __launch_bounds__(Cluster::threads) __maxnreg__(Cluster::registers) cluster_pass_kernel(const ClusterArgs<T> a) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
  namespace cg = cooperative_groups;
  extern __shared__ __align__(16) unsigned char smem_raw[];
  auto* buf = reinterpret_cast<Complex<T>*>(smem_raw);
  const cg::cluster_group cluster = cg::this_cluster();
  const unsigned rank = cluster.block_rank();
  const std::uint64_t t = blockIdx.x / Cluster::ranks;  // a cluster is `ranks` consecutive blocks
  const auto each = [](auto&& phase) { phase(threadIdx.x, Cluster::threads); };
  const auto barrier = [] { __syncthreads(); };
  constexpr int P = Cluster::points_per_thread;
  cluster_first<Cluster>(t, rank, a, buf, each, barrier, OwnRegs<T, P>{});
  cluster.sync();  // both blocks' first-pass outputs written (and both blocks running)
  typename OwnRegs<T, P>::template Of<Cluster::Second::radices[0]> taken;  // the second pass's first-stage inputs
  cluster_take<Cluster>(threadIdx.x, Cluster::threads, rank, a, [&](unsigned r) { return cluster.map_shared_rank(buf, r); }, taken(0));
  // Both blocks done reading before either overwrites its own (and none exits while read): this
  // thread's reads are in its registers; it arrives, and waits only once its butterflies are done.
  cluster.barrier_arrive();
  cluster_second<Cluster>(t, rank, a, taken, [&] { cluster.barrier_wait(); }, buf, each, barrier, OwnRegs<T, P>{});
#else
  __trap();  // no clusters before compute capability 9.0: cluster_kernel_for gives none there
#endif
}

namespace {
template <class T, class Cluster>
cudaLaunchConfig_t cluster_config(std::uint64_t transforms, cudaStream_t stream, cudaLaunchAttribute* attr) {
  return cuda::cluster_launch_config(static_cast<unsigned>(transforms * Cluster::ranks), Cluster::threads,
                                     Cluster::shared_points * sizeof(Complex<T>), Cluster::ranks, stream, attr);
}

template <class T, class Cluster>
void launch(const ClusterArgs<T>& a, cudaStream_t stream) {
  cudaLaunchAttribute attr;
  const cudaLaunchConfig_t cfg = cluster_config<T, Cluster>(a.transforms, stream, &attr);
  COURSE_CUDA_CHECK(cudaLaunchKernelEx(&cfg, cluster_pass_kernel<T, Cluster>, a));
}
}  // namespace

bool cluster_code_built() {
  // A build without sm_90 code (only the compute_75 PTX, say) would run the kernel's __trap() body.
  cudaFuncAttributes built{};
  COURSE_CUDA_CHECK(cudaFuncGetAttributes(&built, cluster_pass_kernel<double, DoubleCluster10000>));
  return built.ptxVersion >= 90;
}

template <class T>
ClusterKernel<T> cluster_kernel_for(const std::vector<MixedPassArgs<T>>& passes, int shared_limit_bytes) {
  using Cluster = DoubleCluster10000;
  if constexpr (sizeof(T) != 8) {
    return {};
  } else {
    constexpr int bytes = static_cast<int>(Cluster::shared_points * sizeof(Complex<T>));
    if (!cluster_wanted<Cluster>(PassKernel::best, passes, static_cast<std::size_t>(shared_limit_bytes)) ||
        passes[0].columns / passes[0].d > 2147483647ull / Cluster::ranks)
      return {};
    int device = 0;
    COURSE_CUDA_CHECK(cudaGetDevice(&device));
    if (cuda::query_device(device).major < 9 || !cluster_code_built()) return {};  // the two passes run
    const auto kernel = cluster_pass_kernel<T, Cluster>;
    cuda::allow_shared(reinterpret_cast<const void*>(kernel), bytes);
    cudaLaunchAttribute attr;
    const cudaLaunchConfig_t cfg = cluster_config<T, Cluster>(1, nullptr, &attr);
    int clusters = 0;
    COURSE_CUDA_CHECK(cudaOccupancyMaxActiveClusters(&clusters, kernel, &cfg));
    if (clusters < 1) return {};
    return {&launch<T, Cluster>, Cluster::ranks, Cluster::threads, bytes, Cluster::points_per_thread, Cluster::l1, Cluster::l2, clusters};
  }
}

template ClusterKernel<float> cluster_kernel_for(const std::vector<MixedPassArgs<float>>&, int);
template ClusterKernel<double> cluster_kernel_for(const std::vector<MixedPassArgs<double>>&, int);

}  // namespace course::anyn::gpu
