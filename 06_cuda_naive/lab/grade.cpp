// Lab 06's grader: the index map and the reversal alone, then the kernel's per-thread function
// run for every thread of every launch on the CPU, each thread alone against 06's own
// naive_butterfly ("stage 2, thread 5 wrote y[9] = .."), then the conformance suite in float and
// double on the emulated launches.
#include LAB_IMPL

#include <iostream>
#include <limits>

#include "06_cuda_naive/naive_thread.hpp"
#include "common/lab/gpu_part.hpp"
#include "common/bit_reverse.hpp"
#include "common/lab/lab_conformance.hpp"
#include "common/sizes.hpp"

#include "06_cuda_naive/lab/kernel.hpp"

using namespace course;
using namespace course::lab;

namespace {

template <class T>
void lab_butterfly(const Complex<T>* in, Complex<T>* out, std::size_t n, unsigned stage, std::size_t t, int sign) {
  lab06_kernel::Yours::butterfly<T>(in, out, n, stage, t, sign);
}

bool check_units(Grader& g) {
  for (std::size_t n : {2, 4, 8, 64})
    for (unsigned stage = 0; (std::size_t{2} << stage) <= n; ++stage)
      for (std::size_t t = 0; t < 3 * n / 2; ++t) {
        const auto b = LAB06_BUTTERFLY_OF(n, stage, t);
        const std::size_t k = t % (n / 2), half = std::size_t{1} << stage, top = (k / half) * 2 * half + k % half;
        const lab06::Butterfly want{t / (n / 2), top, top + half, k % half};
        if (b.transform != want.transform || b.top != want.top || b.bottom != want.bottom || b.p != want.p) {
          auto show = [](const lab06::Butterfly& x) {
            return "{transform " + std::to_string(x.transform) + ", top " + std::to_string(x.top) + ", bottom " + std::to_string(x.bottom) + ", p " + std::to_string(x.p) + "}";
          };
          g.fail("TODO 1: butterfly_of", "every thread of every stage, N = 2..64, batch 3",
                 "N = " + std::to_string(n) + ", stage " + std::to_string(stage) + " (half = " + std::to_string(half) + "), thread " + std::to_string(t) +
                     ": got " + show(b) + ", expected " + show(want),
                 g.todo(1));
          return false;
        }
      }
  g.pass("TODO 1: butterfly_of", "every thread of every stage, N = 2..64, batch 3");
  for (unsigned bits = 0; bits <= 16; ++bits)
    for (std::size_t i = 0; i < (std::size_t{1} << std::min(bits, 10u)); ++i)
      if (lab06::reverse(i, bits) != reverse_bits64(i, bits)) {
        g.fail("TODO 2: reverse", "i reversed over bits = 0..16", "reverse(" + std::to_string(i) + ", " + std::to_string(bits) + ") returned " +
               std::to_string(lab06::reverse(i, bits)) + ", expected " + std::to_string(reverse_bits64(i, bits)), g.todo(2));
        return false;
      }
  g.pass("TODO 2: reverse", "i reversed over bits = 0..16");
  return true;
}

template <class T>
bool check_threads(Grader& g) {
  const std::string section = std::string("kernel, thread by thread (") + precision_name<T>() + ")";
  for (auto [n, batch] : {std::pair<std::size_t, std::size_t>{2, 2}, {8, 2}, {32, 1}}) {
    const std::size_t points = n * batch;
    const T nan = std::numeric_limits<T>::quiet_NaN();
    // Memory: [in | out], out poisoned; guard-free sizes are fine since bad indices show first.
    std::vector<Complex<T>> state(2 * points, Complex<T>{nan, nan});
    const auto x = random_gaussian<T>(points, g.seed() + n);
    std::copy(x.begin(), x.end(), state.begin());
    bool ok = true;
    cuda_naive::for_each_v2_launch(n, batch, [&](unsigned stage, std::size_t threads) {
      if (!ok) return;
      auto name = [&](std::size_t i) { return i < points ? "x[" + std::to_string(i) + "] (the input!)" : "y[" + std::to_string(i - points) + "]"; };
      auto bad = first_wrong_thread<T>(
          state, static_cast<std::uint32_t>(threads),
          [&](std::uint32_t t, std::vector<Complex<T>>& m) { lab_butterfly<T>(m.data(), m.data() + points, n, stage, t, -1); },
          [&](std::uint32_t t, std::vector<Complex<T>>& m) { cuda_naive::naive_butterfly<T>(m.data(), m.data() + points, n, stage, t, -1); },
          1e-3, name);
      if (bad) {
        g.fail(section, "every thread of every launch", "N = " + std::to_string(n) + " x " + std::to_string(batch) + ", stage " + std::to_string(stage) + ", " + *bad, g.todo(1));
        ok = false;
        return;
      }
      for (std::size_t t = 0; t < threads; ++t) cuda_naive::naive_butterfly<T>(state.data(), state.data() + points, n, stage, t, -1);
    });
    if (!ok) return false;
  }
  g.pass(section, "every thread of every launch, N = 2, 8, 32");
  return true;
}

template <class T>
void suite(Grader& g) {
  conformance::Config c;
  c.sizes = conformance::powers_of_two(0, g.quick() ? 10 : 12);
  c.batch = 3;
  c.refused = {0, 3, 12, 1000};
  run_conformance<T>(g, "the launches emulated with your index map, N = 2^0..2^" + std::to_string(g.quick() ? 10 : 12),
                     [](std::span<const Complex<T>> in, std::span<Complex<T>> out, std::size_t n, std::size_t batch, Direction dir) {
                       require_power_of_two("lab 06", n, cuda_naive::v2_max_log2);
                       require_batch("lab 06", batch);
                       cuda_naive::for_each_v2_launch(n, batch, [&](unsigned stage, std::size_t threads) {
                         for (std::size_t t = 0; t < threads; ++t) lab_butterfly<T>(in.data(), out.data(), n, stage, t, static_cast<int>(dir));
                       });
                     },
                     c, g.todo(1));
}

}  // namespace

#if defined(LAB_WITH_GPU)
void lab06_gpu_part(Grader& g);
#endif

int main(int argc, char** argv) {
  Grader g("06", "the stage kernel's index map", argc, argv, LAB_IMPL_NAME);
  g.set_todo_file("06_cuda_naive/lab/lab06.hpp");
  try {
    const bool units = check_units(g);
    if (units) {
      check_threads<float>(g);
      check_threads<double>(g);
    }
    if (units) {
      suite<float>(g);
      suite<double>(g);
    } else {
      g.skip("conformance", "the emulated launches", "not run until the index map passes alone (a wrong index may write outside the arrays)");
    }
#if defined(LAB_WITH_GPU)
    if (units) lab06_gpu_part(g);
    else g.skip("GPU", "device run and performance band", "not run until the index map passes alone");
#else
    gpu_not_built(g);
#endif
  } catch (const std::exception& e) {
    std::cerr << "lab 06: the grader itself failed: " << e.what() << "\n";
    return exit_error;
  }
  return g.finish();
}
