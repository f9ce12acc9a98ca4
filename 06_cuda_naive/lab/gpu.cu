// Lab 06's GPU part: 06 v2's launches with your index map (Yours) and with 06's own (Chapter):
// the conformance suite on yours on the device, then the performance band, both timed in this run.
#include LAB_IMPL

#include "06_cuda_naive/lab/kernel.hpp"
#include "common/lab/gpu_lab.cuh"
#include "common/sizes.hpp"

using namespace course;
using namespace course::lab;

namespace {

template <class Impl, class T>
__global__ void stage_kernel(const Complex<T>* in, Complex<T>* out, std::size_t n, unsigned stage, std::size_t threads, int sign) {
  const std::size_t t = static_cast<std::size_t>(blockIdx.x) * blockDim.x + threadIdx.x;
  if (t < threads) Impl::template butterfly<T>(in, out, n, stage, t, sign);
}

template <class Impl, class T>
void run(const Complex<T>* in, Complex<T>* out, std::size_t n, std::size_t batch, Direction dir) {
  cuda_naive::for_each_v2_launch(n, batch, [&](unsigned stage, std::size_t threads) {
    stage_kernel<Impl, T><<<static_cast<unsigned>((threads + 255) / 256), 256>>>(in, out, n, stage, threads, static_cast<int>(dir));
  });
}

template <class T>
void gpu_precision(Grader& g) {
  using lab06_kernel::Chapter;
  using lab06_kernel::Yours;
  conformance::Config c;
  c.sizes = conformance::powers_of_two(0, 16);
  c.batch = 3;
  c.refused = {0, 3, 1000};
  const bool ok = run_conformance<T>(
      g, "your index map in 06 v2's kernel on the GPU, N = 2^0..2^16",
      on_device<T>(run<Yours, T>, [](std::size_t n, std::size_t b) { require_power_of_two("lab 06", n, 27); require_batch("lab 06", b); }),
      c, g.todo(1), 3, "GPU ");
  if (!ok) {
    g.skip("GPU performance band", precision_name<T>(), "not timed: the kernel is not correct yet");
    return;
  }
  const std::size_t n = std::size_t{1} << 20, points = std::size_t{1} << 24;
  cuda::DeviceBuffer<Complex<T>> in(points), out(points);
  const auto x = random_uniform<T>(points, g.seed());
  in.upload(std::span<const Complex<T>>(x.data(), x.size()));
  band_check(g, "N = 2^20 x 16, " + std::string(precision_name<T>()),
             [&] { run<Yours, T>(in.data(), out.data(), n, points / n, Direction::forward); },
             [&] { run<Chapter, T>(in.data(), out.data(), n, points / n, Direction::forward); }, g.todo(1));
}

}  // namespace

void lab06_gpu_part(Grader& g) {
  if (!gpu_present(g)) return;
  gpu_precision<float>(g);
  gpu_precision<double>(g);
}
