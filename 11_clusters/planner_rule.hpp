// Where the planner takes a cluster instead of 09's passes: the sizes whose cluster has at most
// 8 blocks of 64 KiB (float 2^15, 2^16; double 2^14, 2^15), which beat 09 batched and single.
// 16-block clusters (the non-portable size) find fewer places at once and tie or lose, so those
// sizes stay with 09 (NOTES.md).
#pragma once

#include "11_clusters/cluster_shape.hpp"

namespace course::clusters {

constexpr bool cluster_beats_09(int logn, int elem_bytes) {
  const ClusterShape s = make_cluster_shape(logn, elem_bytes);
  return s.valid() && s.k() <= kMaxPortableCluster;
}

}  // namespace course::clusters
