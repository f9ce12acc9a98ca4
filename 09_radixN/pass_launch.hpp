// The host side of the pass kernels: launch one pass, or raise a kernel's shared-memory limit.
// Defined in kernels_<precision>_r<radix>.cu (one file per precision and largest radix, so the
// kernels compile in parallel); called by the plan.
#pragma once

#include <cuda_runtime_api.h>

#include <cstdint>

#include "09_radixN/tile_fft.hpp"

namespace course::radixn {

template <class T, int LOGR>
void launch_pass(int logm, int log_budget, const TilePassArgs<T>& args, std::uint64_t blocks, cudaStream_t stream);

// Lets the kernel for (logm, LOGR, budget) use more than the default 48 KiB of dynamic shared memory.
template <class T, int LOGR>
void prepare_pass(int logm, int log_budget);

}  // namespace course::radixn
