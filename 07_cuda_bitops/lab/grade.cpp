// Lab 07's grader: each TODO alone, then per thread (each thread of each launch run alone on the
// CPU and compared with the chapter's), then the course's conformance suite on the emulated
// kernels in float and double. With a GPU (a CUDA build and a device): the same kernels on the
// device and a performance band against the chapter's pieces in the same kernels.
#include LAB_IMPL

#include <iostream>
#include <limits>
#include <random>
#include <set>

#include "07_cuda_bitops/bitops_sizes.hpp"
#include "07_cuda_bitops/lab/reference.hpp"
#include "07_cuda_bitops/lab/kernel.hpp"
#include "common/lab/lab_conformance.hpp"
#include "common/lab/gpu_part.hpp"

using namespace course;
using namespace course::lab;
using lab07_kernel::Chapter;
using lab07_kernel::Yours;

namespace {

std::string binary(std::uint32_t v) {
  std::string s;
  for (int b = 31; b >= 0; --b)
    if (v >> b || b == 0) s += ((v >> b) & 1) ? '1' : '0';
  return s + "b";
}

void check_top(Grader& g) {
  const std::string section = "TODO 1: butterfly_top";
  std::mt19937 gen(static_cast<std::uint32_t>(g.seed()));
  for (unsigned stage = 0; stage < 24; ++stage)
    for (int trial = 0; trial < 200; ++trial) {
      const std::uint32_t k = trial < 16 ? trial : gen() & ((1u << 26) - 1);
      const std::uint32_t got = lab07::butterfly_top(k, stage), want = lab07_reference::butterfly_top(k, stage);
      if (got != want) {
        g.fail(section, "butterfly_top(k, stage), stage = 0..23",
               "butterfly_top(" + std::to_string(k) + " = " + binary(k) + ", stage " + std::to_string(stage) + ") returned " +
                   std::to_string(got) + " = " + binary(got) + ", expected " + std::to_string(want) + " = " + binary(want) +
                   " (a 0 inserted at bit " + std::to_string(stage) + ")",
               g.todo(1));
        return;
      }
    }
  g.pass(section, "butterfly_top(k, stage), stage = 0..23");
}

// Every thread of every stage launch alone, on the memory the stage starts from, against the
// chapter's thread. Guard zones of N points on both sides catch writes outside the array.
template <class T>
bool check_stage_threads(Grader& g) {
  const std::string section = std::string("TODO 2: stage_butterfly, thread by thread (") + precision_name<T>() + ")";
  for (auto [log2n, batch] : {std::pair{1u, 2u}, {3u, 2u}, {4u, 3u}, {6u, 1u}}) {
    const std::uint32_t n = 1u << log2n, points = n * batch, pad = n;
    const auto table = bitops::stage_twiddle_table<T>(n);
    const bitops::TableTwiddle<T> tw{table.data(), -1};
    // Memory as the chapter's stages leave it before each stage (guards hold poison).
    const T nan = std::numeric_limits<T>::quiet_NaN();
    std::vector<Complex<T>> state(points + 2 * pad, Complex<T>{nan, nan});
    const auto x = random_gaussian<T>(points, g.seed() + log2n);
    std::copy(x.begin(), x.end(), state.begin() + pad);
    for (unsigned stage = 0; stage < log2n; ++stage) {
      auto name = [&](std::size_t i) {
        if (i < pad || i >= pad + points) return "y[" + std::to_string(static_cast<long>(i) - static_cast<long>(pad)) + "] (outside the array)";
        return "y[" + std::to_string(i - pad) + "]";
      };
      auto run = [&](auto impl) {
        return [&, impl](std::uint32_t t, std::vector<Complex<T>>& mem) {
          decltype(impl)::template stage<T>(mem.data() + pad, log2n, stage, t, tw);
        };
      };
      std::optional<std::string> bad;
      if (!g.guard(section, g.todo(2), [&] {
            bad = first_wrong_thread<T>(state, points / 2, run(Yours{}), run(Chapter{}), 1e-3, name);
          }))
        return false;
      if (bad) {
        g.fail(section, "N = " + std::to_string(n) + ", batch " + std::to_string(batch),
               "stage " + std::to_string(stage) + " (half = " + std::to_string(1u << stage) + "), " + *bad, g.todo(2));
        return false;
      }
      for (std::uint32_t t = 0; t < points / 2; ++t) Chapter::stage<T>(state.data() + pad, log2n, stage, t, tw);
    }
  }
  g.pass(section, "every thread of every stage, N = 2..64, batches of 1..3");
  return true;
}

// The global path, emulated: 07's gather pass, then your stages.
template <class T>
conformance::TransformFn<T> emulate_global() {
  return [](std::span<const Complex<T>> in, std::span<Complex<T>> out, std::size_t n, std::size_t batch, Direction dir) {
    bitops::require_size("lab 07", n, batch);
    const unsigned log2n = log2_exact(n);
    const auto table = bitops::stage_twiddle_table<T>(n);
    const auto points = static_cast<std::uint32_t>(n * batch);
    for (std::uint32_t t = 0; t < points; ++t) bitops::permute_gather<T>(in.data(), out.data(), log2n, t);
    for (unsigned s = 0; s < log2n; ++s)
      for (std::uint32_t t = 0; t < points / 2; ++t)
        Yours::stage<T>(out.data(), log2n, s, t, bitops::TableTwiddle<T>{table.data(), static_cast<int>(dir)});
  };
}

template <class T>
bool check_slot(Grader& g) {
  const std::string section = std::string("TODO 3: slot, the swizzle (") + precision_name<T>() + ")";
  const unsigned v = lab07::wavefront_log2<T>(), lp = lab07_kernel::tile_log2;
  const std::uint32_t P = 1u << lp, low = (1u << v) - 1;
  std::vector<std::uint32_t> s(P);
  std::vector<int> seen(P, -1);
  for (std::uint32_t p = 0; p < P; ++p) {
    s[p] = lab07::slot<T>(p, lp);
    if (s[p] >= P) {
      g.fail(section, "a permutation of the tile", "slot(" + std::to_string(p) + ") = " + std::to_string(s[p]) + " is outside the tile of " + std::to_string(P), g.todo(3));
      return false;
    }
    if (seen[s[p]] >= 0) {
      g.fail(section, "a permutation of the tile",
             "slot(" + std::to_string(seen[s[p]]) + ") and slot(" + std::to_string(p) + ") are both " + std::to_string(s[p]) + ": two points in one place", g.todo(3));
      return false;
    }
    seen[s[p]] = static_cast<int>(p);
  }
  g.pass(section, "a permutation of the tile");
  for (std::uint32_t p = 0; p < P; ++p) {
    if ((s[p] ^ p) & ~low) {
      g.fail(section, "changes the low v bits only", "slot(" + std::to_string(p) + ") = " + std::to_string(s[p]) + " moves point " + std::to_string(p) + " out of its run of " + std::to_string(1u << v), g.todo(3));
      return false;
    }
    if ((s[p] ^ p) != (s[p & ~low] ^ (p & ~low))) {
      g.fail(section, "one XOR per aligned run of 2^v points",
             "points " + std::to_string(p & ~low) + " and " + std::to_string(p) + " of one run get different XORs (" +
                 std::to_string(s[p & ~low] ^ (p & ~low)) + " and " + std::to_string(s[p] ^ p) + "): the run would no longer be read in one wavefront",
             g.todo(3));
      return false;
    }
  }
  g.pass(section, "one XOR per aligned run of 2^v points (runs stay conflict-free)");
  // The reversed load: wavefront w is threads e = w 2^v .. w 2^v + 2^v - 1, writing points rev(e).
  for (std::uint32_t w = 0; w < P >> v; ++w) {
    std::vector<int> per_group(1u << v, 0);
    std::string slots;
    int worst = 0;
    for (std::uint32_t j = 0; j <= low; ++j) {
      const std::uint32_t e = (w << v) + j, at = s[reverse_bits32(e, lp)];
      worst = std::max(worst, ++per_group[at & low]);
      if (j < 4) slots += std::to_string(at) + " ";
    }
    if (worst > 1) {
      g.fail(section, "the reversed load is conflict-free",
             "threads " + std::to_string(w << v) + ".." + std::to_string((w << v) + low) + " of the load write slots " + slots +
                 "...: " + std::to_string(worst) + " of them in one bank group (a " + std::to_string(worst) + "-way conflict, " +
                 std::to_string(worst) + " wavefronts instead of 1)",
             g.todo(3));
      return false;
    }
  }
  g.pass(section, "the reversed load is conflict-free (1 wavefront per 2^v threads)");
  return true;
}

// The tile path, emulated phase by phase (every thread of a phase before the next: what the
// barriers guarantee), with your butterfly_top and slot.
template <class T>
conformance::TransformFn<T> emulate_tile() {
  return [](std::span<const Complex<T>> in, std::span<Complex<T>> out, std::size_t n, std::size_t batch, Direction dir) {
    require_power_of_two("lab 07 tile", n, lab07_kernel::tile_log2, "the global path takes larger N");
    require_batch("lab 07 tile", batch);
    const unsigned log2n = log2_exact(n);
    const auto table = bitops::stage_twiddle_table<T>(n);
    const bitops::TableTwiddle<T> tw{table.data(), static_cast<int>(dir)};
    const auto points = static_cast<std::uint32_t>(n * batch);
    const T nan = std::numeric_limits<T>::quiet_NaN();
    std::vector<Complex<T>> s(lab07_kernel::tile_points);
    for (std::uint32_t b = 0; b * lab07_kernel::tile_points < points; ++b) {
      std::fill(s.begin(), s.end(), Complex<T>{nan, nan});
      for (std::uint32_t e = 0; e < lab07_kernel::tile_points; ++e) lab07_kernel::tile_load<Yours, T>(in.data(), s.data(), log2n, points, b, e);
      for (unsigned st = 0; st < log2n; ++st)
        for (std::uint32_t t = 0; t < lab07_kernel::tile_points / 2; ++t) lab07_kernel::tile_butterfly<Yours, T>(s.data(), tw, st, t);
      for (std::uint32_t e = 0; e < lab07_kernel::tile_points; ++e) lab07_kernel::tile_store<Yours, T>(s.data(), out.data(), points, b, e);
    }
  };
}

template <class T>
void conformance_global(Grader& g) {
  conformance::Config c;
  c.sizes = conformance::powers_of_two(0, g.quick() ? 10 : 13);
  c.batch = 3;
  c.refused = {0, 3, 12, 1000, std::size_t{1} << 28};
  run_conformance<T>(g, "global path (gather + your stages), emulated, N = 2^0..2^" + std::to_string(g.quick() ? 10 : 13),
                     emulate_global<T>(), c, g.todo(2));
}

template <class T>
void conformance_tile(Grader& g) {
  conformance::Config c;
  c.sizes = conformance::powers_of_two(0, lab07_kernel::tile_log2);
  c.batch = 5;
  c.refused = {0, 3, 2048};
  run_conformance<T>(g, "tile path (your butterfly_top and slot), emulated phase by phase, N = 2^0..2^10", emulate_tile<T>(), c,
                     g.todo(3));
}

}  // namespace

#if defined(LAB_WITH_GPU)
void lab07_gpu_part(Grader& g);
#endif

int main(int argc, char** argv) {
  Grader g("07", "shift-and-mask indices and the swizzle", argc, argv, LAB_IMPL_NAME);
  g.set_todo_file("07_cuda_bitops/lab/lab07.hpp");
  try {
    check_top(g);
    check_stage_threads<float>(g);
    check_stage_threads<double>(g);
    conformance_global<float>(g);
    conformance_global<double>(g);
    check_slot<float>(g);
    check_slot<double>(g);
    conformance_tile<float>(g);
    conformance_tile<double>(g);
#if defined(LAB_WITH_GPU)
    lab07_gpu_part(g);
#else
    gpu_not_built(g);
#endif
  } catch (const std::exception& e) {
    std::cerr << "lab 07: the grader itself failed: " << e.what() << "\n";
    return exit_error;
  }
  return g.finish();
}
