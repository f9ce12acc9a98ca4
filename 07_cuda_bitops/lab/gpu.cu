// Lab 07's GPU part: the kernels of kernel.hpp on the device, with your pieces (Yours) and the
// chapter's (Chapter): the conformance suite on yours, then the performance band, both timed in
// this run on the same data.
#include LAB_IMPL

#include "07_cuda_bitops/bitops_sizes.hpp"
#include "07_cuda_bitops/lab/kernel.hpp"
#include "07_cuda_bitops/lab/reference.hpp"
#include "common/lab/gpu_lab.cuh"

using namespace course;
using namespace course::lab;

namespace {

template <class T>
__global__ void permute_kernel(const Complex<T>* in, Complex<T>* out, unsigned log2n, std::uint32_t points) {
  const std::uint32_t t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t < points) bitops::permute_gather<T>(in, out, log2n, t);
}

template <class Impl, class T>
__global__ void stage_kernel(Complex<T>* data, unsigned log2n, unsigned stage, std::uint32_t threads, const Complex<T>* table,
                             int sign) {
  const std::uint32_t t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t < threads) Impl::template stage<T>(data, log2n, stage, t, bitops::TableTwiddle<T>{table, sign});
}

template <class Impl, class T>
__global__ void __launch_bounds__(512) tile_kernel(const Complex<T>* in, Complex<T>* out, unsigned log2n, std::uint32_t points,
                                                   const Complex<T>* table, int sign) {
  __shared__ double2 raw[lab07_kernel::tile_points];  // 16 KiB: room for 1024 double points
  Complex<T>* s = reinterpret_cast<Complex<T>*>(raw);
  const std::uint32_t t = threadIdx.x;
  for (std::uint32_t e = t; e < lab07_kernel::tile_points; e += blockDim.x)
    lab07_kernel::tile_load<Impl, T>(in, s, log2n, points, blockIdx.x, e);
  __syncthreads();
  const bitops::TableTwiddle<T> tw{table, sign};
  for (unsigned st = 0; st < log2n; ++st) {
    lab07_kernel::tile_butterfly<Impl, T>(s, tw, st, t);
    __syncthreads();
  }
  for (std::uint32_t e = t; e < lab07_kernel::tile_points; e += blockDim.x)
    lab07_kernel::tile_store<Impl, T>(s, out, points, blockIdx.x, e);
}

std::uint32_t blocks(std::uint64_t threads) { return static_cast<std::uint32_t>((threads + 255) / 256); }

template <class Impl, class T>
void run_global(const Complex<T>* in, Complex<T>* out, std::size_t n, std::size_t batch, const Complex<T>* table, Direction dir) {
  const unsigned log2n = log2_exact(n);
  const auto points = static_cast<std::uint32_t>(n * batch);
  permute_kernel<T><<<blocks(points), 256>>>(in, out, log2n, points);
  for (unsigned s = 0; s < log2n; ++s)
    stage_kernel<Impl, T><<<blocks(points / 2), 256>>>(out, log2n, s, points / 2, table, static_cast<int>(dir));
}

template <class Impl, class T>
void run_tile(const Complex<T>* in, Complex<T>* out, std::size_t n, std::size_t batch, const Complex<T>* table, Direction dir) {
  const auto points = static_cast<std::uint32_t>(n * batch);
  tile_kernel<Impl, T><<<(points + lab07_kernel::tile_points - 1) / lab07_kernel::tile_points, 512>>>(
      in, out, log2_exact(n), points, table, static_cast<int>(dir));
}

template <class T>
void gpu_precision(Grader& g) {
  using lab07_kernel::Chapter;
  using lab07_kernel::Yours;
  const std::string p = precision_name<T>();
  auto with_table = [](auto launch) {
    return [launch](const Complex<T>* in, Complex<T>* out, std::size_t n, std::size_t batch, Direction dir) {
      const auto host = bitops::stage_twiddle_table<T>(n);
      cuda::DeviceBuffer<Complex<T>> table(std::max<std::size_t>(host.size(), 1));
      if (!host.empty()) table.upload(std::span<const Complex<T>>(host.data(), host.size()));
      else table.poison();
      launch(in, out, n, batch, table.data(), dir);
      COURSE_CUDA_CHECK(cudaDeviceSynchronize());
    };
  };
  conformance::Config c;
  c.sizes = conformance::powers_of_two(0, 16);
  c.batch = 3;
  c.refused = {0, 3, 1000};
  const bool global_ok = run_conformance<T>(
      g, "global path on the GPU, N = 2^0..2^16", on_device<T>(with_table(run_global<Yours, T>), [](std::size_t n, std::size_t b) { bitops::require_size("lab 07", n, b); }),
      c, g.todo(2), 3, "GPU ");
  c.sizes = conformance::powers_of_two(0, lab07_kernel::tile_log2);
  c.batch = 5;
  c.refused = {0, 3, 2048};
  const bool tile_ok = run_conformance<T>(
      g, "tile path on the GPU, N = 2^0..2^10",
      on_device<T>(with_table(run_tile<Yours, T>), [](std::size_t n, std::size_t b) {
        require_power_of_two("lab 07 tile", n, lab07_kernel::tile_log2, "the global path takes larger N");
        require_batch("lab 07 tile", b);
      }),
      c, g.todo(3), 3, "GPU ");

  // The band: 2^24 points (128 MiB in float), the same input for both.
  const std::size_t points = std::size_t{1} << 24;
  cuda::DeviceBuffer<Complex<T>> in(points), out(points);
  {
    const auto x = random_uniform<T>(points, g.seed());
    in.upload(std::span<const Complex<T>>(x.data(), x.size()));
  }
  if (global_ok) {
    const std::size_t n = std::size_t{1} << 20;
    const auto host = bitops::stage_twiddle_table<T>(n);
    cuda::DeviceBuffer<Complex<T>> table(host.size());
    table.upload(std::span<const Complex<T>>(host.data(), host.size()));
    band_check(g, "global path, N = 2^20 x 16, " + p,
               [&] { run_global<Yours, T>(in.data(), out.data(), n, points / n, table.data(), Direction::forward); },
               [&] { run_global<Chapter, T>(in.data(), out.data(), n, points / n, table.data(), Direction::forward); }, g.todo(2));
  } else {
    g.skip("GPU performance band", "global path, " + p, "not timed: the global path is not correct yet");
  }
  if (tile_ok) {
    const std::size_t n = lab07_kernel::tile_points;
    const auto host = bitops::stage_twiddle_table<T>(n);
    cuda::DeviceBuffer<Complex<T>> table(host.size());
    table.upload(std::span<const Complex<T>>(host.data(), host.size()));
    band_check(g, "tile path, N = 2^10 x 2^14, " + p,
               [&] { run_tile<Yours, T>(in.data(), out.data(), n, points / n, table.data(), Direction::forward); },
               [&] { run_tile<Chapter, T>(in.data(), out.data(), n, points / n, table.data(), Direction::forward); }, g.todo(3));
  } else {
    g.skip("GPU performance band", "tile path, " + p, "not timed: the tile path is not correct yet");
  }
}

}  // namespace

void lab07_gpu_part(Grader& g) {
  if (!gpu_present(g)) return;
  const course::bitops::SharedGeometry geometries[2] = {lab07_reference::geometry<float>(lab07_kernel::tile_log2),
                                                       lab07_reference::geometry<double>(lab07_kernel::tile_log2)};
  COURSE_CUDA_CHECK(cudaMemcpyToSymbol(lab07_reference::device_geometry, geometries, sizeof geometries));
  gpu_precision<float>(g);
  gpu_precision<double>(g);
}
