// Which of the course's GPU plans the front door (gpu_plan.hpp's Plan) takes for N, and what
// it needs of shared memory: plain C++, so CI checks every size of the sweep at every limit
// without a GPU (test_12_gpu_emulated.cpp).
#pragma once

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

// N = 2^k: 11's plan (or 09's); a 31-smooth N with passes in this limit's blocks: the passes; any
// other N (a prime factor above 31, or 31-smooth with no passes that fit, such as 7^7 in float with
// blocks of 32 KiB): Bluestein, in one block where M fits, else through the passes of M.
template <class T>
Route route_for(std::size_t n, int limit_bytes) {
  if (is_power_of_two(n)) return Route::power_of_two;
  if ((is_gpu_smooth(n) || is_pair_sum_prime(n)) && has_passes<T>(n, most_block_points<T>(limit_bytes))) return Route::passes;
  return convolution_length(n) <= bluestein_block_points<T>(limit_bytes) ? Route::bluestein_block : Route::bluestein_passes;
}

}  // namespace course::anyn::gpu
