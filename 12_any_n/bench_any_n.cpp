// 12_any_n (CPU): the plan for any N and the prime-factor plan next to FFTW (measured plans, one thread) in the same process;
// and 03 v3 at the power-of-two lengths Bluestein convolves with, since two of those are most of
// Bluestein's time. Rows carry /threads:1 (one thread, as FFTW's rows), which tells tools/report.py
// they are CPU rows of a chapter numbered past 05.
#include <benchmark/benchmark.h>

#include <cmath>
#include <cstdlib>
#include <limits>
#include <utility>
#include <string>
#include <vector>

#include "03_iterative/iterative.hpp"
#include "12_any_n/any_n.hpp"
#include "12_any_n/prime_factor.hpp"
#include "common/bench.hpp"
#include "common/bench_in_place.hpp"

namespace {

using namespace course;
using namespace course::bench;

// The lesson's sizes: audio, video rows, round numbers, primes, a power of two for scale.
const std::vector<std::size_t> sizes = {1000, 1920, 4096, 10000, 44100, 59049 /* 3^10 */, 65536, 1009, 65537,
                                        1000000, 999983, 1 << 20,
                                        13312 /* 13 * 2^10 */, 720896 /* 11 * 2^16 */};

template <class T>
void register_precision() {
  for (std::size_t n : sizes) {
    const std::string variant = anyn::is_smooth(n) ? "mixed-radix" : "bluestein";
    with_defaults(benchmark::RegisterBenchmark(name("12_any_n", variant, precision_name<T>(), n, 1, 1).c_str(),
                                               [n](benchmark::State& state) {
                                                 const anyn::Plan<T> plan(n);
                                                 state.SetLabel(plan.describe());
                                                 time_out_of_place<T>(state, n, [&](auto x, auto y) { plan.execute(x, y, Direction::forward); });
                                               }))
        ->UseRealTime();
  }
  // The prime-factor plan (its own split: N1 the largest prime power) wherever N has two coprime
  // factors: against the plan above (mixed radix, or Bluestein for 13312 and 720896) and FFTW.
  for (std::size_t n : sizes) {
    if (anyn::prime_powers(n).size() < 2) continue;
    with_defaults(benchmark::RegisterBenchmark(name("12_any_n", "prime-factor", precision_name<T>(), n, 1, 1).c_str(),
                                               [n](benchmark::State& state) {
                                                 const anyn::PrimeFactorPlan<T> plan(n);
                                                 state.SetLabel(plan.describe());
                                                 time_out_of_place<T>(state, n, [&](auto x, auto y) { plan.execute(x, y, Direction::forward); });
                                               }))
        ->UseRealTime();
  }
  // The power-of-two FFT inside Bluestein for 1009, 65537 and 999983.
  for (std::size_t m : {std::size_t{2048}, std::size_t{1} << 18, std::size_t{1} << 21}) {
    with_defaults(benchmark::RegisterBenchmark(name("03_iterative", "v3", precision_name<T>(), m, 1, 1).c_str(),
                                               [m](benchmark::State& state) {
                                                 const iterative::Radix4Plan<T> plan(m, iterative::Reversal::tiled);
                                                 time_in_place<T>(state, m, [&](std::span<Complex<T>> x) {
                                                   plan.execute(x, Direction::forward);
                                                 });
                                               }))
        ->UseRealTime();
  }
  std::vector<std::size_t> fftw_sizes = sizes;
  for (std::size_t m : {std::size_t{2048}, std::size_t{1} << 18, std::size_t{1} << 21}) fftw_sizes.push_back(m);
  register_fftw_baselines<T>(fftw_sizes, {1});
}

}  // namespace

void course_register_benchmarks() {
  register_precision<double>();
  register_precision<float>();
}
