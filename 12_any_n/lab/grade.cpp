// Lab 12's grader: the radix-3 butterfly alone, the chirp alone, then whole transforms of any N
// built from them (3^k by mixed radix, primes by Bluestein), then the course's conformance suite
// in float and double.
#include LAB_IMPL

#include <array>
#include <cmath>
#include <iostream>
#include <limits>
#include <random>

#include "12_any_n/lab/fft.hpp"
#include "common/lab/lab_conformance.hpp"
#include "common/reference.hpp"
#include "common/signals.hpp"

using namespace course;
using namespace course::lab;

namespace {

template <Direction dir>
std::array<Complex<long double>, 3> dft3(const std::array<Complex<double>, 3>& a) {
  std::array<Complex<long double>, 3> y{};
  for (int k = 0; k < 3; ++k)
    for (int j = 0; j < 3; ++j) {
      auto w = twiddle_ld(j * k, 3);
      if (dir == Direction::inverse) w = conj(w);
      y[k] += Complex<long double>(a[j]) * w;
    }
  return y;
}

template <Direction dir>
bool check_butterfly(Grader& g) {
  const std::string section = "TODO 1: radix3_butterfly";
  const std::string name = std::string(to_string(dir)) + " butterfly on random inputs";
  std::mt19937_64 gen(g.seed() ^ 0x3);
  std::normal_distribution<double> nd;
  for (int trial = 0; trial < 50; ++trial) {
    std::array<Complex<double>, 3> a;
    for (auto& z : a) z = {nd(gen), nd(gen)};
    auto y = a;
    if (!g.guard(section, g.todo(1), [&] { lab12::radix3_butterfly<dir, double>(y[0], y[1], y[2]); })) return false;
    const auto want = dft3<dir>(a);
    for (int k = 0; k < 3; ++k) {
      const double err = static_cast<double>(std::hypot(y[k].re - want[k].re, y[k].im - want[k].im));
      if (!(err < 1e-12)) {
        std::string msg = std::string(to_string(dir)) + ", a = " + fmt(a[0]) + " " + fmt(a[1]) + " " + fmt(a[2]) + ": y" +
                          std::to_string(k) + " = " + fmt(y[k]) + ", expected " + fmt(Complex<double>(want[k])) +
                          " (off by " + fmt(err) + ")";
        const auto other = dft3<dir == Direction::forward ? Direction::inverse : Direction::forward>(a);
        auto matches = [&](const std::array<Complex<long double>, 3>& v) {
          for (int i = 0; i < 3; ++i)
            if (std::hypot(y[i].re - v[i].re, y[i].im - v[i].im) > 1e-12) return false;
          return true;
        };
        if (y == a) msg += ". The butterfly left its inputs unchanged";
        else if (matches(other)) msg += ". These are the other direction's outputs (y1 and y2 swapped): forward multiplies the difference a1 - a2 by -i sin(2 pi/3), inverse by +i";
        else if (std::hypot(y[0].re - want[0].re, y[0].im - want[0].im) < 1e-12)
          msg += ". y0 = a0 + a1 + a2 is right; in y1 and y2 check the real part a0 - (a1 + a2)/2 and the factor sqrt(3)/2";
        g.fail(section, name, msg, g.todo(1));
        return false;
      }
    }
  }
  g.pass(section, name);
  return true;
}

// The chirp against w(j^2 mod 2N, 2N) in long double, element by element.
template <class T>
bool check_chirp(Grader& g) {
  const std::string section = "TODO 2: bluestein_chirp";
  const std::string name = std::string("c[j] = exp(-pi i j^2 / N), ") + precision_name<T>() + ", N = 1 .. 999983";
  const double eps = static_cast<double>(std::numeric_limits<T>::epsilon());
  for (std::size_t n : {std::size_t{1}, std::size_t{2}, std::size_t{3}, std::size_t{11}, std::size_t{17}, std::size_t{1009},
                        std::size_t{65537}, std::size_t{999983}}) {
    std::vector<Complex<T>> c;
    if (!g.guard(section, g.todo(2), [&] { c = lab12::bluestein_chirp<T>(n); })) return false;
    if (c.size() != n) {
      g.fail(section, name, "N = " + std::to_string(n) + ": the chirp has " + std::to_string(c.size()) + " elements, expected N", g.todo(2));
      return false;
    }
    for (std::uint64_t j = 0; j < n; ++j) {
      const auto want = twiddle_ld(static_cast<std::int64_t>((j * j) % (2 * n)), static_cast<std::int64_t>(2 * n));
      const double err = static_cast<double>(std::hypot(c[j].re - want.re, c[j].im - want.im));
      if (!(err <= 2 * eps)) {
        std::string msg = "N = " + std::to_string(n) + ": c[" + std::to_string(j) + "] = " + fmt(c[j]) + ", expected " +
                          fmt(Complex<double>(want)) + " (off by " + fmt(err) + ")";
        const auto full = twiddle_ld(static_cast<std::int64_t>((j * j) % n), static_cast<std::int64_t>(n));
        if (std::hypot(c[j].re - full.re, c[j].im - full.im) <= 2 * eps)
          msg += ". That is exp(-2 pi i j^2 / N): the angle is half that (nk = (n^2 + k^2 - (k-n)^2) / 2), so reduce j^2 mod 2N over 2N";
        else if (std::hypot(c[j].re - want.re, c[j].im + want.im) <= 2 * eps)
          msg += ". That is the conjugate: the forward chirp is exp(-pi i j^2 / N)";
        else if (err < 0.01)
          msg += ". Close but not exact: an angle pi j^2 / N formed in floating point loses bits as j^2 grows; reduce j^2 mod 2N in integers first";
        g.fail(section, name, msg, g.todo(2));
        return false;
      }
    }
  }
  g.pass(section, name);
  return true;
}

// Whole transforms, forward, against FFTW in long double: 3^k by mixed radix (TODO 1), primes by
// Bluestein (TODO 2).
template <class T>
void check_whole(Grader& g) {
  const std::string section = std::string("whole transforms (") + precision_name<T>() + ")";
  for (std::size_t n : {std::size_t{3}, std::size_t{9}, std::size_t{27}, std::size_t{243}, std::size_t{2187}, std::size_t{5}, std::size_t{17},
                        std::size_t{1009}, std::size_t{65537}}) {
    const auto x = random_gaussian<T>(n, g.seed() + n);
    std::vector<Complex<T>> y(n);
    std::unique_ptr<lab12::LabPlan<T>> plan;
    const int todo = anyn::is_smooth(n) ? 1 : 2;
    if (!g.guard(section, g.todo(todo), [&] {
          plan = std::make_unique<lab12::LabPlan<T>>(n);
          plan->execute(x, y, Direction::forward);
        }))
      return;
    const auto want = reference_dft<T>(x, n, 1, Direction::forward);
    const double tol = anyn::is_smooth(n) ? tolerance<T>(n) : 2 * tolerance<T>(anyn::convolution_length(n));
    const auto bad = first_wrong<T>(y, want, tol, [](std::size_t i) { return "X[" + std::to_string(i) + "]"; });
    if (bad) {
      const std::string how = anyn::is_smooth(n) ? "mixed radix with your butterfly" : "Bluestein with your chirp";
      g.fail(section, "N = " + std::to_string(n) + " forward (" + how + ")", *bad, g.todo(todo));
      return;
    }
  }
  g.pass(section, "N = 3, 9, 27, 243, 2187 (radix 3) and 5, 17, 1009, 65537 (Bluestein), forward");
}

template <class T>
void check_conformance(Grader& g) {
  conformance::Config c;
  c.refuse_batch_zero = false;
  for (std::size_t n = 1; n <= (g.quick() ? 60u : 200u); ++n) c.sizes.push_back(n);
  for (std::size_t n : {243, 729, 1000, 1009, 2187, 4096}) c.sizes.push_back(n);
  c.batch = 2;
  c.tolerance = [](std::size_t n) { return anyn::is_smooth(n) ? tolerance<T>(n) : 2 * tolerance<T>(anyn::convolution_length(n)); };
  c.refused = {0, (std::size_t{1} << 25) + 1};
  const std::string todo = g.section_failed("TODO 1: radix3_butterfly") ? g.todo(1) : g.todo(2);
  run_conformance<T>(g, "any N from your pieces, N = 1.." + std::to_string(g.quick() ? 60 : 200) + " and 243 .. 4096",
                     [](std::span<const Complex<T>> in, std::span<Complex<T>> out, std::size_t n, std::size_t batch, Direction dir) {
                       const lab12::LabPlan<T> plan(n);
                       for (std::size_t b = 0; b < batch; ++b) plan.execute(in.subspan(b * n, n), out.subspan(b * n, n), dir);
                     },
                     c, todo);
}

}  // namespace

int main(int argc, char** argv) {
  Grader g("12", "the radix-3 butterfly and Bluestein's chirp", argc, argv, LAB_IMPL_NAME);
  g.set_todo_file("12_any_n/lab/lab12.hpp");
  try {
    check_butterfly<Direction::forward>(g);
    check_butterfly<Direction::inverse>(g);
    check_chirp<float>(g);
    check_chirp<double>(g);
    check_whole<float>(g);
    check_whole<double>(g);
    check_conformance<float>(g);
    check_conformance<double>(g);
    g.info("GPU", "performance band", "not part of this lab (the CPU part of 12): time it with ./course bench 12");
  } catch (const std::exception& e) {
    std::cerr << "lab 12: the grader itself failed: " << e.what() << "\n";
    return exit_error;
  }
  return g.finish();
}
