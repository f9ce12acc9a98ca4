// The cluster kernels, one per size and precision (clusters_f32.cu, clusters_f64.cu), behind a
// run-time log2 N: prepare (shared-memory and cluster-size attributes, once per plan) and launch.
#pragma once

#include <cuda_runtime_api.h>

#include "11_clusters/cluster_fft.hpp"

namespace course::clusters {

// Sets the kernel's attributes and returns how many of its clusters the device can hold at once
// (cudaOccupancyMaxActiveClusters): 0 means it cannot run here at all.
template <class T>
int prepare_cluster_kernel(int logn, bool register_io);

template <class T>
void launch_cluster_kernel(int logn, bool register_io, const ClusterArgs<T>& args, cudaStream_t stream);

}  // namespace course::clusters
