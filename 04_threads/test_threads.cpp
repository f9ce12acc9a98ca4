// Chapter 04 tests: every variant through the shared conformance suite, for P = 1, 2, 3, 4, 8,
// in float and double, out of place and in place; plus the thread team, the clamp and the
// v3 decomposition. Built a second time with ThreadSanitizer (label tsan), where a missing
// barrier shows up as a data race even when the numbers happen to come out right.
#include <algorithm>
#include <cstdlib>
#include <set>
#include <thread>
#include <vector>

#include "04_threads/fft_threads.hpp"
#include "04_threads/partition.hpp"
#include "common/catch.hpp"

using namespace course;
using namespace course::ch04;

namespace {

const int thread_counts[] = {1, 2, 3, 4, 8};

// Under ThreadSanitizer (about 10x slower) the sizes stop at 2^10; otherwise at 2^12 and two larger sizes
// check reference agreement and the round trip where v3 has many blocks at every P.
bool under_tsan() { return std::getenv("COURSE_TSAN") != nullptr; }

conformance::Config config() {
  conformance::Config c;
  // The API takes one span, with no batch count to refuse; the adapter loops over the batch.
  c.refuse_batch_zero = false;
  c.sizes = conformance::powers_of_two(0, under_tsan() ? 10 : 12);
  if (!under_tsan()) { c.sizes.push_back(1 << 15); c.sizes.push_back(1 << 17); }
  c.batch = 3;
  c.refused = {0, 3, 6, 1000, (std::size_t{1} << 12) + 1, std::size_t{1} << (max_log2 + 1)};
  return c;
}

// The suite's transform, made from a plan per call (so refused sizes throw before any
// write); a batch reuses one plan, which is how plans are meant to be used.
template <class Plan, class T, class... Extra>
conformance::TransformFn<T> adapter(int threads, bool in_place, Extra... extra) {
  return [=](std::span<const Complex<T>> in, std::span<Complex<T>> out, std::size_t n, std::size_t batch, Direction dir) {
    Plan plan(n, threads, extra...);
    for (std::size_t b = 0; b < batch; ++b) {
      const auto src = in.subspan(b * n, n);
      const auto dst = out.subspan(b * n, n);
      if (in_place) {
        std::copy(src.begin(), src.end(), dst.begin());
        plan.execute(dst, dst, dir);
      } else {
        plan.execute(src, dst, dir);
      }
    }
  };
}

template <class Plan, class T, class... Extra>
void check_every_thread_count(Extra... extra) {
  for (int p : thread_counts)
    for (bool in_place : {false, true}) {
      INFO("threads = " << p << (in_place ? ", in place" : ", out of place"));
      course::require_conformance(conformance::check_conformance<T>(adapter<Plan, T>(p, in_place, extra...), config()));
    }
}

}  // namespace

TEMPLATE_TEST_CASE("04 v1 (threads started per stage) conforms for P = 1, 2, 3, 4, 8", "[04][v1]", float, double) {
  check_every_thread_count<V1SpawnPerStage<TestType>, TestType>();
}

TEMPLATE_TEST_CASE("04 v2 (pool, barrier per stage) conforms for P = 1, 2, 3, 4, 8", "[04][v2]", float, double) {
  check_every_thread_count<V2PoolBarrier<TestType>, TestType>();
}

TEMPLATE_TEST_CASE("04 v3 (blocks, then columns) conforms for P = 1, 2, 3, 4, 8", "[04][v3]", float, double) {
  check_every_thread_count<V3Blocked<TestType>, TestType>(std::size_t{256 * 1024});
}

TEMPLATE_TEST_CASE("04 v3 with tiny blocks: many blocks, columns and tiles per thread", "[04][v3]", float, double) {
  // 256 bytes: 16 double or 32 float points per block, so N = 2^12 has 128-256 blocks and
  // each thread walks several 8-column tiles through the column stages.
  check_every_thread_count<V3Blocked<TestType>, TestType>(std::size_t{256});
}

TEST_CASE("04 thread counts are clamped to the work, and 0 threads is refused", "[04]") {
  CHECK(V1SpawnPerStage<double>(1, 8).threads() == 1);
  CHECK(V2PoolBarrier<double>(4, 8).threads() == 2);
  CHECK(V3Blocked<float>(16, 8).threads() == 8);
  CHECK(V3Blocked<float>(1 << 10, 6).threads() == 6);
  CHECK_THROWS_WITH(V2PoolBarrier<double>(8, 0), testing::contains("threads = 0"));
  CHECK_THROWS_WITH(V3Blocked<double>(8, -1), testing::contains("threads = -1"));
}

TEST_CASE("04 refusals name the size, the limit and where to go instead", "[04]") {
  CHECK_THROWS_AS(V3Blocked<double>(12, 2), size_error);
  CHECK_THROWS_WITH(V3Blocked<double>(12, 2), testing::contains("N = 12") && testing::contains("04_threads") && testing::contains("01_dft"));
  CHECK_THROWS_WITH(V2PoolBarrier<float>(std::size_t{1} << 27, 2),
                    testing::contains("134217728") && testing::contains("2^26") && testing::contains("05_mpi"));
}

TEST_CASE("04 buffers must match the plan and must not overlap partly", "[04]") {
  V2PoolBarrier<double> plan(16, 2);
  std::vector<Complex<double>> a(32, Complex<double>(1, 0));
  CHECK_THROWS_WITH(plan.execute(std::span<const Complex<double>>(a.data(), 8), std::span(a.data() + 16, 16), Direction::forward),
                    testing::contains("N = 16"));
  CHECK_THROWS_WITH(plan.execute(std::span<const Complex<double>>(a.data(), 16), std::span(a.data() + 4, 16), Direction::forward),
                    testing::contains("overlap"));
}

TEST_CASE("04 v3 decomposition: blocks fit the cache and every thread gets one", "[04][v3]") {
  // 256 KiB = 2^14 double or 2^15 float points.
  CHECK(V3Blocked<double>::choose_block(1 << 22, 1, 256 * 1024) == (1 << 14));
  CHECK(V3Blocked<float>::choose_block(1 << 22, 16, 256 * 1024) == (1 << 15));
  CHECK(V3Blocked<double>::choose_block(1 << 12, 3, 256 * 1024) == (1 << 10));  // P' = 4
  CHECK(V3Blocked<double>::choose_block(1 << 12, 1, 256 * 1024) == (1 << 12));  // one block, no column phase
  V3Blocked<double> plan(1 << 16, 2);
  CHECK(plan.block_size() * plan.blocks() == (1 << 16));
  CHECK(plan.blocks() == 4);
}

TEST_CASE("04 share() tiles the range exactly for any P", "[04]") {
  for (std::size_t total : {0, 1, 7, 8, 100, 4096})
    for (int parts : {1, 2, 3, 5, 8, 16})
      for (std::size_t align : {1, 8}) {
        std::size_t next = 0;
        for (int r = 0; r < parts; ++r) {
          const Range g = share(total, parts, r, align);
          CHECK(g.begin == next);
          CHECK(g.end >= g.begin);
          next = g.end;
        }
        CHECK(next == total);
      }
}

TEST_CASE("04 team: every member is its own thread, and sync() orders their writes", "[04][team]") {
  for (int p : {1, 2, 3, 8}) {
    Team team(p);
    REQUIRE(team.size() == p);
    std::vector<std::thread::id> who(static_cast<std::size_t>(p));
    std::vector<int> slot(static_cast<std::size_t>(p), -1), seen(static_cast<std::size_t>(p), 0);
    for (int round = 0; round < 3; ++round) {
      team.run([&](int r) {
        who[static_cast<std::size_t>(r)] = std::this_thread::get_id();
        slot[static_cast<std::size_t>(r)] = round * 100 + r;
        team.sync();  // without it, the reads below race with the other members' writes
        int sum = 0;
        for (int i = 0; i < p; ++i) sum += slot[static_cast<std::size_t>(i)];
        seen[static_cast<std::size_t>(r)] = sum;
        team.sync();  // nobody overwrites a slot in the next round while another still reads
      });
      const int want = round * 100 * p + p * (p - 1) / 2;
      for (int r = 0; r < p; ++r) CHECK(seen[static_cast<std::size_t>(r)] == want);
    }
    CHECK(who[0] == std::this_thread::get_id());
    CHECK(std::set<std::thread::id>(who.begin(), who.end()).size() == static_cast<std::size_t>(p));
  }
}
