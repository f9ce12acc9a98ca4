// The accuracy study of 03_iterative: relative L2 error against FFTW in long double, for
// N = 2^4 .. 2^24, float and double, on one seeded gaussian input per size and precision:
// FFTW itself, 02 v1 and v2, 03 v1 with twiddles from the index and by recurrence, 03 v2;
// and, up to N = 2^12 (it is O(N^2)), 01 v1 and v2 for 01_dft's lesson.
// Writes JSON (argument 1) that tools/accuracy.py turns into the README's table and plot.
//
//     accuracy_03_iterative results/<machine>/accuracy_03_iterative.json [max_log2]
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <string>
#include <vector>

#include "01_dft/dft.hpp"
#include "02_recursive/recursive.hpp"
#include "03_iterative/iterative.hpp"
#include "common/metrics.hpp"
#include "common/reference.hpp"
#include "common/signals.hpp"

using namespace course;

namespace {

struct Row {
  std::string precision, variant, twiddles;
  std::size_t n;
  double rel_l2, max_abs;
};

template <class T>
void study(unsigned max_log2, std::vector<Row>& rows) {
  using Span = std::span<Complex<T>>;
  for (unsigned k = 4; k <= max_log2; ++k) {
    const std::size_t n = std::size_t{1} << k;
    const auto x = random_gaussian<T>(n, 20261122 + k);
    const auto ref = reference_dft<T>(x, n, 1, Direction::forward);
    auto record = [&](const std::string& variant, const std::string& twiddles, auto&& transform) {
      std::vector<Complex<T>> y = x;
      transform(Span(y));
      rows.push_back({precision_name<T>(), variant, twiddles, n, rel_l2_error<T, long double>(y, ref),
                      max_abs_error<T, long double>(y, ref)});
      std::fprintf(stderr, "%s N=2^%u %-16s %-10s %.3e\n", precision_name<T>(), k, variant.c_str(), twiddles.c_str(),
                   rows.back().rel_l2);
    };
    record("fftw", "fftw", [&](Span y) {
      FftwPlan<T> plan(n, 1, Direction::forward, PlanEffort::estimate);
      const auto out = plan(std::span<const Complex<T>>(y.data(), n));
      std::copy(out.begin(), out.end(), y.begin());
    });
    record("02_recursive/v1", "exp", [&](Span y) { recursive::fft_textbook<T>(y, Direction::forward); });
    record("02_recursive/v2", "index", [&](Span y) { recursive::RecursivePlan<T>(n).execute(y, Direction::forward); });
    record("03_iterative/v1", "index", [&](Span y) { iterative::Radix2Plan<T>(n).execute(y, Direction::forward); });
    record("03_iterative/v1", "recurrence", [&](Span y) {
      iterative::Radix2Plan<T>(n, iterative::TwiddleSource::recurrence).execute(y, Direction::forward);
    });
    record("03_iterative/v2", "index", [&](Span y) { iterative::Radix4Plan<T>(n).execute(y, Direction::forward); });
    if (k <= 12) {
      record("01_dft/v1", "sincos", [&](Span y) { dft::dft_direct<T>(x, y, Direction::forward); });
      record("01_dft/v2", "index", [&](Span y) { dft::DftPlan<T>(n).execute(x, y, Direction::forward); });
    }
  }
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: %s <output.json> [max_log2 (default 24)]\n", argv[0]);
    return 2;
  }
  const unsigned max_log2 = argc > 2 ? static_cast<unsigned>(std::atoi(argv[2])) : 24;
  std::vector<Row> rows;
  study<float>(max_log2, rows);
  study<double>(max_log2, rows);
  std::ofstream out(argv[1]);
  if (!out) {
    std::fprintf(stderr, "cannot write %s\n", argv[1]);
    return 1;
  }
  out << "{\n  \"context\": {\"fftw_version\": \"" << fftw_version()
      << "\", \"input\": \"gaussian, seed 20261122 + log2 N\", \"reference\": \"FFTW in long double\"},\n"
      << "  \"results\": [\n";
  out.precision(6);
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const auto& r = rows[i];
    out << "    {\"precision\": \"" << r.precision << "\", \"variant\": \"" << r.variant << "\", \"twiddles\": \""
        << r.twiddles << "\", \"N\": " << r.n << ", \"rel_l2\": " << std::scientific << r.rel_l2
        << ", \"max_abs\": " << r.max_abs << "}" << (i + 1 < rows.size() ? "," : "") << "\n";
  }
  out << "  ]\n}\n";
  return 0;
}
