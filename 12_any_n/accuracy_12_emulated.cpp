// Float error of 12's GPU passes over many inputs, not one: the sweep (sweep_12_gpu) compares
// ours with cuFFT on one input per N, and at N = 5..35 the two differ by 1.02-1.40x from one input
// to the next. Here the passes run on the CPU through the kernels' own per-thread code
// (gpu_emulate.hpp), with a * b + c fused as nvcc fuses it on the GPU, against FFTW in float on
// the same inputs; both against FFTW in long double. Per N: the mean relative rms error of each
// over `trials` uniform inputs, their ratio, and how often ours is the larger.
//
//     accuracy_12_emulated [trials (default 2000)] [largest N (default 128)]     every 7-smooth N
//     accuracy_12_emulated 2000 0 14 35                                         these N
#include <cstdio>
#include <cstdlib>
#include <random>
#include <string>
#include <vector>

#include "12_any_n/gpu_emulate.hpp"
#include "12_any_n/sweep_sizes.hpp"
#include "common/metrics.hpp"
#include "common/reference.hpp"

using namespace course;

int main(int argc, char** argv) {
#if defined(__x86_64__) && !defined(__FMA__)
  std::fprintf(stderr, "accuracy_12_emulated: built without FMA (-mfma), so it would not round as the GPU does\n");
  return 2;
#elif defined(__x86_64__)
  if (!__builtin_cpu_supports("fma")) {
    std::fprintf(stderr, "accuracy_12_emulated: this CPU has no FMA instructions, which the build uses as the GPU does\n");
    return 2;
  }
#endif
  const int trials = argc > 1 ? std::atoi(argv[1]) : 2000;
  const std::size_t largest = argc > 2 ? std::strtoull(argv[2], nullptr, 10) : 128;
  if (trials < 1) {
    std::fprintf(stderr, "accuracy_12_emulated: trials = %s, must be at least 1\n", argv[1]);
    return 2;
  }
  std::vector<std::size_t> sizes;
  for (int i = 3; i < argc; ++i) sizes.push_back(std::strtoull(argv[i], nullptr, 10));
  if (sizes.empty()) sizes = anyn::sweep::smooth_up_to(largest);

  std::mt19937_64 rng(20261129);
  std::uniform_real_distribution<float> uniform(-1, 1);
  std::printf("| N | ours, mean rel. rms | FFTW float | ours / FFTW | ours larger on |\n|---:|---:|---:|---:|---:|\n");
  for (const std::size_t n : sizes) {
    FftwPlan<float> fftw(n, 1, Direction::forward);
    double ours_sum = 0, fftw_sum = 0;
    int ours_larger = 0;
    std::vector<Complex<float>> x(n), y(n);
    for (int t = 0; t < trials; ++t) {
      for (auto& v : x) v = Complex<float>(uniform(rng), uniform(rng));
      anyn::gpu::emulate_passes<float>(n, 1, x.data(), y.data(), Direction::forward, 0, anyn::gpu::kLargestBlockPoints<float>,
                                       anyn::gpu::PassKernel::best);
      const auto ref = reference_dft<float>(x, n, 1, Direction::forward);
      const std::vector<Complex<float>> z = fftw(x);
      const double ours = rel_l2_error<float, long double>(y, ref), theirs = rel_l2_error<float, long double>(z, ref);
      ours_sum += ours;
      fftw_sum += theirs;
      ours_larger += ours > theirs;
    }
    std::printf("| %zu | %.3e | %.3e | %.3f | %.0f%% |\n", n, ours_sum / trials, fftw_sum / trials, ours_sum / fftw_sum, 100.0 * ours_larger / trials);
  }
  return 0;
}
