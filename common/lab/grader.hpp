// The labs' grader: a list of checks in the student's terms (which TODO, which index, stage or
// thread, by how much), printed as it goes and written at the end as markdown and JSON.
//
// Every lab's grade.cpp makes one Grader, runs its checks through it and returns finish().
// Exit codes (the CI proof in expect.cmake tells a wrong answer from a crash by them):
//   0 passed, 1 wrong answer (a check failed), 2 bad command line, 3 the grader itself failed.
// A GPU check with no device is recorded as skipped, never as passed.
#pragma once

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "common/complex.hpp"

namespace course::lab {

enum Exit : int { exit_passed = 0, exit_wrong = 1, exit_usage = 2, exit_error = 3 };

enum class Status { pass, fail, skip, info };

struct Check {
  std::string section;   // "TODO 1: bit reversal", "conformance (float)", "GPU", ...
  std::string name;
  Status status;
  std::string message;   // what happened, in the student's terms
  std::string todo;      // where to look ("TODO 2 in 03_iterative/lab/lab03.hpp"), for failures
};

class Grader {
 public:
  // Parses --seed S, --report-dir D, --impl NAME (the driver passes these); prints the header.
  // `impl` names what this executable grades (the build sets it: student, planted, reference, slow).
  Grader(std::string lab, std::string title, int argc, char** argv, std::string impl = "student");

  std::uint64_t seed() const { return seed_; }
  const std::string& lab() const { return lab_; }
  const std::string& impl() const { return impl_; }   // student, planted, reference, slow
  bool quick() const { return quick_; }   // --quick: smaller sizes, no performance band (sanitizer runs)

  // Where a TODO is: "TODO 2 (03_iterative/lab/lab03.hpp)".
  std::string todo(int number) const;
  void set_todo_file(std::string file) { todo_file_ = std::move(file); }

  void pass(const std::string& section, const std::string& name, const std::string& message = "");
  void fail(const std::string& section, const std::string& name, const std::string& message, const std::string& todo);
  void skip(const std::string& section, const std::string& name, const std::string& why);
  void info(const std::string& section, const std::string& name, const std::string& message);
  // A boolean check: pass, or fail with the message.
  bool expect(bool ok, const std::string& section, const std::string& name, const std::string& message,
              const std::string& todo);
  // Runs f; an exception thrown by the student's code is a failure of that section.
  bool guard(const std::string& section, const std::string& todo, const std::function<void()>& f);

  std::size_t failures() const;
  bool section_failed(const std::string& section) const;
  // Extra key/values for the JSON (timings, band).
  void metric(const std::string& key, double value) { metrics_.emplace_back(key, value); }

  // Prints the summary, writes <report-dir>/<lab>.md and .json, returns the exit code.
  int finish();

 private:
  void record(Check c);
  std::string lab_, title_, impl_ = "student", report_dir_, todo_file_;
  std::uint64_t seed_ = 0;
  bool quick_ = false;
  std::vector<Check> checks_;
  std::vector<std::pair<std::string, double>> metrics_;
};

std::string fmt(double v);
template <class T>
std::string fmt(Complex<T> z) {
  std::ostringstream s;
  s.precision(6);
  s << "(" << static_cast<double>(z.re) << ", " << static_cast<double>(z.im) << ")";
  return s.str();
}

// Compares an output with the exact answer element by element. Passes when the relative L2 error
// is within tol; else names the first output index that is wrong (by more than a small share of
// the typical magnitude), what it held, what it should hold, how many are wrong and the error.
// `name_of(i)` names element i in the lab's words (default "y[i]"); `who(i)` may add who wrote it.
template <class T>
std::optional<std::string> first_wrong(std::span<const Complex<T>> got, std::span<const Complex<long double>> want,
                                       double tol, std::function<std::string(std::size_t)> name_of = {},
                                       std::function<std::string(std::size_t)> who = {}) {
  if (got.size() != want.size())
    return "the output has " + std::to_string(got.size()) + " elements, expected " + std::to_string(want.size());
  long double num = 0, den = 0;
  bool nonfinite = false;
  for (std::size_t i = 0; i < got.size(); ++i) {
    if (!std::isfinite(got[i].re) || !std::isfinite(got[i].im)) { nonfinite = true; continue; }
    const long double dr = got[i].re - want[i].re, di = got[i].im - want[i].im;
    num += dr * dr + di * di;
    den += want[i].re * want[i].re + want[i].im * want[i].im;
  }
  const double rel = den > 0 ? static_cast<double>(std::sqrt(num / den)) : static_cast<double>(std::sqrt(num));
  if (!nonfinite && rel <= tol) return std::nullopt;
  const long double rms = got.empty() ? 1 : std::sqrt(den / got.size());
  const long double bad_above = std::max<long double>(rms * std::max(tol, 1e-12) * 8, 1e-30L);
  std::size_t first = got.size(), count = 0;
  long double first_err = 0;
  for (std::size_t i = 0; i < got.size(); ++i) {
    long double err;
    if (!std::isfinite(got[i].re) || !std::isfinite(got[i].im)) err = INFINITY;
    else err = std::hypot(got[i].re - want[i].re, got[i].im - want[i].im);
    if (err > bad_above) {
      if (first == got.size()) { first = i; first_err = err; }
      ++count;
    }
  }
  if (first == got.size()) first = 0;
  std::ostringstream s;
  s.precision(4);
  const std::string name = name_of ? name_of(first) : "y[" + std::to_string(first) + "]";
  const Complex<double> w{static_cast<double>(want[first].re), static_cast<double>(want[first].im)};
  if (!std::isfinite(got[first].re) || !std::isfinite(got[first].im)) {
    s << name << " was never written (still the NaN it was poisoned with), expected " << fmt(w);
  } else {
    s << name << " = " << fmt(got[first]) << ", expected " << fmt(w) << ", off by " << static_cast<double>(first_err);
  }
  if (who) s << who(first);
  s << "; " << count << " of " << got.size() << " outputs wrong";
  if (!nonfinite) s << ", relative L2 error " << rel << " > tolerance " << tol;
  return s.str();
}

// One thread's effect on memory: the elements it changed, found by running it alone on a copy.
template <class T>
struct Writes {
  std::vector<std::size_t> index;
  std::vector<Complex<T>> value;
};

template <class T>
Writes<T> writes_of(const std::vector<Complex<T>>& before, const std::vector<Complex<T>>& after) {
  Writes<T> w;
  for (std::size_t i = 0; i < before.size(); ++i) {
    const bool same = (before[i].re == after[i].re || (std::isnan(before[i].re) && std::isnan(after[i].re))) &&
                      (before[i].im == after[i].im || (std::isnan(before[i].im) && std::isnan(after[i].im)));
    if (!same) { w.index.push_back(i); w.value.push_back(after[i]); }
  }
  return w;
}

// The per-thread comparison the emulated GPU labs use: memory `state` as it is before a launch,
// each thread t < threads run alone on a copy, by the student's function and by the reference;
// the first thread whose writes differ (a different element, a missing one, or a value off by
// more than tol times the typical magnitude) is described as
//   "thread 17 wrote y[34] = (..), expected (..)"  or  "thread 17 did not write y[35] (expected ..)".
// `name_of(i)` names memory element i ("y[34]", "tile[3]"). Threads are run on small sizes only.
template <class T>
std::optional<std::string> first_wrong_thread(const std::vector<Complex<T>>& state, std::uint32_t threads,
                                              const std::function<void(std::uint32_t, std::vector<Complex<T>>&)>& student,
                                              const std::function<void(std::uint32_t, std::vector<Complex<T>>&)>& reference,
                                              double tol, const std::function<std::string(std::size_t)>& name_of) {
  long double energy = 0;
  std::size_t finite = 0;
  for (const auto& z : state)
    if (std::isfinite(z.re) && std::isfinite(z.im)) { energy += z.re * z.re + z.im * z.im; ++finite; }
  const double scale = finite ? static_cast<double>(std::sqrt(energy / finite)) : 1.0;
  const double limit = tol * std::max(scale, 1e-30);
  for (std::uint32_t t = 0; t < threads; ++t) {
    auto a = state, b = state;
    student(t, a);
    reference(t, b);
    const auto ws = writes_of(state, a), wr = writes_of(state, b);
    std::ostringstream s;
    s.precision(6);
    // Elements the reference thread writes: each must be written by the student's, with its value.
    for (std::size_t k = 0; k < wr.index.size(); ++k) {
      const std::size_t i = wr.index[k];
      const auto& got = a[i];
      const double err = std::hypot(static_cast<double>(got.re - wr.value[k].re), static_cast<double>(got.im - wr.value[k].im));
      if (!(err <= limit)) {
        bool wrote = false;
        for (std::size_t j : ws.index) wrote |= j == i;
        if (wrote) s << "thread " << t << " wrote " << name_of(i) << " = " << fmt(got) << ", expected " << fmt(wr.value[k]) << " (off by " << err << ")";
        else s << "thread " << t << " did not write " << name_of(i) << " (expected " << fmt(wr.value[k]) << ")";
        if (!ws.index.empty()) {
          s << "; it wrote";
          for (std::size_t j = 0; j < ws.index.size() && j < 4; ++j) s << " " << name_of(ws.index[j]);
        } else {
          s << "; it wrote nothing";
        }
        return s.str();
      }
    }
    // Elements the student's thread writes that the reference thread leaves alone.
    for (std::size_t k = 0; k < ws.index.size(); ++k) {
      const std::size_t i = ws.index[k];
      bool expected = false;
      for (std::size_t j : wr.index) expected |= j == i;
      if (!expected) {
        s << "thread " << t << " wrote " << name_of(i) << " = " << fmt(ws.value[k]) << ", which this thread must not touch (it owns";
        for (std::size_t j = 0; j < wr.index.size() && j < 4; ++j) s << " " << name_of(wr.index[j]);
        s << ")";
        return s.str();
      }
    }
  }
  return std::nullopt;
}

}  // namespace course::lab
