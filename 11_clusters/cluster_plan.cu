// Plan construction: every check before any device work, then the kernel's attributes once.
#include "11_clusters/cluster_plan.hpp"

#include <sstream>

#include "11_clusters/cluster_fft.hpp"
#include "11_clusters/cluster_launch.hpp"
#include "11_clusters/dispatch.hpp"
#include "common/bit_reverse.hpp"
#include "common/cuda_helpers.hpp"
#include "common/gpu_limits.hpp"

namespace course::clusters {

template <class T>
Plan<T>::Plan(std::size_t n, std::size_t batch, cudaStream_t stream, bool register_io)
    : n_(n), batch_(batch), register_io_(register_io), stream_(stream) {
  constexpr int eb = static_cast<int>(sizeof(Complex<T>));
  require_cluster_size(n, batch, eb);
  const int logn = static_cast<int>(log2_exact(n));
  shape_ = make_cluster_shape(logn, eb);
  with_cluster_logn<T>(logn, [&]<int LOGN>() {
    threads_ = ClusterFft<T, LOGN>::kThreads;
    shared_bytes_ = ClusterFft<T, LOGN>::kSharedBytes;
  });
  cuda::require_supported_gpu("11_clusters");
  int device = 0;
  COURSE_CUDA_CHECK(cudaGetDevice(&device));
  const auto d = cuda::query_device(device);
  if (const auto why = no_clusters_reason(d.name, d.major, d.minor); !why.empty()) throw size_error(why);
  const auto limit = resolve_shared_limit("11_clusters", 0, cuda::device_shared_limit_bytes(), kMostSharedLimitBytes);
  if (shared_bytes_ > limit.bytes)
    refuse_size("11_clusters", n, "a block of its cluster needs " + std::to_string(shared_bytes_ / 1024) +
                                      " KiB of shared memory, above the limit of " + std::to_string(limit.bytes / 1024) + " KiB (" +
                                      limit.source + ")",
                "09_radixN's Plan fits smaller limits");
  active_clusters_ = prepare_cluster_kernel<T>(logn, register_io_);
  if (active_clusters_ < 1)
    refuse_size("11_clusters", n, "this GPU cannot hold one cluster of " + std::to_string(shape_.k()) + " blocks of " +
                                      std::to_string(shared_bytes_ / 1024) + " KiB (cudaOccupancyMaxActiveClusters = 0)",
                "09_radixN's Plan takes the same sizes");
}

template <class T>
void Plan<T>::execute(const Complex<T>* in, Complex<T>* out, Direction dir) const {
  const ClusterArgs<T> args{in, out, batch_, dir == Direction::inverse};
  launch_cluster_kernel<T>(shape_.logn, register_io_, args, stream_);
}

template <class T>
std::string Plan<T>::describe() const {
  std::ostringstream s;
  const auto& c = shape_;
  s << "11_clusters: N = 2^" << c.logn << " (" << precision_name<T>() << "), batch " << batch_ << ": one pass over global memory\n"
    << "  cluster of K = " << c.k() << " blocks per transform" << (c.k() > kMaxPortableCluster ? " (non-portable size)" : "")
    << ", " << threads_ << " threads and " << shared_bytes_ / 1024.0 << " KiB of shared memory each\n"
    << "  N = M1 x M2 = " << (1 << c.logn2) << " x " << (1 << c.logn1) << "\n"
    << "  phase 1: each block " << (1 << c.logc1()) << " DFTs of M1 = " << (1 << c.logn2) << " (columns n2)\n"
    << "  exchange: each block gathers " << (1 << c.logc2()) << " rows k1 from all " << c.k()
    << " blocks' shared memory, twiddle w(n2 k1, N)\n"
    << "  I/O: " << (register_io_ ? "registers at both ends (09's column kernel)" : "through the shared tile at both ends") << "\n"
    << "  phase 2: each block " << (1 << c.logc2()) << " DFTs of M2 = " << (1 << c.logn1) << ", stored X[k1 + M1 k2]\n"
    << "  at most " << active_clusters_ << " clusters resident on this GPU";
  return s.str();
}

template class Plan<float>;
template class Plan<double>;

}  // namespace course::clusters
