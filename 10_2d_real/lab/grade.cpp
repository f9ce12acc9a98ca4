// Lab 10's grader: even_odd and combine alone per bin, their composition against 10's own
// r2c_split, then the whole R2C (pack, one M-point FFT from chapter 03, your split) against the
// exact spectrum of random real signals, impulses and tones, N = 2..2^14, float and double.
#include LAB_IMPL

#include <iostream>
#include <random>

#include "03_iterative/iterative.hpp"
#include "10_2d_real/real_split.hpp"
#include "common/lab/gpu_part.hpp"
#include "common/lab/lab_conformance.hpp"

#include "10_2d_real/lab/kernel.hpp"

using namespace course;
using namespace course::lab;

namespace {

template <class T>
bool check_bins(Grader& g) {
  const std::string p = precision_name<T>();
  std::mt19937_64 gen(g.seed());
  std::normal_distribution<double> nd;
  for (int trial = 0; trial < 100; ++trial) {
    const Complex<T> zk(static_cast<T>(nd(gen)), static_cast<T>(nd(gen))), zmk(static_cast<T>(nd(gen)), static_cast<T>(nd(gen)));
    Complex<T> E{T(7), T(7)}, O{T(7), T(7)};
    LAB10_EVEN_ODD<T>(zk, zmk, E, O);
    using L = Complex<long double>;
    const L c = conj(L(zmk)), e = (L(zk) + c) * 0.5L, o = mul_neg_i(L(zk) - c) * 0.5L;
    const double tol = 8 * std::numeric_limits<T>::epsilon();
    auto off = [](Complex<T> a, L b) { return static_cast<double>(std::hypot(a.re - b.re, a.im - b.im) / std::max<long double>(1, std::hypot(b.re, b.im))); };
    if (off(E, e) > tol || off(O, o) > tol) {
      g.fail("TODO 1: even_odd (" + p + ")", "E and O from Z[k], Z[M-k]",
             "Z[k] = " + fmt(zk) + ", Z[M-k] = " + fmt(zmk) + ": E = " + fmt(E) + ", O = " + fmt(O) + "; expected E = " +
                 fmt(Complex<double>(e)) + ", O = " + fmt(Complex<double>(o)) + (E == Complex<T>{T(7), T(7)} ? " (E, O never written)" : ""),
             g.todo(1));
      return false;
    }
  }
  g.pass("TODO 1: even_odd (" + p + ")", "E and O from Z[k], Z[M-k]");
  for (int trial = 0; trial < 100; ++trial) {
    const Complex<T> E(static_cast<T>(nd(gen)), static_cast<T>(nd(gen))), O(static_cast<T>(nd(gen)), static_cast<T>(nd(gen)));
    const std::int64_t n = 2 << (trial % 12), k = static_cast<std::int64_t>(gen() % static_cast<std::uint64_t>(n / 2 + 1));
    const Complex<T> w = twiddle<T>(k, n), got = lab10::combine<T>(E, O, w);
    const Complex<long double> want = Complex<long double>(E) + Complex<long double>(w) * Complex<long double>(O);
    if (std::hypot(got.re - want.re, got.im - want.im) > 8 * std::numeric_limits<T>::epsilon() * (1 + std::hypot(want.re, want.im))) {
      g.fail("TODO 2: combine (" + p + ")", "X[k] = E + w(k, N) O",
             "N = " + std::to_string(n) + ", k = " + std::to_string(k) + ", E = " + fmt(E) + ", O = " + fmt(O) + ": X[k] = " + fmt(got) +
                 ", expected " + fmt(Complex<double>(want)),
             g.todo(2));
      return false;
    }
  }
  g.pass("TODO 2: combine (" + p + ")", "X[k] = E + w(k, N) O");
  return true;
}

// The whole R2C: X[0..M] of N real samples.
template <class T>
std::vector<Complex<T>> r2c(const std::vector<T>& x, bool yours) {
  const std::size_t n = x.size(), m = n / 2;
  std::vector<Complex<T>> z(m);
  for (std::size_t i = 0; i < m; ++i) z[i] = {x[2 * i], x[2 * i + 1]};
  iterative::Radix2Plan<T>(m).execute(z, Direction::forward);
  std::vector<Complex<T>> X(m + 1);
  for (std::size_t k = 0; k <= m; ++k) {
    const Complex<T> zk = z[k % m], zmk = z[(m - k) % m], w = twiddle<T>(static_cast<std::int64_t>(k), static_cast<std::int64_t>(n));
    if (yours) {
      Complex<T> E, O;
      LAB10_EVEN_ODD<T>(zk, zmk, E, O);
      X[k] = lab10::combine<T>(E, O, w);
    } else {
      X[k] = twod::r2c_split<T>(zk, zmk, w);
    }
  }
  return X;
}

template <class T>
void check_r2c(Grader& g) {
  const std::string section = std::string("R2C with your split (") + precision_name<T>() + ")";
  std::mt19937_64 gen(g.seed() + sizeof(T));
  std::normal_distribution<double> nd;
  std::size_t checks = 0;
  for (unsigned log2n = 1; log2n <= (g.quick() ? 10u : 14u); ++log2n) {
    const std::size_t n = std::size_t{1} << log2n, m = n / 2;
    for (int kind = 0; kind < 3; ++kind) {
      std::vector<T> x(n);
      std::string what;
      if (kind == 0) { for (auto& v : x) v = static_cast<T>(nd(gen)); what = "random"; }
      else if (kind == 1) { const std::size_t at = gen() % n; x[at] = 1; what = "impulse at " + std::to_string(at); }
      else { const std::size_t f = gen() % n; for (std::size_t j = 0; j < n; ++j) x[j] = static_cast<T>(twiddle_ld(static_cast<std::int64_t>(f * j % n), static_cast<std::int64_t>(n)).re); what = "cosine of frequency " + std::to_string(f); }
      std::vector<Complex<T>> xc(n);
      for (std::size_t j = 0; j < n; ++j) xc[j] = {x[j], 0};
      const auto full = reference_dft<T>(xc, n, 1, Direction::forward);
      std::vector<Complex<long double>> want(full.begin(), full.begin() + m + 1);
      const auto got = r2c<T>(x, true);
      ++checks;
      if (auto bad = first_wrong<T>(got, want, 8 * tolerance<T>(n), [](std::size_t k) { return "X[" + std::to_string(k) + "]"; })) {
        g.fail(section, "N = 2..2^" + std::to_string(g.quick() ? 10 : 14) + ": random, impulse, cosine",
               "N = " + std::to_string(n) + ", " + what + ": " + *bad, g.todo(1));
        return;
      }
      // The same as 10's own r2c_split, bin for bin (to rounding).
      const auto ch = r2c<T>(x, false);
      std::vector<Complex<long double>> chl(ch.begin(), ch.end());
      if (auto bad = first_wrong<T>(got, chl, 4 * tolerance<T>(n), [](std::size_t k) { return "X[" + std::to_string(k) + "]"; })) {
        g.fail(section, "agrees with 10's r2c_split", "N = " + std::to_string(n) + ": " + *bad, g.todo(2));
        return;
      }
    }
  }
  g.pass(section, "N = 2..2^" + std::to_string(g.quick() ? 10 : 14) + ": random, impulse, cosine (" + std::to_string(checks) + " spectra), and 10's r2c_split bin for bin");
}

}  // namespace

#if defined(LAB_WITH_GPU)
void lab10_gpu_part(Grader& g);
#endif

int main(int argc, char** argv) {
  Grader g("10", "the R2C split", argc, argv, LAB_IMPL_NAME);
  g.set_todo_file("10_2d_real/lab/lab10.hpp");
  try {
    const bool f = check_bins<float>(g);
    const bool d = check_bins<double>(g);
    (void)f; (void)d;
    check_r2c<float>(g);
    check_r2c<double>(g);
#if defined(LAB_WITH_GPU)
    if (g.failures() == 0) lab10_gpu_part(g);
    else g.skip("GPU", "device run and performance band", "not run until the emulated checks pass");
#else
    gpu_not_built(g);
#endif
  } catch (const std::exception& e) {
    std::cerr << "lab 10: the grader itself failed: " << e.what() << "\n";
    return exit_error;
  }
  return g.finish();
}
