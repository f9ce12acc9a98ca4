// The shared conformance suite: every chapter's test calls check_conformance<T>() with its
// transform, the sizes it supports and the sizes it must refuse.
//
// The transform is any callable
//     void(std::span<const Complex<T>> in, std::span<Complex<T>> out,
//          std::size_t n, std::size_t batch, Direction dir)
// that writes `batch` contiguous transforms of size n from in to out (in.size() == n * batch).
// GPU chapters adapt their device plans to this by copying in and out around execute.
//
// Every output is poisoned with NaN before the call, so an element the transform never writes
// fails as loudly as a wrong one. The suite returns a report instead of asserting, so that its
// own tests can feed it broken transforms and require each defect to be caught.
#pragma once

#include <cctype>
#include <cmath>
#include <cstdint>
#include <exception>
#include <functional>
#include <limits>
#include <sstream>
#include <string>
#include <vector>

#include "common/complex.hpp"
#include "common/metrics.hpp"
#include "common/reference.hpp"
#include "common/signals.hpp"
#include "common/twiddle.hpp"

namespace course::conformance {

template <class T>
using TransformFn = std::function<void(std::span<const Complex<T>>, std::span<Complex<T>>, std::size_t,
                                       std::size_t, Direction)>;

struct Config {
  std::vector<std::size_t> sizes;        // every size the chapter supports and wants checked
  std::size_t batch = 1;                 // > 1: also check batched transforms of this count
  std::vector<std::size_t> refused;      // sizes that must throw, naming the size, writing nothing
  std::function<double(std::size_t)> tolerance;  // relative L2 bound; default tolerance<T>(n)
  std::size_t all_checks_up_to = 1 << 12;  // above: reference and round trip only (keeps CI short)
  bool refuse_batch_zero = true;         // batch = 0 must be refused too (naming the batch)
  std::uint64_t seed = fresh_seed();
};

struct Report {
  std::vector<std::string> failures;
  std::size_t checks = 0;
  std::uint64_t seed = 0;
  bool passed() const { return failures.empty() && checks > 0; }
  std::string summary() const {
    std::ostringstream s;
    s << checks << " checks, " << failures.size() << " failed (COURSE_SEED=" << seed << " replays)";
    for (const auto& f : failures) s << "\n  - " << f;
    return s.str();
  }
};

inline std::vector<std::size_t> powers_of_two(unsigned kmin, unsigned kmax) {
  std::vector<std::size_t> v;
  for (unsigned k = kmin; k <= kmax; ++k) v.push_back(std::size_t{1} << k);
  return v;
}

namespace detail {

template <class T>
std::vector<Complex<T>> poisoned(std::size_t count) {
  const T nan = std::numeric_limits<T>::quiet_NaN();
  return std::vector<Complex<T>>(count, Complex<T>{nan, nan});
}

template <class T>
class Runner {
 public:
  Runner(TransformFn<T> fn, const Config& cfg) : fn_(std::move(fn)), cfg_(cfg) { report_.seed = cfg.seed; }

  Report run() {
    std::uint64_t seed = cfg_.seed;
    for (std::size_t n : cfg_.sizes) {
      const double tol = cfg_.tolerance ? cfg_.tolerance(n) : tolerance<T>(n);
      check_size(n, 1, tol, seed++);
      if (cfg_.batch > 1) check_batch(n, cfg_.batch, tol, seed++);
    }
    for (std::size_t n : cfg_.refused) check_refused(n);
    if (cfg_.refuse_batch_zero && !cfg_.sizes.empty()) check_batch_zero(cfg_.sizes.front());
    return report_;
  }

 private:
  // Runs the transform on a poisoned output; records (and returns empty) if it throws.
  bool call(std::span<const Complex<T>> in, std::vector<Complex<T>>& out, std::size_t n, std::size_t batch,
            Direction dir, const std::string& what) {
    out = poisoned<T>(n * batch);
    try {
      fn_(in, out, n, batch, dir);
    } catch (const std::exception& e) {
      fail(what, n, std::string("threw: ") + e.what());
      return false;
    }
    std::size_t unwritten = 0, first = 0;
    for (std::size_t i = 0; i < out.size(); ++i)
      if (!std::isfinite(out[i].re) || !std::isfinite(out[i].im)) { if (!unwritten++) first = i; }
    if (unwritten) {
      fail(what, n, std::to_string(unwritten) + " output element(s) not finite (unwritten?), first at index " + std::to_string(first));
      return false;
    }
    return true;
  }

  void fail(const std::string& what, std::size_t n, const std::string& detail) {
    report_.failures.push_back(std::string(precision_name<T>()) + " N=" + std::to_string(n) + " " + what + ": " + detail);
  }

  void expect_close(const std::string& what, std::size_t n, double err, double tol) {
    ++report_.checks;
    if (!(err <= tol)) {
      std::ostringstream s;
      s << "relative error " << err << " > tolerance " << tol;
      fail(what, n, s.str());
    }
  }

  template <class A, class B>
  void compare(const std::string& what, std::size_t n, const std::vector<Complex<A>>& got,
               const std::vector<Complex<B>>& want, double tol) {
    expect_close(what, n, rel_l2_error<A, B>(got, want), tol);
  }

  void check_size(std::size_t n, std::size_t, double tol, std::uint64_t seed) {
    const auto x = random_gaussian<T>(n, seed);
    std::vector<Complex<T>> X, y;

    // 1. Agreement with the long-double reference, forward and inverse.
    if (!call(x, X, n, 1, Direction::forward, "forward")) return;
    compare("forward vs reference", n, X, reference_dft<T>(x, n, 1, Direction::forward), tol);
    const auto u = random_uniform<T>(n, seed ^ 0x9e3779b97f4a7c15ull);
    if (call(u, y, n, 1, Direction::inverse, "inverse"))
      compare("inverse vs reference", n, y, reference_dft<T>(u, n, 1, Direction::inverse), tol);

    // 2. inverse(forward(x)) == N x (unnormalised convention).
    if (call(X, y, n, 1, Direction::inverse, "inverse of forward")) {
      std::vector<Complex<long double>> nx(n);
      for (std::size_t i = 0; i < n; ++i) nx[i] = Complex<long double>(x[i]) * static_cast<long double>(n);
      compare("inverse(forward(x)) == N x", n, y, nx, 2 * tol);
    }
    if (n > cfg_.all_checks_up_to) return;

    // 3. Linearity: F(a x + b v) == a F(x) + b F(v), with complex a, b.
    const Complex<T> a{T(0.75), T(-0.5)}, b{T(-1.25), T(0.25)};
    const auto v = random_uniform<T>(n, seed + 17);
    std::vector<Complex<T>> mix(n), V, M;
    for (std::size_t i = 0; i < n; ++i) mix[i] = a * x[i] + b * v[i];
    if (call(v, V, n, 1, Direction::forward, "forward") && call(mix, M, n, 1, Direction::forward, "forward")) {
      // Relative to the size of the two terms, not of their sum: a x + b v may cancel (at small
      // N it often does), and then the rounding of forming the mix in T dominates the sum.
      long double diff = 0, scale_x = 0, scale_v = 0;
      for (std::size_t i = 0; i < n; ++i) {
        const auto want = Complex<long double>(a) * Complex<long double>(X[i]) + Complex<long double>(b) * Complex<long double>(V[i]);
        diff += norm(Complex<long double>(M[i]) - want);
        scale_x += norm(Complex<long double>(X[i]));
        scale_v += norm(Complex<long double>(V[i]));
      }
      const long double scale = std::sqrt(norm(Complex<long double>(a)) * scale_x) + std::sqrt(norm(Complex<long double>(b)) * scale_v);
      expect_close("linearity", n, static_cast<double>(std::sqrt(diff) / scale), 2 * tol);
    }

    // 4. Parseval: sum |X|^2 == N sum |x|^2.
    {
      long double ex = 0, eX = 0;
      for (std::size_t i = 0; i < n; ++i) { ex += norm(Complex<long double>(x[i])); eX += norm(Complex<long double>(X[i])); }
      expect_close("Parseval", n, static_cast<double>(std::fabs(eX - n * ex) / (n * ex)), 2 * tol);
    }

    // 5. Impulse at m: X[k] == w(m k, N), exactly known.
    const std::size_t m = static_cast<std::size_t>(seed % n);
    const auto d = impulse<T>(n, m);
    if (call(d, y, n, 1, Direction::forward, "impulse")) {
      std::vector<Complex<long double>> want(n);
      for (std::size_t k = 0; k < n; ++k) want[k] = twiddle_ld(static_cast<std::int64_t>((m * k) % n), static_cast<std::int64_t>(n));
      compare("impulse theorem (delta at " + std::to_string(m) + ")", n, y, want, tol);
    }

    // 6. Shift: x[j - m] transforms to X[k] w(m k, N).
    std::vector<Complex<T>> xs(n);
    for (std::size_t j = 0; j < n; ++j) xs[(j + m) % n] = x[j];
    if (call(xs, y, n, 1, Direction::forward, "shifted")) {
      std::vector<Complex<long double>> want(n);
      for (std::size_t k = 0; k < n; ++k)
        want[k] = Complex<long double>(X[k]) * twiddle_ld(static_cast<std::int64_t>((m * k) % n), static_cast<std::int64_t>(n));
      compare("shift theorem (by " + std::to_string(m) + ")", n, y, want, 2 * tol);
    }
  }

  // Batched: `batch` different signals in one call, each must match its own reference.
  void check_batch(std::size_t n, std::size_t batch, double tol, std::uint64_t seed) {
    const auto x = random_gaussian<T>(n * batch, seed);
    for (Direction dir : {Direction::forward, Direction::inverse}) {
      std::vector<Complex<T>> y;
      if (!call(x, y, n, batch, dir, std::string("batched ") + to_string(dir))) continue;
      const auto want = reference_dft<T>(x, n, batch, dir);
      for (std::size_t b = 0; b < batch; ++b) {
        std::span<const Complex<T>> got(y.data() + b * n, n);
        std::span<const Complex<long double>> ref(want.data() + b * n, n);
        expect_close("batched " + std::string(to_string(dir)) + " transform " + std::to_string(b) + " of " + std::to_string(batch),
                     n, rel_l2_error<T, long double>(got, ref), tol);
      }
    }
  }

  // A refused size must throw, name the size in its message, and write nothing.
  void check_refused(std::size_t n) {
    ++report_.checks;
    const std::size_t count = std::max<std::size_t>(n, 1);
    // Large refused sizes are checked without allocating them: the transform must refuse
    // from n alone, before it looks at the data.
    const std::size_t alloc = count <= (std::size_t{1} << 22) ? count : 1;
    const auto x = random_uniform<T>(alloc, 7);
    auto out = poisoned<T>(alloc);
    try {
      fn_(std::span<const Complex<T>>(x.data(), alloc), std::span<Complex<T>>(out.data(), alloc), n, 1, Direction::forward);
    } catch (const std::exception& e) {
      const std::string msg = e.what();
      // "N = 3", not merely a 3 somewhere (a limit like "2^13" would match that).
      if (!names_size(msg, n)) fail("refused size", n, "message does not name the size (as \"N = " + std::to_string(n) + "\"): \"" + msg + "\"");
      for (const auto& z : out)
        if (!std::isnan(z.re) || !std::isnan(z.im)) { fail("refused size", n, "wrote output before refusing"); break; }
      return;
    }
    fail("refused size", n, "was accepted; this size must be refused with an exception");
  }

  // The size must be named as a value, "N = 3" (or "cols = 3" for a 2D chapter's rows of one),
  // not merely as a digit somewhere: a limit like "k = 0..13" would otherwise name 0 and 3.
  static bool names_size(const std::string& msg, std::size_t n) {
    const std::string digits = std::to_string(n);
    for (const char* name : {"N", "n", "size", "cols", "rows", "points"}) {
      const std::string key = name;
      for (std::size_t at = msg.find(key); at != std::string::npos; at = msg.find(key, at + 1)) {
        if (at > 0 && std::isalnum(static_cast<unsigned char>(msg[at - 1]))) continue;  // part of a word
        std::size_t i = at + key.size();
        while (i < msg.size() && msg[i] == ' ') ++i;
        if (i >= msg.size() || msg[i] != '=') continue;
        ++i;
        while (i < msg.size() && msg[i] == ' ') ++i;
        if (msg.compare(i, digits.size(), digits) == 0 &&
            (i + digits.size() == msg.size() || !std::isdigit(static_cast<unsigned char>(msg[i + digits.size()]))))
          return true;
      }
    }
    return false;
  }

  // A batch of zero transforms is refused, naming the batch, before anything is written.
  void check_batch_zero(std::size_t n) {
    ++report_.checks;
    const auto x = random_uniform<T>(n, 11);
    auto out = poisoned<T>(n);
    try {
      fn_(std::span<const Complex<T>>(x.data(), 0), std::span<Complex<T>>(out.data(), 0), n, 0, Direction::forward);
    } catch (const std::exception& e) {
      if (std::string(e.what()).find("batch") == std::string::npos)
        fail("refused batch 0", n, std::string("message does not name the batch: \"") + e.what() + "\"");
      return;
    }
    fail("refused batch 0", n, "batch = 0 was accepted; it must be refused with an exception");
  }

  TransformFn<T> fn_;
  Config cfg_;
  Report report_;
};

}  // namespace detail

template <class T>
Report check_conformance(TransformFn<T> fn, const Config& cfg) {
  return detail::Runner<T>(std::move(fn), cfg).run();
}

}  // namespace course::conformance
