// The accuracy study of 12_any_n: relative L2 error against FFTW in long double, float and
// double, one seeded gaussian input per size and precision, for FFTW itself and for the plan
// (mixed radix on 7-smooth N, Bluestein on the others), on three families of sizes:
//   powers of two 2^4..2^max (both algorithms: Bluestein forced on a power of two too),
//   7-smooth sizes near each 2^k (mixed radix), primes near each 2^k (Bluestein).
// Writes JSON (argument 1) that tools/figures_anyn.py plots and the README tabulates.
//
//     accuracy_12_any_n results/<machine>/accuracy_12_any_n.json [max log2 N (default 22)]
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>
#include <vector>

#include "12_any_n/any_n.hpp"
#include "common/metrics.hpp"
#include "common/reference.hpp"
#include "common/signals.hpp"

using namespace course;

namespace {

struct Row {
  std::string precision, family, algorithm;
  std::size_t n, m;
  double rel_l2;
};

// The largest prime <= n; the largest 7-smooth number <= n that is not a power of two.
std::size_t prime_below(std::size_t n) {
  while (!anyn::is_prime(n)) --n;
  return n;
}
std::size_t smooth_below(std::size_t n) {
  --n;
  while (!anyn::is_smooth(n) || (n & (n - 1)) == 0) --n;
  return n;
}

template <class T>
void study(unsigned max_log2, std::vector<Row>& rows) {
  for (unsigned k = 4; k <= max_log2; ++k) {
    const std::size_t p2 = std::size_t{1} << k;
    for (auto [family, n] : {std::pair<const char*, std::size_t>{"power of two", p2}, {"7-smooth", smooth_below(p2)},
                             {"prime", prime_below(p2)}}) {
      const auto x = random_gaussian<T>(n, 20261125 + n);
      const auto ref = reference_dft<T>(x, n, 1, Direction::forward);
      auto record = [&](const std::string& algorithm, std::size_t m, const std::vector<Complex<T>>& y) {
        rows.push_back({precision_name<T>(), family, algorithm, n, m, rel_l2_error<T, long double>(y, ref)});
        std::fprintf(stderr, "%-6s %-12s N=%-9zu %-11s %.3e\n", precision_name<T>(), family, n, algorithm.c_str(),
                     rows.back().rel_l2);
      };
      {
        FftwPlan<T> fftw(n, 1, Direction::forward, PlanEffort::estimate);
        record("fftw", 0, fftw(x));
      }
      std::vector<Complex<T>> y(n);
      if (anyn::is_smooth(n)) {
        anyn::MixedRadixPlan<T>(n).execute(x, y, Direction::forward);
        record("mixed radix", 0, y);
      }
      if (!anyn::is_smooth(n) || (n & (n - 1)) == 0) {  // Bluestein on primes, and forced on 2^k
        const anyn::BluesteinPlan<T> plan(n);
        plan.execute(x, y, Direction::forward);
        record("bluestein", plan.convolution_size(), y);
      }
    }
  }
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: %s <output.json> [max_log2 (default 22)]\n", argv[0]);
    return 2;
  }
  const unsigned max_log2 = argc > 2 ? static_cast<unsigned>(std::atoi(argv[2])) : 22;
  std::vector<Row> rows;
  study<float>(max_log2, rows);
  study<double>(max_log2, rows);
  std::ofstream out(argv[1]);
  if (!out) {
    std::fprintf(stderr, "cannot write %s\n", argv[1]);
    return 1;
  }
  out << "{\n  \"study\": \"12_any_n accuracy: relative L2 error against FFTW in long double\",\n";
  out << "  \"fftw_version\": \"" << fftw_version() << "\",\n";
  out << "  \"input\": \"gaussian, seed 20261125 + N\",\n  \"rows\": [\n";
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const auto& r = rows[i];
    char buf[320];
    std::snprintf(buf, sizeof buf,
                  "    {\"precision\": \"%s\", \"family\": \"%s\", \"algorithm\": \"%s\", \"N\": %zu, \"M\": %zu, \"rel_l2\": %.6e}%s\n",
                  r.precision.c_str(), r.family.c_str(), r.algorithm.c_str(), r.n, r.m, r.rel_l2,
                  i + 1 < rows.size() ? "," : "");
    out << buf;
  }
  out << "  ]\n}\n";
  std::fprintf(stderr, "wrote %zu rows to %s\n", rows.size(), argv[1]);
  return 0;
}
