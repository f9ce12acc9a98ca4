// Bluestein on the GPU:
//   a = (x c, 0 ... 0)  ->  FFT_M  ->  times K = FFT_M(b) / M  ->  inverse FFT_M  ->  X = c a
// with c_n = exp(-i pi n^2 / N) and b the chirp's conjugate wrapped around M (b_n = b_{M-n} =
// conj(c_n), n < N). Small M: all of it in one block (gpu_bluestein_block.hpp). Larger M: the
// mixed-radix passes of M with the chirp and product fused into their ends
// (gpu_bluestein_pass.hpp), or three small element-wise kernels around 09's power-of-two plan.
// The inverse transform is conj(forward(conj x)): the first and last steps conjugate.
#include "12_any_n/gpu_plan.hpp"

#include <sstream>
#include <type_traits>

#include "12_any_n/gpu_bluestein_block.hpp"
#include "12_any_n/gpu_bluestein_pass.hpp"
#include "12_any_n/gpu_route.hpp"
#include "common/gpu_limits.hpp"

namespace course::anyn::gpu {

namespace {

// Element (t, n) of the batch is thread n of blockIdx.x's run and transform t = blockIdx.y,
// + gridDim.y ...: the grid's y covers at most 65535 transforms a sweep.
template <class T>
__global__ void chirp_in_kernel(const Complex<T>* x, const Complex<T>* chirp, Complex<T>* work, std::uint32_t n, std::uint32_t m,
                                std::uint64_t batch, bool inverse) {
  const std::uint32_t k = blockIdx.x * blockDim.x + threadIdx.x;
  if (k >= m) return;
  for (std::uint64_t t = blockIdx.y; t < batch; t += gridDim.y) {
    Complex<T> v{};
    if (k < n) {
      const Complex<T> xk = x[t * n + k];
      v = (inverse ? conj(xk) : xk) * chirp[k];
    }
    work[t * m + k] = v;
  }
}

template <class T>
__global__ void multiply_kernel(Complex<T>* work, const Complex<T>* kernel, std::uint32_t m, std::uint64_t batch) {
  const std::uint32_t k = blockIdx.x * blockDim.x + threadIdx.x;
  if (k >= m) return;
  const Complex<T> w = kernel[k];
  for (std::uint64_t t = blockIdx.y; t < batch; t += gridDim.y) work[t * m + k] = work[t * m + k] * w;
}

template <class T>
__global__ void chirp_out_kernel(const Complex<T>* work, const Complex<T>* chirp, Complex<T>* x, std::uint32_t n, std::uint32_t m,
                                 std::uint64_t batch, bool inverse) {
  const std::uint32_t k = blockIdx.x * blockDim.x + threadIdx.x;
  if (k >= n) return;
  const Complex<T> c = chirp[k];
  for (std::uint64_t t = blockIdx.y; t < batch; t += gridDim.y) {
    const Complex<T> v = work[t * m + k] * c;
    x[t * n + k] = inverse ? conj(v) : v;
  }
}

// Small M: the whole Bluestein in one block (gpu_bluestein_block.hpp). THREADS as the mixed
// pass kernel's: 16 points a thread, 64 or 128 registers. Shape: void, or the M-point pass's
// shape compiled as constants (gpu_fixed.hpp; its blocks have exactly THREADS threads).
template <class T, int THREADS, class Shape = void>
__global__ void __launch_bounds__(THREADS, (sizeof(T) == 4 ? 1024 : 512) / THREADS)
    bluestein_block_kernel(const MixedPassArgs<T> a, const BluesteinBlockArgs<T> b) {
  extern __shared__ __align__(16) unsigned char smem_raw[];
  auto* buf = reinterpret_cast<Complex<T>*>(smem_raw);
  run_bluestein_block<Shape>(blockIdx.x, a, b, buf, [](auto&& phase) { phase(threadIdx.x, std::is_void_v<Shape> ? blockDim.x : THREADS); },
                             [] { __syncthreads(); }, OwnRegs<T>{});
}

template <class T>
auto bluestein_block_kernel_for(const MixedPassArgs<T>& a) {
  auto k = &bluestein_block_kernel<T, 512>;
  if (a.threads <= 256) k = &bluestein_block_kernel<T, 256>;
  if (a.threads <= 128) k = &bluestein_block_kernel<T, 128>;
  visit_matching_shape<FixedBluesteinPasses>(a, [&](auto shape) {
    using Shape = decltype(shape);
    k = &bluestein_block_kernel<T, Shape::threads, Shape>;
  });
  return k;
}

// A pass of M with the chirp or product fused into its load or store (gpu_bluestein_pass.hpp).
// Launch bounds as the mixed pass kernel's: 64 registers a float thread, 128 a double one.
template <class T, ChirpLoad L, ChirpStore S>
__global__ void __launch_bounds__(sizeof(T) == 4 ? 1024 : 512) chirp_pass_kernel(const MixedPassArgs<T> a, const ChirpArgs<T> ch) {
  extern __shared__ __align__(16) unsigned char smem_raw[];
  auto* buf = reinterpret_cast<Complex<T>*>(smem_raw);
  run_chirp_block<L, S>(blockIdx.x, a, ch, buf, [](auto&& phase) { phase(threadIdx.x, blockDim.x); }, [] { __syncthreads(); },
                        OwnRegs<T>{});
}

template <class T>
auto chirp_kernel_for(ChirpIo io) {
  void (*k)(MixedPassArgs<T>, ChirpArgs<T>) = nullptr;
  with_chirp_io(io, [&](auto l, auto s) { k = &chirp_pass_kernel<T, decltype(l)::value, decltype(s)::value>; });
  return k;
}

constexpr unsigned kThreadsEw = 256;

dim3 grid_of(std::size_t points, std::size_t batch) {
  return dim3(static_cast<unsigned>((points + kThreadsEw - 1) / kThreadsEw), static_cast<unsigned>(std::min<std::size_t>(batch, 65535)));
}

// K = FFT_M(b), b = conj(c) / M wrapped around M (bluestein_filter), computed in double whatever
// T is (09's plan for a power of two, 12's passes for a 7-smooth M) and rounded to T once, as the
// CPU plan's filter (bluestein.hpp): a float FFT of M would add its own rounding error to every
// product of the convolution.
template <class T>
std::vector<Complex<T>> filter_spectrum(std::size_t n, std::size_t m, cudaStream_t stream) {
  const std::vector<Complex<double>> b = bluestein_filter<double>(n, m);
  cuda::DeviceBuffer<Complex<double>> k(m), spectrum(m);
  k.upload(std::span<const Complex<double>>(b.data(), b.size()));
  if (is_power_of_two(m)) radixn::Plan<double>(m, 1, stream).execute(k.data(), spectrum.data(), Direction::forward);
  else MixedPlan<double>(m, 1, stream).execute(k.data(), spectrum.data(), Direction::forward);
  COURSE_CUDA_CHECK(cudaStreamSynchronize(stream));
  const std::vector<Complex<double>> values = spectrum.to_host();
  std::vector<Complex<T>> rounded(m);
  for (std::size_t j = 0; j < m; ++j) rounded[j] = Complex<T>(values[j]);
  return rounded;
}

}  // namespace

template <class T>
BluesteinPlan<T>::BluesteinPlan(std::size_t n, std::size_t batch, cudaStream_t stream, PassKernel pass_kernel)
    : n_(n), batch_(batch), stream_(stream) {
  require_size(n);
  require_batch(chapter, batch);
  std::size_t free_bytes = 0, total_bytes = 0;
  cuda::require_supported_gpu(chapter);
  const auto limit = shared_limit();
  m_ = bluestein_length<T>(n, limit.bytes);  // one block: a 7-smooth M where no compiled shape takes the power of two
  COURSE_CUDA_CHECK(cudaMemGetInfo(&free_bytes, &total_bytes));
  // work (batch M), a second batch M (09's scratch or the fused passes' spare), the chirp and K,
  // and while the plan is made K in double.
  // In long double: a batch near 2^64 / M would wrap a size_t product around.
  const long double need = (2.0L * batch * m_ + n + m_) * sizeof(Complex<T>) + m_ * sizeof(Complex<double>);
  if (need > static_cast<long double>(free_bytes))
    refuse_size(chapter, n, "times batch = " + std::to_string(batch) + " needs " + std::to_string(static_cast<unsigned long long>(need / 1048576)) +
                                " MiB for Bluestein's convolutions of M = " + std::to_string(m_) + " points, above the " +
                                std::to_string(free_bytes >> 20) + " MiB free on the GPU",
                "a smaller batch");
  // The chirp (bluestein_chirp: n^2 taken modulo 2N in integers) and K, the FFT of b (filter_spectrum).
  const std::vector<Complex<T>> c = bluestein_chirp<T>(n);
  chirp_ = cuda::DeviceBuffer<Complex<T>>(n);
  chirp_.upload(std::span<const Complex<T>>(c.data(), c.size()));
  const std::vector<Complex<T>> k = filter_spectrum<T>(n, m_, stream_);
  filter_ = cuda::DeviceBuffer<Complex<T>>(m_);
  filter_.upload(std::span<const Complex<T>>(k.data(), k.size()));
  if (m_ <= bluestein_block_points<T>(limit.bytes)) {  // as route_for (gpu_route.hpp)
    // One kernel: the M-point pass's stages inside it (64 KiB blocks at most: every GPU from
    // Turing on; less under a smaller limit, where larger M take the passes below).
    PassTables<T> tables;
    block_pass_ = make_passes<T>(m_, batch, tables, 0, static_cast<int>(bluestein_block_points<T>(limit.bytes)), false).at(0);
    stage_ = device_table(tables.stage);
    cuda::allow_shared(reinterpret_cast<const void*>(bluestein_block_kernel_for<T>(block_pass_)), pass_shared_bytes(block_pass_));
  } else {
    // The passes of M as the mixed-radix plan builds them, within the device's shared memory.
    PassTables<T> tables;
    auto passes = make_passes<T>(m_, batch, tables, 0, most_block_points<T>(limit.bytes), false);
    const bool fuse = pass_kernel == PassKernel::fused_chirp ||
                      (pass_kernel != PassKernel::separate_chirp && fuse_chirp_by_default(passes.size()));
    work_ = cuda::DeviceBuffer<Complex<T>>(batch * m_);
    if (fuse) {
      fused_passes_ = std::move(passes);
      stage_ = device_table(tables.stage);
      lo_ = device_table(tables.lo);
      hi_ = device_table(tables.hi);
      // Two FFTs of one pass each read and write work_ only (the last writes the output).
      if (fused_passes_.size() > 1) spare_ = cuda::DeviceBuffer<Complex<T>>(batch * m_);
      const auto bytes = static_cast<std::size_t>(most_pass_shared_bytes(fused_passes_));
      for (int f = 0; f < 2; ++f)
        for (std::size_t i = 0; i < fused_passes_.size(); ++i)
          cuda::allow_shared(reinterpret_cast<const void*>(chirp_kernel_for<T>(chirp_io(f, i, fused_passes_.size()))), bytes);
    } else {
      convolution_ = std::make_unique<radixn::Plan<T>>(m_, batch, stream_);
    }
  }
  COURSE_CUDA_CHECK(cudaStreamSynchronize(stream_));
}

template <class T>
void BluesteinPlan<T>::execute(const Complex<T>* in, Complex<T>* out, Direction dir) const {
  const bool inverse = dir == Direction::inverse;
  const auto n = static_cast<std::uint32_t>(n_), m = static_cast<std::uint32_t>(m_);
  if (!fused_passes_.empty()) {
    // Two FFTs of M, pass after pass, between work_ and spare_; x read by the first, X written by the last.
    const ChirpArgs<T> ch{in, out, chirp_.data(), filter_.data(), n, inverse};
    Complex<T>* buffers[2] = {work_.data(), spare_.data()};
    const Complex<T>* src = nullptr;
    int next = 0;
    for (int f = 0; f < 2; ++f)
      for (std::size_t i = 0; i < fused_passes_.size(); ++i) {
        const auto a = bind_pass<T>(fused_passes_[i], i, fused_passes_.size(), src, buffers[next], Direction::forward, stage_.data(),
                                    lo_.data(), hi_.data());
        chirp_kernel_for<T>(chirp_io(f, i, fused_passes_.size()))<<<static_cast<unsigned>(pass_blocks(a)), a.threads,
                                                                     pass_shared_bytes(a), stream_>>>(a, ch);
        COURSE_CUDA_CHECK_LAUNCH();
        src = buffers[next];
        next ^= 1;
      }
    return;
  }
  if (!convolution_) {  // small M: one block
    const auto a = bind_pass<T>(block_pass_, 0, 1, nullptr, nullptr, Direction::forward, stage_.data(), nullptr, nullptr);
    const BluesteinBlockArgs<T> b{in, out, chirp_.data(), filter_.data(), n, make_divisor(n), inverse};
    bluestein_block_kernel_for<T>(a)<<<static_cast<unsigned>(pass_blocks(a)), a.threads, pass_shared_bytes(a), stream_>>>(a, b);
    COURSE_CUDA_CHECK_LAUNCH();
    return;
  }
  chirp_in_kernel<T><<<grid_of(m_, batch_), kThreadsEw, 0, stream_>>>(in, chirp_.data(), work_.data(), n, m, batch_, inverse);
  COURSE_CUDA_CHECK_LAUNCH();
  convolution_->execute(work_.data(), work_.data(), Direction::forward);
  multiply_kernel<T><<<grid_of(m_, batch_), kThreadsEw, 0, stream_>>>(work_.data(), filter_.data(), m, batch_);
  COURSE_CUDA_CHECK_LAUNCH();
  convolution_->execute(work_.data(), work_.data(), Direction::inverse);
  chirp_out_kernel<T><<<grid_of(n_, batch_), kThreadsEw, 0, stream_>>>(work_.data(), chirp_.data(), out, n, m, batch_, inverse);
  COURSE_CUDA_CHECK_LAUNCH();
}

template <class T>
std::string BluesteinPlan<T>::describe() const {
  std::ostringstream s;
  if (!fused_passes_.empty()) {
    s << "N = " << n_ << " (" << precision_name<T>() << ") by Bluestein: two FFTs of M = " << m_ << " in " << fused_passes_.size()
      << (fused_passes_.size() == 1 ? " pass" : " passes") << " each (";
    for (std::size_t i = 0; i < fused_passes_.size(); ++i) s << (i ? " * " : "") << fused_passes_[i].l;
    s << "), the chirp fused into the first pass, the product into the first FFT's last, the chirp into the second's last: "
      << 2 * fused_passes_.size() << " kernels";
    return s.str();
  }
  if (!convolution_) {  // small M: one block
    s << "N = " << n_ << " (" << precision_name<T>() << ") by Bluestein in one kernel: chirp, FFT of M = " << m_
      << ", product, inverse, chirp in shared memory, " << block_pass_.c << " transforms a block of " << block_pass_.threads << " threads";
    if (visit_matching_shape<FixedBluesteinPasses>(block_pass_, [](auto) {})) s << ", compiled for this shape";
    return s.str();
  }
  s << "N = " << n_ << " (" << precision_name<T>() << ") by Bluestein: chirp, 09's FFT of M = " << m_ << " (" << convolution_->describe()
    << "), product, inverse, chirp";
  return s.str();
}

template class BluesteinPlan<float>;
template class BluesteinPlan<double>;

}  // namespace course::anyn::gpu
