// Lab 08's GPU part: 08 v1's Stockham stages (one launch per stage, ping-pong buffers) with your
// indices (Yours) and with 08's own (Chapter): the conformance suite on yours on the device,
// then the performance band, both timed in this run.
#include LAB_IMPL

#include "08_cuda_stockham/lab/kernel.hpp"
#include "common/lab/gpu_lab.cuh"
#include "common/sizes.hpp"

using namespace course;
using namespace course::lab;

namespace {

template <class Impl, class T>
__global__ void stage_kernel(const Complex<T>* x, Complex<T>* y, const Complex<T>* table, unsigned log2n, unsigned log2s,
                             bool inverse, std::uint64_t threads) {
  const std::uint64_t t = static_cast<std::uint64_t>(blockIdx.x) * blockDim.x + threadIdx.x;
  if (t < threads) Impl::template butterfly<T>(x, y, table, log2n, log2s, inverse, t);
}

// log2 N stages from in through the scratch buffer to out; N = 1 is a copy.
template <class Impl, class T>
void run(const Complex<T>* in, Complex<T>* out, Complex<T>* scratch, const Complex<T>* table, std::size_t n, std::size_t batch,
         Direction dir) {
  const unsigned log2n = log2_exact(n);
  if (log2n == 0) {
    COURSE_CUDA_CHECK(cudaMemcpy(out, in, batch * sizeof(Complex<T>), cudaMemcpyDeviceToDevice));
    return;
  }
  const std::uint64_t threads = n * batch / 2;
  // The last stage must land in out: start in out or in scratch depending on the parity.
  Complex<T>* bufs[2] = {log2n % 2 ? out : scratch, log2n % 2 ? scratch : out};
  const Complex<T>* src = in;
  for (unsigned s = 0; s < log2n; ++s) {
    Complex<T>* dst = bufs[s % 2];
    stage_kernel<Impl, T><<<static_cast<unsigned>((threads + 255) / 256), 256>>>(src, dst, table, log2n, s, dir == Direction::inverse, threads);
    src = dst;
  }
}

template <class T>
void gpu_precision(Grader& g) {
  using lab08_kernel::Chapter;
  using lab08_kernel::Yours;
  conformance::Config c;
  c.sizes = conformance::powers_of_two(0, 16);
  c.batch = 3;
  c.refused = {0, 3, 1000};
  auto transform = [](const Complex<T>* in, Complex<T>* out, std::size_t n, std::size_t batch, Direction dir) {
    const auto host = lab08_kernel::table_of<T>(n);
    cuda::DeviceBuffer<Complex<T>> table(host.size()), scratch(n * batch);
    table.upload(std::span<const Complex<T>>(host.data(), host.size()));
    run<Yours, T>(in, out, scratch.data(), table.data(), n, batch, dir);
    COURSE_CUDA_CHECK(cudaDeviceSynchronize());
  };
  const bool ok = run_conformance<T>(
      g, "your indices in 08 v1's Stockham stages on the GPU, N = 2^0..2^16",
      on_device<T>(transform, [](std::size_t n, std::size_t b) { require_power_of_two("lab 08", n, 27); require_batch("lab 08", b); }), c,
      g.todo(2), 3, "GPU ");
  if (!ok) {
    g.skip("GPU performance band", precision_name<T>(), "not timed: the kernel is not correct yet");
    return;
  }
  const std::size_t n = std::size_t{1} << 20, points = std::size_t{1} << 24;
  cuda::DeviceBuffer<Complex<T>> in(points), out(points), scratch(points);
  const auto x = random_uniform<T>(points, g.seed());
  in.upload(std::span<const Complex<T>>(x.data(), x.size()));
  const auto host = lab08_kernel::table_of<T>(n);
  cuda::DeviceBuffer<Complex<T>> table(host.size());
  table.upload(std::span<const Complex<T>>(host.data(), host.size()));
  band_check(g, "N = 2^20 x 16, " + std::string(precision_name<T>()),
             [&] { run<Yours, T>(in.data(), out.data(), scratch.data(), table.data(), n, points / n, Direction::forward); },
             [&] { run<Chapter, T>(in.data(), out.data(), scratch.data(), table.data(), n, points / n, Direction::forward); }, g.todo(2));
}

}  // namespace

void lab08_gpu_part(Grader& g) {
  if (!gpu_present(g)) return;
  gpu_precision<float>(g);
  gpu_precision<double>(g);
}
