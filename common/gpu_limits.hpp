// What a GPU plan may assume of the device it runs on, in plain C++ (no CUDA), so that CPU-only
// CI tests every limit the planners see.
//
// Shared memory per block: GPUs differ in how much one block may opt in to (64 KiB on Turing,
// 99 KiB on consumer Ampere and Ada, 163 KiB on the A100, 227 KiB on the H100 and H200). A plan
// asks the device once and fits its tiles within that; an explicit limit (a plan option) or the
// environment variable COURSE_SHARED_LIMIT_KIB makes the H100 behave like a smaller GPU, which is
// how the GPU tests run at every limit on one machine.
#pragma once

#include <cstdlib>
#include <string>

#include "common/sizes.hpp"

namespace course {

inline constexpr const char* kSharedLimitVariable = "COURSE_SHARED_LIMIT_KIB";
// Every CUDA GPU gives a block 48 KiB without opting in: the smallest limit a plan must fit.
inline constexpr int kMinSharedLimitBytes = 48 * 1024;
// The H100's and H200's opt-in limit, the largest any GPU of the course has: the kernels' tiles
// are built up to it.
inline constexpr int kMostSharedLimitBytes = 227 * 1024;
// The H100 SXM's SMs: what plain C++ planners assume when no device is asked.
inline constexpr int kH100Multiprocessors = 132;

// Where a plan's shared-memory limit came from; describe() prints it.
struct SharedLimit {
  int bytes = 0;
  std::string source;  // "the device", "COURSE_SHARED_LIMIT_KIB", "PlanOptions"
};

// The value of COURSE_SHARED_LIMIT_KIB in bytes, 0 when unset or empty. A value that is not a
// whole number of KiB in 48 .. most_kib is refused, naming the value and the range.
inline int shared_limit_from_environment(const std::string& chapter, int most_kib) {
  const char* v = std::getenv(kSharedLimitVariable);
  if (v == nullptr || *v == '\0') return 0;
  char* end = nullptr;
  const long kib = std::strtol(v, &end, 10);
  if (*end != '\0' || kib < kMinSharedLimitBytes / 1024 || kib > most_kib)
    throw size_error(chapter + ": " + kSharedLimitVariable + " = '" + v + "' refused: it must be a whole number of KiB in " +
                     std::to_string(kMinSharedLimitBytes / 1024) + ".." + std::to_string(most_kib) +
                     " (the opt-in shared memory per block of the GPU to simulate: 64 Turing, 99 Ampere/Ada, 163 A100, 227 H100)");
  return static_cast<int>(kib * 1024);
}

// The limit a plan fits: an explicit one (> 0) first, then the environment, then the device's
// own opt-in limit; never more than the device has nor than the kernels were built for
// (`built_bytes`). A device that cannot even give 48 KiB is refused.
inline SharedLimit resolve_shared_limit(const std::string& chapter, int explicit_bytes, int device_bytes, int built_bytes) {
  const int device = device_bytes < built_bytes ? device_bytes : built_bytes;
  if (device < kMinSharedLimitBytes)
    throw size_error(chapter + ": the device gives a block " + std::to_string(device_bytes) + " bytes of shared memory, under the " +
                     std::to_string(kMinSharedLimitBytes) + " every supported GPU (Turing and newer) has");
  SharedLimit l{device, "the device"};
  if (const int env = shared_limit_from_environment(chapter, built_bytes / 1024)) l = {env, kSharedLimitVariable};
  if (explicit_bytes > 0) l = {explicit_bytes, "PlanOptions"};
  if (l.bytes > device)
    throw size_error(chapter + ": a shared-memory limit of " + std::to_string(l.bytes) + " bytes (from " + l.source +
                     ") refused: this device lets a block opt in to " + std::to_string(device) + " bytes at most");
  return l;
}

// The oldest GPUs the course builds for: Turing (compute capability 7.5), whose PTX the driver
// compiles for every newer GPU. Empty when the device is supported, else the reason, for the
// plan to throw before it allocates anything.
inline std::string unsupported_gpu_reason(const std::string& chapter, const std::string& name, int major, int minor) {
  if (major > 7 || (major == 7 && minor >= 5)) return {};
  return chapter + ": " + name + " has compute capability " + std::to_string(major) + "." + std::to_string(minor) +
         ", older than Turing (7.5): the course's kernels are built as compute_75 PTX and sm_90 code, which this GPU cannot run; use a Turing or newer GPU, or the CPU chapters 01-05";
}

}  // namespace course
