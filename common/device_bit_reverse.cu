// The device side of bit reversal (__brev / __brevll) checked against the host version.
#include <cstdint>
#include <vector>

#include "common/bit_reverse.hpp"
#include "common/cuda_helpers.hpp"

namespace {
__global__ void reverse_kernel(std::uint32_t* out32, std::uint64_t* out64, unsigned bits, std::uint32_t count) {
  const std::uint32_t i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < count) {
    out32[i] = course::reverse_bits32(i, bits);
    out64[i] = course::reverse_bits64(i, bits);
  }
}
}  // namespace

// Returns reverse_bits32 and reverse_bits64 of 0 .. 2^bits - 1 computed on the device.
void device_reverse_bits(unsigned bits, std::vector<std::uint32_t>& r32, std::vector<std::uint64_t>& r64) {
  const std::uint32_t count = 1u << bits;
  course::cuda::DeviceBuffer<std::uint32_t> d32(count);
  course::cuda::DeviceBuffer<std::uint64_t> d64(count);
  reverse_kernel<<<(count + 255) / 256, 256>>>(d32.data(), d64.data(), bits, count);
  COURSE_CUDA_CHECK_LAUNCH();
  COURSE_CUDA_CHECK(cudaDeviceSynchronize());
  r32 = d32.to_host();
  r64 = d64.to_host();
}
