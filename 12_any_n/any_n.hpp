// 12_any_n: a transform of any N >= 1. course::anyn::Plan<T>(n) picks the algorithm:
//   N = 2^a 3^b 5^c 7^d  ->  mixed-radix Stockham (mixed_radix.hpp), radices 2, 4, 8, 3, 5, 7;
//   any other N          ->  Bluestein (bluestein.hpp) on 03_iterative's power-of-two plan.
// Refused before any work: N = 0; a 7-smooth N above 2^27; any other N above 2^25; a batch of 0.
#pragma once

#include <cstddef>
#include <memory>
#include <span>
#include <string>
#include <variant>

#include "12_any_n/bluestein.hpp"
#include "12_any_n/factor.hpp"
#include "12_any_n/mixed_radix.hpp"

namespace course::anyn {

enum class Algorithm { mixed_radix, bluestein };

template <class T>
class Plan {
 public:
  explicit Plan(std::size_t n);

  std::size_t size() const { return n_; }
  Algorithm algorithm() const { return mixed_ ? Algorithm::mixed_radix : Algorithm::bluestein; }
  // "1000 = 2 * 4 * 5 * 5 * 5: mixed radix, 5 stages", "999983: prime, Bluestein with M = 2^21", ...
  std::string describe() const;
  // The stage radices (mixed radix) or empty (Bluestein).
  std::vector<unsigned> stage_radices() const { return mixed_ ? mixed_->stage_radices() : std::vector<unsigned>{}; }
  // Bluestein's convolution length M (0 for mixed radix).
  std::size_t convolution_size() const { return bluestein_ ? bluestein_->convolution_size() : 0; }

  // `batch` contiguous transforms of N points from in to out (in.size() == out.size() == N batch);
  // in and out may be the same span. One plan must not execute on two threads at once.
  void execute(std::span<const Complex<T>> in, std::span<Complex<T>> out, Direction dir, std::size_t batch = 1) const;

 private:
  std::size_t n_;
  std::unique_ptr<MixedRadixPlan<T>> mixed_;
  std::unique_ptr<BluesteinPlan<T>> bluestein_;
};

// "2^3 * 5^3", "999983" (prime), "11 * 13".
std::string factorisation(std::size_t n);

extern template class Plan<float>;
extern template class Plan<double>;
extern template class MixedRadixPlan<float>;
extern template class MixedRadixPlan<double>;
extern template class BluesteinPlan<float>;
extern template class BluesteinPlan<double>;

}  // namespace course::anyn
