// 12_any_n: the plan that picks, its description, and the plans compiled for float and double.
#include "12_any_n/any_n.hpp"

#include <sstream>

namespace course::anyn {

template <class T>
Plan<T>::Plan(std::size_t n) : n_(n) {
  require_size(n);
  if (is_smooth(n)) mixed_ = std::make_unique<MixedRadixPlan<T>>(n);
  else bluestein_ = std::make_unique<BluesteinPlan<T>>(n);
}

template <class T>
void Plan<T>::execute(std::span<const Complex<T>> in, std::span<Complex<T>> out, Direction dir, std::size_t batch) const {
  require_batch(chapter, batch);
  if (in.size() != n_ * batch || out.size() != n_ * batch)
    throw std::invalid_argument(std::string(chapter) + ": spans of " + std::to_string(in.size()) + " and " +
                                std::to_string(out.size()) + " points given to a plan for N = " + std::to_string(n_) +
                                " and batch = " + std::to_string(batch) + " (expected " + std::to_string(n_ * batch) + ")");
  for (std::size_t b = 0; b < batch; ++b) {
    const auto i = in.subspan(b * n_, n_);
    const auto o = out.subspan(b * n_, n_);
    if (mixed_) mixed_->execute(i, o, dir);
    else bluestein_->execute(i, o, dir);
  }
}

std::string factorisation(std::size_t n) {
  std::ostringstream s;
  bool first = true;
  auto put = [&](std::size_t p, unsigned e) {
    if (!first) s << " * ";
    first = false;
    s << p;
    if (e > 1) s << "^" << e;
  };
  for (std::size_t p = 2; p * p <= n; ++p) {
    unsigned e = 0;
    while (n % p == 0) { n /= p; ++e; }
    if (e) put(p, e);
  }
  if (n > 1 || first) put(n, 1);
  return s.str();
}

template <class T>
std::string Plan<T>::describe() const {
  std::ostringstream s;
  s << n_;
  if (mixed_) {
    const auto& r = mixed_->stage_radices();
    if (r.empty()) return s.str() + ": nothing to do (a copy), mixed radix with no stages";
    s << " = ";
    for (std::size_t i = 0; i < r.size(); ++i) s << (i ? " * " : "") << r[i];
    s << ": mixed radix, " << r.size() << (r.size() == 1 ? " stage" : " stages");
    return s.str();
  }
  const std::string f = factorisation(n_);
  if (f == std::to_string(n_)) s << ": prime";
  else s << " = " << f;
  unsigned k = 0;
  while ((std::size_t{1} << k) < bluestein_->convolution_size()) ++k;
  s << ", Bluestein with M = 2^" << k;
  return s.str();
}

template class Plan<float>;
template class Plan<double>;
template class MixedRadixPlan<float>;
template class MixedRadixPlan<double>;
template class BluesteinPlan<float>;
template class BluesteinPlan<double>;

}  // namespace course::anyn
