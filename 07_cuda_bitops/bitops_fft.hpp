// 07_cuda_bitops: 06 v2's algorithm made cheaper, one change per variant. Device-memory plans,
// out of place (in != out), radix-2; execute() only enqueues kernels on the plan's stream.
//
//   v1 ShiftPlan:    shifts and masks instead of division, modulo, pow and log2.
//   v2 ReorderPlan:  the bit reversal as one permutation pass (__brev) before natural-order
//                    stages; gather or scatter.
//   v3 TwiddlePlan:  twiddles from a precomputed table, or sincospi, or __sincosf (float).
//   v4 SharedPlan:   N <= 4096 float / 2048 double: the whole transform in one block's shared
//                    memory, one launch, many transforms per launch.
//   v5 TiledPlan:    any N: one shared-memory pass that reads the input in bit-reversed order
//                    and does the first 12 stages of every tile (v4's kernel, with an opt-in
//                    tile of up to 128 KiB), then v3's stages (sincospi twiddles) for the rest.
#pragma once

#include <cuda_runtime_api.h>

#include <cstddef>
#include <memory>

#include "07_cuda_bitops/bitops_sizes.hpp"
#include "common/complex.hpp"

namespace course::bitops {

enum class Permutation { gather, scatter };
enum class TwiddleSource { sincos_double, table, sincospi, fast_sincosf };

const char* to_string(Permutation p);
const char* to_string(TwiddleSource s);

// What the plans share: size, batch, stream, and the per-stage table of N - 1 forward twiddles
// (device memory) for the variants that read one.
template <class T>
class PlanBase {
 public:
  std::size_t size() const { return n_; }
  std::size_t batch() const { return batch_; }

 protected:
  PlanBase(std::size_t n, std::size_t batch, cudaStream_t stream, bool with_table);
  ~PlanBase();
  PlanBase(const PlanBase&) = delete;
  PlanBase& operator=(const PlanBase&) = delete;
  std::size_t n_, batch_;
  unsigned log2n_;
  cudaStream_t stream_;
  Complex<T>* table_ = nullptr;  // owned
};

template <class T>
class ShiftPlan : public PlanBase<T> {
 public:
  explicit ShiftPlan(std::size_t n, std::size_t batch = 1, cudaStream_t stream = nullptr);
  void execute(const Complex<T>* in, Complex<T>* out, Direction dir) const;
};

template <class T>
class ReorderPlan : public PlanBase<T> {
 public:
  explicit ReorderPlan(std::size_t n, std::size_t batch = 1, Permutation p = Permutation::gather,
                       cudaStream_t stream = nullptr);
  void execute(const Complex<T>* in, Complex<T>* out, Direction dir) const;

 private:
  Permutation permutation_;
};

// fast_sincosf is float only: a double transform with float twiddles would carry float error,
// so TwiddlePlan<double> refuses it.
template <class T>
class TwiddlePlan : public PlanBase<T> {
 public:
  explicit TwiddlePlan(std::size_t n, std::size_t batch = 1, TwiddleSource s = TwiddleSource::table,
                       cudaStream_t stream = nullptr);
  void execute(const Complex<T>* in, Complex<T>* out, Direction dir) const;

 private:
  TwiddleSource source_;
};

template <class T>
class SharedPlan : public PlanBase<T> {
 public:
  explicit SharedPlan(std::size_t n, std::size_t batch = 1, cudaStream_t stream = nullptr);
  void execute(const Complex<T>* in, Complex<T>* out, Direction dir) const;
};

template <class T>
class TiledPlan : public PlanBase<T> {
 public:
  explicit TiledPlan(std::size_t n, std::size_t batch = 1, cudaStream_t stream = nullptr);
  void execute(const Complex<T>* in, Complex<T>* out, Direction dir) const;

 private:
  unsigned tile_log2p_;  // points of the opt-in tile beyond v4's, for this device
};

}  // namespace course::bitops
