// The conformance suite must be able to fail. Here it is fed a correct small radix-2 FFT, which
// must pass, and the same FFT with one planted defect at a time, each of which must be caught.
#include <string>

#include "common/bit_reverse.hpp"
#include "common/catch.hpp"
#include "common/conformance.hpp"
#include "common/sizes.hpp"
#include "common/twiddle.hpp"

using namespace course;

namespace {

enum class Defect {
  none,
  twiddle_sign,           // forward uses exp(+...) in the last stage
  unwritten_last,         // out[n - 1] never written
  batch_stride_off_by_one,  // reads transform b at b * (n - 1) instead of b * n
  inverse_normalised,     // inverse scaled by 1/N, against the unnormalised convention
  no_refusal,             // computes garbage for sizes it cannot do instead of refusing
  refusal_without_size,   // refuses, but the message does not say which size
  ignores_direction,      // inverse computes the forward transform
  writes_before_refusing, // touches the output, then throws
  refusal_names_limit_only,  // "takes N = 2^k, k = 0..20": digits, but not the refused size
  accepts_batch_zero,     // a batch of zero transforms is silently accepted
};

template <class T>
void radix2(std::span<Complex<T>> a, Direction dir, Defect defect) {
  const std::size_t n = a.size();
  bit_reverse_permute(a);
  const int sign = (dir == Direction::forward || defect == Defect::ignores_direction) ? 1 : -1;
  for (std::size_t half = 1; half < n; half *= 2) {
    const bool last = 2 * half == n;
    for (std::size_t start = 0; start < n; start += 2 * half)
      for (std::size_t j = 0; j < half; ++j) {
        auto w = twiddle<T>(static_cast<std::int64_t>(j * (n / (2 * half))), static_cast<std::int64_t>(n));
        if (sign < 0) w = conj(w);
        if (last && defect == Defect::twiddle_sign && dir == Direction::forward) w = conj(w);
        const auto u = a[start + j], v = a[start + j + half] * w;
        a[start + j] = u + v;
        a[start + j + half] = u - v;
      }
  }
}

template <class T>
conformance::TransformFn<T> make(Defect defect) {
  return [defect](std::span<const Complex<T>> in, std::span<Complex<T>> out, std::size_t n, std::size_t batch, Direction dir) {
    if (batch == 0 && defect != Defect::accepts_batch_zero) require_batch("selftest", batch);
    if (!is_power_of_two(n)) {
      if (defect == Defect::refusal_names_limit_only) throw size_error("selftest: refused: this chapter takes N = 2^k, k = 0..20");
      if (defect == Defect::writes_before_refusing && !out.empty()) out[0] = Complex<T>(0, 0);
      if (defect == Defect::refusal_without_size) throw size_error("selftest: size refused");
      if (defect != Defect::no_refusal) require_power_of_two("selftest", n, 20);
    }
    for (std::size_t b = 0; b < batch; ++b) {
      const std::size_t src = defect == Defect::batch_stride_off_by_one ? b * (n - 1) : b * n;
      std::vector<Complex<T>> a(in.begin() + src, in.begin() + src + n);
      if (is_power_of_two(n)) radix2<T>(a, dir, defect);
      if (dir == Direction::inverse && defect == Defect::inverse_normalised) normalize<T>(a, n);
      const std::size_t count = defect == Defect::unwritten_last && b + 1 == batch ? n - 1 : n;
      std::copy(a.begin(), a.begin() + count, out.begin() + b * n);
    }
  };
}

conformance::Config config() {
  conformance::Config c;
  c.sizes = conformance::powers_of_two(0, 10);
  c.batch = 3;
  c.refused = {0, 3, 1000};
  return c;
}

}  // namespace

TEMPLATE_TEST_CASE("the conformance suite passes a correct FFT", "[conformance]", float, double) {
  const auto r = conformance::check_conformance<TestType>(make<TestType>(Defect::none), config());
  INFO(r.summary());
  CHECK(r.passed());
  CHECK(r.checks > 50);
}

TEMPLATE_TEST_CASE("the conformance suite catches every planted defect", "[conformance]", float, double) {
  const std::pair<Defect, const char*> defects[] = {
      {Defect::twiddle_sign, "forward vs reference"},
      {Defect::unwritten_last, "not finite"},
      {Defect::batch_stride_off_by_one, "batched"},
      {Defect::inverse_normalised, "inverse(forward(x)) == N x"},
      {Defect::no_refusal, "was accepted"},
      {Defect::refusal_without_size, "does not name the size"},
      {Defect::ignores_direction, "inverse vs reference"},
      {Defect::writes_before_refusing, "wrote output before refusing"},
      {Defect::refusal_names_limit_only, "does not name the size"},
      {Defect::accepts_batch_zero, "batch = 0 was accepted"},
  };
  for (const auto& [defect, symptom] : defects) {
    const auto r = conformance::check_conformance<TestType>(make<TestType>(defect), config());
    INFO("defect " << static_cast<int>(defect) << ", expected symptom: " << symptom << "\n" << r.summary());
    CHECK_FALSE(r.passed());
    bool named = false;
    for (const auto& f : r.failures) named = named || f.find(symptom) != std::string::npos;
    CHECK(named);
  }
}

TEST_CASE("an unwritten element is caught even where a zero would be right", "[conformance]") {
  // The impulse at 0 transforms to all ones; a transform that leaves out[n-1] alone would pass
  // a check against zero-initialised output, never against NaN-poisoned output.
  const auto r = conformance::check_conformance<double>(make<double>(Defect::unwritten_last), config());
  CHECK_FALSE(r.passed());
}
