// How far compute-sanitizer's racecheck sees a cluster's distributed shared memory: a kernel in
// clusters of two blocks where block 1 reads what block 0 wrote into its own shared memory,
// through map_shared_rank. With `synced`, cluster.sync() orders the write before the read (no
// hazard); with `race`, that sync is left out, a real race. tools/gpu_check.sh runs racecheck on both
// and prints what it reports: a tool that finds the planted race covers DSMEM; one that reports
// 0 hazards for both does not, and the chapter's clean racecheck says nothing about DSMEM.
//   racecheck_probe_11 synced|race
#include <cooperative_groups.h>

#include <cstdio>
#include <cstring>

#include "common/cuda_helpers.hpp"

namespace cg = cooperative_groups;

constexpr int kThreads = 256;

__global__ void exchange(float* out, bool synced) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
  __shared__ float tile[kThreads];
  cg::cluster_group cluster = cg::this_cluster();
  const unsigned rank = cluster.block_rank();
  cluster.sync();  // both blocks running before any DSMEM access
  if (rank == 0) tile[threadIdx.x] = static_cast<float>(threadIdx.x) + 1.0f;
  if (synced) cluster.sync();
  if (rank == 1) {
    // A neighbour's slot, so the write and the read are by different threads of different blocks.
    const float* remote = cluster.map_shared_rank(tile, 0);
    out[threadIdx.x] = remote[(threadIdx.x + 1) % kThreads];
  }
  cluster.sync();  // block 0's shared memory stays alive until block 1 is done reading it
#else
  __trap();  // no clusters before compute capability 9.0; main() skips such GPUs first
#endif
}

int main(int argc, char** argv) {
  if (argc != 2 || (std::strcmp(argv[1], "synced") != 0 && std::strcmp(argv[1], "race") != 0)) {
    std::fprintf(stderr, "usage: %s synced|race\n", argv[0]);
    return 2;
  }
  int major = 0;
  COURSE_CUDA_CHECK(cudaDeviceGetAttribute(&major, cudaDevAttrComputeCapabilityMajor, 0));
  if (major < 9) {
    std::printf("skipped: clusters need compute capability 9.0\n");
    return 77;
  }
  const bool synced = std::strcmp(argv[1], "synced") == 0;
  float* out = nullptr;
  COURSE_CUDA_CHECK(cudaMalloc(&out, kThreads * sizeof(float)));
  cudaLaunchConfig_t cfg = {};
  cfg.gridDim = dim3(2);
  cfg.blockDim = dim3(kThreads);
  cudaLaunchAttribute cluster;
  cluster.id = cudaLaunchAttributeClusterDimension;
  cluster.val.clusterDim.x = 2;
  cluster.val.clusterDim.y = 1;
  cluster.val.clusterDim.z = 1;
  cfg.attrs = &cluster;
  cfg.numAttrs = 1;
  COURSE_CUDA_CHECK(cudaLaunchKernelEx(&cfg, exchange, out, synced));
  COURSE_CUDA_CHECK(cudaDeviceSynchronize());
  float host[kThreads];
  COURSE_CUDA_CHECK(cudaMemcpy(host, out, sizeof(host), cudaMemcpyDeviceToHost));
  int wrong = 0;
  for (int t = 0; t < kThreads; ++t) wrong += host[t] != static_cast<float>((t + 1) % kThreads) + 1.0f;
  std::printf("%s: %d of %d values differ from block 0's writes\n", argv[1], wrong, kThreads);
  COURSE_CUDA_CHECK(cudaFree(out));
  return 0;
}
