// Where the planner takes a cluster instead of 09's passes: the sizes whose cluster has at most
// 8 blocks of 64 KiB (float 2^15, 2^16; double 2^14, 2^15). Measured on the H100 side by side
// (results/nvidia-h100-80gb-hbm3/bench_11_clusters.json), these beat 09 batched and single.
// With 16 blocks (the non-portable size) at most 14 clusters were resident at once (ncu: 224
// of the 264 block slots), and the cluster tied 09 (float 2^17) or lost (2^18, double 2^16,
// 2^17), so those sizes stay with 09.
#pragma once

#include "11_clusters/cluster_shape.hpp"

namespace course::clusters {

constexpr bool cluster_beats_09(int logn, int elem_bytes) {
  const ClusterShape s = make_cluster_shape(logn, elem_bytes);
  return s.valid() && s.k() <= kMaxPortableCluster;
}

}  // namespace course::clusters
