// 10_2d_real against cuFFT, side by side in one process (kernels only, CUDA events):
//   2D C2C 256^2 .. 4096^2 batched to 512 MiB: the default (09's register tiles) and the first
//   kernels (radix 16, radix 4, the transpose method), the column-group study of the first
//   kernels (1 .. 16 columns per block), 2D and 1D R2C, and the OTF pipeline.
// Names: 10_2d_real/<variant>/<precision>/N:<rows*cols>/batch:<b>/shape:<rows>x<cols>, and
// cufft/<variant>/... with the same N and batch, which is how tools/report.py pairs them.
// Real transforms get batches twice those of complex ones (the same 512 MiB of input), so no
// real row shares N and batch with a complex one.
#include <cufft.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <memory>

#include "10_2d_real/fft2d.hpp"
#include "common/bench_cuda.hpp"
#include "common/cufft_check.hpp"

using namespace course;
using namespace course::twod;
using course::bench::fill_random;
using course::bench::set_fft_counters;
using course::bench::time_gpu;
using course::bench::with_defaults;

namespace {

constexpr std::size_t kBytes = std::size_t{512} << 20;

std::string bench_name(const std::string& chapter, const std::string& variant, const char* precision, std::size_t rows,
                       std::size_t cols, std::size_t batch) {
  return course::bench::name(chapter, variant, precision, rows * cols, batch) + "/shape:" + std::to_string(rows) + "x" +
         std::to_string(cols);
}

template <class T>
std::size_t complex_batch(std::size_t points) { return std::max<std::size_t>(1, kBytes / sizeof(Complex<T>) / points); }
template <class T>
std::size_t real_batch(std::size_t points) { return std::max<std::size_t>(1, kBytes / sizeof(T) / points); }

// Real transforms: FFTW's convention of 2.5 N log2 N flops, and the bytes they really move
// (N reals in, N/2 + 1 complex per row out).
template <class T>
void set_real_counters(benchmark::State& state, std::size_t rows, std::size_t cols, std::size_t batch) {
  using benchmark::Counter;
  const double n = double(rows) * cols;
  state.counters["GFLOPs"] = Counter(2.5 * n * std::log2(n) * batch / 1e9, Counter::kIsIterationInvariantRate);
  state.counters["GBps"] = Counter((n * sizeof(T) + double(rows) * (cols / 2 + 1) * sizeof(Complex<T>)) * batch / 1e9,
                                   Counter::kIsIterationInvariantRate);
  state.counters["N"] = n;
  state.counters["batch"] = double(batch);
}

// A plan this GPU cannot make (the first kernels with a side of 4096 doubles on a GPU of 64 KiB
// or less per block) is recorded as skipped with the plan's own message, not a crash.
void add(const std::string& name, std::function<void(benchmark::State&)> body) {
  bench::with_gpu_defaults(benchmark::RegisterBenchmark(name.c_str(), [body = std::move(body)](benchmark::State& state) {
    try {
      body(state);
    } catch (const size_error& e) {
      state.SkipWithError(e.what());
    }
  }));
}

struct CufftPlan {
  cufftHandle h{};
  CufftPlan(std::size_t rows, std::size_t cols, std::size_t batch, cufftType type) {
    int n[2] = {int(rows), int(cols)};
    // rank 1 for a single row: cuFFT's 2D plans want both sides > 1.
    if (rows == 1) COURSE_CUFFT_CHECK(cufftPlanMany(&h, 1, &n[1], nullptr, 1, 0, nullptr, 1, 0, type, int(batch)));
    else COURSE_CUFFT_CHECK(cufftPlanMany(&h, 2, n, nullptr, 1, 0, nullptr, 1, 0, type, int(batch)));
  }
  ~CufftPlan() { cufftDestroy(h); }
};

template <class T>
void register_c2c(std::size_t rows, std::size_t cols, const std::string& variant, const Options& opt) {
  const std::size_t batch = complex_batch<T>(rows * cols);
  add(bench_name("10_2d_real", variant, precision_name<T>(), rows, cols, batch), [=](benchmark::State& state) {
    cuda::DeviceBuffer<Complex<T>> in(rows * cols * batch), out(rows * cols * batch);
    fill_random<T>(in.data(), in.size(), 42);
    Plan2D<T> plan(rows, cols, batch, nullptr, opt);
    state.SetLabel("column group " + std::to_string(plan.column_group()));
    time_gpu(state, [&] { plan.execute(in.data(), out.data(), Direction::forward); });
    set_fft_counters<T>(state, rows * cols, batch);
  });
}

template <class T>
void register_cufft_c2c(std::size_t rows, std::size_t cols, const std::string& variant) {
  const std::size_t batch = complex_batch<T>(rows * cols);
  add(bench_name("cufft", variant, precision_name<T>(), rows, cols, batch), [=](benchmark::State& state) {
    cuda::DeviceBuffer<Complex<T>> in(rows * cols * batch), out(rows * cols * batch);
    fill_random<T>(in.data(), in.size(), 42);
    CufftPlan plan(rows, cols, batch, sizeof(T) == 4 ? CUFFT_C2C : CUFFT_Z2Z);
    time_gpu(state, [&] {
      if constexpr (sizeof(T) == 4)
        COURSE_CUFFT_CHECK(cufftExecC2C(plan.h, reinterpret_cast<cufftComplex*>(in.data()), reinterpret_cast<cufftComplex*>(out.data()), CUFFT_FORWARD));
      else
        COURSE_CUFFT_CHECK(cufftExecZ2Z(plan.h, reinterpret_cast<cufftDoubleComplex*>(in.data()), reinterpret_cast<cufftDoubleComplex*>(out.data()), CUFFT_FORWARD));
    });
    set_fft_counters<T>(state, rows * cols, batch);
  });
}

template <class T>
void register_r2c(std::size_t rows, std::size_t cols, const std::string& variant, const Options& opt = {}, bool with_cufft = true) {
  const std::size_t batch = real_batch<T>(rows * cols), half = rows * (cols / 2 + 1) * batch;
  add(bench_name("10_2d_real", variant, precision_name<T>(), rows, cols, batch), [=](benchmark::State& state) {
    cuda::DeviceBuffer<Complex<T>> in(rows * cols * batch / 2), out(half);
    fill_random<T>(in.data(), in.size(), 42);
    RealPlan2D<T> plan(rows, cols, batch, nullptr, opt);
    time_gpu(state, [&] { plan.forward(reinterpret_cast<const T*>(in.data()), out.data()); });
    set_real_counters<T>(state, rows, cols, batch);
  });
  if (!with_cufft) return;
  add(bench_name("cufft", variant, precision_name<T>(), rows, cols, batch), [=](benchmark::State& state) {
    cuda::DeviceBuffer<Complex<T>> in(rows * cols * batch / 2), out(half);
    fill_random<T>(in.data(), in.size(), 42);
    CufftPlan plan(rows, cols, batch, sizeof(T) == 4 ? CUFFT_R2C : CUFFT_D2Z);
    time_gpu(state, [&] {
      if constexpr (sizeof(T) == 4)
        COURSE_CUFFT_CHECK(cufftExecR2C(plan.h, reinterpret_cast<cufftReal*>(in.data()), reinterpret_cast<cufftComplex*>(out.data())));
      else
        COURSE_CUFFT_CHECK(cufftExecD2Z(plan.h, reinterpret_cast<cufftDoubleReal*>(in.data()), reinterpret_cast<cufftDoubleComplex*>(out.data())));
    });
    set_real_counters<T>(state, rows, cols, batch);
  });
}

template <class T>
void register_otf(std::size_t side, std::size_t batch) {
  PupilSpec pupil;
  pupil.radius = double(side) / 8;
  pupil.aberration = {0.5, 0.25, 0.2};
  pupil.defocus_step = 0.05;
  for (const bool tiles : {true, false})
    add(bench_name("10_2d_real", tiles ? "otf_fused" : "otf_fused_radix16", precision_name<T>(), side, side, batch),
        [=](benchmark::State& state) {
          cuda::DeviceBuffer<Complex<T>> otf(side * side * batch);
          OtfPipeline<T> pipeline(side, side, batch, pupil, nullptr, tiles ? Options{} : stockham_options());
          time_gpu(state, [&] { pipeline.execute(otf.data()); });
          set_fft_counters<T>(state, side * side, batch);
        });
  add(bench_name("cufft", "otf", precision_name<T>(), side, side, batch), [=](benchmark::State& state) {
    cuda::DeviceBuffer<Complex<T>> otf(side * side * batch);
    CufftOtfPipeline<T> pipeline(side, side, batch, pupil);
    time_gpu(state, [&] { pipeline.execute(otf.data()); });
    set_fft_counters<T>(state, side * side, batch);
  });
}

template <class T>
void register_precision() {
  // c2c2d: the default, 09's register tiles; the others are this chapter's first kernels.
  const Options radix16 = stockham_options(), radix4 = stockham_options(0, ColumnMethod::grouped, 2);
  for (std::size_t side = 256; side <= 4096; side *= 2) {
    register_c2c<T>(side, side, "c2c2d", {});
    register_c2c<T>(side, side, "c2c2d_radix16", radix16);
    register_c2c<T>(side, side, "c2c2d_radix4", radix4);
    register_c2c<T>(side, side, "c2c2d_transpose", stockham_options(0, ColumnMethod::transpose));
    register_cufft_c2c<T>(side, side, "c2c2d");
  }
  // The column-group study: the same transform, only the columns per block of the column pass
  // change (a group that does not fit a block, 8192 points with radix-16 stages, is skipped, not
  // silently shrunk).
  for (std::size_t side : {std::size_t{512}, std::size_t{1024}, std::size_t{4096}})
    for (std::size_t g : {1, 2, 4, 8, 16}) {
      if (g * side > 8192) continue;
      register_c2c<T>(side, side, "c2c2d_group" + std::to_string(g), stockham_options(g));
    }
  for (std::size_t side = 256; side <= 4096; side *= 2) {
    register_r2c<T>(side, side, "r2c2d");
    register_r2c<T>(side, side, "r2c2d_radix16", radix16, false);
  }
  // 1D: R2C of N reals against the C2C of N complex values (batch 512 MiB each).
  for (std::size_t n : {std::size_t{256}, std::size_t{1024}, std::size_t{4096}}) {
    register_r2c<T>(1, n, "r2c1d");
    register_c2c<T>(1, n, "c2c1d", {});
    register_c2c<T>(1, n, "c2c1d_radix16", radix16);
    register_c2c<T>(1, n, "c2c1d_radix4", radix4);
    register_cufft_c2c<T>(1, n, "c2c1d");
  }
  // Batches that no C2C row above uses, so the report pairs these with cufft/otf only.
  for (std::size_t batch : {1, 16, 64}) register_otf<T>(512, batch);
}

}  // namespace

void course_register_benchmarks() {
  if (!course::bench::add_gpu_context()) {
    std::printf("no CUDA device: the 10_2d_real benchmarks are skipped\n");
    return;
  }
  course::bench::register_copy_bandwidth();
  register_precision<float>();
  register_precision<double>();
}
