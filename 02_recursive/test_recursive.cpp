// 02_recursive: the shared conformance suite for both variants, float and double, plus the
// chapter's own claims: v1 and v2 compute the same transform, v2 is as accurate as FFTW.
#include <algorithm>
#include <cstdlib>
#include <new>
#include <vector>

#include "02_recursive/op_count.hpp"
#include "02_recursive/recursive.hpp"
#include "02_recursive/split_radix.hpp"
#include "common/catch.hpp"
#include "common/conformance.hpp"
#include "common/metrics.hpp"
#include "common/reference.hpp"
#include "common/signals.hpp"
#include "common/twiddle.hpp"

using namespace course;
using namespace course::recursive;

// Every operator new in this test program is counted, so the lesson's claim about allocations
// (v1: 3 per call on more than one point and 1 per leaf, about 4N; v2: none per execute) is
// checked, not just told.
namespace {
std::size_t allocations = 0;
}
// All the unaligned forms are replaced together, so that every new is paired with our delete.
void* operator new(std::size_t size) {
  ++allocations;
  if (void* p = std::malloc(size ? size : 1)) return p;
  throw std::bad_alloc();
}
void* operator new[](std::size_t size) { return operator new(size); }
void* operator new(std::size_t size, const std::nothrow_t&) noexcept {
  ++allocations;
  return std::malloc(size ? size : 1);
}
void* operator new[](std::size_t size, const std::nothrow_t& t) noexcept { return operator new(size, t); }
void operator delete(void* p) noexcept { std::free(p); }
void operator delete[](void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }
void operator delete[](void* p, std::size_t) noexcept { std::free(p); }
void operator delete(void* p, const std::nothrow_t&) noexcept { std::free(p); }
void operator delete[](void* p, const std::nothrow_t&) noexcept { std::free(p); }

namespace {

conformance::Config config() {
  conformance::Config c;
  // The API takes one span, with no batch count to refuse; the adapter loops over the batch.
  c.refuse_batch_zero = false;
  c.sizes = conformance::powers_of_two(0, 16);
  c.batch = 3;
  // 0, non-powers of two, and above the limit of 2^26 (checked without allocating).
  c.refused = {0, 3, 6, 12, 1000, (std::size_t{1} << 20) + 1, std::size_t{1} << 27, (std::size_t{1} << 27) + 4};
  return c;
}

template <class T>
conformance::TransformFn<T> textbook_fn() {
  return [](std::span<const Complex<T>> in, std::span<Complex<T>> out, std::size_t n, std::size_t batch, Direction dir) {
    require_size(n);  // before any work: the copy below would otherwise write out
    for (std::size_t b = 0; b < batch; ++b) {
      std::copy(in.begin() + b * n, in.begin() + (b + 1) * n, out.begin() + b * n);
      fft_textbook<T>(out.subspan(b * n, n), dir);
    }
  };
}

template <class T>
conformance::TransformFn<T> textbook_table_fn() {
  return [](std::span<const Complex<T>> in, std::span<Complex<T>> out, std::size_t n, std::size_t batch, Direction dir) {
    require_size(n);
    const auto table = twiddle_table<T>(n, n / 2);
    for (std::size_t b = 0; b < batch; ++b) {
      std::copy(in.begin() + b * n, in.begin() + (b + 1) * n, out.begin() + b * n);
      fft_textbook_table<T>(out.subspan(b * n, n), dir, table);
    }
  };
}

template <class T>
conformance::TransformFn<T> plan_fn() {
  return [](std::span<const Complex<T>> in, std::span<Complex<T>> out, std::size_t n, std::size_t batch, Direction dir) {
    RecursivePlan<T> plan(n);  // refuses before any output is written
    for (std::size_t b = 0; b < batch; ++b) {
      std::copy(in.begin() + b * n, in.begin() + (b + 1) * n, out.begin() + b * n);
      plan.execute(out.subspan(b * n, n), dir);
    }
  };
}

template <class T>
conformance::TransformFn<T> split_fn() {
  return [](std::span<const Complex<T>> in, std::span<Complex<T>> out, std::size_t n, std::size_t batch, Direction dir) {
    splitradix::SplitRadixPlan<T> plan(n);  // refuses before any output is written
    for (std::size_t b = 0; b < batch; ++b) {
      std::copy(in.begin() + b * n, in.begin() + (b + 1) * n, out.begin() + b * n);
      plan.execute(out.subspan(b * n, n), dir);
    }
  };
}

template <class T>
double error_vs_reference(const std::vector<Complex<T>>& x, const std::vector<Complex<T>>& y) {
  const auto ref = reference_dft<T>(x, x.size(), 1, Direction::forward);
  return rel_l2_error<T, long double>(y, ref);
}

}  // namespace

TEMPLATE_TEST_CASE("02 v1 (textbook recursion) passes the conformance suite", "[02][conformance]", float, double) {
  require_conformance(conformance::check_conformance<TestType>(textbook_fn<TestType>(), config()));
}

TEMPLATE_TEST_CASE("02 v1-table (v1 without exp, the measurement variant) passes the conformance suite", "[02][conformance]",
                   float, double) {
  require_conformance(conformance::check_conformance<TestType>(textbook_table_fn<TestType>(), config()));
}

TEMPLATE_TEST_CASE("02 v2 (plan: scratch and twiddle table) passes the conformance suite", "[02][conformance]", float, double) {
  require_conformance(conformance::check_conformance<TestType>(plan_fn<TestType>(), config()));
}

TEST_CASE("02 refuses sizes with a message naming the size, the limit and 01_dft", "[02][sizes]") {
  for (std::size_t n : {std::size_t{0}, std::size_t{1000}, std::size_t{1} << 27}) {
    INFO("N = " << n);
    try {
      RecursivePlan<double> plan(n);
      FAIL("N = " << n << " was accepted");
    } catch (const size_error& e) {
      const std::string msg = e.what();
      CHECK_THAT(msg, testing::contains(std::to_string(n)));
      CHECK_THAT(msg, testing::contains("26"));
      CHECK_THAT(msg, testing::contains("01_dft"));
    }
  }
  std::vector<Complex<float>> x(12);
  CHECK_THROWS_AS(fft_textbook<float>(x, Direction::forward), size_error);
  std::vector<Complex<double>> y(8);
  CHECK_THROWS_AS(RecursivePlan<double>(16).execute(y, Direction::forward), std::invalid_argument);
}

TEMPLATE_TEST_CASE("02 is within 4x of FFTW's own error on the same input", "[02][accuracy]", float, double) {
  using T = TestType;
  for (std::size_t n : {std::size_t{1} << 8, std::size_t{1} << 12, std::size_t{1} << 16}) {
    const auto x = random_gaussian<T>(n, fresh_seed() + n);
    FftwPlan<T> fftw(n, 1, Direction::forward, PlanEffort::estimate);
    const auto lib = fftw(std::span<const Complex<T>>(x));
    auto v1 = x, v2 = x;
    fft_textbook<T>(v1, Direction::forward);
    RecursivePlan<T>(n).execute(v2, Direction::forward);
    const double e_lib = error_vs_reference(x, lib), e1 = error_vs_reference(x, v1), e2 = error_vs_reference(x, v2);
    INFO(precision_name<T>() << " N = " << n << ": FFTW " << e_lib << ", v1 " << e1 << ", v2 " << e2);
    CHECK(e_lib > 0);
    CHECK(e2 <= 4 * e_lib);
    // v1's twiddles come from exp() of an angle rounded to T: allowed twice v2's bound.
    CHECK(e1 <= 8 * e_lib);
  }
}

TEST_CASE("v1 allocates about 4N vectors per transform, v2 none", "[02][allocations]") {
  for (std::size_t n : {std::size_t{2}, std::size_t{64}, std::size_t{1} << 12}) {
    auto x = random_uniform<double>(n, fresh_seed());
    RecursivePlan<double> plan(n);
    std::size_t before = allocations;
    plan.execute(x, Direction::forward);
    const std::size_t v2 = allocations - before;
    before = allocations;
    fft_textbook<double>(x, Direction::forward);
    const std::size_t v1 = allocations - before;
    INFO("N = " << n << ": v1 " << v1 << " allocations, v2 " << v2);
    CHECK(v2 == 0);
    // 3 (N - 1) for the calls on more than one point, N for the leaves, the copy of the input,
    // and at most a couple more from the library.
    CHECK(v1 >= 4 * n - 2);
    CHECK(v1 <= 4 * n + 2);
  }
}

TEMPLATE_TEST_CASE("02 split radix passes the conformance suite", "[02][conformance][split]", float, double) {
  require_conformance(conformance::check_conformance<TestType>(split_fn<TestType>(), config()));
}

// The plan's own recursion, run on numbers that count their +, - and *: the tally must be the
// formula exactly, forward and inverse, and the counted run must still compute the transform.
TEST_CASE("02 split radix does exactly 4 N log2 N - 6 N + 8 real operations", "[02][split][opcount]") {
  using C = opcount::CountedComplex<double>;
  for (unsigned k = 0; k <= 14; ++k) {
    const std::size_t n = std::size_t{1} << k;
    splitradix::SplitRadixPlan<double> plan(n);
    std::vector<C> table;
    for (const auto& w : plan.table()) table.push_back(C(w.re, w.im));
    const auto x = random_gaussian<double>(n, fresh_seed() + k);
    std::vector<C> in, out(n);
    for (const auto& z : x) in.push_back(C(z.re, z.im));
    for (Direction dir : {Direction::forward, Direction::inverse}) {
      opcount::reset();
      if (dir == Direction::forward) splitradix::split_radix_recurse<Direction::forward>(in.data(), 1, out.data(), n, table.data());
      else splitradix::split_radix_recurse<Direction::inverse>(in.data(), 1, out.data(), n, table.data());
      const auto counted = opcount::tally;
      INFO("N = " << n << " " << to_string(dir) << ": " << counted.adds << " additions + " << counted.muls
                  << " multiplications, formula " << opcount::split_radix_ops(n));
      CHECK(counted.total() == opcount::split_radix_ops(n));
      std::vector<Complex<double>> y(n);
      for (std::size_t i = 0; i < n; ++i) y[i] = {out[i].re.v, out[i].im.v};
      CHECK(rel_l2_error<double, long double>(y, reference_dft<double>(x, n, 1, dir)) <= tolerance<double>(n));
    }
  }
}
