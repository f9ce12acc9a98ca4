// 12_any_n, Bluestein: a DFT of any N as a cyclic convolution of M = 2^k >= 2N - 1 points,
// done with 03_iterative's radix-4 plan (tiled bit reversal).
//
// With nk = (n^2 + k^2 - (k - n)^2) / 2 and the chirp c[n] = exp(-pi i n^2 / N):
//     X[k] = sum_n x[n] w(nk, N) = c[k] * sum_n (x[n] c[n]) * conj(c[k - n]).
// The sum is the linear convolution of a[n] = x[n] c[n] (n < N) with b[m] = conj(c[m]),
// |m| < N. Zero-padding a to M >= 2N - 1 points and wrapping b (b[M - m] = b[m]) makes it a
// cyclic convolution of length M, computed as IFFT(FFT(a) . FFT(b)) / M. FFT(b) / M is
// computed once, in the plan. The inverse transform is conj(forward(conj(x))): the two
// conjugations ride along in the pointwise loops.
//
// c[n] = w(n^2, 2N): the angle's numerator n^2 is reduced mod 2N in integers (exact; n^2 < 2^50
// here), then common/twiddle.hpp rounds each value once. Computing pi n^2 / N in floating point
// instead loses log2(n^2) bits of the angle: at N = 10^6 most of double's.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

#include "03_iterative/iterative.hpp"
#include "12_any_n/factor.hpp"
#include "common/twiddle.hpp"

namespace course::anyn {

template <class T>
class BluesteinPlan {
 public:
  explicit BluesteinPlan(std::size_t n) : n_(n), m_(n ? convolution_length(n) : 0), fft_((require_size(n), m_), iterative::Reversal::tiled) {
    chirp_ = bluestein_chirp<T>(n);
    // FFT(b) / M, computed in double whatever T is (so float plans get a filter rounded once).
    const auto cd = bluestein_chirp<double>(n);
    std::vector<Complex<double>> b(m_);
    b[0] = conj(cd[0]);
    for (std::size_t j = 1; j < n; ++j) b[j] = b[m_ - j] = conj(cd[j]);
    iterative::Radix4Plan<double>(m_, iterative::Reversal::tiled).execute(b, Direction::forward);
    filter_.resize(m_);
    const double scale = 1.0 / static_cast<double>(m_);
    for (std::size_t j = 0; j < m_; ++j) filter_[j] = Complex<T>(b[j] * scale);
    work_.resize(m_);
  }

  std::size_t size() const { return n_; }
  std::size_t convolution_size() const { return m_; }
  std::span<const Complex<T>> chirp() const { return chirp_; }

  // out = DFT(in); in and out may be the same span. Uses the plan's work buffer: one plan per thread.
  void execute(std::span<const Complex<T>> in, std::span<Complex<T>> out, Direction dir) const {
    if (in.size() != n_ || out.size() != n_)
      throw std::invalid_argument(std::string(chapter) + ": spans of " + std::to_string(in.size()) + " and " +
                                  std::to_string(out.size()) + " points given to a plan for N = " + std::to_string(n_));
    const bool inverse = dir == Direction::inverse;
    Complex<T>* a = work_.data();
    const Complex<T>* c = chirp_.data();
    for (std::size_t j = 0; j < n_; ++j) a[j] = (inverse ? conj(in[j]) : in[j]) * c[j];
    for (std::size_t j = n_; j < m_; ++j) a[j] = Complex<T>{};
    fft_.execute(work_, Direction::forward);
    const Complex<T>* f = filter_.data();
    for (std::size_t j = 0; j < m_; ++j) a[j] = a[j] * f[j];
    fft_.execute(work_, Direction::inverse);
    for (std::size_t j = 0; j < n_; ++j) {
      const Complex<T> y = a[j] * c[j];
      out[j] = inverse ? conj(y) : y;
    }
  }

 private:
  std::size_t n_, m_;
  iterative::Radix4Plan<T> fft_;
  std::vector<Complex<T>> chirp_, filter_;
  mutable std::vector<Complex<T>> work_;
};

}  // namespace course::anyn
