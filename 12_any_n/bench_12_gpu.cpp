// 12_any_n on the GPU next to cuFFT, in one process: 7-smooth sizes of one, two and three
// passes and Bluestein primes, batched to 512 MiB; single transforms of 10^6 and 999983.
// Writes bench_12_gpu.json like every benchmark (build/<preset>/bench-gpu12/bench_12_gpu).
#include <cstdio>

#include "12_any_n/gpu_bluestein_block.hpp"
#include "12_any_n/gpu_fixed.hpp"
#include "12_any_n/gpu_plan.hpp"
#include "common/bench_cuda.hpp"

using namespace course;
using namespace course::bench;

namespace {
// Transforms of n points in 512 MiB (at least one).
template <class T>
std::size_t batch_for_512_mib(std::size_t n) {
  return std::max<std::size_t>(1, (std::size_t{512} << 20) / sizeof(Complex<T>) / n);
}

// One benchmark of the GPU plan; block_points = 0 lets the plan choose its block size, `kernel`
// picks a single pass's kernel (gpu_plan.hpp).
template <class T>
void register_any_n(const std::string& variant, Workload wl, int block_points, anyn::gpu::PassKernel kernel = anyn::gpu::PassKernel::best) {
  bench::register_plan<T>(
      "12_any_n", variant, wl, [block_points, kernel](const Workload& w) { return anyn::gpu::Plan<T>(w.n, w.batch, nullptr, block_points, kernel); },
      [](const anyn::gpu::Plan<T>& plan) { return plan.describe(); });
}

template <class T>
void register_all() {
  std::vector<Workload> workloads;
  for (std::size_t n : {1000, 1920, 2187, 2401, 3000, 3125, 4096, 6144, 10000, 44100, 65536 * 3, 1000000, 1 << 20, 1009, 4099, 10007,
                        65537, 999983})
    workloads.push_back({n, batch_for_512_mib<T>(n)});
  workloads.push_back({1000000, 1});
  workloads.push_back({999983, 1});
  register_cufft_baselines<T>(workloads);
  for (const auto& wl : workloads) register_any_n<T>("gpu", wl, 0);
  // One change a row, a single pass: the generic kernel instead of the one compiled for the
  // shape; then (float) its first and last stages through shared memory as well (double always);
  // the compiled shape at 16 points a thread, at 8 (double, where built) and at its matched points
  // (whole butterflies of its largest radix, where built). The plan takes the fastest (best_choice).
  for (std::size_t n : anyn::gpu::fixed_pass_lengths()) {
    register_any_n<T>("gpu/generic", {n, batch_for_512_mib<T>(n)}, 0, anyn::gpu::PassKernel::generic);
    if constexpr (sizeof(T) == 4)
      register_any_n<T>("gpu/shared-io", {n, batch_for_512_mib<T>(n)}, 0, anyn::gpu::PassKernel::shared_io);
    register_any_n<T>("gpu/16-points", {n, batch_for_512_mib<T>(n)}, 0, anyn::gpu::PassKernel::sixteen_points);
  }
  if constexpr (sizeof(T) == 8)
    for (std::size_t n : anyn::gpu::eight_point_lengths())
      register_any_n<T>("gpu/8-points", {n, batch_for_512_mib<T>(n)}, 0, anyn::gpu::PassKernel::eight_points);
  for (std::size_t n : anyn::gpu::built_lengths<T, anyn::gpu::kMatchedPoints>()) {
    register_any_n<T>("gpu/matched-points", {n, batch_for_512_mib<T>(n)}, 0, anyn::gpu::PassKernel::matched_points);
    if constexpr (sizeof(T) == 8)
      register_any_n<T>("gpu/matched-direct", {n, batch_for_512_mib<T>(n)}, 0, anyn::gpu::PassKernel::matched_direct);
  }
  // Double 10000: one pass on clusters of two blocks (where the GPU has them) against two passes.
  if constexpr (sizeof(T) == 8) register_any_n<T>("gpu/two-passes", {10000, batch_for_512_mib<T>(10000)}, 0, anyn::gpu::PassKernel::two_passes);
  // Bluestein above one block: the chirp and product fused into the passes of M against 09's plan
  // with three element-wise kernels.
  for (const auto& wl : workloads)
    if (!anyn::is_gpu_smooth(wl.n) && anyn::gpu::block_convolution_length(wl.n) > anyn::gpu::kBluesteinBlockPoints<T>) {
      register_any_n<T>("gpu/fused-chirp", wl, 0, anyn::gpu::PassKernel::fused_chirp);
      register_any_n<T>("gpu/separate-chirp", wl, 0, anyn::gpu::PassKernel::separate_chirp);
    }
  // The block size, one pass: the plan's choice (the smallest block that holds a transform)
  // against larger blocks of more transforms each, up to 128 KiB (which makes 10000 one pass in
  // float); 4096 through the mixed-radix passes instead of 09's plan.
  // Only the block sizes this GPU allows: above them the plan would quietly take a smaller one.
  // The generic kernel in every row, so that the rows differ in the block alone (a compiled shape
  // exists for the plan's own block only).
  const int most = anyn::gpu::most_block_points<T>(cuda::device_shared_limit_bytes());
  for (std::size_t n : {1000, 2187, 4096, 6144, 10000})
    for (int points : {2048, 4096, 8192, 16384})
      if (points <= most && static_cast<std::size_t>(points) >= n)
        register_any_n<T>("gpu-block" + std::to_string(points), {n, batch_for_512_mib<T>(n)}, points, anyn::gpu::PassKernel::generic);
}
}  // namespace

void course_register_benchmarks() {
  if (!add_gpu_context()) {
    std::printf("no CUDA device: 12_any_n GPU benchmarks skipped\n");
    return;
  }
  register_copy_bandwidth();
  register_all<float>();
  register_all<double>();
}
