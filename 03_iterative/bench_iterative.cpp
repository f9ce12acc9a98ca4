// 03_iterative: v1 (radix-2), v2 (radix-4), v3 (radix-4, tiled bit reversal), v4 (split radix), in place, next to FFTW (measured plan, one
// thread) and the previous chapter's best (02 v2) in the same process.
#include <benchmark/benchmark.h>

#include "common/bench_in_place.hpp"
#include "02_recursive/recursive.hpp"
#include "03_iterative/iterative.hpp"
#include "common/bench.hpp"
#include "common/signals.hpp"

#include <fftw3.h>

#include <cmath>
#include <cstdlib>
#include <random>

// The real-input rows (R2C by packing on v3's plan, and FFTW's r2c) carry /shape:real, so that
// tools/report.py takes FFTW's r2c as their library and never a complex transform; their chapter
// is 03_real, so that the ladder (the fastest complex transform of each chapter) leaves them out.
// Their GFLOP/s column counts 2.5 N log2 N (half the complex convention), GB/s N reals read and
// N/2 + 1 bins written.
//
// The reversal-* rows time the permutation alone; their GFLOP/s column (5 N log2 N over their
// time) means nothing for a permutation, read their time and GB/s.

namespace {

using namespace course;
using namespace course::bench;

template <class T>
void set_real_counters(benchmark::State& state, std::size_t n) {
  using benchmark::Counter;
  state.counters["GFLOPs"] = Counter(flops_per_transform(n) / 2 / 1e9, Counter::kIsIterationInvariantRate);
  state.counters["GBps"] = Counter((n * sizeof(T) + (n / 2 + 1) * sizeof(Complex<T>)) / 1e9, Counter::kIsIterationInvariantRate);
  state.counters["N"] = static_cast<double>(n);
  state.counters["batch"] = 1;
}

std::string real_name(const std::string& chapter, const std::string& variant, const char* precision, std::size_t n, int threads) {
  return name(chapter, variant, precision, n, 1, threads) + "/shape:real";
}

template <class T>
std::vector<T> real_input(std::size_t n) {
  std::mt19937_64 gen(42);
  std::uniform_real_distribution<double> d(-1, 1);
  std::vector<T> x(n);
  for (auto& v : x) v = T(d(gen));
  return x;
}

// FFTW's r2c, measured plan (COURSE_FFTW_EFFORT=estimate for quick runs), one thread, out of place.
template <class T>
struct FftwReal {
  using Plan = std::conditional_t<std::is_same_v<T, float>, fftwf_plan, fftw_plan>;
  Plan plan{};
  T* in = nullptr;
  Complex<T>* out = nullptr;
  explicit FftwReal(std::size_t n) {
    const bool estimate = std::getenv("COURSE_FFTW_EFFORT") && std::string(std::getenv("COURSE_FFTW_EFFORT")) == "estimate";
    const unsigned flags = estimate ? FFTW_ESTIMATE : FFTW_MEASURE;
    if constexpr (std::is_same_v<T, float>) {
      in = fftwf_alloc_real(n);
      out = reinterpret_cast<Complex<T>*>(fftwf_alloc_complex(n / 2 + 1));
      plan = fftwf_plan_dft_r2c_1d(int(n), in, reinterpret_cast<fftwf_complex*>(out), flags);
    } else {
      in = fftw_alloc_real(n);
      out = reinterpret_cast<Complex<T>*>(fftw_alloc_complex(n / 2 + 1));
      plan = fftw_plan_dft_r2c_1d(int(n), in, reinterpret_cast<fftw_complex*>(out), flags);
    }
    const auto x = real_input<T>(n);
    std::copy(x.begin(), x.end(), in);
  }
  void run() {
    if constexpr (std::is_same_v<T, float>) fftwf_execute(plan);
    else fftw_execute(plan);
  }
  ~FftwReal() {
    if constexpr (std::is_same_v<T, float>) { fftwf_destroy_plan(plan); fftwf_free(in); fftwf_free(out); }
    else { fftw_destroy_plan(plan); fftw_free(in); fftw_free(out); }
  }
};

// R2C on 03's plans against the complex transform of the same N (v3) and FFTW's r2c, N = 2^10 .. 2^22.
// One in-place benchmark of `variant` at size n: make() builds what is timed once, run(x, it)
// transforms x with it.
template <class T, class Make, class Run>
void register_in_place(const char* chapter, const char* variant, std::size_t n, Make make, Run run) {
  with_defaults(benchmark::RegisterBenchmark(name(chapter, variant, precision_name<T>(), n, 1).c_str(),
                                             [n, make, run](benchmark::State& state) {
                                               auto it = make(n);
                                               time_in_place<T>(state, n, [&](std::span<Complex<T>> x) { run(x, it); });
                                             }));
}

// A plan's forward transform, the common case of register_in_place.
template <class T, class Plan>
void register_plan(const char* chapter, const char* variant, std::size_t n, auto make) {
  register_in_place<T>(chapter, variant, n, make, [](std::span<Complex<T>> x, Plan& plan) { plan.execute(x, Direction::forward); });
}

template <class T>
void register_real() {
  for (std::size_t n : pow2_sizes(10, 22)) {
    with_defaults(benchmark::RegisterBenchmark(real_name("03_real", "r2c", precision_name<T>(), n, 0).c_str(),
                                               [n](benchmark::State& state) {
                                                 const iterative::RealPlan<T> plan(n);
                                                 const auto x = real_input<T>(n);
                                                 std::vector<Complex<T>> X(n / 2 + 1);
                                                 for (auto _ : state) {
                                                   plan.forward(x, X);
                                                   benchmark::DoNotOptimize(X.data());
                                                   benchmark::ClobberMemory();
                                                 }
                                                 set_real_counters<T>(state, n);
                                               }));
    const bool estimate = std::getenv("COURSE_FFTW_EFFORT") && std::string(std::getenv("COURSE_FFTW_EFFORT")) == "estimate";
    with_defaults(benchmark::RegisterBenchmark(real_name("fftw", estimate ? "r2c-estimate" : "r2c-measure", precision_name<T>(), n, 1).c_str(),
                                               [n](benchmark::State& state) {
                                                 FftwReal<T> plan(n);
                                                 for (auto _ : state) {
                                                   plan.run();
                                                   benchmark::DoNotOptimize(plan.out);
                                                   benchmark::ClobberMemory();
                                                 }
                                                 set_real_counters<T>(state, n);
                                               }))
        ->UseRealTime();
    if (log2_exact(n) % 2 == 0) continue;
    // The odd sizes: v3 (the complex transform the R2C is compared with), and the permutation
    // per index (the lesson's exercise 3 predicts 2^21 from 2^20 and 2^22).
    register_plan<T, iterative::Radix4Plan<T>>("03_iterative", "v3", n, [](std::size_t m) { return iterative::Radix4Plan<T>(m, iterative::Reversal::tiled); });
    register_in_place<T>("03_iterative", "reversal-per-index", n, [](std::size_t m) { return m; },
                         [](std::span<Complex<T>> x, std::size_t m) { iterative::bit_reverse_range(x, 0, m); });
  }
}

template <class T>
void register_precision() {
  const auto sizes = pow2_sizes(4, 22);
  std::vector<std::size_t> even;
  for (std::size_t n : sizes)
    if (log2_exact(n) % 2 == 0) even.push_back(n);
  for (std::size_t n : even) {
    register_plan<T, iterative::Radix2Plan<T>>("03_iterative", "v1", n, [](std::size_t m) { return iterative::Radix2Plan<T>(m); });
    register_plan<T, iterative::Radix4Plan<T>>("03_iterative", "v2", n, [](std::size_t m) { return iterative::Radix4Plan<T>(m); });
    register_plan<T, iterative::Radix4Plan<T>>("03_iterative", "v3", n, [](std::size_t m) { return iterative::Radix4Plan<T>(m, iterative::Reversal::tiled); });
    register_plan<T, iterative::SplitRadixPlan<T>>("03_iterative", "v4", n, [](std::size_t m) { return iterative::SplitRadixPlan<T>(m); });
    // The permutation alone, per index (v1, v2) and tiled (v3): how much of a transform it is.
    register_in_place<T>("03_iterative", "reversal-per-index", n, [](std::size_t m) { return m; },
                         [](std::span<Complex<T>> x, std::size_t m) { iterative::bit_reverse_range(x, 0, m); });
    register_in_place<T>("03_iterative", "reversal-tiled", n, [](std::size_t m) { return m; },
                         [](std::span<Complex<T>> x, std::size_t m) { iterative::bit_reverse_tiled_range(x, 0, iterative::bit_reverse_tiles(m)); });
    register_plan<T, recursive::RecursivePlan<T>>("02_recursive", "v2", n, [](std::size_t m) { return recursive::RecursivePlan<T>(m); });
  }
  register_fftw_baselines<T>(even, {1});
  std::vector<std::size_t> odd;
  for (std::size_t n : pow2_sizes(10, 22))
    if (log2_exact(n) % 2 == 1) odd.push_back(n);
  register_fftw_baselines<T>(odd, {1});
  register_real<T>();
}

}  // namespace

void course_register_benchmarks() {
  register_precision<float>();
  register_precision<double>();
}
