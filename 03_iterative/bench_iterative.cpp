// 03_iterative: v1 (radix-2), v2 (radix-4), v3 (radix-4, tiled bit reversal), in place, next to FFTW (measured plan, one
// thread) and the previous chapter's best (02 v2) in the same process.
#include <benchmark/benchmark.h>

#include "common/bench_in_place.hpp"
#include "02_recursive/recursive.hpp"
#include "03_iterative/iterative.hpp"
#include "common/bench.hpp"

// The reversal-* rows time the permutation alone; their GFLOP/s column (5 N log2 N over their
// time) means nothing for a permutation, read their time and GB/s.

namespace {

using namespace course;
using namespace course::bench;

template <class T>
void register_precision() {
  const auto sizes = pow2_sizes(4, 22);
  std::vector<std::size_t> even;
  for (std::size_t n : sizes)
    if (log2_exact(n) % 2 == 0) even.push_back(n);
  for (std::size_t n : even) {
    with_defaults(benchmark::RegisterBenchmark(name("03_iterative", "v1", precision_name<T>(), n, 1).c_str(),
                                               [n](benchmark::State& state) {
                                                 const iterative::Radix2Plan<T> plan(n);
                                                 time_in_place<T>(state, n, [&](std::span<Complex<T>> x) {
                                                   plan.execute(x, Direction::forward);
                                                 });
                                               }));
    with_defaults(benchmark::RegisterBenchmark(name("03_iterative", "v2", precision_name<T>(), n, 1).c_str(),
                                               [n](benchmark::State& state) {
                                                 const iterative::Radix4Plan<T> plan(n);
                                                 time_in_place<T>(state, n, [&](std::span<Complex<T>> x) {
                                                   plan.execute(x, Direction::forward);
                                                 });
                                               }));
    with_defaults(benchmark::RegisterBenchmark(name("03_iterative", "v3", precision_name<T>(), n, 1).c_str(),
                                               [n](benchmark::State& state) {
                                                 const iterative::Radix4Plan<T> plan(n, iterative::Reversal::tiled);
                                                 time_in_place<T>(state, n, [&](std::span<Complex<T>> x) {
                                                   plan.execute(x, Direction::forward);
                                                 });
                                               }));
    // The permutation alone, per index (v1, v2) and tiled (v3): how much of a transform it is.
    with_defaults(benchmark::RegisterBenchmark(name("03_iterative", "reversal-per-index", precision_name<T>(), n, 1).c_str(),
                                               [n](benchmark::State& state) {
                                                 time_in_place<T>(state, n, [&](std::span<Complex<T>> x) {
                                                   iterative::bit_reverse_range(x, 0, n);
                                                 });
                                               }));
    with_defaults(benchmark::RegisterBenchmark(name("03_iterative", "reversal-tiled", precision_name<T>(), n, 1).c_str(),
                                               [n](benchmark::State& state) {
                                                 time_in_place<T>(state, n, [&](std::span<Complex<T>> x) {
                                                   iterative::bit_reverse_tiled_range(x, 0, iterative::bit_reverse_tiles(n));
                                                 });
                                               }));
    with_defaults(benchmark::RegisterBenchmark(name("02_recursive", "v2", precision_name<T>(), n, 1).c_str(),
                                               [n](benchmark::State& state) {
                                                 recursive::RecursivePlan<T> plan(n);
                                                 time_in_place<T>(state, n, [&](std::span<Complex<T>> x) {
                                                   plan.execute(x, Direction::forward);
                                                 });
                                               }));
  }
  register_fftw_baselines<T>(even, {1});
}

}  // namespace

void course_register_benchmarks() {
  register_precision<float>();
  register_precision<double>();
}
