// 08_cuda_stockham: radix-2 FFT plans on device memory, four variants side by side.
//
//   v1 StockhamPlan      radix-2 Stockham autosort: log2 N passes, ping-pong buffers, no reversal.
//   v2 CooleyTukeyPlan   radix-2 Cooley-Tukey: a __brevll reversal pass, then log2 N in-place passes.
//   v3 FusedFirstPlan    the first stages fused in shared memory (all of them while N fits the
//                        tile: 4096 points in float, 2048 in double), the rest as v1's passes.
//   v4 FusedPlan         every pass fused: the stages are shared out over ceil(log2 N / 9) passes.
//
// A plan is made for one size and batch; it owns the twiddle table and, where the variant
// ping-pongs, a scratch buffer of N * batch points. execute(in, out, dir) takes device pointers,
// in != out, and only enqueues kernels on the plan's stream: no copies to or from the host, no
// synchronisation. Refused sizes throw course::size_error from the constructor, before any
// device allocation or launch.
#pragma once

#include <cuda_runtime_api.h>

#include <cstddef>
#include <string>
#include <vector>

#include "08_cuda_stockham/schedule.hpp"
#include "common/complex.hpp"
#include "common/cuda_helpers.hpp"

namespace course::stockham {

// Throws size_error unless require_shape passes (schedule.hpp) and the plan's own buffers
// (`buffers` of n * batch points, plus the n-point twiddle table) fit in free device memory.
void require_size(std::size_t n, std::size_t batch, std::size_t point_bytes, unsigned buffers);

// What every variant owns: the size, the stream, the stage-ordered twiddle table, the scratch.
template <class T>
class PlanBase {
 public:
  std::size_t size() const { return n_; }
  std::size_t batch() const { return batch_; }
  // Passes over global memory per execute (the lesson's byte count: passes * 2 * N * batch points).
  virtual unsigned passes() const = 0;
  virtual ~PlanBase() = default;
  // The table the kernels read, for the tests: table[s + k] = w(k, 2s).
  const cuda::DeviceBuffer<Complex<T>>& twiddles() const { return twiddles_; }

 protected:
  PlanBase(std::size_t n, std::size_t batch, cudaStream_t stream, unsigned scratch_buffers);
  void check_pointers(const Complex<T>* in, const Complex<T>* out) const;
  std::size_t n_, batch_;
  unsigned log2n_;
  cudaStream_t stream_;
  cuda::DeviceBuffer<Complex<T>> twiddles_, scratch_;
};

template <class T>
class StockhamPlan : public PlanBase<T> {
 public:
  explicit StockhamPlan(std::size_t n, std::size_t batch = 1, cudaStream_t stream = nullptr);
  void execute(const Complex<T>* in, Complex<T>* out, Direction dir) const;
  unsigned passes() const override { return this->log2n_ > 0 ? this->log2n_ : 1; }
};

template <class T>
class CooleyTukeyPlan : public PlanBase<T> {
 public:
  explicit CooleyTukeyPlan(std::size_t n, std::size_t batch = 1, cudaStream_t stream = nullptr);
  void execute(const Complex<T>* in, Complex<T>* out, Direction dir) const;
  unsigned passes() const override { return 1 + this->log2n_; }
};

// v3 and v4 differ only in their list of passes (schedule.hpp): v3_passes or v4_passes.
template <class T>
class FusedPlanBase : public PlanBase<T> {
 public:
  void execute(const Complex<T>* in, Complex<T>* out, Direction dir) const;
  unsigned passes() const override { return schedule_.empty() ? 1 : static_cast<unsigned>(schedule_.size()); }
  const std::vector<Pass>& schedule() const { return schedule_; }

 protected:
  FusedPlanBase(std::size_t n, std::size_t batch, cudaStream_t stream, bool all_fused);
  std::vector<Pass> schedule_;
};

template <class T>
class FusedFirstPlan : public FusedPlanBase<T> {
 public:
  explicit FusedFirstPlan(std::size_t n, std::size_t batch = 1, cudaStream_t stream = nullptr)
      : FusedPlanBase<T>(n, batch, stream, false) {}
};

template <class T>
class FusedPlan : public FusedPlanBase<T> {
 public:
  explicit FusedPlan(std::size_t n, std::size_t batch = 1, cudaStream_t stream = nullptr)
      : FusedPlanBase<T>(n, batch, stream, true) {}
};

extern template class PlanBase<float>;
extern template class PlanBase<double>;
extern template class StockhamPlan<float>;
extern template class StockhamPlan<double>;
extern template class CooleyTukeyPlan<float>;
extern template class CooleyTukeyPlan<double>;
extern template class FusedPlanBase<float>;
extern template class FusedPlanBase<double>;

}  // namespace course::stockham
