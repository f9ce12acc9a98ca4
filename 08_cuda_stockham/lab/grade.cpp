// Lab 08's grader: the two index functions alone, then the Stockham stage kernel's per-thread
// function for every thread of every launch on the CPU, each thread alone against 08's own
// stockham_radix2_butterfly, then the conformance suite in float and double.
#include LAB_IMPL

#include <iostream>
#include <limits>

#include "08_cuda_stockham/stockham_thread.hpp"
#include "common/lab/gpu_part.hpp"
#include "common/lab/lab_conformance.hpp"
#include "common/sizes.hpp"

#include "08_cuda_stockham/lab/kernel.hpp"

using namespace course;
using namespace course::lab;

namespace {

template <class T>
void lab_butterfly(const Complex<T>* x, Complex<T>* y, const Complex<T>* table, unsigned log2n, unsigned log2s, bool inverse,
                   std::uint64_t t) {
  lab08_kernel::Yours::butterfly<T>(x, y, table, log2n, log2s, inverse, t);
}

template <class T>
std::vector<Complex<T>> table_of(std::size_t n) { return lab08_kernel::table_of<T>(n); }

bool check_units(Grader& g) {
  for (unsigned log2n = 1; log2n <= 20; ++log2n)
    for (std::uint64_t t : {0ull, 1ull, 5ull, 1000ull, 123457ull, 3ull << 20}) {
      const auto got = lab08::read_of(t, log2n);
      const std::uint64_t half = std::uint64_t{1} << (log2n - 1);
      if (got.base != t / half * (2 * half) || got.i != t % half) {
        g.fail("TODO 1: read_of", "base and butterfly of every thread, N = 2..2^20",
               "N = 2^" + std::to_string(log2n) + ", thread " + std::to_string(t) + ": got base " + std::to_string(got.base) + ", i " +
                   std::to_string(got.i) + "; expected base " + std::to_string(t / half * (2 * half)) + ", i " + std::to_string(t % half),
               g.todo(1));
        return false;
      }
    }
  g.pass("TODO 1: read_of", "base and butterfly of every thread, N = 2..2^20");
  for (unsigned log2s = 0; log2s < 16; ++log2s)
    for (std::uint64_t i : {0ull, 1ull, 2ull, 3ull, 7ull, 100ull, 4097ull, 65535ull}) {
      const std::uint64_t s = std::uint64_t{1} << log2s, want = 2 * s * (i / s) + i % s, got = LAB08_WRITE_INDEX(i, log2s);
      if (got != want) {
        g.fail("TODO 2: write_index", "j = 2 s (i / s) + i mod s for s = 1..2^15",
               "write_index(" + std::to_string(i) + ", log2s " + std::to_string(log2s) + ") = " + std::to_string(got) + ", expected " +
                   std::to_string(want) + " (sub-transform " + std::to_string(i / s) + " of " + std::to_string(s) + " points starts at " +
                   std::to_string(2 * s * (i / s)) + " once merged)",
               g.todo(2));
        return false;
      }
    }
  g.pass("TODO 2: write_index", "j = 2 s (i / s) + i mod s for s = 1..2^15");
  return true;
}

template <class T>
bool check_threads(Grader& g) {
  const std::string section = std::string("stage kernel, thread by thread (") + precision_name<T>() + ")";
  for (auto [log2n, batch] : {std::pair{1u, 2u}, {3u, 2u}, {5u, 1u}}) {
    const std::uint64_t n = 1u << log2n, points = n * batch;
    const auto table = table_of<T>(n);
    const T nan = std::numeric_limits<T>::quiet_NaN();
    std::vector<Complex<T>> x = random_gaussian<T>(points, g.seed() + n);
    for (unsigned log2s = 0; log2s < log2n; ++log2s) {
      std::vector<Complex<T>> state(2 * points, Complex<T>{nan, nan});
      std::copy(x.begin(), x.end(), state.begin());
      auto name = [&](std::size_t e) { return e < points ? "x[" + std::to_string(e) + "] (the input buffer!)" : "y[" + std::to_string(e - points) + "]"; };
      auto bad = first_wrong_thread<T>(
          state, static_cast<std::uint32_t>(points / 2),
          [&](std::uint32_t t, std::vector<Complex<T>>& m) { lab_butterfly<T>(m.data(), m.data() + points, table.data(), log2n, log2s, false, t); },
          [&](std::uint32_t t, std::vector<Complex<T>>& m) { stockham::stockham_radix2_butterfly<T>(m.data(), m.data() + points, table.data(), log2n, log2s, false, t); },
          1e-3, name);
      if (bad) {
        g.fail(section, "every thread of every stage", "N = " + std::to_string(n) + " x " + std::to_string(batch) + ", stage " + std::to_string(log2s) +
               " (s = " + std::to_string(1u << log2s) + "), " + *bad, g.todo(2));
        return false;
      }
      std::vector<Complex<T>> y(points);
      for (std::uint64_t t = 0; t < points / 2; ++t) stockham::stockham_radix2_butterfly<T>(x.data(), y.data(), table.data(), log2n, log2s, false, t);
      x = y;
    }
  }
  g.pass(section, "every thread of every stage, N = 2, 8, 32");
  return true;
}

template <class T>
void suite(Grader& g) {
  conformance::Config c;
  c.sizes = conformance::powers_of_two(0, g.quick() ? 10 : 13);
  c.batch = 3;
  c.refused = {0, 3, 12, 1000};
  run_conformance<T>(g, "Stockham stages emulated with your indices, N = 2^0..2^" + std::to_string(g.quick() ? 10 : 13),
                     [](std::span<const Complex<T>> in, std::span<Complex<T>> out, std::size_t n, std::size_t batch, Direction dir) {
                       require_power_of_two("lab 08", n, 27);
                       require_batch("lab 08", batch);
                       const unsigned log2n = log2_exact(n);
                       const auto table = table_of<T>(n);
                       std::vector<Complex<T>> a(in.begin(), in.end()), b(n * batch);
                       for (unsigned s = 0; s < log2n; ++s) {
                         for (std::uint64_t t = 0; t < n * batch / 2; ++t) lab_butterfly<T>(a.data(), b.data(), table.data(), log2n, s, dir == Direction::inverse, t);
                         std::swap(a, b);
                       }
                       std::copy(a.begin(), a.end(), out.begin());
                     },
                     c, g.todo(2));
}

}  // namespace

#if defined(LAB_WITH_GPU)
void lab08_gpu_part(Grader& g);
#endif

int main(int argc, char** argv) {
  Grader g("08", "the Stockham index map", argc, argv, LAB_IMPL_NAME);
  g.set_todo_file("08_cuda_stockham/lab/lab08.hpp");
  try {
    if (check_units(g)) {
      check_threads<float>(g);
      check_threads<double>(g);
      suite<float>(g);
      suite<double>(g);
    } else {
      g.skip("conformance", "the emulated stages", "not run until the index functions pass alone (a wrong index may write outside the buffers)");
    }
#if defined(LAB_WITH_GPU)
    if (g.failures() == 0) lab08_gpu_part(g);
    else g.skip("GPU", "device run and performance band", "not run until the emulated checks pass");
#else
    gpu_not_built(g);
#endif
  } catch (const std::exception& e) {
    std::cerr << "lab 08: the grader itself failed: " << e.what() << "\n";
    return exit_error;
  }
  return g.finish();
}
