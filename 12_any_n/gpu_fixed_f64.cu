// Double's fixed single passes: through shared memory, as double's generic pass, at 16, 8 or the
// shape's matched points a thread (gpu_fixed.cuh).
#include "12_any_n/gpu_fixed.cuh"

namespace course::anyn::gpu {

template <>
FixedKernel<double> fixed_kernel_for(const PassArgs<double>& a, bool direct, int points) {
  // Direct global I/O only at matched points, where a thread's registers leave room for it;
  // elsewhere through shared memory.
  if (direct && points == kMatchedPoints)
    if (const auto k = find_fixed_kernel<double, kMatchedPoints, true>(a); k.kernel) return k;
  if (points == 8)
    if (const auto k = find_fixed_kernel<double, 8>(a); k.kernel) return k;
  if (points == kMatchedPoints)
    if (const auto k = find_fixed_kernel<double, kMatchedPoints>(a); k.kernel) return k;
  return find_fixed_kernel<double, kPointsPerThread>(a);
}

}  // namespace course::anyn::gpu
