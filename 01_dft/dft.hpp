// 01_dft: the discrete Fourier transform from its definition,
//     X[k] = sum_{j=0}^{N-1} x[j] w(j k, N),   w(m, N) = exp(-2 pi i m / N)  (forward),
// N complex multiply-adds per output, N^2 in all: 4 N^2 real multiplications. Any N >= 1.
//
// v1 computes every w(j k, N) with cos and sin of its angle, N^2 calls of each.
// v2 computes the N distinct twiddles once (w(j k, N) = w(j k mod N, N)) and reads them.
//
// Out of place: every output reads every input, so in and out must not overlap.
#pragma once

#include <cstddef>
#include <span>
#include <vector>

#include "common/complex.hpp"

namespace course::dft {

inline constexpr const char* chapter = "01_dft";

// Refuses N = 0 (the only size this chapter cannot do).
void require_size(std::size_t n);

// v1: cos and sin of the angle 2 pi j k / N, computed in T, for every term.
template <class T>
void dft_direct(std::span<const Complex<T>> in, std::span<Complex<T>> out, Direction dir);

// v2: a table of the N twiddles w(m, N), read at m = j k mod N (kept by addition, no product).
template <class T>
class DftPlan {
 public:
  explicit DftPlan(std::size_t n);
  std::size_t size() const { return n_; }
  void execute(std::span<const Complex<T>> in, std::span<Complex<T>> out, Direction dir) const;

 private:
  std::size_t n_;
  std::vector<Complex<T>> twiddles_;
};

extern template class DftPlan<float>;
extern template class DftPlan<double>;

}  // namespace course::dft
