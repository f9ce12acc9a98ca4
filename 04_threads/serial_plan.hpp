// The serial stage loop as a plan with the same interface as v1..v3 (threads ignored): the
// one-thread baseline of the benchmark, standing in for 03_iterative's radix-2.
#pragma once

#include <span>

#include "04_threads/partition.hpp"
#include "04_threads/stages.hpp"

namespace course::ch04 {

template <class T>
class SerialPlan {
 public:
  SerialPlan(std::size_t n, int /*threads*/ = 1) : n_((require_size(n), n)), tw_(n) {}
  void execute(std::span<const Complex<T>> in, std::span<Complex<T>> out, Direction dir) {
    require_buffers<T>(in, out, n_);
    serial_fft(in.data(), out.data(), n_, dir, tw_);
  }
  std::size_t size() const { return n_; }
  int threads() const { return 1; }

 private:
  std::size_t n_;
  StageTwiddles<T> tw_;
};

}  // namespace course::ch04
