// v1, master/worker as the thesis describes it: for every stage the calling thread starts P
// workers, gives each a contiguous share of that stage's N/2 butterflies, and joins them.
// Correct, and the baseline that shows what starting and joining threads log2 N + 1 times
// per transform costs.
#pragma once

#include <cstddef>
#include <span>

#include "04_threads/stages.hpp"

namespace course::ch04 {

template <class T>
class V1SpawnPerStage {
 public:
  // threads is clamped to N/2 (see partition.hpp); sizes the chapter cannot do throw here.
  V1SpawnPerStage(std::size_t n, int threads);
  // in -> out, or in place when both are the same span.
  void execute(std::span<const Complex<T>> in, std::span<Complex<T>> out, Direction dir);
  std::size_t size() const { return n_; }
  int threads() const { return threads_; }

 private:
  template <Direction dir> void run(const Complex<T>* in, Complex<T>* out);
  std::size_t n_;
  int threads_;
  Twiddles<T> tw_;
};

}  // namespace course::ch04
