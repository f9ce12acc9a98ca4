// Adapts a GPU plan to the conformance suite's host-span interface. The copies live here, in
// the test, never inside a plan's execute: plans work on device memory only.
//
//   auto fn = course::device_transform<float>([](std::size_t n, std::size_t batch) {
//     return std::make_unique<MyPlan<float>>(n, batch);      // throws size_error if refused
//   });
//   course::require_conformance(course::conformance::check_conformance<float>(fn, cfg));
//
// A plan is anything with execute(const Complex<T>* in, Complex<T>* out, Direction), device
// pointers, in != out. The last plan is kept while n and batch stay the same.
#pragma once

#include <cuda_runtime_api.h>

#include <memory>
#include <span>

#include "common/conformance.hpp"
#include "common/cuda_helpers.hpp"

namespace course {

template <class T, class MakePlan>
conformance::TransformFn<T> device_transform(MakePlan make_plan) {
  using PlanPtr = decltype(make_plan(std::size_t{1}, std::size_t{1}));
  struct State {
    std::size_t n = 0, batch = 0;
    PlanPtr plan{};
  };
  auto state = std::make_shared<State>();
  return [state, make_plan](std::span<const Complex<T>> in, std::span<Complex<T>> out, std::size_t n,
                            std::size_t batch, Direction dir) {
    if (!state->plan || state->n != n || state->batch != batch) {
      state->plan = {};
      state->plan = make_plan(n, batch);  // refusals throw here, before any device work
      state->n = n;
      state->batch = batch;
    }
    cuda::DeviceBuffer<Complex<T>> d_in(n * batch), d_out(n * batch);
    d_in.upload(std::span<const Complex<T>>(in.data(), n * batch));
    d_out.poison();  // NaN: an element the kernels never write stays NaN
    state->plan->execute(d_in.data(), d_out.data(), dir);
    COURSE_CUDA_CHECK(cudaGetLastError());
    COURSE_CUDA_CHECK(cudaDeviceSynchronize());
    d_out.download(std::span<Complex<T>>(out.data(), n * batch));
  };
}

}  // namespace course
