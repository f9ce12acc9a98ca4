// 08_cuda_stockham benchmark: v1..v4 on the standard GPU workloads (batched 512 MiB, N = 2^4..2^26;
// single transforms 2^20..2^25), float and double, beside cuFFT and the copy roofline in the
// same process. Kernels only (CUDA events), forward, out of place. The counter `passes` is the
// number of round trips through global memory, the figure the lesson's byte count rests on.
#include <cstdio>
#include <utility>

#include "08_cuda_stockham/stockham.hpp"
#include "common/bench_cuda.hpp"
#ifdef COURSE_HAVE_CH07
#include "07_cuda_bitops/bitops_fft.hpp"
#endif

using namespace course;
using namespace course::bench;

namespace {

// One input and one output buffer per precision for all of this file's benchmarks, allocated
// and filled once: Google Benchmark reruns a benchmark's setup for each of its trial runs, and
// allocating 2 x 512 MiB each time cost more than the timed part.
template <class T>
std::pair<const Complex<T>*, Complex<T>*> buffers(std::size_t count) {
  static cuda::DeviceBuffer<Complex<T>> in, out;
  if (in.size() < count) {
    in = {};
    out = {};
    in = cuda::DeviceBuffer<Complex<T>>(count);
    out = cuda::DeviceBuffer<Complex<T>>(count);
    fill_random<T>(in.data(), count, 42);
  }
  return {in.data(), out.data()};
}

template <template <class> class Plan, class T>
void register_variant(const char* variant, const std::vector<Workload>& workloads,
                      const char* chapter = stockham::chapter) {
  for (const auto& wl : workloads) {
    auto* b = benchmark::RegisterBenchmark(name(chapter, variant, precision_name<T>(), wl.n, wl.batch).c_str(),
                                           [wl](benchmark::State& state) {
      const auto [in, out] = buffers<T>(wl.n * wl.batch);
      Plan<T> plan(wl.n, wl.batch);
      time_gpu(state, [&] { plan.execute(in, out, Direction::forward); });
      set_fft_counters<T>(state, wl.n, wl.batch);
      if constexpr (requires { plan.passes(); }) state.counters["passes"] = plan.passes();
    });
    with_gpu_defaults(b);
  }
}

template <class T>
void register_precision() {
  auto batched = batched_512mib<T>();
  // The common workload stops where 512 MiB holds one transform (2^25 in double); the chapter
  // promises every N up to 2^26 in both precisions, so double 2^26 runs as one 1 GiB transform.
  if (batched.back().n < (std::size_t{1} << 26)) batched.push_back({std::size_t{1} << 26, 1});
  for (const auto& workloads : {batched, single_transforms()}) {
    register_variant<stockham::StockhamPlan, T>("v1", workloads);
    register_variant<stockham::CooleyTukeyPlan, T>("v2", workloads);
    register_variant<stockham::FusedFirstPlan, T>("v3", workloads);
    register_variant<stockham::FusedPlan, T>("v4", workloads);
#ifdef COURSE_HAVE_CH07
    // The previous chapter's best: 07 v5, reversal pass + shared-memory tile + table stages.
    register_variant<bitops::TiledPlan, T>("v5", workloads, "07_cuda_bitops");
#endif
    register_cufft_baselines<T>(workloads);
  }
}

}  // namespace

void course_register_benchmarks() {
  if (!add_gpu_context()) {
    std::printf("no CUDA device: the 08_cuda_stockham benchmarks are skipped\n");
    return;
  }
  register_copy_bandwidth();
  register_precision<float>();
  register_precision<double>();
}
