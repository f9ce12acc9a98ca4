// The cluster pass (gpu_cluster.hpp) from the plan's side: found for a size's passes, or none.
#pragma once

#include <cuda_runtime_api.h>

#include <vector>

#include "12_any_n/gpu_cluster.hpp"

namespace course::anyn::gpu {

template <class T>
struct ClusterKernel {
  void (*launch)(const ClusterArgs<T>&, cudaStream_t) = nullptr;
  unsigned ranks = 0;                // blocks a cluster
  unsigned threads = 0;
  int shared_bytes = 0;
  int points = 0;                    // a thread
  unsigned l1 = 0, l2 = 0;           // the two passes' lengths
  int resident = 0;                  // clusters the GPU holds at once
};

// The compiled cluster pass for make_passes' `passes` (double 10000's two passes of 100), its
// kernel's attributes set: none where it is not compiled for them, its blocks need more shared
// memory than shared_limit_bytes, the device has no clusters (before compute capability 9.0) or
// cannot hold one, or the build has no code for sm_90; the plan then runs the passes one kernel
// each.
template <class T>
ClusterKernel<T> cluster_kernel_for(const std::vector<MixedPassArgs<T>>& passes, int shared_limit_bytes);

// Whether this build has the cluster kernel's code for sm_90 (not only an older PTX).
bool cluster_code_built();

}  // namespace course::anyn::gpu
