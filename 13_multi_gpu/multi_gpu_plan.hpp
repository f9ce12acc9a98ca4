// One transform over P GPUs, one process per GPU (mpirun -n P): the chapter's plan, built once
// for a size and executed many times on device memory, like 09's and 11's plans.
//
//   course::multigpu::Communicator comm(MPI_COMM_WORLD);
//   course::multigpu::Plan<float> plan(comm, n);                 // 1D, N = 2^k (throws if refused)
//   course::multigpu::Plan<float> image(comm, height, width);    // 2D, by slabs of rows
//   plan.execute(d_in, d_out, course::Direction::forward);       // collective; local_size() points
//
// The layouts of in and out are slabs.hpp's: forward takes slab_input and returns slab_output,
// the inverse takes slab_output and returns slab_input (global_index names the element). Like
// cufftXt's and cuFFTMp's, the 1D output is in a permuted order; in 2D the input is natural
// row slabs and the output is the result's columns. execute() only queues work on stream():
// no host copies, no allocation, no synchronisation.
#pragma once

#include <cuda_runtime_api.h>

#include <memory>
#include <string>
#include <vector>

#include "13_multi_gpu/communicator.hpp"
#include "13_multi_gpu/slabs.hpp"
#include "common/complex.hpp"
#include "common/cuda_helpers.hpp"
#include "common/sizes.hpp"

namespace course::multigpu {

// plain: the steps one after another on one stream. overlap: the exchange cut into `chunks`
// chunks on a second stream: chunk c moves while chunk c + 1 is packed and chunk c - 1's
// column FFTs run; and step 1 cut into `row_groups` groups of rows, so that the first chunk
// leaves after the first group's row FFTs, while the next group's run.
enum class Variant { plain, overlap };
inline const char* to_string(Variant v) { return v == Variant::plain ? "v1_plain" : "v2_overlap"; }

struct Options {
  Variant variant = Variant::plain;
  int chunks = 4;   // overlap only; at most N1/P (it is lowered to that, and describe() says so)
  int log2_n1 = 0;  // 1D: N1 = 2^log2_n1 instead of the squarest split (0), for measuring splits
  int row_groups = 2;  // overlap only; at most the rows a GPU holds (lowered likewise)
};

template <class T>
class Plan {
 public:
  Plan(const Communicator& comm, std::size_t n, Options options = {});
  Plan(const Communicator& comm, std::size_t height, std::size_t width, Options options = {});
  ~Plan();
  Plan(const Plan&) = delete;
  Plan& operator=(const Plan&) = delete;

  void execute(const Complex<T>* in, Complex<T>* out, Direction dir);

  std::size_t local_size() const { return static_cast<std::size_t>(split_.local()); }
  std::size_t global_index(Direction dir, bool is_input, int rank, std::size_t j) const {
    return static_cast<std::size_t>(global_index_of(kind_, split_, dir == Direction::forward, is_input, rank,
                                                    static_cast<std::int64_t>(j)));
  }
  Kind kind() const { return kind_; }
  const Split& split() const { return split_; }
  cudaStream_t stream() const { return stream_; }
  std::string describe() const;

 private:
  struct Steps;  // the local FFT plans of one direction (transpose_fft.cu)
  void build(std::size_t n1, std::size_t n2, Options options);
  void exchange(const Split& s, std::int64_t chunk, std::int64_t group, cudaStream_t st);
  static std::int64_t global_index_of(Kind k, const Split& s, bool fwd, bool in, int r, std::int64_t j) {
    return course::multigpu::global_index(k, s, fwd, in, r, j);
  }

  const Communicator& comm_;
  Kind kind_;
  Split split_;  // the forward split; the inverse runs on split_.swapped()
  Variant variant_;
  std::unique_ptr<Steps> forward_, inverse_;
  cuda::DeviceBuffer<Complex<T>> work_, send_, recv_;
  cuda::DeviceBuffer<Complex<double>> twiddle_lo_, twiddle_hi_;  // 1D: step 2's tables (slabs.hpp TwiddleTables)
  int twiddle_log_lo_ = 0;
  cudaStream_t stream_ = nullptr, comm_stream_ = nullptr;
  std::vector<cudaEvent_t> packed_, arrived_;  // per chunk and row group, per chunk (overlapped variant)
};

extern template class Plan<float>;
extern template class Plan<double>;

}  // namespace course::multigpu
