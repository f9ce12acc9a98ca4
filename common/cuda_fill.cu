// Random device data without a host round trip: a counter-based hash (splitmix64) per element,
// so 512 MiB fills in well under a millisecond and the same seed gives the same data.
#include <cstdint>

#include "common/bench_cuda.hpp"

namespace course::bench {
namespace {

__device__ inline std::uint64_t splitmix64(std::uint64_t x) {
  x += 0x9e3779b97f4a7c15ull;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
  return x ^ (x >> 31);
}

template <class T>
__global__ void fill_kernel(Complex<T>* out, std::size_t count, std::uint64_t seed) {
  for (std::size_t i = blockIdx.x * std::size_t{blockDim.x} + threadIdx.x; i < count; i += std::size_t{gridDim.x} * blockDim.x) {
    const std::uint64_t h = splitmix64(seed ^ (i * 0x2545F4914F6CDD1Dull));
    // Top 24 bits of each half -> [-1, 1).
    const T re = T((h >> 40) & 0xFFFFFF) / T(1 << 23) - T(1);
    const T im = T((h >> 8) & 0xFFFFFF) / T(1 << 23) - T(1);
    out[i] = Complex<T>{re, im};
  }
}

}  // namespace

template <class T>
void fill_random(Complex<T>* device, std::size_t count, std::uint64_t seed, cudaStream_t stream) {
  if (count == 0) return;
  fill_kernel<T><<<1024, 256, 0, stream>>>(device, count, seed);
  COURSE_CUDA_CHECK_LAUNCH();
}

template void fill_random<float>(Complex<float>*, std::size_t, std::uint64_t, cudaStream_t);
template void fill_random<double>(Complex<double>*, std::size_t, std::uint64_t, cudaStream_t);

}  // namespace course::bench
