// Double's fixed single passes: through shared memory at 16, 8 or the shape's matched points a
// thread, and with direct global I/O at matched points (gpu_fixed.cuh).
#include "12_any_n/gpu_fixed.cuh"

namespace course::anyn::gpu {

template <>
FixedKernel<double> fixed_kernel_for(const MixedPassArgs<double>& a, bool direct, int points) {
  return choose_fixed_kernel(a, direct, points);
}

}  // namespace course::anyn::gpu
