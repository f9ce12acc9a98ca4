// Lab 02's grader: the split alone, the combine alone on exact half transforms (every output
// index named when wrong), the recursion built from them level by level, then the conformance
// suite in float and double. The chapter's own plan (RecursivePlan) is graded beside it.
#include LAB_IMPL

#include <iostream>

#include "02_recursive/recursive.hpp"
#include "common/lab/lab_conformance.hpp"

#ifndef LAB02_COMBINE
#define LAB02_COMBINE lab02::combine
#endif

using namespace course;
using namespace course::lab;

namespace {

// The recursion (given): out of place into scratch, depth-first.
template <class T>
void fft(std::span<Complex<T>> x, Direction dir) {
  const std::size_t n = x.size();
  if (n == 1) return;
  std::vector<Complex<T>> even(n / 2), odd(n / 2);
  lab02::split_even_odd<T>(x, even, odd);
  fft<T>(even, dir);
  fft<T>(odd, dir);
  LAB02_COMBINE<T>(even, odd, x, dir);
}

template <class T>
bool check_split(Grader& g) {
  const std::string section = "TODO 1: split_even_odd";
  for (std::size_t n : {2, 4, 8, 64}) {
    std::vector<Complex<T>> x(n), even(n / 2, Complex<T>(-1, -1)), odd(n / 2, Complex<T>(-1, -1));
    for (std::size_t i = 0; i < n; ++i) x[i] = Complex<T>(static_cast<T>(i), 0);
    if (!g.guard(section, g.todo(1), [&] { lab02::split_even_odd<T>(x, even, odd); })) return false;
    for (std::size_t j = 0; j < n / 2; ++j) {
      auto holds = [](Complex<T> z) { return z.re < 0 ? std::string("nothing (never written)") : "x[" + fmt(z.re) + "]"; };
      std::string bad;
      if (even[j].re != static_cast<T>(2 * j)) bad = "even[" + std::to_string(j) + "] holds " + holds(even[j]) + ", expected x[" + std::to_string(2 * j) + "]";
      else if (odd[j].re != static_cast<T>(2 * j + 1)) bad = "odd[" + std::to_string(j) + "] holds " + holds(odd[j]) + ", expected x[" + std::to_string(2 * j + 1) + "]";
      if (!bad.empty()) {
        g.fail(section, "even[j] = x[2j], odd[j] = x[2j+1]", "N = " + std::to_string(n) + ": " + bad, g.todo(1));
        return false;
      }
    }
  }
  g.pass(section, "even[j] = x[2j], odd[j] = x[2j+1]");
  return true;
}

template <class T>
bool check_combine(Grader& g) {
  const std::string section = std::string("TODO 2: combine (") + precision_name<T>() + ")";
  for (std::size_t n : {2, 4, 8, 16, 256}) {
    for (Direction dir : {Direction::forward, Direction::inverse}) {
      const auto x = random_gaussian<T>(n, g.seed() + n);
      std::vector<Complex<T>> ev(n / 2), od(n / 2);
      for (std::size_t j = 0; j < n / 2; ++j) { ev[j] = x[2 * j]; od[j] = x[2 * j + 1]; }
      // Exact half transforms, rounded to T: only the combine is under test.
      auto rounded = [&](const std::vector<Complex<T>>& v) {
        const auto r = reference_dft<T>(v, v.size(), 1, dir);
        std::vector<Complex<T>> out(v.size());
        for (std::size_t i = 0; i < v.size(); ++i) out[i] = Complex<T>(static_cast<T>(r[i].re), static_cast<T>(r[i].im));
        return out;
      };
      const auto E = rounded(ev), O = rounded(od);
      const T nan = std::numeric_limits<T>::quiet_NaN();
      std::vector<Complex<T>> out(n, Complex<T>{nan, nan});
      if (!g.guard(section, g.todo(2), [&] { LAB02_COMBINE<T>(E, O, out, dir); })) return false;
      if (auto bad = first_wrong<T>(out, reference_dft<T>(x, n, 1, dir), 8 * tolerance<T>(n), [&](std::size_t k) {
            return "out[" + std::to_string(k) + "] (" + (k < n / 2 ? "E[" + std::to_string(k) + "] + w O[" + std::to_string(k) + "]" : "E[" + std::to_string(k - n / 2) + "] - w O[" + std::to_string(k - n / 2) + "]") + ")";
          })) {
        g.fail(section, "one combine on exact half transforms", "N = " + std::to_string(n) + " " + to_string(dir) + ": " + *bad, g.todo(2));
        return false;
      }
    }
  }
  g.pass(section, "one combine on exact half transforms, N = 2..256, both directions");
  return true;
}

conformance::Config config(bool quick) {
  conformance::Config c;
  c.refuse_batch_zero = false;
  c.sizes = conformance::powers_of_two(0, quick ? 10 : 14);
  c.batch = 3;
  c.refused = {0, 3, 12, 1000, std::size_t{1} << 27};
  return c;
}

template <class T>
void suite(Grader& g) {
  run_conformance<T>(g, "your recursive FFT, N = 2^0..2^" + std::to_string(g.quick() ? 10 : 14),
                     [](std::span<const Complex<T>> in, std::span<Complex<T>> out, std::size_t n, std::size_t batch, Direction dir) {
                       recursive::require_size(n);
                       for (std::size_t b = 0; b < batch; ++b) {
                         std::copy(in.begin() + b * n, in.begin() + (b + 1) * n, out.begin() + b * n);
                         fft<T>(out.subspan(b * n, n), dir);
                       }
                     },
                     config(g.quick()), g.todo(2));
}

}  // namespace

int main(int argc, char** argv) {
  Grader g("02", "the recursion's combine step", argc, argv, LAB_IMPL_NAME);
  g.set_todo_file("02_recursive/lab/lab02.hpp");
  try {
    check_split<float>(g);
    check_combine<float>(g);
    check_combine<double>(g);
    suite<float>(g);
    suite<double>(g);
    g.info("GPU", "performance band", "not part of this lab (a CPU chapter): compare with the chapter's plan in ./course bench 02");
  } catch (const std::exception& e) {
    std::cerr << "lab 02: the grader itself failed: " << e.what() << "\n";
    return exit_error;
  }
  return g.finish();
}
