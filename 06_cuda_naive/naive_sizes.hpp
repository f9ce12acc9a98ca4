// 06_cuda_naive: which sizes each variant takes, and the refusals for the others. Plain C++
// (no CUDA), so the messages are checked on machines without a GPU too.
#pragma once

#include <cstddef>
#include <string>

#include "06_cuda_naive/naive_thread.hpp"
#include "common/sizes.hpp"

namespace course::cuda_naive {

inline constexpr std::size_t max_threads_per_block = 1024;

inline void require_v1_size(std::size_t n, std::size_t batch) {
  const std::string who = std::string(chapter) + " v1";
  const std::size_t limit = std::size_t{1} << v1_max_log2;
  if (is_power_of_two(n) && n > limit)
    refuse_size(who, n,
                "N/2 = " + std::to_string(n / 2) + " butterflies need more than one block of " +
                    std::to_string(max_threads_per_block) +
                    " threads, and __syncthreads() is a barrier for one block only (blocks cannot wait for "
                    "each other inside a launch); v1's limit is N = 2^" + std::to_string(v1_max_log2) + " = " +
                    std::to_string(limit),
                "06_cuda_naive v2 (one launch per stage) takes N up to 2^" + std::to_string(v2_max_log2));
  require_power_of_two(who, n, v1_max_log2, "01_dft takes any N >= 1");
  require_batch(who, batch);
  // One block per transform: the grid's x dimension holds at most 2^31 - 1 blocks.
  if (batch > 0x7fffffffu)
    throw size_error(who + ": N = " + std::to_string(n) + " with batch = " + std::to_string(batch) +
                     " refused: one block per transform and a grid holds at most 2^31 - 1 = 2147483647 blocks");
}

inline void require_v2_size(std::size_t n, std::size_t batch) {
  const std::string who = std::string(chapter) + " v2";
  require_power_of_two(who, n, v2_max_log2, "01_dft takes any N >= 1; above 2^27 no chapter of this course does");
  require_batch(who, batch);
}

}  // namespace course::cuda_naive
