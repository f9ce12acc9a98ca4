#include "common/bench.hpp"

#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <memory>
#include <thread>
#include <tuple>

#include "common/reference.hpp"
#include "common/signals.hpp"

namespace course::bench {

std::string name(const std::string& chapter, const std::string& variant, const char* precision, std::size_t n,
                 std::size_t batch, int threads) {
  std::string s = chapter + "/" + variant + "/" + precision + "/N:" + std::to_string(n) + "/batch:" + std::to_string(batch);
  if (threads > 0) s += "/threads:" + std::to_string(threads);
  return s;
}

double flops_per_transform(std::size_t n) { return n > 1 ? 5.0 * n * std::log2(static_cast<double>(n)) : 0.0; }

benchmark::internal::Benchmark* with_repetitions(benchmark::internal::Benchmark* b) {
  int reps = 5;
  if (const char* r = std::getenv("COURSE_BENCH_REPETITIONS")) reps = std::max(1, std::atoi(r));
  return b->Repetitions(reps)->ReportAggregatesOnly(true)->Unit(benchmark::kMillisecond);
}

benchmark::internal::Benchmark* with_defaults(benchmark::internal::Benchmark* b) {
  // A short minimum time per repetition: the median over repetitions is what is quoted, and a
  // full run of every chapter must fit a GPU lease.
  double min_time = 0.1;
  if (const char* t = std::getenv("COURSE_BENCH_MIN_TIME")) min_time = std::atof(t);
  return with_repetitions(b)->MinTime(min_time);
}

std::vector<int> thread_counts() {
  const int hw = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  std::vector<int> t;
  for (int p = 1; p <= hw; p *= 2) t.push_back(p);
  if (t.back() != hw) t.push_back(hw);
  return t;
}

std::vector<std::size_t> pow2_sizes(unsigned kmin, unsigned kmax) {
  std::vector<std::size_t> v;
  for (unsigned k = kmin; k <= kmax; ++k) v.push_back(std::size_t{1} << k);
  return v;
}

template <class T>
void register_fftw_baselines(const std::vector<std::size_t>& sizes, const std::vector<int>& threads, std::size_t batch) {
  const bool estimate = std::getenv("COURSE_FFTW_EFFORT") && std::string(std::getenv("COURSE_FFTW_EFFORT")) == "estimate";
  const PlanEffort effort = estimate ? PlanEffort::estimate : PlanEffort::measure;
  for (std::size_t n : sizes) {
    for (int p : threads) {
      if (p > 1 && !fftw_threads_available()) continue;
      auto* b = benchmark::RegisterBenchmark(
          name("fftw", estimate ? "estimate" : "measure", precision_name<T>(), n, batch, p).c_str(),
          [n, p, batch, effort](benchmark::State& state) {
            // Plans are kept for the whole run: Google Benchmark calls this body several times.
            static std::map<std::tuple<std::size_t, int, std::size_t>, std::unique_ptr<FftwPlan<T>>> plans;
            auto& plan = plans[{n, p, batch}];
            if (!plan) {
              plan = std::make_unique<FftwPlan<T>>(n, batch, Direction::forward, effort, p);
              const auto x = random_uniform<T>(n * batch, 42);
              std::copy(x.begin(), x.end(), plan->in().begin());
            }
            for (auto _ : state) {
              plan->execute();
              benchmark::DoNotOptimize(plan->out().data());
            }
            set_fft_counters<T>(state, n, batch);
          });
      with_defaults(b)->UseRealTime();
    }
  }
}

template void register_fftw_baselines<float>(const std::vector<std::size_t>&, const std::vector<int>&, std::size_t);
template void register_fftw_baselines<double>(const std::vector<std::size_t>&, const std::vector<int>&, std::size_t);

void add_context(const std::string& key, const std::string& value) { benchmark::AddCustomContext(key, value); }

}  // namespace course::bench

