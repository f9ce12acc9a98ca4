#include "01_dft/dft.hpp"

#include <cmath>
#include <numbers>
#include <stdexcept>
#include <string>

#include "common/sizes.hpp"
#include "common/twiddle.hpp"

namespace course::dft {

void require_size(std::size_t n) {
  if (n == 0) refuse_size(chapter, n, "an empty transform has no points (this chapter takes any N >= 1)", "");
}

namespace {

// Every output reads every input: an overlap would read outputs already written.
template <class T>
void check_spans(std::span<const Complex<T>> in, std::span<Complex<T>> out, std::size_t n) {
  if (in.size() != n || out.size() != n)
    throw std::invalid_argument(std::string(chapter) + ": spans of " + std::to_string(in.size()) + " and " +
                                std::to_string(out.size()) + " points for N = " + std::to_string(n));
  const auto* a = in.data();
  const auto* b = out.data();
  if (a < b + n && b < a + n)
    throw std::invalid_argument(std::string(chapter) + ": in and out overlap; the DFT is out of place");
}

}  // namespace

template <class T>
void dft_direct(std::span<const Complex<T>> in, std::span<Complex<T>> out, Direction dir) {
  const std::size_t n = in.size();
  require_size(n);
  check_spans(in, out, n);
  const T sign = dir == Direction::forward ? T(-1) : T(1);
  const T step = sign * T(2) * std::numbers::pi_v<T> / T(n);
  for (std::size_t k = 0; k < n; ++k) {
    Complex<T> acc{};
    for (std::size_t j = 0; j < n; ++j) {
      // The angle grows to 2 pi N and carries T's relative rounding: its absolute error, and
      // the twiddle's, grows with j k (the accuracy lesson of this chapter).
      const T angle = step * T(j * k);
      acc += in[j] * Complex<T>(std::cos(angle), std::sin(angle));
    }
    out[k] = acc;
  }
}

template <class T>
DftPlan<T>::DftPlan(std::size_t n) : n_(n) {
  require_size(n);
  twiddles_ = twiddle_table<T>(n, n);
}

template <class T>
void DftPlan<T>::execute(std::span<const Complex<T>> in, std::span<Complex<T>> out, Direction dir) const {
  check_spans(in, out, n_);
  const Complex<T>* w = twiddles_.data();
  const bool inverse = dir == Direction::inverse;
  for (std::size_t k = 0; k < n_; ++k) {
    Complex<T> acc{};
    std::size_t m = 0;  // j k mod N, advanced by k each term
    for (std::size_t j = 0; j < n_; ++j) {
      acc += in[j] * (inverse ? conj(w[m]) : w[m]);
      m += k;
      if (m >= n_) m -= n_;
    }
    out[k] = acc;
  }
}

template void dft_direct<float>(std::span<const Complex<float>>, std::span<Complex<float>>, Direction);
template void dft_direct<double>(std::span<const Complex<double>>, std::span<Complex<double>>, Direction);
template class DftPlan<float>;
template class DftPlan<double>;

}  // namespace course::dft
