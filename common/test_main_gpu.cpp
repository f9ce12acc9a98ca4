// The test runner of GPU test executables: with no usable CUDA device it exits 77, which CTest
// (SKIP_RETURN_CODE 77) shows as skipped. A GPU test is never reported passed without a GPU.
#if COURSE_CATCH2_MAJOR == 3
#include <catch2/catch_session.hpp>
#else
#define CATCH_CONFIG_RUNNER
#include <catch2/catch.hpp>
#endif

#include <cstdio>
#include <string>

#include "common/cuda_helpers.hpp"
#include "common/gpu_limits.hpp"
#include "common/signals.hpp"

int main(int argc, char** argv) {
  std::string why;
  if (!course::cuda::device_available(&why)) {
    std::printf("SKIPPED: no CUDA device: %s\n", why.c_str());
    return 77;
  }
  std::printf("GPU: %s\nCOURSE_SEED=%llu\n", course::cuda::describe(course::cuda::query_device()).c_str(),
              static_cast<unsigned long long>(course::fresh_seed()));
  // The runs that simulate a smaller GPU (COURSE_SHARED_LIMIT_KIB, registered by CTest at 48 ..
  // 227 KiB) cannot simulate a larger one: above this device's own limit they are skipped.
  const int device = course::cuda::device_shared_limit_bytes();
  if (const int simulated = course::shared_limit_from_environment("tests", course::kMostSharedLimitBytes / 1024)) {
    if (simulated > device) {
      std::printf("SKIPPED: %s = %d KiB, more than this GPU's %d KiB per block\n", course::kSharedLimitVariable, simulated / 1024,
                  device / 1024);
      return 77;
    }
    std::printf("plans fit %d KiB of shared memory per block (%s; this GPU has %d KiB)\n", simulated / 1024,
                course::kSharedLimitVariable, device / 1024);
  }
  return Catch::Session().run(argc, argv);
}
