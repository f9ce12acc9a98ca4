// Lab 01's grader: each TODO on small sizes with the first wrong output named, then the
// conformance suite (any N: 1..64, primes, powers of two) in float and double.
#include LAB_IMPL

#include <iostream>

#include "common/lab/lab_conformance.hpp"
#include "common/reference.hpp"
#include "common/signals.hpp"
#include "common/sizes.hpp"

#ifndef LAB01_MAKE_TWIDDLES
#define LAB01_MAKE_TWIDDLES lab01::make_twiddles
#endif

using namespace course;
using namespace course::lab;

namespace {

// 01's tolerances: eps sqrt(N) for a sum of N products, plus eps N for angles rounded in T.
template <class T>
double tol_table(std::size_t n) { return 2.0 * std::numeric_limits<T>::epsilon() * (1.0 + std::sqrt(static_cast<double>(n))); }
template <class T>
double tol_direct(std::size_t n) { return tol_table<T>(n) + 4.0 * std::numeric_limits<T>::epsilon() * static_cast<double>(n); }

std::vector<std::size_t> sizes(bool quick) {
  std::vector<std::size_t> v;
  for (std::size_t n = 1; n <= 40; ++n) v.push_back(n);
  for (std::size_t n : {64, 97, 128, 210, 257, 509, 1000, 1024}) v.push_back(n);
  if (!quick) v.push_back(2310);
  return v;
}

template <class T>
bool first_look(Grader& g, const std::string& section, int todo, bool table) {
  for (std::size_t n : {std::size_t{1}, std::size_t{2}, std::size_t{5}, std::size_t{8}, std::size_t{12}}) {
    for (Direction dir : {Direction::forward, Direction::inverse}) {
      const auto x = random_gaussian<T>(n, g.seed() + n);
      std::vector<Complex<T>> y(n, Complex<T>{std::numeric_limits<T>::quiet_NaN(), std::numeric_limits<T>::quiet_NaN()});
      if (!g.guard(section, g.todo(todo), [&] {
            if (table) lab01::dft_table<T>(x, y, LAB01_MAKE_TWIDDLES<T>(n), dir);
            else lab01::dft_direct<T>(x, y, dir);
          }))
        return false;
      const auto want = reference_dft<T>(x, n, 1, dir);
      if (auto bad = first_wrong<T>(y, want, table ? tol_table<T>(n) : tol_direct<T>(n),
                                    [](std::size_t k) { return "out[" + std::to_string(k) + "]"; })) {
        g.fail(section, std::string("N = 1, 2, 5, 8, 12 (") + precision_name<T>() + ")",
               "N = " + std::to_string(n) + " " + to_string(dir) + ": " + *bad, g.todo(todo));
        return false;
      }
    }
  }
  g.pass(section, std::string("N = 1, 2, 5, 8, 12 (") + precision_name<T>() + ")");
  return true;
}

template <class T>
bool check_table(Grader& g) {
  const std::string section = "TODO 2: make_twiddles";
  for (std::size_t n : {std::size_t{1}, std::size_t{3}, std::size_t{8}, std::size_t{1000}, std::size_t{4096}}) {
    std::vector<Complex<T>> w;
    if (!g.guard(section, g.todo(2), [&] { w = LAB01_MAKE_TWIDDLES<T>(n); })) return false;
    if (w.size() != n) {
      g.fail(section, "w[m] = w(m, N)", "N = " + std::to_string(n) + ": the table has " + std::to_string(w.size()) + " entries, expected N", g.todo(2));
      return false;
    }
    std::vector<Complex<long double>> want(n);
    for (std::size_t m = 0; m < n; ++m) want[m] = twiddle_ld(static_cast<std::int64_t>(m), static_cast<std::int64_t>(n));
    // Each entry is one rounding of the exact value: a few eps, whatever m (a recurrence drifts).
    if (auto bad = first_wrong<T>(w, want, 4 * std::numeric_limits<T>::epsilon(),
                                  [](std::size_t m) { return "w[" + std::to_string(m) + "]"; })) {
      g.fail(section, std::string("w[m] = w(m, N), one rounding each (") + precision_name<T>() + ")", "N = " + std::to_string(n) + ": " + *bad, g.todo(2));
      return false;
    }
  }
  g.pass(section, std::string("w[m] = w(m, N), one rounding each (") + precision_name<T>() + ")");
  return true;
}

template <class T>
void suite(Grader& g, bool table) {
  conformance::Config c;
  c.refuse_batch_zero = false;
  c.sizes = sizes(g.quick());
  c.batch = 2;
  c.refused = {};
  c.tolerance = table ? tol_table<T> : tol_direct<T>;
  run_conformance<T>(g, table ? "dft_table (TODO 2 and 3), N = 1..40, primes, 2^k up to 2310" : "dft_direct (TODO 1), N = 1..40, primes, 2^k up to 2310",
                     [table](std::span<const Complex<T>> in, std::span<Complex<T>> out, std::size_t n, std::size_t batch, Direction dir) {
                       const auto w = table ? LAB01_MAKE_TWIDDLES<T>(n) : std::vector<Complex<T>>{};
                       for (std::size_t b = 0; b < batch; ++b) {
                         if (table) lab01::dft_table<T>(in.subspan(b * n, n), out.subspan(b * n, n), w, dir);
                         else lab01::dft_direct<T>(in.subspan(b * n, n), out.subspan(b * n, n), dir);
                       }
                     },
                     c, g.todo(table ? 3 : 1));
}

}  // namespace

int main(int argc, char** argv) {
  Grader g("01", "the DFT loop, then the twiddle table", argc, argv, LAB_IMPL_NAME);
  g.set_todo_file("01_dft/lab/lab01.hpp");
  try {
    first_look<float>(g, "TODO 1: dft_direct", 1, false);
    first_look<double>(g, "TODO 1: dft_direct", 1, false);
    check_table<float>(g);
    check_table<double>(g);
    first_look<float>(g, "TODO 3: dft_table", 3, true);
    first_look<double>(g, "TODO 3: dft_table", 3, true);
    suite<float>(g, false);
    suite<double>(g, false);
    suite<float>(g, true);
    suite<double>(g, true);
    g.info("GPU", "performance band", "not part of this lab (a CPU chapter): time it with ./course bench 01");
  } catch (const std::exception& e) {
    std::cerr << "lab 01: the grader itself failed: " << e.what() << "\n";
    return exit_error;
  }
  return g.finish();
}
