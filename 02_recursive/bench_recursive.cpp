// 02_recursive: v1 (textbook), v2 (plan) and split radix (plan), in place, next to FFTW (measured plan, one
// thread) and the previous chapter's best (01 v2, out of place) in the same process.
// Every power of two up to 2^8 shows where divide and conquer overtakes the O(N^2) sum.
#include <benchmark/benchmark.h>

#include "01_dft/dft.hpp"
#include "common/bench_in_place.hpp"
#include "02_recursive/recursive.hpp"
#include "02_recursive/split_radix.hpp"
#include "common/bench.hpp"
#include "common/twiddle.hpp"

namespace {

using namespace course;
using namespace course::bench;

template <class T>
void register_precision() {
  std::vector<std::size_t> sizes = pow2_sizes(1, 8);
  for (unsigned k = 10; k <= 20; k += 2) sizes.push_back(std::size_t{1} << k);
  for (std::size_t n : sizes) {
    with_defaults(benchmark::RegisterBenchmark(name("02_recursive", "v1", precision_name<T>(), n, 1).c_str(),
                                               [n](benchmark::State& state) {
                                                 time_in_place<T>(state, n, [](std::span<Complex<T>> x) {
                                                   recursive::fft_textbook<T>(x, Direction::forward);
                                                 });
                                               }));
    with_defaults(benchmark::RegisterBenchmark(name("02_recursive", "v1-table", precision_name<T>(), n, 1).c_str(),
                                               [n](benchmark::State& state) {
                                                 const auto table = twiddle_table<T>(n, n / 2);
                                                 time_in_place<T>(state, n, [&](std::span<Complex<T>> x) {
                                                   recursive::fft_textbook_table<T>(x, Direction::forward, table);
                                                 });
                                               }));
    with_defaults(benchmark::RegisterBenchmark(name("02_recursive", "v2", precision_name<T>(), n, 1).c_str(),
                                               [n](benchmark::State& state) {
                                                 recursive::RecursivePlan<T> plan(n);
                                                 time_in_place<T>(state, n, [&](std::span<Complex<T>> x) {
                                                   plan.execute(x, Direction::forward);
                                                 });
                                               }));
    with_defaults(benchmark::RegisterBenchmark(name("02_recursive", "split-radix", precision_name<T>(), n, 1).c_str(),
                                               [n](benchmark::State& state) {
                                                 splitradix::SplitRadixPlan<T> plan(n);
                                                 time_in_place<T>(state, n, [&](std::span<Complex<T>> x) {
                                                   plan.execute(x, Direction::forward);
                                                 });
                                               }));
    if (n <= (1 << 12)) {
      with_defaults(benchmark::RegisterBenchmark(name("01_dft", "v2", precision_name<T>(), n, 1).c_str(),
                                                 [n](benchmark::State& state) {
                                                   const dft::DftPlan<T> plan(n);
                                                   const auto x = random_uniform<T>(n, 42);
                                                   std::vector<Complex<T>> y(n);
                                                   for (auto _ : state) {
                                                     plan.execute(x, y, Direction::forward);
                                                     benchmark::DoNotOptimize(y.data());
                                                     benchmark::ClobberMemory();
                                                   }
                                                   set_fft_counters<T>(state, n, 1);
                                                 }));
    }
  }
  register_fftw_baselines<T>(sizes, {1});
}

}  // namespace

void course_register_benchmarks() {
  register_precision<float>();
  register_precision<double>();
}
