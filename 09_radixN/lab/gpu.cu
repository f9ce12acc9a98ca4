// Lab 09's GPU part: the kernel of kernel.hpp on the device with your butterfly (Yours) and
// 09's (Chapter), the conformance suite on yours, then the performance band, both timed in this
// run on the same data. The band is where "in registers" shows: a butterfly that indexes its
// arrays at run time, or radix-2 stages, runs the same arithmetic much slower.
#include LAB_IMPL

#include "09_radixN/lab/kernel.hpp"
#include "09_radixN/lab/sizes.hpp"
#include "common/lab/gpu_lab.cuh"

using namespace course;
using namespace course::lab;

namespace {

template <class Impl, class T>
__global__ void __launch_bounds__(lab09_kernel::block_threads) tile_kernel(const Complex<T>* in, Complex<T>* out, unsigned log2n,
                                                                           std::uint32_t points, const Complex<T>* table) {
  extern __shared__ double2 raw[];
  Complex<T>* s = reinterpret_cast<Complex<T>*>(raw);
  const lab09_kernel::Swizzled<T> map;
  const std::uint32_t t = threadIdx.x, first = blockIdx.x * lab09_kernel::tile_points;
  for (std::uint32_t e = t; e < lab09_kernel::tile_points; e += blockDim.x)
    s[map(e)] = first + e < points ? in[first + e] : Complex<T>{};
  __syncthreads();
  const unsigned count = lab09_kernel::stages<Impl>(log2n);
  std::uint32_t p = 1;
  for (unsigned st = 0; st < count; ++st, p *= Impl::radix) {
    Complex<T> u[16];
    std::uint32_t at[16];
    lab09_kernel::stage_compute<Impl, T>(s, log2n, p, t, table, u, at, map);
    __syncthreads();
#pragma unroll
    for (int q = 0; q < 16; ++q) s[map(at[q])] = u[q];
    __syncthreads();
  }
  for (std::uint32_t e = t; e < lab09_kernel::tile_points; e += blockDim.x)
    if (first + e < points) out[first + e] = s[map(e)];
}

template <class Impl, class T>
void run(const Complex<T>* in, Complex<T>* out, std::size_t n, std::size_t batch, const Complex<T>* table) {
  const auto points = static_cast<std::uint32_t>(n * batch);
  const int bytes = static_cast<int>(lab09_kernel::tile_points * sizeof(Complex<T>));
  static bool attribute_set = false;
  if (!attribute_set) {
    COURSE_CUDA_CHECK(cudaFuncSetAttribute(tile_kernel<Impl, T>, cudaFuncAttributeMaxDynamicSharedMemorySize, bytes));
    attribute_set = true;
  }
  tile_kernel<Impl, T><<<(points + lab09_kernel::tile_points - 1) / lab09_kernel::tile_points, lab09_kernel::block_threads, bytes>>>(
      in, out, log2_exact(n), points, table);
}

template <class T>
void gpu_precision(Grader& g) {
  using lab09_kernel::Chapter;
  using lab09_kernel::Yours;
  const std::string p = precision_name<T>();
  auto transform = [](const Complex<T>* in, Complex<T>* out, std::size_t n, std::size_t batch, Direction dir) {
    if (dir == Direction::inverse) throw std::invalid_argument("lab 09's kernel is forward only");
    const auto host = twiddle_table<T>(n, n);
    cuda::DeviceBuffer<Complex<T>> table(host.size());
    table.upload(std::span<const Complex<T>>(host.data(), host.size()));
    run<Yours, T>(in, out, n, batch, table.data());
    COURSE_CUDA_CHECK(cudaDeviceSynchronize());
  };
  const bool ok = run_conformance<T>(g, "your radix-16 kernel on the GPU, N = 16, 256, 4096",
                                     with_inverse_by_conjugation<T>(on_device<T>(transform, lab09_sizes::require)),
                                     lab09_sizes::config(), g.todo(1), 3, "GPU ");
  if (!ok) {
    g.skip("GPU performance band", p, "not timed: the kernel is not correct yet");
    return;
  }
  // The band is taken on 16 MiB of input (2^21 float or 2^20 double points: input and output stay
  // in the L2 cache of recent GPUs), 20 launches per timing. There the kernel's time is what
  // happens on the chip (registers, shared memory, barriers), which is what the butterfly
  // decides; at sizes that stream from DRAM every correct kernel would hide behind the same
  // memory time.
  const std::size_t points = (std::size_t{1} << 24) / sizeof(Complex<T>);
  cuda::DeviceBuffer<Complex<T>> in(points), out(points);
  {
    const auto x = random_uniform<T>(points, g.seed());
    in.upload(std::span<const Complex<T>>(x.data(), x.size()));
  }
  for (std::size_t n : {std::size_t{256}, std::size_t{4096}}) {
    const auto host = twiddle_table<T>(n, n);
    cuda::DeviceBuffer<Complex<T>> table(host.size());
    table.upload(std::span<const Complex<T>>(host.data(), host.size()));
    band_check(g, "N = " + std::to_string(n) + " x " + std::to_string(points / n) + ", " + p + " (20 launches)",
               [&] { for (int i = 0; i < 20; ++i) run<Yours, T>(in.data(), out.data(), n, points / n, table.data()); },
               [&] { for (int i = 0; i < 20; ++i) run<Chapter, T>(in.data(), out.data(), n, points / n, table.data()); }, g.todo(1));
  }
}

}  // namespace

void lab09_gpu_part(Grader& g) {
  if (!gpu_present(g)) return;
  gpu_precision<float>(g);
  gpu_precision<double>(g);
}
