// Float's fixed single passes: direct global I/O, at 16 points a thread or the shape's matched
// points (gpu_fixed.cuh).
#include "12_any_n/gpu_fixed.cuh"

namespace course::anyn::gpu {

template <>
FixedKernel<float> fixed_kernel_for(const PassArgs<float>& a, bool direct, int points) {
  if (!direct) return {};
  if (points == kMatchedPoints)
    if (const auto k = find_fixed_kernel<float, kMatchedPoints>(a); k.kernel) return k;
  return find_fixed_kernel<float, kPointsPerThread>(a);
}

}  // namespace course::anyn::gpu
