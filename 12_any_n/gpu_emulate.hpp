// 12's GPU passes on the CPU: every thread of every block, phase by phase, through the code the
// kernel runs (gpu_pass.hpp, gpu_block.hpp), each thread with its own registers; shared memory
// starts as NaN so that a read of a slot no thread wrote shows in the result.
#pragma once

#include <limits>
#include <vector>

#include "12_any_n/gpu_block.hpp"
#include "12_any_n/gpu_bluestein_block.hpp"
#include "12_any_n/gpu_bluestein_pass.hpp"
#include "12_any_n/gpu_cluster.hpp"
#include "12_any_n/gpu_fixed.hpp"
#include "12_any_n/gpu_shape.hpp"

namespace course::anyn::gpu {

template <class T, int P = kPointsPerThread, bool WIDEST = false>
struct EmulatedRegs {
  static constexpr int points = P;
  static constexpr bool widest = WIDEST;  // as the kernel the GPU plan picks: a stage it lacks is skipped there too
  unsigned threads;
  template <unsigned R>
  struct PerThread {
    std::vector<StageRegs<R, T, P>> r;
    StageRegs<R, T, P>& operator()(unsigned tid) { return r[tid]; }
  };
  template <unsigned R>
  PerThread<R> get() const { return {std::vector<StageRegs<R, T, P>>(threads)}; }
};

// Every block of pass a in turn: block(b, buf, each) with its C L points of shared memory reset
// to NaN, and each(phase) running phase(tid, threads) for its threads one after another.
template <class T, class Block>
void for_each_block(const MixedPassArgs<T>& a, Block&& block) {
  const T nan = std::numeric_limits<T>::quiet_NaN();
  std::vector<Complex<T>> buf(static_cast<std::size_t>(a.c) * a.l);
  const auto each = [&](auto&& phase) {
    for (unsigned tid = 0; tid < a.threads; ++tid) phase(tid, a.threads);
  };
  for (std::uint64_t b = 0; b < pass_blocks(a); ++b) {
    std::fill(buf.begin(), buf.end(), Complex<T>{nan, nan});
    block(b, buf.data(), each);
  }
}

template <class T>
void emulate_pass(const MixedPassArgs<T>& a, bool direct) {
  for_each_block(a, [&](std::uint64_t b, Complex<T>* buf, auto& each) {
    // As the GPU plan picks its kernel (gpu_plan.cu): stages above 7 only through shared memory.
    const int max_prime = max_prime_of(a);
    if (max_prime == kPairSumPass) {
      std::vector<PairRegs<T>> regs(a.threads);
      run_pair_sum_block(b, a, buf, each, [] {}, [&](unsigned tid) -> PairRegs<T>& { return regs[tid]; });
    } else if (max_prime == 31) run_block<false, 31>(b, a, buf, each, [] {}, EmulatedRegs<T>{a.threads});
    else if (max_prime == 13) run_block<false, 13>(b, a, buf, each, [] {}, EmulatedRegs<T>{a.threads});
    else if (has_widest_stage(a) && direct) run_block<true>(b, a, buf, each, [] {}, EmulatedRegs<T, kPointsPerThread, true>{a.threads});
    else if (has_widest_stage(a)) run_block<false>(b, a, buf, each, [] {}, EmulatedRegs<T, kPointsPerThread, true>{a.threads});
    else if (a.points == kWidePoints && direct) run_block<true>(b, a, buf, each, [] {}, EmulatedRegs<T, kWidePoints>{a.threads});
    else if (a.points == kWidePoints) run_block<false>(b, a, buf, each, [] {}, EmulatedRegs<T, kWidePoints>{a.threads});
    else if (direct) run_block<true>(b, a, buf, each, [] {}, EmulatedRegs<T>{a.threads});
    else run_block<false>(b, a, buf, each, [] {}, EmulatedRegs<T>{a.threads});
  });
}

// A single pass through the code of the shape compiled for it (gpu_fixed.hpp), the shape found
// as fixed_kernel_for finds it: at P points a thread (kMatchedPoints: the shape's
// matched_points), DIRECT or through shared memory, in a launch of Shape::threads_at<P> threads.
// False (and nothing done) when no compiled shape matches the pass or that kernel is not built
// for the GPU.
template <class T, int P = kPointsPerThread, bool DIRECT = sizeof(T) == 4>
bool emulate_fixed_pass(const MixedPassArgs<T>& a) {
  bool ran = false;
  visit_matching_shape<FixedPasses>(a, [&](auto shape) {
    using Shape = decltype(shape);  // its C, L and 16-point threads are a's (matches)
    if constexpr (fixed_kernel_built<T, Shape, P>) {
      constexpr int points = points_for<Shape, P>;
      MixedPassArgs<T> launch = a;
      launch.threads = Shape::template threads_at<points>;
      for_each_block(launch, [&](std::uint64_t b, Complex<T>* buf, auto& each) {
        run_fixed_block<Shape, DIRECT, points>(b, launch, buf, each, [] {}, EmulatedRegs<T, points>{launch.threads});
      });
      ran = true;
    }
  });
  return ran;
}

// The compiled kernel fixed_kernel_for picks (choose_fixed_kernel, gpu_fixed.cuh), emulated:
// false where none is, and the generic pass runs.
template <class T>
bool emulate_fixed_choice(const MixedPassArgs<T>& a, bool direct, int points) {
  if (sizeof(T) == 4 && !direct) return false;
  if (direct && points == kMatchedPoints && emulate_fixed_pass<T, kMatchedPoints, true>(a)) return true;
  if constexpr (sizeof(T) == 8) {
    if (points == kMatchedPoints && emulate_fixed_pass<T, kMatchedPoints>(a)) return true;
    if (points == 8 && emulate_fixed_pass<T, 8>(a)) return true;
  }
  return emulate_fixed_pass<T>(a);
}

// Cluster's one pass (gpu_cluster.hpp), cluster by cluster: both blocks' first pass, both
// blocks' takes, both blocks' second pass, each block's shared memory starting as NaN.
template <class Cluster, class T>
void emulate_cluster_pass(const ClusterArgs<T>& a) {
  constexpr int P = Cluster::points_per_thread;
  const T nan = std::numeric_limits<T>::quiet_NaN();
  std::vector<Complex<T>> bufs[Cluster::ranks];
  std::vector<ClusterTaken<Cluster, T>> taken(Cluster::ranks * Cluster::threads);
  const auto each = [&](auto&& phase) {
    for (unsigned tid = 0; tid < Cluster::threads; ++tid) phase(tid, Cluster::threads);
  };
  const auto block_buf = [&](unsigned r) { return bufs[r].data(); };
  for (std::uint64_t t = 0; t < a.transforms; ++t) {
    for (unsigned r = 0; r < Cluster::ranks; ++r) {
      bufs[r].assign(Cluster::shared_points, Complex<T>{nan, nan});
      cluster_first<Cluster>(t, r, a, bufs[r].data(), each, [] {}, EmulatedRegs<T, P>{Cluster::threads});
    }
    for (unsigned r = 0; r < Cluster::ranks; ++r)
      for (unsigned tid = 0; tid < Cluster::threads; ++tid) cluster_take<Cluster>(tid, Cluster::threads, r, a, block_buf, taken[r * Cluster::threads + tid]);
    for (unsigned r = 0; r < Cluster::ranks; ++r) {
      const auto mine = [&](unsigned tid) -> ClusterTaken<Cluster, T>& { return taken[r * Cluster::threads + tid]; };
      cluster_second<Cluster>(t, r, a, mine, [] {}, bufs[r].data(), each, [] {}, EmulatedRegs<T, P>{Cluster::threads});
    }
  }
}

// The whole transform as the GPU plan runs it with `kernel`: pass after pass, through scratch
// buffers; or, for double 10000 (PassKernel::best, blocks of at least the cluster's), one pass on
// clusters of two blocks as on a GPU that has them.
template <class T>
void emulate_passes(std::size_t n, std::size_t batch, const Complex<T>* in, Complex<T>* out, Direction dir, int block_points = 0,
                    int most_points = kLargestBlockPoints<T>, PassKernel kernel = PassKernel::generic) {
  PassTables<T> tables;
  const auto passes = make_passes<T>(n, batch, tables, block_points, most_points);
  if (cluster_wanted<DoubleCluster10000>(kernel, passes, static_cast<std::size_t>(most_points) * sizeof(Complex<T>))) {
    emulate_cluster_pass<DoubleCluster10000>(bind_cluster(passes, batch, in, out, dir, tables.stage.data(), tables.lo.data(), tables.hi.data()));
    return;
  }
  std::vector<Complex<T>> scratch[2];
  const Complex<T>* src = in;
  for (std::size_t i = 0; i < passes.size(); ++i) {
    Complex<T>* dst = out;
    if (i + 1 < passes.size()) {
      scratch[i % 2].assign(n * batch, Complex<T>{});
      dst = scratch[i % 2].data();
    }
    const auto a = bind_pass(passes[i], i, passes.size(), src, dst, dir, tables.stage.data(), tables.lo.data(), tables.hi.data());
    const PassRun run = pass_run<T>(kernel, passes[i]);  // as MixedPlan's constructor reads it
    if (!(run.compiled && emulate_fixed_choice(a, run.fixed_direct, run.points))) emulate_pass(a, run.direct);
    src = dst;
  }
}

// K = FFT_M(b) as the GPU plan makes it (filter_spectrum, gpu_bluestein.cu): in double whatever T
// is, rounded to T once; here through the emulated double passes of M.
template <class T>
std::vector<Complex<T>> emulated_filter_spectrum(std::size_t n, std::size_t m) {
  const std::vector<Complex<double>> b = bluestein_filter<double>(n, m);
  std::vector<Complex<double>> spectrum(m);
  emulate_passes<double>(m, 1, b.data(), spectrum.data(), Direction::forward);
  std::vector<Complex<T>> k(m);
  for (std::size_t j = 0; j < m; ++j) k[j] = Complex<T>(spectrum[j]);
  return k;
}

// Bluestein in one block a transform batch (gpu_bluestein_block.hpp), as the GPU plan runs it for
// M <= kBluesteinBlockPoints (block_convolution_length: a 7-smooth M where no compiled shape
// takes the power of two): through the compiled shape where one matches (M = 1024 .. 4096).
template <class T>
void emulate_bluestein_block(std::size_t n, std::size_t batch, const Complex<T>* in, Complex<T>* out, Direction dir) {
  const std::size_t m = block_convolution_length(n);
  const std::vector<Complex<T>> chirp = bluestein_chirp<T>(n), k = emulated_filter_spectrum<T>(n, m);
  PassTables<T> tables;
  const auto passes = make_passes<T>(m, batch, tables, 0, static_cast<int>(kBluesteinBlockPoints<T>), false);
  const MixedPassArgs<T> a = bind_pass<T>(passes.at(0), 0, 1, nullptr, nullptr, Direction::forward, tables.stage.data(), nullptr, nullptr);
  const BluesteinBlockArgs<T> args{in, out, chirp.data(), k.data(), static_cast<std::uint32_t>(n), make_divisor(static_cast<std::uint32_t>(n)),
                                   dir == Direction::inverse};
  for_each_block(a, [&](std::uint64_t blk, Complex<T>* buf, auto& each) {
    const bool compiled = visit_matching_shape<FixedBluesteinPasses>(a, [&](auto shape) {
      run_bluestein_block<decltype(shape)>(blk, a, args, buf, each, [] {}, EmulatedRegs<T>{a.threads});
    });
    if (!compiled) run_bluestein_block(blk, a, args, buf, each, [] {}, EmulatedRegs<T>{a.threads});
  });
}

// Bluestein above one block as the GPU plan runs it (gpu_bluestein_pass.hpp): two FFTs of M
// through the passes, ping-pong between two M-point buffers, the chirp and the product in their
// first and last passes. most_points as make_passes' (smaller: more passes).
template <class T>
void emulate_bluestein_fused(std::size_t n, std::size_t batch, const Complex<T>* in, Complex<T>* out, Direction dir,
                             int most_points = kLargestBlockPoints<T>) {
  const std::size_t m = convolution_length(n);
  const std::vector<Complex<T>> chirp = bluestein_chirp<T>(n), k = emulated_filter_spectrum<T>(n, m);
  PassTables<T> tables;
  const auto passes = make_passes<T>(m, batch, tables, 0, most_points, false);
  std::vector<Complex<T>> buffers[2] = {std::vector<Complex<T>>(m * batch), std::vector<Complex<T>>(m * batch)};
  const ChirpArgs<T> ch{in, out, chirp.data(), k.data(), static_cast<std::uint32_t>(n), dir == Direction::inverse};
  const Complex<T>* src = nullptr;
  int next = 0;
  for (int f = 0; f < 2; ++f)
    for (std::size_t i = 0; i < passes.size(); ++i) {
      Complex<T>* dst = buffers[next].data();
      const auto a = bind_pass(passes[i], i, passes.size(), src, dst, Direction::forward, tables.stage.data(), tables.lo.data(),
                               tables.hi.data());
      with_chirp_io(chirp_io(f, i, passes.size()), [&](auto l, auto s) {
        for_each_block(a, [&](std::uint64_t blk, Complex<T>* buf, auto& each) {
          run_chirp_block<decltype(l)::value, decltype(s)::value>(blk, a, ch, buf, each, [] {}, EmulatedRegs<T>{a.threads});
        });
      });
      src = dst;
      next ^= 1;
    }
}

}  // namespace course::anyn::gpu
