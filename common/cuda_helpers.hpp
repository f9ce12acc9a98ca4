// CUDA helpers for host code (compiled by the host compiler or nvcc): checked calls that
// report file, line and CUDA's own message; RAII device buffers; an event timer; the device
// query; and the "is there a device at all" test that lets GPU tests report skipped.
#pragma once

#include <cuda_runtime_api.h>

#include <cstddef>
#include <limits>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

namespace course::cuda {

class cuda_error : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

[[noreturn]] void throw_cuda_error(const char* what, const char* expr, const char* file, int line);

inline void check(cudaError_t e, const char* expr, const char* file, int line) {
  if (e != cudaSuccess) {
    // Reported here, so clear it: a non-sticky error (a failed cudaMalloc) would otherwise be
    // returned again by the next cudaGetLastError() and blamed on an innocent kernel launch.
    cudaGetLastError();
    throw_cuda_error(cudaGetErrorString(e), expr, file, line);
  }
}

#define COURSE_CUDA_CHECK(expr) ::course::cuda::check((expr), #expr, __FILE__, __LINE__)
// After a kernel launch: catches bad launch configurations at once (asynchronous faults show
// at the next synchronising call, which is checked too).
#define COURSE_CUDA_CHECK_LAUNCH() ::course::cuda::check(cudaGetLastError(), "kernel launch", __FILE__, __LINE__)

// Owns `count` elements of device memory. Move-only; frees in the destructor.
template <class T>
class DeviceBuffer {
 public:
  DeviceBuffer() = default;
  explicit DeviceBuffer(std::size_t count) : count_(count) {
    if (count) COURSE_CUDA_CHECK(cudaMalloc(reinterpret_cast<void**>(&ptr_), count * sizeof(T)));
  }
  ~DeviceBuffer() { if (ptr_) cudaFree(ptr_); }
  DeviceBuffer(DeviceBuffer&& o) noexcept : ptr_(o.ptr_), count_(o.count_) { o.ptr_ = nullptr; o.count_ = 0; }
  DeviceBuffer& operator=(DeviceBuffer&& o) noexcept {
    if (this != &o) { if (ptr_) cudaFree(ptr_); ptr_ = o.ptr_; count_ = o.count_; o.ptr_ = nullptr; o.count_ = 0; }
    return *this;
  }
  DeviceBuffer(const DeviceBuffer&) = delete;
  DeviceBuffer& operator=(const DeviceBuffer&) = delete;

  T* data() const { return ptr_; }
  std::size_t size() const { return count_; }
  std::size_t bytes() const { return count_ * sizeof(T); }

  void upload(std::span<const T> host) {
    require_size(host.size(), "upload");
    COURSE_CUDA_CHECK(cudaMemcpy(ptr_, host.data(), host.size() * sizeof(T), cudaMemcpyHostToDevice));
  }
  void download(std::span<T> host) const {
    require_size(host.size(), "download");
    COURSE_CUDA_CHECK(cudaMemcpy(host.data(), ptr_, host.size() * sizeof(T), cudaMemcpyDeviceToHost));
  }
  std::vector<T> to_host() const { std::vector<T> h(count_); download(h); return h; }
  // Every byte 0xFF: NaN for float and double, so unwritten outputs show up in checks.
  void poison() { COURSE_CUDA_CHECK(cudaMemset(ptr_, 0xFF, bytes())); }

 private:
  void require_size(std::size_t n, const char* what) const {
    if (n != count_) throw std::invalid_argument(std::string("DeviceBuffer::") + what + ": host span has " + std::to_string(n) + " elements, buffer has " + std::to_string(count_));
  }
  T* ptr_ = nullptr;
  std::size_t count_ = 0;
};

// Times work on one stream with CUDA events: the GPU's own clock, not the host's.
class EventTimer {
 public:
  EventTimer();
  ~EventTimer();
  EventTimer(const EventTimer&) = delete;
  EventTimer& operator=(const EventTimer&) = delete;
  void start(cudaStream_t stream = nullptr);
  void stop(cudaStream_t stream = nullptr);
  float elapsed_ms();  // waits for the stop event
 private:
  cudaEvent_t start_{}, stop_{};
};

struct DeviceInfo {
  int index = 0;
  std::string name;
  int major = 0, minor = 0;
  int multiprocessors = 0;
  std::size_t global_memory = 0;
  std::size_t l2_cache = 0;
  std::size_t shared_per_block = 0;         // default limit (48 KiB)
  std::size_t shared_per_block_optin = 0;   // after cudaFuncSetAttribute
  int driver_version = 0, runtime_version = 0;
  double peak_bandwidth_gbps = 0;           // from clock and bus width: a datasheet lead only
};

// True when a CUDA device can be used; otherwise `why` says what CUDA answered.
bool device_available(std::string* why = nullptr);
DeviceInfo query_device(int index = 0);
std::string describe(const DeviceInfo& d);
std::string version_string(int cuda_version);  // 13000 -> "13.0"

// The current device's opt-in shared memory per block, in bytes (asked once per device).
int device_shared_limit_bytes();
// The current device's SM count (asked once per device).
int device_multiprocessors();
// Lets `kernel` use `bytes` of dynamic shared memory when that is above the default 48 KiB.
// The attribute belongs to the kernel, not to a plan, so it is only ever raised: a later plan
// that needs less must not take it away from an earlier one that needs more.
void allow_shared(const void* kernel, std::size_t bytes);
// A launch of `blocks` blocks of `threads` in clusters of `cluster` blocks along x, as
// cudaLaunchKernelEx and cudaOccupancyMaxActiveClusters take it (11 and 12). The cluster
// dimension goes in *attr, which must outlive the returned config.
inline cudaLaunchConfig_t cluster_launch_config(unsigned blocks, unsigned threads, std::size_t shared_bytes, unsigned cluster,
                                                cudaStream_t stream, cudaLaunchAttribute* attr) {
  cudaLaunchConfig_t cfg = {};
  cfg.gridDim = dim3(blocks);
  cfg.blockDim = dim3(threads);
  cfg.dynamicSmemBytes = shared_bytes;
  cfg.stream = stream;
  attr->id = cudaLaunchAttributeClusterDimension;
  attr->val.clusterDim.x = cluster;
  attr->val.clusterDim.y = 1;
  attr->val.clusterDim.z = 1;
  cfg.attrs = attr;
  cfg.numAttrs = 1;
  return cfg;
}

// Throws course::size_error, naming the GPU and its compute capability, when the current device
// is older than the course supports (gpu_limits.hpp); every GPU plan calls it before any work.
void require_supported_gpu(const std::string& chapter);

}  // namespace course::cuda
