// Lab 10's GPU part: the split kernel (one thread per bin) with your even_odd and combine (Yours)
// and with 10's r2c_split (Chapter): your bins on the device against the exact spectrum, then the
// performance band, both timed in this run on the same Z.
#include LAB_IMPL

#include "03_iterative/iterative.hpp"
#include "10_2d_real/lab/kernel.hpp"
#include "common/lab/gpu_lab.cuh"

using namespace course;
using namespace course::lab;

namespace {

template <class Impl, class T>
__global__ void split_kernel(const Complex<T>* Z, Complex<T>* X, const Complex<T>* w, std::uint32_t m, std::uint64_t threads) {
  const std::uint64_t t = static_cast<std::uint64_t>(blockIdx.x) * blockDim.x + threadIdx.x;
  if (t < threads) lab10_kernel::split_bin<Impl, T>(Z, X, w, m, t);
}

template <class Impl, class T>
void run(const Complex<T>* Z, Complex<T>* X, const Complex<T>* w, std::size_t m, std::size_t batch) {
  const std::uint64_t threads = (m + 1) * batch;
  split_kernel<Impl, T><<<static_cast<unsigned>((threads + 255) / 256), 256>>>(Z, X, w, static_cast<std::uint32_t>(m), threads);
}

template <class T>
cuda::DeviceBuffer<Complex<T>> twiddles(std::size_t m) {
  std::vector<Complex<T>> h(m + 1);
  for (std::size_t k = 0; k <= m; ++k) h[k] = twiddle<T>(static_cast<std::int64_t>(k), static_cast<std::int64_t>(2 * m));
  cuda::DeviceBuffer<Complex<T>> d(h.size());
  d.upload(std::span<const Complex<T>>(h.data(), h.size()));
  return d;
}

template <class T>
void gpu_precision(Grader& g) {
  using lab10_kernel::Chapter;
  using lab10_kernel::Yours;
  const std::string section = std::string("GPU (") + precision_name<T>() + ")";
  for (unsigned log2n = 1; log2n <= 16; ++log2n) {
    const std::size_t n = std::size_t{1} << log2n, m = n / 2, batch = 3;
    std::vector<Complex<T>> z(m * batch), xc(n * batch);
    const auto x = random_gaussian<T>(n * batch, g.seed() + log2n);
    for (std::size_t b = 0; b < batch; ++b) {
      for (std::size_t i = 0; i < m; ++i) z[b * m + i] = {x[b * n + 2 * i].re, x[b * n + 2 * i + 1].re};
      iterative::Radix2Plan<T>(m).execute(std::span<Complex<T>>(z.data() + b * m, m), Direction::forward);
      for (std::size_t j = 0; j < n; ++j) xc[b * n + j] = {x[b * n + j].re, 0};
    }
    cuda::DeviceBuffer<Complex<T>> dz(z.size()), dx((m + 1) * batch);
    dz.upload(std::span<const Complex<T>>(z.data(), z.size()));
    dx.poison();
    auto w = twiddles<T>(m);
    run<Yours, T>(dz.data(), dx.data(), w.data(), m, batch);
    COURSE_CUDA_CHECK(cudaGetLastError());
    const auto got = dx.to_host();
    const auto full = reference_dft<T>(xc, n, batch, Direction::forward);
    for (std::size_t b = 0; b < batch; ++b) {
      std::vector<Complex<long double>> want(full.begin() + b * n, full.begin() + b * n + m + 1);
      if (auto bad = first_wrong<T>(std::span<const Complex<T>>(got.data() + b * (m + 1), m + 1), want, 8 * tolerance<T>(n),
                                    [](std::size_t k) { return "X[" + std::to_string(k) + "]"; })) {
        g.fail(section, "your split on the device, N = 2..2^16, batch 3", "N = " + std::to_string(n) + ", transform " + std::to_string(b) + ": " + *bad, g.todo(1));
        return;
      }
    }
  }
  g.pass(section, "your split on the device, N = 2..2^16, batch 3");
  const std::size_t m = std::size_t{1} << 19, batch = 16;
  cuda::DeviceBuffer<Complex<T>> dz(m * batch), dx((m + 1) * batch);
  const auto zs = random_uniform<T>(m * batch, g.seed());
  dz.upload(std::span<const Complex<T>>(zs.data(), zs.size()));
  auto w = twiddles<T>(m);
  band_check(g, "split of N = 2^20 x 16, " + std::string(precision_name<T>()),
             [&] { run<Yours, T>(dz.data(), dx.data(), w.data(), m, batch); },
             [&] { run<Chapter, T>(dz.data(), dx.data(), w.data(), m, batch); }, g.todo(1));
}

}  // namespace

void lab10_gpu_part(Grader& g) {
  if (!gpu_present(g)) return;
  gpu_precision<float>(g);
  gpu_precision<double>(g);
}
