// Chapter 04 benchmark: v1, v2, v3 for P = 1, 2, 4, ... hardware threads, next to 03's
// serial radix-2 (v1, what 04 parallelises) and radix-4 (v2, 03's best) and FFTW's threaded
// plans, in the same process.
// Sizes: 2^12, 2^14, ..., 2^24, or the exponents listed in COURSE_BENCH_LOG2_SIZES ("16,20,22").
// FFTW's measured planning takes tens of seconds at 2^22 and above; COURSE_FFTW_TIMELIMIT=<s>
// caps it (fftw_set_timelimit, recorded in the JSON context). COURSE_BENCH_V1V2_MAX_LOG2=<k>
// leaves v1 and v2 out above 2^k, where they take seconds per transform and teach nothing new.
// Also the two costs the lesson explains: starting and joining P threads (what v1 pays per
// stage) and one barrier crossing of a persistent team (what v2 pays per stage).
#include <cstdlib>
#include <fstream>
#include <functional>
#include <sstream>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include <fftw3.h>

#include "04_threads/fft_threads.hpp"
#include "04_threads/partition.hpp"
#include "common/bench_in_place.hpp"
#include "03_iterative/iterative.hpp"
#include "common/bench.hpp"
#include "common/signals.hpp"

using namespace course;
using namespace course::ch04;

namespace {

std::vector<std::size_t> sizes_from_env() {
  std::vector<std::size_t> sizes;
  if (const char* list = std::getenv("COURSE_BENCH_LOG2_SIZES")) {
    std::stringstream in(list);
    std::string k;
    while (std::getline(in, k, ','))
      if (!k.empty() && std::stoul(k) <= max_log2) sizes.push_back(std::size_t{1} << std::stoul(k));
  } else {
    for (unsigned k = 12; k <= 24; k += 2) sizes.push_back(std::size_t{1} << k);
  }
  return sizes;
}

// One plan with its buffers alive at a time: the repetitions of a benchmark reuse it, the
// next benchmark replaces it (at 2^24 double, plan and buffers take 768 MiB).
std::shared_ptr<void> current_fixture;
std::string current_key;

void with_defaults_real_time(benchmark::internal::Benchmark* b) { bench::with_defaults(b)->UseRealTime(); }

template <class Plan, class T>
struct Fixture {
  Fixture(std::size_t n, int p) : plan(n, p), in(random_uniform<T>(n, 42)), out(n) {}
  Plan plan;
  std::vector<Complex<T>> in, out;
};

template <class Plan, class T>
Fixture<Plan, T>& fixture(const std::string& key, std::size_t n, int p) {
  if (key != current_key) {
    current_fixture.reset();  // free the previous one first
    current_fixture = std::make_shared<Fixture<Plan, T>>(n, p);
    current_key = key;
  }
  return *static_cast<Fixture<Plan, T>*>(current_fixture.get());
}

template <class Plan, class T>
void register_plan(const std::string& variant, std::size_t n, int p) {
  const std::string name = bench::name("04_threads", variant, precision_name<T>(), n, 1, p);
  auto* b = benchmark::RegisterBenchmark(name.c_str(), [name, n, p](benchmark::State& state) {
    auto& f = fixture<Plan, T>(name, n, p);
    for (auto _ : state) {
      f.plan.execute(f.in, f.out, Direction::forward);
      benchmark::DoNotOptimize(f.out.data());
      benchmark::ClobberMemory();
    }
    bench::set_fft_counters<T>(state, n, 1);
    state.counters["threads"] = f.plan.threads();
  });
  bench::with_defaults(b)->UseRealTime();
}

// 03 timed as its own benchmark times it (in place, same names), so the two JSON files agree.
template <class T>
void register_previous_chapter(std::size_t n) {
  with_defaults_real_time(benchmark::RegisterBenchmark(bench::name("03_iterative", "v1", precision_name<T>(), n, 1).c_str(),
                                                       [n](benchmark::State& state) {
                                                         const iterative::Radix2Plan<T> plan(n);
                                                         bench::time_in_place<T>(state, n, [&](std::span<Complex<T>> x) {
                                                           plan.execute(x, Direction::forward);
                                                         });
                                                       }));
  with_defaults_real_time(benchmark::RegisterBenchmark(bench::name("03_iterative", "v2", precision_name<T>(), n, 1).c_str(),
                                                       [n](benchmark::State& state) {
                                                         const iterative::Radix4Plan<T> plan(n);
                                                         bench::time_in_place<T>(state, n, [&](std::span<Complex<T>> x) {
                                                           plan.execute(x, Direction::forward);
                                                         });
                                                       }));
}

template <class T>
void register_precision(const std::vector<std::size_t>& sizes, const std::vector<int>& threads) {
  const char* cap = std::getenv("COURSE_BENCH_V1V2_MAX_LOG2");
  const std::size_t v1v2_max = cap ? std::size_t{1} << std::stoul(cap) : ~std::size_t{0};
  for (std::size_t n : sizes) {
    register_previous_chapter<T>(n);
    bench::register_fftw_baselines<T>({n}, threads);
    if (n <= v1v2_max) {
      for (int p : threads) register_plan<V1SpawnPerStage<T>, T>("v1", n, p);
      for (int p : threads) register_plan<V2PoolBarrier<T>, T>("v2", n, p);
    }
    for (int p : threads) register_plan<V3Blocked<T>, T>("v3", n, p);
  }
}

// What v1 pays per stage besides the butterflies: start P threads, join P threads.
void register_overheads(const std::vector<int>& threads) {
  for (int p : threads) {
    auto* b = benchmark::RegisterBenchmark(("04_threads/overhead/spawn_join/threads:" + std::to_string(p)).c_str(),
                                           [p](benchmark::State& state) {
                                             for (auto _ : state) {
                                               std::vector<std::thread> workers;
                                               for (int r = 0; r < p; ++r) workers.emplace_back([] {});
                                               for (auto& w : workers) w.join();
                                             }
                                           });
    bench::with_defaults(b)->UseRealTime();
    // What v2 pays per stage: a barrier crossing of an already running team. One iteration
    // is 1000 crossings, so its time in milliseconds reads as microseconds per crossing.
    auto* c = benchmark::RegisterBenchmark(("04_threads/overhead/barrier_x1000/threads:" + std::to_string(p)).c_str(),
                                           [p](benchmark::State& state) {
                                             Team team(p);
                                             const std::function<void(int)> job = [&](int) {
                                               for (int i = 0; i < 1000; ++i) team.sync();
                                             };
                                             for (auto _ : state) team.run(job);
                                           });
    bench::with_defaults(c)->UseRealTime();
  }
}

}  // namespace

void course_register_benchmarks() {
  const auto sizes = sizes_from_env();
  if (const char* limit = std::getenv("COURSE_FFTW_TIMELIMIT")) {
    fftw_set_timelimit(std::atof(limit));
    fftwf_set_timelimit(std::atof(limit));
    bench::add_context("fftw_timelimit_s", limit);
  }
  const auto threads = bench::thread_counts();
  // Speedups need the cores to themselves: the load at the start tells a reader whether
  // other work shared them (the 2-core dev machine often runs other jobs).
  if (std::ifstream load("/proc/loadavg"); load) {
    std::string one, five, fifteen;
    load >> one >> five >> fifteen;
    bench::add_context("load_average_1_5_15_min", one + " " + five + " " + fifteen);
  }
  register_overheads(threads);
  register_precision<double>(sizes, threads);
  register_precision<float>(sizes, threads);
}
