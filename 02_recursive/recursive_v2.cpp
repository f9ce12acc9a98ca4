// 02_recursive v2: the same recursion, with what v1 recomputes and reallocates made once.
// Instead of copying the even and odd samples out, the recursion reads them where they are,
// at a doubled stride: the even half of x[0], x[s], x[2s], ... is x[0], x[2s], ..., the odd
// half starts at x[s]. The transform of size m lands in out[0 .. m), its halves computed into
// out[0 .. m/2) and out[m/2 .. m) and combined in place. Input and output must not overlap,
// so execute() copies x into the plan's scratch buffer once and recurses from it into x.
#include <algorithm>
#include <stdexcept>
#include <string>

#include "02_recursive/recursive.hpp"
#include "common/twiddle.hpp"

namespace course::recursive {

template <class T>
RecursivePlan<T>::RecursivePlan(std::size_t n) : n_(n) {
  require_size(n);
  twiddles_ = twiddle_table<T>(n, n / 2);
  scratch_.resize(n);
}

template <class T>
void RecursivePlan<T>::execute(std::span<Complex<T>> x, Direction dir) {
  if (x.size() != n_)
    throw std::invalid_argument(std::string(chapter) + ": span of " + std::to_string(x.size()) +
                                " points given to a plan for N = " + std::to_string(n_));
  std::copy(x.begin(), x.end(), scratch_.begin());
  if (dir == Direction::forward) recurse<Direction::forward>(scratch_.data(), 1, x.data(), n_);
  else recurse<Direction::inverse>(scratch_.data(), 1, x.data(), n_);
}

template <class T>
template <Direction dir>
void RecursivePlan<T>::recurse(const Complex<T>* in, std::size_t stride, Complex<T>* out, std::size_t m) const {
  if (m == 1) {
    out[0] = in[0];
    return;
  }
  const std::size_t h = m / 2;
  recurse<dir>(in, 2 * stride, out, h);
  recurse<dir>(in + stride, 2 * stride, out + h, h);
  // w(k, m) = w(k N/m, N): the sub-transform of size m reads the table at stride N/m = stride.
  for (std::size_t k = 0; k < h; ++k) {
    const Complex<T> w = dir == Direction::forward ? twiddles_[k * stride] : conj(twiddles_[k * stride]);
    const Complex<T> t = w * out[k + h];
    out[k + h] = out[k] - t;
    out[k] = out[k] + t;
  }
}

template class RecursivePlan<float>;
template class RecursivePlan<double>;

}  // namespace course::recursive
