// A pass that no tile of this chapter fits: 4096 double points are 64 KiB of data, over the
// shared memory a Turing block (64 KiB) or any block without opting in (48 KiB) may have, in
// every tile variant (pass_layout.hpp). Such a pass is done by 09's multi-pass plan instead
// (two passes of at most 2^11 points), on the same strided layout: rows are transforms `dist`
// apart at stride 1, columns are transforms 1 apart at stride `width`, one plan per matrix.
#pragma once

#include <cstddef>
#include <memory>
#include <string>

#include "09_radixN/radix_plan.hpp"

namespace course::twod {

template <class T>
class LongPass {
 public:
  LongPass() = default;
  // `count` transforms of `len` points in each of `matrices` matrices `matrix_dist` apart;
  // element j of transform i at i * dist + j * stride.
  LongPass(std::size_t len, std::size_t count, std::size_t stride, std::size_t dist, std::size_t matrices,
           std::size_t matrix_dist, cudaStream_t stream, int shared_limit_bytes)
      : matrices_(matrices), matrix_dist_(matrix_dist) {
    radixn::PlanOptions o;
    o.shared_limit_bytes = shared_limit_bytes;
    o.input = o.output = {static_cast<std::int64_t>(stride), static_cast<std::int64_t>(dist)};
    plan_ = std::make_unique<radixn::Plan<T>>(len, count, stream, o);
  }
  explicit operator bool() const { return plan_ != nullptr; }
  // in == out allowed (09's plans take it).
  void execute(const Complex<T>* in, Complex<T>* out, Direction dir, cudaStream_t stream) const {
    plan_->set_stream(stream);
    for (std::size_t m = 0; m < matrices_; ++m) plan_->execute(in + m * matrix_dist_, out + m * matrix_dist_, dir);
  }
  std::string describe() const {
    return "09_radixN's " + std::to_string(plan_->passes()) + "-pass plan (no tile of this chapter fits the GPU's shared memory)" +
           (matrices_ > 1 ? ", once per matrix" : "");
  }

 private:
  std::unique_ptr<radixn::Plan<T>> plan_;
  std::size_t matrices_ = 1, matrix_dist_ = 0;
};

}  // namespace course::twod
