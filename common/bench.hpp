// Benchmark helpers shared by every chapter: names that tools/ can parse, the FFT counters,
// repetition defaults (medians are what the lessons quote), and the FFTW baseline.
//
// Every benchmark executable defines `void course_register_benchmarks()`; the shared main
// calls it, then writes JSON to $COURSE_BENCH_DIR (default <build>/bench-results).
//
// Names: <chapter>/<variant>/<precision>/N:<n>/batch:<b>[/threads:<p>], e.g.
//   03_iterative/v1/double/N:1048576/batch:1      fftw/measure/float/N:4096/batch:1/threads:2
#pragma once

#include <benchmark/benchmark.h>

#include <cstddef>
#include <string>
#include <vector>

#include "common/complex.hpp"

void course_register_benchmarks();  // defined once per benchmark executable

namespace course::bench {

std::string name(const std::string& chapter, const std::string& variant, const char* precision, std::size_t n,
                 std::size_t batch, int threads = 0);

// 5 N log2 N flops per transform (the FFTW convention, whatever the algorithm does), and one
// ideal pass: every point read once and written once.
double flops_per_transform(std::size_t n);

template <class T>
void set_fft_counters(benchmark::State& state, std::size_t n, std::size_t batch) {
  using benchmark::Counter;
  state.counters["GFLOPs"] = Counter(flops_per_transform(n) * batch / 1e9, Counter::kIsIterationInvariantRate);
  state.counters["GBps"] = Counter(2.0 * n * batch * sizeof(Complex<T>) / 1e9, Counter::kIsIterationInvariantRate);
  state.counters["N"] = static_cast<double>(n);
  state.counters["batch"] = static_cast<double>(batch);
}

// Repetitions with only aggregates reported (median is the figure to quote), milliseconds.
benchmark::internal::Benchmark* with_repetitions(benchmark::internal::Benchmark* b);
// with_repetitions plus a minimum time per repetition (COURSE_BENCH_MIN_TIME, default 0.1 s).
benchmark::internal::Benchmark* with_defaults(benchmark::internal::Benchmark* b);

// 1, 2, 4, ... up to the hardware threads, plus the hardware count itself if not a power of 2.
std::vector<int> thread_counts();
// The sizes 2^kmin .. 2^kmax.
std::vector<std::size_t> pow2_sizes(unsigned kmin, unsigned kmax);

// FFTW with measured plans (COURSE_FFTW_EFFORT=estimate for quick runs), one benchmark per
// size and thread count, named fftw/measure/<precision>/N:<n>/batch:<b>/threads:<p>.
template <class T>
void register_fftw_baselines(const std::vector<std::size_t>& sizes, const std::vector<int>& threads,
                             std::size_t batch = 1);

// Recorded in the JSON "context" block next to the machine's own description.
void add_context(const std::string& key, const std::string& value);

}  // namespace course::bench
