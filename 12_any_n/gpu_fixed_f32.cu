// Float's fixed single passes: direct global I/O (gpu_fixed.cuh).
#include "12_any_n/gpu_fixed.cuh"

namespace course::anyn::gpu {

template <>
FixedKernel<float> fixed_kernel_for(const PassArgs<float>& a, bool direct, int) {
  return direct ? find_fixed_kernel<float, kPointsPerThread>(a) : FixedKernel<float>{};
}

}  // namespace course::anyn::gpu
