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
#include "common/signals.hpp"

int main(int argc, char** argv) {
  std::string why;
  if (!course::cuda::device_available(&why)) {
    std::printf("SKIPPED: no CUDA device: %s\n", why.c_str());
    return 77;
  }
  std::printf("GPU: %s\nCOURSE_SEED=%llu\n", course::cuda::describe(course::cuda::query_device()).c_str(),
              static_cast<unsigned long long>(course::fresh_seed()));
  return Catch::Session().run(argc, argv);
}
