// 02_recursive v1: the recursion as a textbook writes it. Each call allocates three vectors
// (even, odd, result) and each butterfly calls exp(): 3 (N - 1) allocations and (N/2) log2 N
// complex exponentials per transform.
#include <complex>
#include <numbers>
#include <vector>

#include "02_recursive/recursive.hpp"

namespace course::recursive {

namespace {

template <class T>
std::vector<Complex<T>> textbook(const std::vector<Complex<T>>& x, Direction dir) {
  const std::size_t n = x.size();
  if (n == 1) return x;
  std::vector<Complex<T>> even(n / 2), odd(n / 2);
  for (std::size_t i = 0; i < n / 2; ++i) {
    even[i] = x[2 * i];
    odd[i] = x[2 * i + 1];
  }
  const auto e = textbook(even, dir);
  const auto o = textbook(odd, dir);
  std::vector<Complex<T>> out(n);
  const T sign = dir == Direction::forward ? T(-1) : T(1);
  for (std::size_t k = 0; k < n / 2; ++k) {
    const T angle = sign * T(2) * std::numbers::pi_v<T> * T(k) / T(n);
    const Complex<T> w = std::exp(std::complex<T>(T(0), angle));
    const Complex<T> t = w * o[k];
    out[k] = e[k] + t;
    out[k + n / 2] = e[k] - t;
  }
  return out;
}

}  // namespace

template <class T>
void fft_textbook(std::span<Complex<T>> x, Direction dir) {
  require_size(x.size());
  const auto y = textbook(std::vector<Complex<T>>(x.begin(), x.end()), dir);
  std::copy(y.begin(), y.end(), x.begin());
}

template void fft_textbook<float>(std::span<Complex<float>>, Direction);
template void fft_textbook<double>(std::span<Complex<double>>, Direction);

}  // namespace course::recursive
