// Which of the course's GPU plans the front door (gpu_plan.hpp's Plan) takes for N, and what
// it needs of shared memory: plain C++, so CI checks every size of the sweep at every limit
// without a GPU (test_12_gpu_emulated.cpp).
#pragma once

#include <cmath>
#include <string>

#include "12_any_n/gpu_bluestein_block.hpp"
#include "12_any_n/gpu_shape.hpp"

namespace course::anyn::gpu {

enum class Route { power_of_two, passes, bluestein_block, bluestein_passes };

inline std::string route_name(Route r) {
  switch (r) {
    case Route::power_of_two: return "power of two (11's FastestPlan)";
    case Route::passes: return "mixed-radix passes";
    case Route::bluestein_block: return "Bluestein in one block";
    default: return "Bluestein through the passes of M";
  }
}

// The largest convolution that Bluestein does in one block under a limit of limit_bytes.
template <class T>
std::size_t bluestein_block_points(int limit_bytes) {
  return std::min<std::size_t>(static_cast<std::size_t>(most_block_points<T>(limit_bytes)), kBluesteinBlockPoints<T>);
}

// Bluestein's M for N under this limit: block_convolution_length where that fits one block; else
// the least 7-smooth M >= 2N - 1 where that does (a compiled power of two too large for a small
// limit's blocks); else the power of two >= 2N - 1 (the passes of M, or 09's plan, which takes
// powers of two only).
template <class T>
std::size_t bluestein_length(std::size_t n, int limit_bytes) {
  const std::size_t most = bluestein_block_points<T>(limit_bytes);
  if (2 * n - 1 > most) return convolution_length(n);  // no M fits one block (and no search for one)
  if (const std::size_t block = block_convolution_length(n); block <= most) return block;
  const std::size_t smooth = smooth_at_least(2 * n - 1);
  return smooth <= most ? smooth : convolution_length(n);
}

// A prime from 37 to 251 by pair sums (one kernel, 2 p flops a point) or by Bluestein (two FFTs
// of M >= 2p - 1): whichever this model says is faster. Time = latency + batch x time a
// transform, every term measured on the H200 (each prime 37-251, single and 512 MiB batches,
// results/nvidia-h200/ab-prime-odd/; tools/pair_sum_model.py fits a-d, and CTest checks them):
// a transform costs a p^2 + b p ns by pair sums (their arithmetic, in double for float too, and
// their bytes) and c M log2 M + d p by Bluestein; latency 4.8 us for the one kernel, 9.6 for
// Bluestein's. Single transforms take pair sums. Of the 43 primes, a 512 MiB batch kept 8 on them
// in float (37-47, 67-79, where M is largest against p) and 26 in double while Bluestein's M was
// a power of two; with the 7-smooth M of block_convolution_length (M / p 1.98-2.19 for every one
// of them, where the powers of two reach 3.9) it keeps none in float and 13 in double (37-89).
struct PairSumModel {
  double a, b, c, d;  // ns
};
inline constexpr double kPairSumLatencyNs = 4800, kBluesteinLatencyNs = 9600;
template <class T>
inline constexpr PairSumModel kPairSumModel = sizeof(T) == 4 ? PairSumModel{3.822e-4, 1.016e-2, 1.425e-3, 4.407e-3}
                                                            : PairSumModel{3.993e-4, 7.686e-3, 2.469e-3, 7.648e-3};
template <class T>
bool pair_sums_faster(std::size_t p, std::size_t batch) {
  const PairSumModel& k = kPairSumModel<T>;
  // M as Bluestein in one block takes it (block_convolution_length): the fit's M were powers of
  // two, 128-512, all on the generic stages, as the 7-smooth M of these primes are.
  const double x = static_cast<double>(p), m = static_cast<double>(block_convolution_length(p)), b = static_cast<double>(batch);
  return kPairSumLatencyNs + b * (k.a * x * x + k.b * x) <= kBluesteinLatencyNs + b * (k.c * m * std::log2(m) + k.d * x);
}

// N = 2^k: 11's plan (or 09's); a 31-smooth N with passes in this limit's blocks: the passes; any
// other N (a prime factor above 31, or 31-smooth with no passes that fit, such as 7^7 in float with
// blocks of 32 KiB), and the primes 37-251 where pair sums lose: Bluestein, in one block where M
// fits, else through the passes of M.
template <class T>
Route route_for(std::size_t n, int limit_bytes, std::size_t batch = 1) {
  if (is_power_of_two(n)) return Route::power_of_two;
  const bool pairs = is_pair_sum_prime(n) && pair_sums_faster<T>(n, batch);
  if ((is_gpu_smooth(n) || pairs) && has_passes<T>(n, most_block_points<T>(limit_bytes))) return Route::passes;
  return bluestein_length<T>(n, limit_bytes) <= bluestein_block_points<T>(limit_bytes) ? Route::bluestein_block : Route::bluestein_passes;
}

}  // namespace course::anyn::gpu
