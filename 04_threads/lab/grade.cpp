// Lab 04's grader: share alone, then your worker on 2, 3 and 4 real threads (every index and
// butterfly done once; no thread starting a step before the step it reads is complete, with
// one thread made slow so that a missing barrier shows every run), then the conformance suite.
#include LAB_IMPL

#include <iostream>

#include "04_threads/lab/team.hpp"
#include "common/lab/lab_conformance.hpp"

#ifndef LAB04_WORKER
#define LAB04_WORKER lab04::worker
#endif

using namespace course;
using namespace course::lab;

namespace {

bool check_share(Grader& g) {
  const std::string section = "TODO 1: share";
  for (int parts = 1; parts <= 9; ++parts)
    for (std::size_t total : {0, 1, 2, 3, 7, 8, 10, 64, 1000, 1023}) {
      std::size_t expect_begin = 0, lo = ~std::size_t{0}, hi = 0;
      for (int r = 0; r < parts; ++r) {
        lab04::Range got{};
        if (!g.guard(section, g.todo(1), [&] { got = lab04::share(total, parts, r); })) return false;
        const std::string call = "share(" + std::to_string(total) + ", " + std::to_string(parts) + ", rank " + std::to_string(r) + ") = [" +
                                 std::to_string(got.begin) + ", " + std::to_string(got.end) + ")";
        std::string why;
        if (got.begin != expect_begin) why = "rank " + std::to_string(r) + " must start where rank " + std::to_string(r - 1) + " ended, at " + std::to_string(expect_begin);
        else if (got.end < got.begin || got.end > total) why = "the range must lie within 0.." + std::to_string(total);
        if (!why.empty()) {
          g.fail(section, "contiguous ranges in rank order covering 0..total-1", call + ": " + (r == 0 ? "rank 0 must start at 0" : why), g.todo(1));
          return false;
        }
        expect_begin = got.end;
        lo = std::min(lo, got.end - got.begin);
        hi = std::max(hi, got.end - got.begin);
      }
      if (expect_begin != total) {
        g.fail(section, "contiguous ranges in rank order covering 0..total-1",
               "share(" + std::to_string(total) + ", " + std::to_string(parts) + ", rank " + std::to_string(parts - 1) + ") ends at " +
                   std::to_string(expect_begin) + ": items " + std::to_string(expect_begin) + ".." + std::to_string(total - 1) + " belong to no thread",
               g.todo(1));
        return false;
      }
      if (hi - lo > 1) {
        g.fail(section, "balanced: sizes differ by at most 1",
               "total " + std::to_string(total) + " over " + std::to_string(parts) + " parts: shares of " + std::to_string(lo) + " and " +
                   std::to_string(hi) + " (every stage waits for the largest)",
               g.todo(1));
        return false;
      }
    }
  g.pass(section, "contiguous, in rank order, covering, balanced (total 0..1023, 1..9 parts)");
  return true;
}

template <class T>
void run(const Complex<T>* in, Complex<T>* out, std::size_t n, int threads, Direction dir, std::string* problem, bool slow) {
  lab04::Team<T> team(in, out, n, threads, dir, slow);
  team.run([](lab04::Team<T>& t, int rank) { LAB04_WORKER(t, rank); });
  if (problem) {
    *problem = team.problem();
    if (problem->empty()) *problem = team.coverage();
  }
}

template <class T>
bool check_schedule(Grader& g) {
  const std::string section = "TODO 2: worker, the schedule";
  for (int threads : {2, 3, 4})
    for (std::size_t n : {std::size_t{16}, std::size_t{1024}}) {
      const auto x = random_gaussian<T>(n, g.seed() + n);
      const T nan = std::numeric_limits<T>::quiet_NaN();
      std::vector<Complex<T>> y(n, Complex<T>{nan, nan});
      std::string problem;
      if (!g.guard(section, g.todo(2), [&] { run<T>(x.data(), y.data(), n, threads, Direction::forward, &problem, true); })) return false;
      const std::string what = std::to_string(threads) + " threads, N = " + std::to_string(n);
      if (!problem.empty()) {
        g.fail(section, "each step complete before the next reads it; all work done once", what + ": " + problem, g.todo(2));
        return false;
      }
      if (auto bad = first_wrong<T>(y, reference_dft<T>(x, n, 1, Direction::forward), 8 * tolerance<T>(n))) {
        g.fail(section, "each step complete before the next reads it; all work done once", what + ": " + *bad, g.todo(2));
        return false;
      }
    }
  g.pass(section, "2, 3, 4 threads with one slow thread: every step complete before the next, all work done once, right output");
  return true;
}

template <class T>
void suite(Grader& g) {
  conformance::Config c;
  c.refuse_batch_zero = false;
  c.sizes = conformance::powers_of_two(0, g.quick() ? 10 : 13);
  c.batch = 2;
  c.refused = {0, 3, 12, 1000};
  run_conformance<T>(g, "your worker on 3 threads, N = 2^0..2^" + std::to_string(g.quick() ? 10 : 13),
                     [](std::span<const Complex<T>> in, std::span<Complex<T>> out, std::size_t n, std::size_t batch, Direction dir) {
                       require_power_of_two("lab 04", n, 26);
                       for (std::size_t b = 0; b < batch; ++b) run<T>(in.data() + b * n, out.data() + b * n, n, 3, dir, nullptr, false);
                     },
                     c, g.todo(2));
}

}  // namespace

int main(int argc, char** argv) {
  Grader g("04", "the stage schedule with its barrier", argc, argv, LAB_IMPL_NAME);
  g.set_todo_file("04_threads/lab/lab04.hpp");
  try {
    check_share(g);
    check_schedule<float>(g);
    check_schedule<double>(g);
    suite<float>(g);
    suite<double>(g);
    g.info("GPU", "performance band", "not part of this lab (a CPU chapter): time it with ./course bench 04");
  } catch (const std::exception& e) {
    std::cerr << "lab 04: the grader itself failed: " << e.what() << "\n";
    return exit_error;
  }
  return g.finish();
}
