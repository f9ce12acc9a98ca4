#include "common/cuda_helpers.hpp"

#include <map>
#include <mutex>
#include <sstream>

#include "common/gpu_limits.hpp"

namespace course::cuda {

void throw_cuda_error(const char* what, const char* expr, const char* file, int line) {
  std::ostringstream s;
  s << file << ":" << line << ": CUDA error: " << what << " (in " << expr << ")";
  throw cuda_error(s.str());
}

EventTimer::EventTimer() {
  COURSE_CUDA_CHECK(cudaEventCreate(&start_));
  COURSE_CUDA_CHECK(cudaEventCreate(&stop_));
}
EventTimer::~EventTimer() {
  cudaEventDestroy(start_);
  cudaEventDestroy(stop_);
}
void EventTimer::start(cudaStream_t stream) { COURSE_CUDA_CHECK(cudaEventRecord(start_, stream)); }
void EventTimer::stop(cudaStream_t stream) { COURSE_CUDA_CHECK(cudaEventRecord(stop_, stream)); }
float EventTimer::elapsed_ms() {
  COURSE_CUDA_CHECK(cudaEventSynchronize(stop_));
  float ms = 0;
  COURSE_CUDA_CHECK(cudaEventElapsedTime(&ms, start_, stop_));
  return ms;
}

bool device_available(std::string* why) {
  int count = 0;
  const cudaError_t e = cudaGetDeviceCount(&count);
  if (e != cudaSuccess) {
    if (why) *why = cudaGetErrorString(e);
    cudaGetLastError();  // clear the sticky error so later calls report their own
    return false;
  }
  if (count == 0) {
    if (why) *why = "cudaGetDeviceCount found 0 devices";
    return false;
  }
  return true;
}

DeviceInfo query_device(int index) {
  cudaDeviceProp p{};
  COURSE_CUDA_CHECK(cudaGetDeviceProperties(&p, index));
  DeviceInfo d;
  d.index = index;
  d.name = p.name;
  d.major = p.major;
  d.minor = p.minor;
  d.multiprocessors = p.multiProcessorCount;
  d.global_memory = p.totalGlobalMem;
  d.l2_cache = static_cast<std::size_t>(p.l2CacheSize);
  d.shared_per_block = p.sharedMemPerBlock;
  d.shared_per_block_optin = p.sharedMemPerBlockOptin;
  COURSE_CUDA_CHECK(cudaDriverGetVersion(&d.driver_version));
  COURSE_CUDA_CHECK(cudaRuntimeGetVersion(&d.runtime_version));
  int clock_khz = 0, bus_bits = 0;
  // cudaDeviceProp lost memoryClockRate in CUDA 13; the attribute query still answers.
  if (cudaDeviceGetAttribute(&clock_khz, cudaDevAttrMemoryClockRate, index) == cudaSuccess &&
      cudaDeviceGetAttribute(&bus_bits, cudaDevAttrGlobalMemoryBusWidth, index) == cudaSuccess)
    d.peak_bandwidth_gbps = 2.0 * clock_khz * 1e3 * (bus_bits / 8.0) / 1e9;
  return d;
}

namespace {
struct CurrentDevice {
  int index = 0;
  const DeviceInfo& info() {
    COURSE_CUDA_CHECK(cudaGetDevice(&index));
    static std::mutex m;
    static std::map<int, DeviceInfo> known;
    std::lock_guard<std::mutex> lock(m);
    auto it = known.find(index);
    if (it == known.end()) it = known.emplace(index, query_device(index)).first;
    return it->second;
  }
};
}  // namespace

int device_shared_limit_bytes() { return static_cast<int>(CurrentDevice{}.info().shared_per_block_optin); }
int device_multiprocessors() { return CurrentDevice{}.info().multiprocessors; }

void require_supported_gpu(const std::string& chapter) {
  const DeviceInfo& d = CurrentDevice{}.info();
  const std::string why = unsupported_gpu_reason(chapter, d.name, d.major, d.minor);
  if (!why.empty()) throw size_error(why);
}

std::string version_string(int v) { return std::to_string(v / 1000) + "." + std::to_string((v % 1000) / 10); }

std::string describe(const DeviceInfo& d) {
  std::ostringstream s;
  s << d.name << " (sm_" << d.major << d.minor << ", " << d.multiprocessors << " SMs, "
    << d.global_memory / (1024 * 1024) << " MiB, L2 " << d.l2_cache / 1024 << " KiB, shared/block "
    << d.shared_per_block_optin / 1024 << " KiB opt-in; driver CUDA " << version_string(d.driver_version)
    << ", runtime " << version_string(d.runtime_version) << ")";
  return s.str();
}

void allow_shared(const void* kernel, std::size_t bytes) {
  if (bytes <= 48 * 1024) return;
  static std::mutex m;
  static std::map<const void*, std::size_t> allowed;
  std::lock_guard<std::mutex> lock(m);
  std::size_t& a = allowed[kernel];
  if (a >= bytes) return;
  COURSE_CUDA_CHECK(cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, static_cast<int>(bytes)));
  a = bytes;
}

}  // namespace course::cuda
