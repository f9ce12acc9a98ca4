// A plan's launches recorded once and replayed as one CUDA graph. Every pass of a plan is a
// kernel launch, and each launch costs the host time; where the host is slower than the kernels
// (cuFFT's small single transforms), a transform is mostly that cost (latency.md). Stream capture
// records what the plan's execute() puts on its stream (the kernels are recorded, not run),
// cudaGraphInstantiate turns the record into one executable graph, and launch() then replays
// every pass with one call.
//   Stream stream;                                              // capture needs a stream of its own
//   course::anyn::gpu::Plan<float> plan(n, 1, stream.get());
//   GraphReplay graph(stream.get(), [&] { plan.execute(d_in, d_out, Direction::forward); });
//   graph.launch(stream.get());                                 // as often as needed
// The graph keeps the pointers and arguments it recorded: each replay reads d_in and writes
// d_out again, so new data goes into the same buffers, and other buffers need another graph.
#pragma once

#include <cuda_runtime_api.h>

#include <cstddef>
#include <stdexcept>

#include "common/cuda_helpers.hpp"

namespace course::anyn::gpu {

// A stream created and destroyed with its owner. It must stay blocking (cudaStreamCreate's
// default): the plans' uploads and the tests' copies run on the legacy stream and rely on the
// implicit ordering between the two.
class Stream {
 public:
  Stream() { COURSE_CUDA_CHECK(cudaStreamCreate(&stream_)); }
  ~Stream() {
    if (stream_) cudaStreamDestroy(stream_);
  }
  Stream(const Stream&) = delete;
  Stream& operator=(const Stream&) = delete;
  cudaStream_t get() const { return stream_; }

 private:
  cudaStream_t stream_ = nullptr;
};

class GraphReplay {
 public:
  // Records what enqueue() launches on `stream`, which must be the stream the plan was built on.
  template <class Enqueue>
  GraphReplay(cudaStream_t stream, Enqueue&& enqueue) {
    // CUDA cannot capture the legacy default stream (0), where the plans put their work unless given a stream.
    if (stream == nullptr || stream == cudaStreamLegacy)
      throw std::invalid_argument(
          "GraphReplay: the legacy default stream (0) cannot be captured; build the plan on a stream of its own "
          "(cudaStreamCreate) and capture that stream");
    COURSE_CUDA_CHECK(cudaStreamBeginCapture(stream, cudaStreamCaptureModeThreadLocal));
    try {
      enqueue();
    } catch (...) {
      cudaGraph_t partial = nullptr;
      cudaStreamEndCapture(stream, &partial);  // leaves the stream usable; the record is dropped
      if (partial) cudaGraphDestroy(partial);
      cudaGetLastError();
      throw;
    }
    COURSE_CUDA_CHECK(cudaStreamEndCapture(stream, &graph_));
    try {
      COURSE_CUDA_CHECK(cudaGraphGetNodes(graph_, nullptr, &nodes_));
      // A plan launches at least one kernel: an empty record means its launches went elsewhere
      // (they ran at once, uncaptured).
      if (nodes_ == 0)
        throw std::invalid_argument("GraphReplay: nothing was recorded on the captured stream; the plan must be built on that stream");
      COURSE_CUDA_CHECK(cudaGraphInstantiate(&exec_, graph_, 0));
    } catch (...) {
      cudaGraphDestroy(graph_);
      throw;
    }
  }
  ~GraphReplay() {
    if (exec_) cudaGraphExecDestroy(exec_);
    if (graph_) cudaGraphDestroy(graph_);
  }
  GraphReplay(const GraphReplay&) = delete;
  GraphReplay& operator=(const GraphReplay&) = delete;

  // Every recorded launch, in the recorded order, with one call; asynchronous like the plan's execute.
  void launch(cudaStream_t stream) const { COURSE_CUDA_CHECK(cudaGraphLaunch(exec_, stream)); }
  // The graph's nodes: one a kernel the plan launched (its passes, Bluestein's element-wise steps).
  std::size_t nodes() const { return nodes_; }

 private:
  cudaGraph_t graph_ = nullptr;
  cudaGraphExec_t exec_ = nullptr;
  std::size_t nodes_ = 0;
};

}  // namespace course::anyn::gpu
