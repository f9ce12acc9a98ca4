// 01_dft: v1 (sin/cos per term) and v2 (twiddle table), out of place, next to FFTW (measured
// plan, one thread) in the same process. The first chapter has no previous one; 02's
// benchmark runs 01 v2 beside the recursive FFT to show the crossover.
#include <benchmark/benchmark.h>

#include "01_dft/dft.hpp"
#include "common/bench.hpp"
#include "common/signals.hpp"

namespace {

using namespace course;
using namespace course::bench;

template <class T, class Transform>
void time_out_of_place(benchmark::State& state, std::size_t n, Transform&& transform) {
  const auto x = random_uniform<T>(n, 42);
  std::vector<Complex<T>> y(n);
  for (auto _ : state) {
    transform(std::span<const Complex<T>>(x), std::span<Complex<T>>(y));
    benchmark::DoNotOptimize(y.data());
    benchmark::ClobberMemory();
  }
  set_fft_counters<T>(state, n, 1);
}

template <class T>
void register_precision() {
  const auto sizes = pow2_sizes(2, 14);
  for (std::size_t n : sizes) {
    // v1 stops at 2^12: 2^25 sin/cos calls per transform there already.
    if (n <= (1 << 12))
      with_defaults(benchmark::RegisterBenchmark(name("01_dft", "v1", precision_name<T>(), n, 1).c_str(),
                                                 [n](benchmark::State& state) {
                                                   time_out_of_place<T>(state, n, [](auto in, auto out) {
                                                     dft::dft_direct<T>(in, out, Direction::forward);
                                                   });
                                                 }));
    with_defaults(benchmark::RegisterBenchmark(name("01_dft", "v2", precision_name<T>(), n, 1).c_str(),
                                               [n](benchmark::State& state) {
                                                 const dft::DftPlan<T> plan(n);
                                                 time_out_of_place<T>(state, n, [&](auto in, auto out) {
                                                   plan.execute(in, out, Direction::forward);
                                                 });
                                               }));
  }
  register_fftw_baselines<T>(sizes, {1});
}

}  // namespace

void course_register_benchmarks() {
  register_precision<float>();
  register_precision<double>();
}
