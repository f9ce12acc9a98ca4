// Lab 09's grader: radix16 alone, then the lab kernel emulated stage by stage and thread by
// thread (each phase for every thread before the next: what the barriers guarantee), the
// conformance suite on it in float and double, and the pass split by its invariants. With a GPU:
// the kernel on the device and the performance band against 09's own radix-16.
#include LAB_IMPL

#include <iostream>
#include <limits>
#include <random>

#include "09_radixN/lab/kernel.hpp"
#include "09_radixN/lab/sizes.hpp"
#include "common/lab/gpu_part.hpp"
#include "common/lab/lab_conformance.hpp"

using namespace course;
using namespace course::lab;
using lab09_kernel::Chapter;
using lab09_kernel::Yours;

namespace {

template <class T>
bool check_radix16(Grader& g) {
  const std::string section = std::string("TODO 1: radix16 (") + precision_name<T>() + ")";
  std::mt19937_64 gen(g.seed());
  std::normal_distribution<double> nd;
  for (int trial = 0; trial < 40; ++trial) {
    Complex<T> v[16], x[16];
    for (int j = 0; j < 16; ++j) {
      // First an impulse at each position (the columns of the DFT matrix), then random inputs.
      x[j] = trial < 16 ? Complex<T>(j == trial ? T(1) : T(0)) : Complex<T>(static_cast<T>(nd(gen)), static_cast<T>(nd(gen)));
      v[j] = x[j];
    }
    if (!g.guard(section, g.todo(1), [&] { LAB09_RADIX16<T>(v); })) return false;
    const auto want = reference_dft<T>(std::span<const Complex<T>>(x, 16), 16, 1, Direction::forward);
    const auto bad = first_wrong<T>(std::span<const Complex<T>>(v, 16), want, 4 * tolerance<T>(16),
                                    [](std::size_t k) { return "V[" + std::to_string(k) + "]"; });
    if (bad) {
      std::string msg = (trial < 16 ? "input an impulse at v[" + std::to_string(trial) + "]: " : std::string("random input: ")) + *bad;
      // Recognised mistakes: bit-reversed output order, the inverse's sign.
      auto off = [&](auto index, bool conjugate) {
        long double e = 0;
        for (int k = 0; k < 16; ++k) {
          auto w = want[index(k)];
          if (conjugate) {
            const auto inv = reference_dft<T>(std::span<const Complex<T>>(x, 16), 16, 1, Direction::inverse);
            w = inv[index(k)];
          }
          e += std::hypot(v[k].re - w.re, v[k].im - w.im);
        }
        return e < 1e-3;
      };
      if (off([](int k) { return static_cast<int>(reverse_bits32(static_cast<std::uint32_t>(k), 4)); }, false))
        msg += ". These are the right values in bit-reversed order (V[1] holds X[8]): the DFT must come out in natural order";
      else if (off([](int k) { return k; }, true))
        msg += ". These are the inverse DFT's values: the forward transform uses w = exp(-2 pi i jk/16)";
      g.fail(section, "16-point DFT of impulses and random inputs", msg, g.todo(1));
      return false;
    }
  }
  g.pass(section, "16-point DFT of impulses and random inputs");
  return true;
}

// Each stage of the kernel on one tile, each thread run alone against 09's butterfly in the
// same kernel: "stage 1, thread 17 wrote y[34] = ..". Only for radix-16 solutions (the slow
// radix-2 one has other stages; the suite below checks it).
template <class T>
bool check_threads(Grader& g) {
  const std::string section = std::string("kernel, stage by stage and thread by thread (") + precision_name<T>() + ")";
  if (Yours::radix != 16) {
    g.info(section, "skipped", "this solution's kernel is radix-" + std::to_string(Yours::radix) + ", not comparable stage by stage");
    return true;
  }
  for (unsigned log2n : {4u, 8u, 12u}) {
    const std::uint32_t n = 1u << log2n, P = lab09_kernel::tile_points;
    const auto table = twiddle_table<T>(n, n);
    std::vector<Complex<T>> x = random_gaussian<T>(P, g.seed() + log2n);
    std::uint32_t p = 1;
    for (unsigned st = 0; st < lab09_kernel::stages<Chapter>(log2n); ++st, p *= 16) {
      // Memory seen as [tile before the stage | tile after]: a thread reads the first half and
      // writes the second (the barrier between reads and writes makes the stage out of place).
      const T nan = std::numeric_limits<T>::quiet_NaN();
      std::vector<Complex<T>> state(2 * P, Complex<T>{nan, nan});
      std::copy(x.begin(), x.end(), state.begin());
      auto run = [&](auto impl) {
        return [&, impl](std::uint32_t t, std::vector<Complex<T>>& mem) {
          Complex<T> u[16];
          std::uint32_t at[16];
          lab09_kernel::stage_compute<decltype(impl), T>(mem.data(), log2n, p, t, table.data(), u, at);
          for (int q = 0; q < 16; ++q) mem[P + at[q]] = u[q];
        };
      };
      auto name = [&](std::size_t i) {
        const std::size_t e = i - P;
        return "y[" + std::to_string(e) + "] (point " + std::to_string(e % n) + " of transform " + std::to_string(e / n) + ")";
      };
      std::optional<std::string> bad;
      if (!g.guard(section, g.todo(1), [&] { bad = first_wrong_thread<T>(state, lab09_kernel::block_threads, run(Yours{}), run(Chapter{}), 1e-3, name); }))
        return false;
      if (bad) {
        g.fail(section, "N = " + std::to_string(n), "stage " + std::to_string(st) + " (sub-transforms of " + std::to_string(p) + " points done), " + *bad, g.todo(1));
        return false;
      }
      std::vector<Complex<T>> y(P);
      for (std::uint32_t t = 0; t < lab09_kernel::block_threads; ++t) {
        Complex<T> u[16];
        std::uint32_t at[16];
        lab09_kernel::stage_compute<Chapter, T>(x.data(), log2n, p, t, table.data(), u, at);
        for (int q = 0; q < 16; ++q) y[at[q]] = u[q];
      }
      x = y;
    }
  }
  g.pass(section, "N = 16, 256, 4096: every thread of every stage");
  return true;
}

// The whole kernel emulated on the CPU, tile by tile, phase by phase.
template <class T>
conformance::TransformFn<T> emulate() {
  return [](std::span<const Complex<T>> in, std::span<Complex<T>> out, std::size_t n, std::size_t batch, Direction dir) {
    lab09_sizes::require(n, batch);
    if (dir == Direction::inverse) throw std::invalid_argument("forward only");
    const unsigned log2n = log2_exact(n);
    const auto table = twiddle_table<T>(n, n);
    const auto points = static_cast<std::uint32_t>(n * batch);
    const std::uint32_t P = lab09_kernel::tile_points;
    std::vector<Complex<T>> s(P);
    for (std::uint32_t first = 0; first < points; first += P) {
      for (std::uint32_t e = 0; e < P; ++e) s[e] = first + e < points ? in[first + e] : Complex<T>{};
      std::uint32_t p = 1;
      for (unsigned st = 0; st < lab09_kernel::stages<Yours>(log2n); ++st, p *= Yours::radix) {
        std::vector<Complex<T>> u(16 * lab09_kernel::block_threads);
        std::vector<std::uint32_t> at(16 * lab09_kernel::block_threads);
        for (std::uint32_t t = 0; t < lab09_kernel::block_threads; ++t) {
          Complex<T> ut[16];
          std::uint32_t att[16];
          lab09_kernel::stage_compute<Yours, T>(s.data(), log2n, p, t, table.data(), ut, att);
          for (int q = 0; q < 16; ++q) { u[16 * t + q] = ut[q]; at[16 * t + q] = att[q]; }
        }
        for (std::size_t q = 0; q < u.size(); ++q) {
          if (at[q] >= P) throw std::runtime_error("a thread wrote outside the tile (index " + std::to_string(at[q]) + ")");
          s[at[q]] = u[q];
        }
      }
      for (std::uint32_t e = 0; e < P && first + e < points; ++e) out[first + e] = s[e];
    }
  };
}

void check_split(Grader& g) {
  const std::string section = "TODO 2: split_passes";
  for (int cap = 1; cap <= 14; ++cap)
    for (int log2n = 1; log2n <= 30; ++log2n) {
      std::vector<int> bits;
      if (!g.guard(section, g.todo(2), [&] { bits = lab09::split_passes(log2n, cap); })) return;
      std::string got = "{";
      int sum = 0, lo = 1 << 30, hi = -1;
      for (std::size_t i = 0; i < bits.size(); ++i) {
        got += (i ? ", " : "") + std::to_string(bits[i]);
        sum += bits[i];
        lo = std::min(lo, bits[i]);
        hi = std::max(hi, bits[i]);
      }
      got += "}";
      const std::string call = "split_passes(" + std::to_string(log2n) + ", " + std::to_string(cap) + ") = " + got;
      const int fewest = (log2n + cap - 1) / cap;
      std::string why;
      if (sum != log2n) why = "the passes add up to 2^" + std::to_string(sum) + " points, not N = 2^" + std::to_string(log2n);
      else if (lo < 1) why = "a pass of " + std::to_string(lo) + " bits does nothing";
      else if (hi > cap) why = "a pass of 2^" + std::to_string(hi) + " points is above the cap of 2^" + std::to_string(cap);
      else if (static_cast<int>(bits.size()) > fewest) why = std::to_string(bits.size()) + " passes where " + std::to_string(fewest) + " suffice (each pass reads and writes all N points)";
      else if (hi - lo > 1) why = "unbalanced: passes of " + std::to_string(hi) + " and " + std::to_string(lo) + " bits (a pass near the cap is the slow one; spread the bits)";
      if (!why.empty()) {
        g.fail(section, "sum, cap, fewest passes, balance for log2n = 1..30, cap = 1..14", call + ": " + why, g.todo(2));
        return;
      }
    }
  g.pass(section, "sum, cap, fewest passes, balance for log2n = 1..30, cap = 1..14");
}

}  // namespace

#if defined(LAB_WITH_GPU)
void lab09_gpu_part(Grader& g);
#endif

int main(int argc, char** argv) {
  Grader g("09", "the radix-16 butterfly in registers, and a pass split", argc, argv, LAB_IMPL_NAME);
  g.set_todo_file("09_radixN/lab/lab09.hpp");
  try {
    check_radix16<float>(g);
    check_radix16<double>(g);
    check_threads<float>(g);
    check_threads<double>(g);
    run_conformance<float>(g, "lab kernel with your radix16, emulated, N = 16, 256, 4096",
                           with_inverse_by_conjugation<float>(emulate<float>()), lab09_sizes::config(), g.todo(1));
    run_conformance<double>(g, "lab kernel with your radix16, emulated, N = 16, 256, 4096",
                            with_inverse_by_conjugation<double>(emulate<double>()), lab09_sizes::config(), g.todo(1));
    check_split(g);
#if defined(LAB_WITH_GPU)
    lab09_gpu_part(g);
#else
    gpu_not_built(g);
#endif
  } catch (const std::exception& e) {
    std::cerr << "lab 09: the grader itself failed: " << e.what() << "\n";
    return exit_error;
  }
  return g.finish();
}
