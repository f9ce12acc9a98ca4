// v2, a persistent pool: P threads started once with the plan, each owning the same
// contiguous share of the N/2 butterflies in every stage, and one barrier between stages.
// A barrier costs microseconds where v1 paid for P thread starts; but every stage still
// streams the whole array through memory, so large N is bound by memory bandwidth.
#pragma once

#include <cstddef>
#include <span>

#include "04_threads/stages.hpp"
#include "04_threads/team.hpp"

namespace course::ch04 {

template <class T>
class V2PoolBarrier {
 public:
  V2PoolBarrier(std::size_t n, int threads);
  void execute(std::span<const Complex<T>> in, std::span<Complex<T>> out, Direction dir);
  std::size_t size() const { return n_; }
  int threads() const { return team_.size(); }

 private:
  template <Direction dir> void run(const Complex<T>* in, Complex<T>* out);
  std::size_t n_;
  Twiddles<T> tw_;
  Team team_;
};

}  // namespace course::ch04
