// The mixed-radix pass kernel (gpu_block.hpp's phases, __syncthreads() between them), its plan,
// and the plan that picks mixed radix or Bluestein.
#include "12_any_n/gpu_plan.hpp"

#include <map>
#include <sstream>
#include <stdexcept>
#include <string>
#include <tuple>
#include <utility>

#include "12_any_n/gpu_block.hpp"
#include "12_any_n/gpu_fixed.hpp"
#include "12_any_n/gpu_route.hpp"
#include "common/gpu_limits.hpp"

namespace course::anyn::gpu {

// THREADS: the most threads a launch of this kernel has (make_passes gives a pass up to block
// points / 16). The register cap that keeps 1024 float threads or 512 double threads on an SM
// (64 or 128 registers: 16 points a thread, with their indices) is what the minimum of blocks
// per SM asks for.
// DIRECT: a single pass whose first and last stages read and write global memory (gpu_block.hpp).
// MAX_PRIME: 13 or 31 with the stages of those prime radices (gpu_block.hpp), kept out of the
// other kernels, whose registers they would spill; through shared memory only (gpu_fixed.hpp
// says why). At 31 a thread holds one butterfly of up to 31 points: more registers, fewer
// threads (kMostThreads).
//
// The threads an SM keeps of a kernel, which sets its registers a thread (64 K / this): 1024
// float or 512 double threads (64 or 128 registers); with the stages of 17 to 31, 768 or 384
// (85 or 170 registers), which butterfly_odd_put's one output at a time leaves room for (ptxas,
// float at 80 registers: 132 bytes of spills, 308 with the whole butterfly in registers). Blocks
// of 512 float or 256 double threads get one a SM and twice the registers (make_passes keeps
// those passes in blocks of 64 KiB: most_points_for, gpu_shape.hpp).
template <class T, int MAX_PRIME>
inline constexpr int kMostThreads = (MAX_PRIME > 13 ? 3 : 4) * (sizeof(T) == 4 ? 256 : 128);

// At the registers above, an SM holds floor(1024 / threads) float or floor(512 / threads) double
// blocks of a pass, whatever its shared memory allows: a pass of just over 512 float or 256
// double threads gets one (Nsight Compute, float 8232: 17 warps an SM, DRAM 19% busy). Passes of
// just over a third or a half of those get kernels built (__launch_bounds__(threads, blocks))
// for three or two blocks an SM, with 56 float or 96 double registers a thread: ptxas sm_90
// spills 72 / 240 bytes there, where more threads at two or three blocks spill 0.9-4.3 KB
// (12_any_n/NOTES.md). (ptxas gives each of an SM's four schedulers whole warps: 5 of 18 double
// warps, 16384 / 5 / 32 down to 96.) Threads come in whole warps, so in points a block:
//   float:  352-384 threads (5121-6144 points) three blocks; 544-576 (8193-9216) two
//   double: 192 threads (2561-3072 points) three blocks; 288-320 (4097-5120) two
template <class T>
inline constexpr int kThreeBlockThreads = sizeof(T) == 4 ? 384 : 192;
template <class T>
inline constexpr int kTwoBlockThreads = sizeof(T) == 4 ? 576 : 320;
template <class T, int THREADS, int MAX_PRIME>
inline constexpr int kMinBlocks = THREADS == kThreeBlockThreads<T> ? 3
                                  : THREADS == kTwoBlockThreads<T> ? 2
                                                                   : std::max(1, kMostThreads<T, MAX_PRIME> / THREADS);
static_assert(kWidestThreads<float> == kMostThreads<float, 31> && kWidestThreads<double> == kMostThreads<double, 31>);
// The two bands stay apart and inside what the usual kernels take (kernel_for tries them first).
static_assert(kThreeBlockThreads<float> <= kMostThreads<float, 7> / 2 && kThreeBlockThreads<double> <= kMostThreads<double, 7> / 2);
static_assert(kTwoBlockThreads<float> <= kMostThreads<float, 7> && kTwoBlockThreads<double> <= kMostThreads<double, 7>);

// WIDEST: the stages of 18 to 28 too (is_widest_radix), at the registers of the primes 17 to 31
// (a thread holds one butterfly of up to 28 points).
template <class T, int THREADS, bool DIRECT, int MAX_PRIME = 7, int P = kPointsPerThread, bool WIDEST = false>
__global__ void __launch_bounds__(THREADS, kMinBlocks<T, THREADS, WIDEST ? 31 : MAX_PRIME>) mixed_pass_kernel(const MixedPassArgs<T> a) {
  extern __shared__ __align__(16) unsigned char smem_raw[];
  auto* buf = reinterpret_cast<Complex<T>*>(smem_raw);
  run_block<DIRECT, MAX_PRIME>(blockIdx.x, a, buf, [](auto&& phase) { phase(threadIdx.x, blockDim.x); }, [] { __syncthreads(); },
                               OwnRegs<T, P, WIDEST>{});
}

// A wide pass (kWidePoints a thread, stages of 12, 14, 15; 7-smooth only): the usual blocks an SM
// at the usual registers, no three- or two-block kernels.
template <class T, bool DIRECT>
auto wide_kernel_for(std::uint32_t threads) {
  if (threads <= 128) return &mixed_pass_kernel<T, 128, DIRECT, 7, kWidePoints>;
  if (threads <= 256) return &mixed_pass_kernel<T, 256, DIRECT, 7, kWidePoints>;
  if (threads <= 512) return &mixed_pass_kernel<T, 512, DIRECT, 7, kWidePoints>;
  if constexpr (sizeof(T) == 4)
    if (threads <= 1024) return &mixed_pass_kernel<T, 1024, DIRECT, 7, kWidePoints>;
  return static_cast<decltype(&mixed_pass_kernel<T, 128, DIRECT, 7, kWidePoints>)>(nullptr);
}

// A pass with stages of 18 to 28 (16 points a thread; 7-smooth only): at most kWidestThreads.
// No double kernel of 256: its launch bounds would be one block (384 / 256) at 254 registers,
// where the 384-thread kernel's 168 hold two blocks of up to 192 threads.
template <class T, bool DIRECT>
auto widest_kernel_for(std::uint32_t threads) {
  if (threads <= 128) return &mixed_pass_kernel<T, 128, DIRECT, 7, kPointsPerThread, true>;
  if constexpr (sizeof(T) == 4)
    if (threads <= 256) return &mixed_pass_kernel<T, 256, DIRECT, 7, kPointsPerThread, true>;
  if (threads <= kWidestThreads<T>) return &mixed_pass_kernel<T, kWidestThreads<T>, DIRECT, 7, kPointsPerThread, true>;
  return static_cast<decltype(&mixed_pass_kernel<T, 128, DIRECT, 7, kPointsPerThread, true>)>(nullptr);
}

// A prime from 37 to 251 (gpu_prime_pass.hpp): through shared memory, 9 output pairs a thread.
template <class T, int THREADS>
__global__ void __launch_bounds__(THREADS, kMostThreads<T, 7> / THREADS) pair_sum_pass_kernel(const MixedPassArgs<T> a) {
  extern __shared__ __align__(16) unsigned char smem_raw[];
  auto* buf = reinterpret_cast<Complex<T>*>(smem_raw);
  run_pair_sum_block(blockIdx.x, a, buf, [](auto&& phase) { phase(threadIdx.x, blockDim.x); }, [] { __syncthreads(); }, OwnPairRegs<T>{});
}

template <class T>
auto pair_sum_kernel_for(std::uint32_t threads) {
  if (threads <= 128) return &pair_sum_pass_kernel<T, 128>;
  if (threads <= 256) return &pair_sum_pass_kernel<T, 256>;
  return static_cast<decltype(&pair_sum_pass_kernel<T, 128>)>(nullptr);  // a prime of at most 251: C p <= 4096 points
}

template <class T, bool DIRECT, int MAX_PRIME = 7>
auto kernel_for(std::uint32_t threads) {
  if constexpr (MAX_PRIME == 7) {  // three or two blocks an SM where the usual registers give fewer
    constexpr std::uint32_t most = kMostThreads<T, 7>;
    if (threads > most / 3 && threads <= kThreeBlockThreads<T>) return &mixed_pass_kernel<T, kThreeBlockThreads<T>, DIRECT, MAX_PRIME>;
    if (threads > most / 2 && threads <= kTwoBlockThreads<T>) return &mixed_pass_kernel<T, kTwoBlockThreads<T>, DIRECT, MAX_PRIME>;
  }
  if (threads <= 128) return &mixed_pass_kernel<T, 128, DIRECT, MAX_PRIME>;
  if (threads <= 256) return &mixed_pass_kernel<T, 256, DIRECT, MAX_PRIME>;
  if constexpr (sizeof(T) == 4 || MAX_PRIME <= 13)
    if (threads <= 512) return &mixed_pass_kernel<T, 512, DIRECT, MAX_PRIME>;
  if constexpr (sizeof(T) == 4 && MAX_PRIME <= 13)
    if (threads <= 1024) return &mixed_pass_kernel<T, 1024, DIRECT, MAX_PRIME>;
  return static_cast<decltype(&mixed_pass_kernel<T, 128, DIRECT, MAX_PRIME>)>(nullptr);
}

// The kernel built for blocks of up to `threads` threads: 128, 256, 512 (and 1024 in float,
// for blocks of kLargestBlockPoints), or, up to radix 7, the three- and two-block kernels of
// kThreeBlockThreads and kTwoBlockThreads; direct or through shared memory, with the stages up
// to max_prime (max_prime_of, gpu_pass.hpp; kPairSumPass: a prime by pair sums, at most 256 threads).
template <class T>
auto kernel_for(std::uint32_t threads, bool direct, int max_prime, int points = kPointsPerThread, bool widest = false) {
  // widest: a pass with a stage of 18 to 28 (has_widest_stage).
  // A pass with prime radices above 7 never runs direct (pass_run); only float runs direct
  // (direct_pass): no double kernel of it is built.
  auto k = kernel_for<T, false>(threads);
  if (widest) k = direct ? widest_kernel_for<T, sizeof(T) == 4>(threads) : widest_kernel_for<T, false>(threads);
  else if (points == kWidePoints) k = direct ? wide_kernel_for<T, sizeof(T) == 4>(threads) : wide_kernel_for<T, false>(threads);
  else if (max_prime == kPairSumPass) k = pair_sum_kernel_for<T>(threads);
  else if (max_prime == 31) k = kernel_for<T, false, 31>(threads);
  else if (max_prime == 13) k = kernel_for<T, false, 13>(threads);
  else if (direct) k = kernel_for<T, sizeof(T) == 4>(threads);
  if (k) return k;
  throw std::logic_error("12_any_n: no pass kernel of " + std::to_string(threads) + " threads in " + precision_name<T>());
}

template <class T>
MixedPlan<T>::MixedPlan(std::size_t n, std::size_t batch, cudaStream_t stream, int block_points, PassKernel kernel)
    : n_(n), batch_(batch), stream_(stream) {
  require_pass_size<T>(n, batch);  // bad N and batch are refused before the device is asked
  cuda::require_supported_gpu(chapter);
  // Blocks up to 128 KiB where the device allows them (64 KiB on Turing); a smaller limit set by
  // COURSE_SHARED_LIMIT_KIB (how the tests model a smaller GPU) gets smaller blocks, and more
  // passes where N needs them.
  const auto limit = shared_limit();
  const PassTables<T> tables = factor(block_points, kernel, limit);
  upload_twiddles_and_scratch(tables);
  choose_kernels(kernel);
}

// N's passes as make_passes splits it, refused where one needs more shared memory than the limit,
// and whether they run as one cluster pass instead; the host tables their twiddles come from.
// The cluster pass is chosen here, not with the kernels, because it decides the scratch (it needs none).
template <class T>
PassTables<T> MixedPlan<T>::factor(int block_points, PassKernel kernel, const SharedLimit& limit) {
  PassTables<T> tables;
  // A wide pass only where its kernel keeps the overlap between blocks (keep_wide); the ones
  // turned down, by their stride, for describe().
  std::map<std::uint32_t, std::pair<int, int>> turned_down;  // blocks an SM at 12 points a thread, with stages to 28
  const WideChoice<T> choose = [kernel, &turned_down](const MixedPassArgs<T>& narrow, const MixedPassArgs<T>& wide) {
    const int wide_blocks = choose_kernel(kernel, wide).blocks_an_sm;
    const bool keep = keep_wide(choose_kernel(kernel, narrow).blocks_an_sm, wide_blocks, pass_blocks(wide), cuda::device_multiprocessors());
    // The widest stages are asked first: a 12-15 pass kept after them was not turned down.
    if (keep) turned_down.erase(wide.s.d);
    else (wide.widest ? turned_down[wide.s.d].second : turned_down[wide.s.d].first) = wide_blocks;
    return keep;
  };
  auto args = make_passes<T>(n_, batch_, tables, block_points, most_block_points<T>(limit.bytes), true, choose);
  const int bytes = most_pass_shared_bytes(args);
  if (bytes > limit.bytes)
    refuse_size(chapter, n_, "a pass needs " + std::to_string(bytes) + " bytes of shared memory, above the limit of " +
                                 std::to_string(limit.bytes) + " (" + limit.source + ")",
                "course::anyn::Plan (CPU) takes it");
  // Double 10000 on a GPU with clusters: its two passes in one kernel, each half of a transform
  // in one of a cluster's two blocks (gpu_cluster.hpp); then no pass needs scratch.
  if (kernel == PassKernel::best) cluster_ = cluster_kernel_for<T>(args, limit.bytes);  // none where not wanted or not on this GPU
  if (cluster_.launch)
    cluster_passes_ = std::move(args);
  else
    for (const auto& a : args) {
      Pass p{a};
      if (const auto it = turned_down.find(a.s.d); it != turned_down.end()) std::tie(p.wide_blocks_an_sm, p.widest_blocks_an_sm) = it->second;
      passes_.push_back(p);
    }
  return tables;
}

// The twiddle tables on the device and the scratch the passes alternate between, refused before
// any of it is allocated where the GPU has too little memory free.
template <class T>
void MixedPlan<T>::upload_twiddles_and_scratch(const PassTables<T>& tables) {
  // Passes alternate between two scratch buffers (one where there are two passes).
  const std::size_t scratch_count = passes_.size() == 1 || cluster_.launch ? 0 : std::min<std::size_t>(passes_.size() - 1, 2);
  std::size_t free_bytes = 0, total_bytes = 0;
  COURSE_CUDA_CHECK(cudaMemGetInfo(&free_bytes, &total_bytes));
  const std::size_t need = scratch_count * n_ * batch_ * sizeof(Complex<T>);
  if (need > free_bytes)
    refuse_size(chapter, n_, "times batch = " + std::to_string(batch_) + " needs " + std::to_string(need >> 20) +
                                 " MiB of scratch for its passes, above the " + std::to_string(free_bytes >> 20) + " MiB free on the GPU",
                "a smaller batch");
  stage_ = device_table(tables.stage);
  lo_ = device_table(tables.lo);
  hi_ = device_table(tables.hi);
  for (std::size_t i = 0; i < scratch_count; ++i) scratch_[i] = cuda::DeviceBuffer<Complex<T>>(n_ * batch_);
}

// Pass a's kernel, its shared memory allowed.
template <class T>
typename MixedPlan<T>::Pass MixedPlan<T>::choose_kernel(PassKernel kernel, const MixedPassArgs<T>& a) {
  Pass p{a};
  // A single pass of a common size has a kernel compiled for its shape, at 16 points a thread or,
  // where the registers hold them, at 8 (double) or the shape's matched points (fixed_kernel_for).
  const PassRun run = pass_run<T>(kernel, p.args);
  const auto fixed = run.compiled ? fixed_kernel_for<T>(p.args, run.fixed_direct, run.points) : FixedKernel<T>{};
  p.kernel = fixed.kernel ? fixed.kernel : kernel_for<T>(p.args.threads, run.direct, max_prime_of(p.args), p.args.points, has_widest_stage(p.args));
  p.compiled = fixed.kernel != nullptr;
  p.points = fixed.kernel ? fixed.points : p.args.points;
  p.direct = fixed.kernel ? fixed.direct : run.direct;
  p.short_store_runs = !p.direct && run.short_store_runs;
  if (fixed.kernel) p.args.threads = fixed.threads;  // the compiled kernel's own (make_passes' at 16 points)
  cuda::allow_shared(reinterpret_cast<const void*>(p.kernel), static_cast<std::size_t>(pass_shared_bytes(p.args)));
  // What registers and shared memory leave of an SM for this pass (describe(), keep_wide; the
  // tests check the kernels built for three or two blocks get them).
  COURSE_CUDA_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&p.blocks_an_sm, p.kernel, static_cast<int>(p.args.threads),
                                                                  static_cast<std::size_t>(pass_shared_bytes(p.args))));
  return p;
}

// Each pass's kernel.
template <class T>
void MixedPlan<T>::choose_kernels(PassKernel kernel) {
  if (cluster_.launch) return;  // one kernel, its attributes set by cluster_kernel_for
  for (auto& p : passes_) {
    const Pass kept = p;
    p = choose_kernel(kernel, p.args);
    p.wide_blocks_an_sm = kept.wide_blocks_an_sm;
    p.widest_blocks_an_sm = kept.widest_blocks_an_sm;
  }
}

template <class T>
void MixedPlan<T>::execute(const Complex<T>* in, Complex<T>* out, Direction dir) const {
  if (cluster_.launch) {
    cluster_.launch(bind_cluster(cluster_passes_, batch_, in, out, dir, stage_.data(), lo_.data(), hi_.data()), stream_);
    return;
  }
  const Complex<T>* src = in;
  for (std::size_t i = 0; i < passes_.size(); ++i) {
    // Every pass but the last writes scratch; the first reads `in`, so in == out is safe.
    Complex<T>* dst = i + 1 < passes_.size() ? scratch_[i % 2].data() : out;
    const auto a = bind_pass(passes_[i].args, i, passes_.size(), src, dst, dir, stage_.data(), lo_.data(), hi_.data());
    passes_[i].kernel<<<static_cast<unsigned>(pass_blocks(a)), a.threads, pass_shared_bytes(a), stream_>>>(a);
    COURSE_CUDA_CHECK_LAUNCH();
    src = dst;
  }
}

template <class T>
std::string MixedPlan<T>::describe() const {
  std::ostringstream s;
  s << "N = " << n_ << " (" << precision_name<T>() << ") in ";
  if (cluster_.launch) {
    s << "1 pass on clusters of " << cluster_.ranks << " blocks (" << cluster_.resident << " clusters resident): " << cluster_.l1 << " x "
      << cluster_.l2 << ", each block 1/" << cluster_.ranks << " of the columns of each, " << cluster_.threads << " threads at " << cluster_.points << " points a thread, "
      << cluster_.shared_bytes << " bytes of shared memory; the exchange through the other block's shared memory";
    return s.str();
  }
  s << passes_.size() << (passes_.size() == 1 ? " pass" : " passes");
  const auto blocks_an_sm = [](int b) { return std::to_string(b) + (b == 1 ? " block an SM" : " blocks an SM"); };
  for (const auto& p : passes_) {
    const auto& a = p.args;
    s << "; " << a.l << " =";
    for (int st = 0; st < a.stages; ++st) s << (st ? " *" : "") << " " << int(a.stage[st].radix);
    s << ", " << a.c << (a.d == 1 ? " transforms" : " columns") << " a block of " << a.threads << " threads";
    s << " (" << blocks_an_sm(p.blocks_an_sm) << ")";
    if (p.compiled) s << ", compiled for this shape";
    if (p.points != kPointsPerThread) s << " at " << p.points << " points a thread";
    if (p.widest_blocks_an_sm || p.wide_blocks_an_sm) {
      s << ", not wide (";
      if (p.widest_blocks_an_sm) s << "with stages to " << kWidestRadix << " " << blocks_an_sm(p.widest_blocks_an_sm) << (p.wide_blocks_an_sm ? "; " : "");
      if (p.wide_blocks_an_sm) s << "at " << kWidePoints << " points a thread " << blocks_an_sm(p.wide_blocks_an_sm);
      s << ")";
    }
    if (sizeof(T) == 8 && p.direct) s << ", direct global I/O";  // float's compiled kernels always are
    if (p.short_store_runs)
      s << ", through shared memory (its last stage would store runs of " << last_store_run(a) << (last_store_run(a) == 1 ? " point)" : " points)");
  }
  return s.str();
}

template <class T>
Plan<T>::Plan(std::size_t n, std::size_t batch, cudaStream_t stream, int block_points, PassKernel kernel) : n_(n), batch_(batch) {
  require_size(n);
  require_batch(chapter, batch);
  // Powers of two go to 11's FastestPlan (clusters where they beat 09, else 09's radix-16 tiles:
  // fewer stages than the passes here); a forced block size keeps them on the passes, for the
  // benchmark's comparison.
  if (is_power_of_two(n) && block_points == 0 && kernel != PassKernel::shared_io)
    power_of_two_ = std::make_unique<clusters::FastestPlan<T>>(n, batch, stream);
  else if (route_for<T>(n, shared_limit().bytes, batch) == Route::passes)
    mixed_ = std::make_unique<MixedPlan<T>>(n, batch, stream, block_points, kernel);
  else  // a prime factor above 31, a prime of 37-251 where the model prefers Bluestein, or no passes that fit
    bluestein_ = std::make_unique<BluesteinPlan<T>>(n, batch, stream, kernel);
}

template <class T>
void Plan<T>::execute(const Complex<T>* in, Complex<T>* out, Direction dir) const {
  if (power_of_two_) power_of_two_->execute(in, out, dir);
  else if (mixed_) mixed_->execute(in, out, dir);
  else bluestein_->execute(in, out, dir);
}

template <class T>
std::string Plan<T>::describe() const {
  if (power_of_two_)
    return "12_any_n GPU: N = " + std::to_string(n_) + ", a power of two: " + (power_of_two_->uses_cluster() ? "11's cluster plan" : "09's plan") +
           " (" + power_of_two_->describe() + ")";
  if (mixed_) return std::string("12_any_n GPU: ") + (is_smooth(n_) ? "7-smooth" : is_pair_sum_prime(n_) ? "a prime from 37 to 251, by pair sums" : "prime factors up to 31") + ": " + mixed_->describe();
  const std::size_t p = largest_prime_factor(n_);
  const std::string why = is_pair_sum_prime(n_) ? "a prime from 37 to 251, Bluestein faster than pair sums at batch " + std::to_string(batch_) + " (gpu_route.hpp's model)"
                          : p > kLargestPassPrime ? "largest prime factor " + std::to_string(p) + " > 31"
                                                  : std::string("no passes fit this GPU's blocks");
  return "12_any_n GPU: " + why +
         ": " + bluestein_->describe();
}

template class MixedPlan<float>;
template class MixedPlan<double>;
template class Plan<float>;
template class Plan<double>;

}  // namespace course::anyn::gpu
