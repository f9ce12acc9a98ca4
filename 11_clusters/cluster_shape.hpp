// The shape of a one-pass cluster transform of N = 2^logn points: how many blocks K share it, and
// how N splits into M1 x M2 for the four-step identity (09's Part 2, 09's names) inside the cluster.
//
//   phase 1   block r holds the C1 = M2 / K columns n2 = r C1 .. r C1 + C1 - 1, each M1 points:
//             C1 DFTs of M1 (09's TileFft, M = M1)
//   exchange  block r gathers rows k1 = r C2 .. r C2 + C2 - 1 (C2 = M1 / K) from every block's
//             shared memory, times the twiddle w(n2 k1, N)
//   phase 2   C2 DFTs of M2 (TileFft, M = M2), stored as X[k1 + M1 k2]
//
// Every block holds PB = N / K points in both phases. A TileFft block has at most 512 threads
// of 16 elements (32 for the largest float size), so PB <= 8192 (16384). C2 = 64 keeps a warp's
// gather inside one row of one remote block (32 neighbouring k1); C1 >= 4 keeps the global
// loads in whole 32-byte sectors. Host and device code read the same constexpr table.
#pragma once

#include <cstddef>
#include <string>

#include "common/sizes.hpp"

namespace course::clusters {

inline constexpr int kMinLog2Float = 15, kMaxLog2Float = 18;
inline constexpr int kMinLog2Double = 14, kMaxLog2Double = 17;
inline constexpr int kMaxPortableCluster = 8;  // larger clusters are "non-portable" (H100: 16)

struct ClusterShape {
  int logn = 0;
  int logk = 0;         // K = 2^logk blocks in the cluster
  int logn1 = 0;        // log2 M2: phase 2's DFT length (phase 1 has M2 columns)
  int logn2 = 0;        // log2 M1: phase 1's DFT length (phase 2 has M1 rows)
  int log_elements = 4;  // elements per thread in TileFft (16, or 32 for float 2^18)
  int elem_bytes = 8;

  constexpr int k() const { return 1 << logk; }
  constexpr int log_block_points() const { return logn - logk; }
  constexpr int logc1() const { return logn1 - logk; }
  constexpr int logc2() const { return logn2 - logk; }
  // TileFft's budget: the bytes of one block's points, so that its C is exactly C1 (or C2).
  constexpr int log_budget() const {
    int lb = 0;
    while ((1 << lb) < elem_bytes) ++lb;
    return log_block_points() + lb;
  }
  constexpr bool valid() const { return logn > 0; }
};

constexpr bool in_range(int logn, int elem_bytes) {
  return elem_bytes == 8 ? logn >= kMinLog2Float && logn <= kMaxLog2Float
                         : logn >= kMinLog2Double && logn <= kMaxLog2Double;
}

// The table in the lesson: 64 KiB of data per block where it suffices (K = N / 8192 float,
// N / 4096 double), 128 KiB for the largest size of each precision (K = 16 is the most a
// cluster may hold), C2 = 64.
constexpr ClusterShape make_cluster_shape(int logn, int elem_bytes) {
  ClusterShape s{};
  if (!in_range(logn, elem_bytes)) return s;
  s.logn = logn;
  s.elem_bytes = elem_bytes;
  const int log_pb64 = elem_bytes == 8 ? 13 : 12;  // 64 KiB of points
  s.logk = logn - log_pb64 <= 4 ? logn - log_pb64 : 4;
  const int log_pb = logn - s.logk;
  s.log_elements = log_pb > 13 ? 5 : 4;
  const int logc2 = 6;
  const int logc1 = log_pb - s.logk - logc2;  // C1 C2 = PB / K
  s.logn2 = logc2 + s.logk;
  s.logn1 = logc1 + s.logk;
  return s;
}

// Why a GPU cannot run cluster plans ("" when it can): clusters need compute capability 9.0.
inline std::string no_clusters_reason(const std::string& name, int major, int minor) {
  if (major >= 9) return "";
  return "11_clusters: this GPU (" + name + ", compute capability " + std::to_string(major) + "." + std::to_string(minor) +
         ") has no thread-block clusters, which need compute capability 9.0 (Hopper) or newer; "
         "09_radixN's Plan transforms the same sizes in two passes";
}

// The sizes a cluster plan takes, checked before any work: N = 2^15..2^18 in float and
// 2^14..2^17 in double (smaller N fit one block: 09 does them in one pass already; larger ones
// would need a cluster of more than 16 blocks), and a batch of at least one whose blocks fit
// one grid (x-dimension: 2^31 - 1 blocks).
inline void require_cluster_size(std::size_t n, std::size_t batch, int elem_bytes) {
  const int lo = elem_bytes == 8 ? kMinLog2Float : kMinLog2Double, hi = elem_bytes == 8 ? kMaxLog2Float : kMaxLog2Double;
  const std::string range = "this chapter takes N = 2^" + std::to_string(lo) + "..2^" + std::to_string(hi) + " in " +
                            (elem_bytes == 8 ? "float" : "double");
  const std::string instead = "09_radixN's Plan takes every N = 2^k";
  if (n == 0) refuse_size("11_clusters", n, "an empty transform has no points (" + range + ")", instead);
  if (!is_power_of_two(n)) refuse_size("11_clusters", n, "not a power of two (" + range + ")", instead);
  if (n < (std::size_t{1} << lo)) refuse_size("11_clusters", n, "below this chapter's smallest size 2^" + std::to_string(lo) + " (" + range + ")", instead);
  if (n > (std::size_t{1} << hi)) refuse_size("11_clusters", n, "above this chapter's limit of 2^" + std::to_string(hi) + " (" + range + ")", instead);
  require_batch("11_clusters", batch);
  int logn = 0;
  while ((std::size_t{1} << logn) < n) ++logn;
  const std::size_t k = std::size_t{1} << make_cluster_shape(logn, elem_bytes).logk;
  if (batch > std::size_t{2147483647} / k)
    throw size_error("11_clusters: batch = " + std::to_string(batch) + " refused: " + std::to_string(batch) + " clusters of " +
                     std::to_string(k) + " blocks exceed a grid's 2^31 - 1 blocks; split the batch");
}

}  // namespace course::clusters
