// 02_recursive v1: the recursion as a textbook writes it. Each call on more than one point
// allocates three vectors (even, odd, result), each call on one point returns a copy of it, and
// each butterfly calls exp(): about 4N allocations and (N/2) log2 N complex exponentials per
// transform. fft_textbook_table is the same code with the exp() calls
// replaced by a table, kept to measure how v1's time splits between exp() and allocation.
#include <complex>
#include <numbers>
#include <stdexcept>
#include <string>
#include <vector>

#include "02_recursive/recursive.hpp"

namespace course::recursive {

namespace {

// table == nullptr: exp() per butterfly (v1). Otherwise the table w(k, N), k < N/2, of the
// top-level size N (the measurement variant v1-table): w(k, n) = table[k N / n].
template <class T>
std::vector<Complex<T>> textbook(const std::vector<Complex<T>>& x, Direction dir, const Complex<T>* table,
                                 std::size_t top_n) {
  const std::size_t n = x.size();
  if (n == 1) return x;
  std::vector<Complex<T>> even(n / 2), odd(n / 2);
  for (std::size_t i = 0; i < n / 2; ++i) {
    even[i] = x[2 * i];
    odd[i] = x[2 * i + 1];
  }
  const auto e = textbook(even, dir, table, top_n);
  const auto o = textbook(odd, dir, table, top_n);
  std::vector<Complex<T>> out(n);
  const T sign = dir == Direction::forward ? T(-1) : T(1);
  for (std::size_t k = 0; k < n / 2; ++k) {
    Complex<T> w;
    if (table) {
      w = table[k * (top_n / n)];
      if (dir == Direction::inverse) w = conj(w);
    } else {
      const T angle = sign * T(2) * std::numbers::pi_v<T> * T(k) / T(n);
      w = std::exp(std::complex<T>(T(0), angle));
    }
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
  const auto y = textbook(std::vector<Complex<T>>(x.begin(), x.end()), dir, static_cast<const Complex<T>*>(nullptr), x.size());
  std::copy(y.begin(), y.end(), x.begin());
}

template <class T>
void fft_textbook_table(std::span<Complex<T>> x, Direction dir, std::span<const Complex<T>> table) {
  require_size(x.size());
  if (table.size() != x.size() / 2)
    throw std::invalid_argument(std::string(chapter) + ": the table for N = " + std::to_string(x.size()) + " needs " +
                                std::to_string(x.size() / 2) + " entries, not " + std::to_string(table.size()));
  const auto y = textbook(std::vector<Complex<T>>(x.begin(), x.end()), dir, table.data(), x.size());
  std::copy(y.begin(), y.end(), x.begin());
}

template void fft_textbook<float>(std::span<Complex<float>>, Direction);
template void fft_textbook<double>(std::span<Complex<double>>, Direction);
template void fft_textbook_table<float>(std::span<Complex<float>>, Direction, std::span<const Complex<float>>);
template void fft_textbook_table<double>(std::span<Complex<double>>, Direction, std::span<const Complex<double>>);

}  // namespace course::recursive
