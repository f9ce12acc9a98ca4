// 06 v2 without a GPU: the kernel's per-thread function, run on the CPU for every thread index
// of every launch, in launch order, through the same launch sequence as the plan. This checks
// the index arithmetic, the folded-in bit reversal and the twiddles against the reference.
// (v1 synchronises threads with __syncthreads(), so it is checked on a GPU only: test_06_gpu.)
#include <cstdio>
#include <span>

#include "06_cuda_naive/naive_sizes.hpp"
#include "06_cuda_naive/naive_thread.hpp"
#include "common/catch.hpp"

using namespace course;
using namespace course::cuda_naive;

namespace {

template <class T>
conformance::TransformFn<T> emulated_v2() {
  return [](std::span<const Complex<T>> in, std::span<Complex<T>> out, std::size_t n, std::size_t batch,
            Direction dir) {
    require_v2_size(n, batch);  // the plan's constructor does exactly this first
    for_each_v2_launch(n, batch, [&](unsigned stage, std::size_t threads) {
      for (std::size_t t = 0; t < threads; ++t)
        naive_butterfly<T>(in.data(), out.data(), n, stage, t, static_cast<int>(dir));
    });
  };
}

conformance::Config config() {
  conformance::Config cfg;
  cfg.sizes = conformance::powers_of_two(0, 14);
  cfg.batch = 3;
  cfg.refused = {0, 3, 12, 1000, std::size_t{1} << 28};
  return cfg;
}

}  // namespace

TEMPLATE_TEST_CASE("06 v2 emulated on the CPU passes the conformance suite", "[emulated][v2]", float, double) {
  require_conformance(conformance::check_conformance<TestType>(emulated_v2<TestType>(), config()));
}

TEST_CASE("06 integer helpers: pow, log2 and reversal by division are exact", "[emulated]") {
  for (unsigned e = 0; e < 40; ++e) {
    REQUIRE(pow2_by_pow(e) == (std::size_t{1} << e));
    REQUIRE(log2_by_log(std::size_t{1} << e) == e);
  }
  for (unsigned bits = 0; bits <= 14; ++bits)
    for (std::size_t i = 0; i < (std::size_t{1} << bits); ++i)
      REQUIRE(reverse_by_division(i, bits) == reverse_bits64(i, bits));
}

TEST_CASE("06 v1 refuses what one block cannot do, and says why and who can", "[emulated][v1]") {
  for (std::size_t n = 1; n <= 2048; n *= 2) CHECK_NOTHROW(require_v1_size(n, 7));
  try {
    require_v1_size(4096, 1);
    FAIL("N = 4096 must be refused by v1");
  } catch (const size_error& e) {
    const std::string msg = e.what();
    INFO(msg);
    CHECK(msg.find("4096") != std::string::npos);
    CHECK(msg.find("2048") != std::string::npos);       // the limit
    CHECK(msg.find("barrier") != std::string::npos);    // why
    CHECK(msg.find("06_cuda_naive v2") != std::string::npos);  // who takes it
  }
  CHECK_THROWS_AS(require_v1_size(0, 1), size_error);
  CHECK_THROWS_AS(require_v1_size(24, 1), size_error);
  CHECK_THROWS_AS(require_v1_size(16, 0), size_error);
  CHECK_THROWS_WITH(require_v2_size(std::size_t{1} << 28, 1), testing::contains("268435456"));
  // One block per transform: a batch the grid cannot hold is refused, not cut to 32 bits.
  CHECK_NOTHROW(require_v1_size(1, 0x7fffffffu));
  CHECK_THROWS_WITH(require_v1_size(1, (std::size_t{1} << 32) + 1),
                    testing::contains("batch = 4294967297") && testing::contains("2147483647"));
}
