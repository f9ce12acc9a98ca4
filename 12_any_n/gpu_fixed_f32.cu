// Float's fixed single passes: direct global I/O, at 16 points a thread or the shape's matched
// points (gpu_fixed.cuh).
#include "12_any_n/gpu_fixed.cuh"

namespace course::anyn::gpu {

template <>
FixedKernel<float> fixed_kernel_for(const MixedPassArgs<float>& a, bool direct, int points) {
  return choose_fixed_kernel(a, direct, points);
}

}  // namespace course::anyn::gpu
