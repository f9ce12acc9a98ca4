// The test runner shared by every CPU test executable.
#if COURSE_CATCH2_MAJOR == 3
#include <catch2/catch_session.hpp>
#else
#define CATCH_CONFIG_RUNNER
#include <catch2/catch.hpp>
#endif

#include <cstdio>

#include "common/signals.hpp"

int main(int argc, char** argv) {
  std::printf("COURSE_SEED=%llu\n", static_cast<unsigned long long>(course::fresh_seed()));
  return Catch::Session().run(argc, argv);
}
