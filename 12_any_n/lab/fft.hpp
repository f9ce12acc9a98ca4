// Lab 12's whole transform, built from your pieces (you need not edit this file): 12's
// mixed-radix Stockham stages, with your radix3_butterfly for every factor 3, for N = 2^a 3^b 5^c
// 7^d; Bluestein with your bluestein_chirp, on 03's power-of-two plan, for every other N.
#pragma once

#include <cstddef>
#include <memory>
#include <span>
#include <vector>

#include "03_iterative/iterative.hpp"
#include "12_any_n/mixed_radix.hpp"

namespace lab12 {

// One radix-3 Stockham stage (mixed_radix.hpp explains the indices) with the student's butterfly.
template <Direction dir, class T>
void radix3_stage(const Complex<T>* x, Complex<T>* y, std::size_t n, std::size_t s, const Complex<T>* tw) {
  const std::size_t m = n / 3;
  for (std::size_t p = 0; p < m; ++p)
    for (std::size_t q = 0; q < s; ++q) {
      Complex<T> a0 = x[q + s * p], a1 = x[q + s * (p + m)], a2 = x[q + s * (p + 2 * m)];
      radix3_butterfly<dir, T>(a0, a1, a2);
      // The table holds w(p k, n), k = 1, 2, for every p (w = 1 exactly at p = 0).
      Complex<T> w1 = tw[2 * p], w2 = tw[2 * p + 1];
      if (dir == Direction::inverse) { w1 = conj(w1); w2 = conj(w2); }
      y[q + s * 3 * p] = a0;
      y[q + s * (3 * p + 1)] = a1 * w1;
      y[q + s * (3 * p + 2)] = a2 * w2;
    }
}

template <class T>
class LabPlan {
 public:
  explicit LabPlan(std::size_t n) : n_(n) {
    course::anyn::require_size(n);  // the chapter's refusals
    if (course::anyn::is_smooth(n)) {
      radices_ = course::anyn::radices(n);
      std::size_t len = n;
      for (unsigned r : radices_) {
        std::vector<Complex<T>> w;
        for (std::size_t p = 0; p < len / r; ++p)
          for (unsigned k = 1; k < r; ++k) w.push_back(course::twiddle<T>(static_cast<std::int64_t>(p * k), static_cast<std::int64_t>(len)));
        tables_.push_back(std::move(w));
        len /= r;
      }
    } else {
      m_ = course::anyn::convolution_length(n);
      chirp_ = lab12::bluestein_chirp<T>(n);
      fft_ = std::make_unique<course::iterative::Radix4Plan<T>>(m_, course::iterative::Reversal::tiled);
      // The filter FFT(b) / M from your chirp, in T.
      filter_.assign(m_, Complex<T>{});
      if (chirp_.size() == n) {
        filter_[0] = conj(chirp_[0]);
        for (std::size_t j = 1; j < n; ++j) filter_[j] = filter_[m_ - j] = conj(chirp_[j]);
      }
      fft_->execute(filter_, Direction::forward);
      for (auto& z : filter_) z *= T(1) / T(m_);
    }
  }

  bool bluestein() const { return m_ != 0; }
  const std::vector<unsigned>& radices() const { return radices_; }

  void execute(std::span<const Complex<T>> in, std::span<Complex<T>> out, Direction dir) const {
    if (dir == Direction::forward) run<Direction::forward>(in, out);
    else run<Direction::inverse>(in, out);
  }

 private:
  template <Direction dir>
  void run(std::span<const Complex<T>> in, std::span<Complex<T>> out) const {
    if (bluestein()) {
      const bool inv = dir == Direction::inverse;
      std::vector<Complex<T>> a(m_);
      for (std::size_t j = 0; j < n_ && j < chirp_.size(); ++j) a[j] = (inv ? conj(in[j]) : in[j]) * chirp_[j];
      fft_->execute(a, Direction::forward);
      for (std::size_t j = 0; j < m_; ++j) a[j] = a[j] * filter_[j];
      fft_->execute(a, Direction::inverse);
      for (std::size_t j = 0; j < n_; ++j) {
        const Complex<T> y = a[j] * (j < chirp_.size() ? chirp_[j] : Complex<T>{});
        out[j] = inv ? conj(y) : y;
      }
      return;
    }
    std::vector<Complex<T>> x(in.begin(), in.end()), y(n_);
    std::size_t len = n_, s = 1;
    for (std::size_t i = 0; i < radices_.size(); ++i) {
      const Complex<T>* tw = tables_[i].data();
      switch (radices_[i]) {
        case 2: course::anyn::stockham_stage<2, dir, T>(x.data(), y.data(), len, s, tw); break;
        case 3: radix3_stage<dir, T>(x.data(), y.data(), len, s, tw); break;
        case 4: course::anyn::stockham_stage<4, dir, T>(x.data(), y.data(), len, s, tw); break;
        case 5: course::anyn::stockham_stage<5, dir, T>(x.data(), y.data(), len, s, tw); break;
        case 7: course::anyn::stockham_stage<7, dir, T>(x.data(), y.data(), len, s, tw); break;
        default: course::anyn::stockham_stage<8, dir, T>(x.data(), y.data(), len, s, tw); break;
      }
      std::swap(x, y);
      len /= radices_[i];
      s *= radices_[i];
    }
    std::copy(x.begin(), x.end(), out.begin());
  }

  std::size_t n_, m_ = 0;
  std::vector<unsigned> radices_;
  std::vector<std::vector<Complex<T>>> tables_;
  std::vector<Complex<T>> chirp_, filter_;
  std::unique_ptr<course::iterative::Radix4Plan<T>> fft_;
};

}  // namespace lab12
