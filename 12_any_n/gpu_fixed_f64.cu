// Double's fixed single passes: through shared memory, as double's generic pass (gpu_fixed.cuh).
#include "12_any_n/gpu_fixed.cuh"

namespace course::anyn::gpu {

template <>
PassKernelPtr<double> fixed_kernel_for(const PassArgs<double>& a, bool direct) {
  return direct ? nullptr : find_fixed_kernel<double>(a);
}

}  // namespace course::anyn::gpu
