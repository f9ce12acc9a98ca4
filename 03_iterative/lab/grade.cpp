// Lab 03's grader: each TODO alone, then the whole radix-4 FFT built from them, stage by stage
// on a small size, then the course's conformance suite in float and double.
#include LAB_IMPL

#include <bitset>
#include <iostream>
#include <random>

#include "03_iterative/lab/fft.hpp"
#include "common/bit_reverse.hpp"
#include "common/lab/lab_conformance.hpp"
#include "common/reference.hpp"
#include "common/signals.hpp"

using namespace course;
using namespace course::lab;

namespace {

std::string binary(std::uint64_t v, unsigned bits) {
  std::string s;
  for (unsigned b = bits; b-- > 0;) s += ((v >> b) & 1) ? '1' : '0';
  return bits ? s : "(no bits)";
}

void check_reverse_bits(Grader& g) {
  const std::string section = "TODO 1: reverse_bits";
  for (unsigned bits = 0; bits <= 20; ++bits) {
    const std::uint64_t count = std::uint64_t{1} << std::min(bits, 12u);
    std::mt19937_64 gen(g.seed() + bits);
    for (std::uint64_t k = 0; k < count; ++k) {
      const std::uint64_t i = bits <= 12 ? k : gen() & ((std::uint64_t{1} << bits) - 1);
      const std::uint64_t got = lab03::reverse_bits(i, bits), want = reverse_bits64(i, bits);
      if (got != want) {
        g.fail(section, "reverse_bits(i, bits) for bits = 0..20",
               "reverse_bits(" + std::to_string(i) + ", " + std::to_string(bits) + ") returned " + std::to_string(got) +
                   ", expected " + std::to_string(want) + " (" + binary(i, bits) + " reversed is " + binary(want, bits) + ")",
               g.todo(1));
        return;
      }
    }
  }
  g.pass(section, "reverse_bits(i, bits) for bits = 0..20");
}

void check_permute(Grader& g) {
  const std::string section = "TODO 2: bit_reverse_permute";
  for (unsigned bits = 0; bits <= 14; ++bits) {
    const std::size_t n = std::size_t{1} << bits;
    std::vector<Complex<double>> x(n);
    for (std::size_t i = 0; i < n; ++i) x[i] = Complex<double>(static_cast<double>(i), -1.0 - static_cast<double>(i));
    if (!g.guard(section, g.todo(2), [&] { lab03::bit_reverse_permute<double>(x); })) return;
    for (std::size_t i = 0; i < n; ++i) {
      const std::size_t want = reverse_bits64(i, bits);
      const double held = x[i].re;
      if (x[i].re != static_cast<double>(want) || x[i].im != -1.0 - static_cast<double>(want)) {
        std::string msg = "N = " + std::to_string(n) + ": after the permutation x[" + std::to_string(i) + "] holds ";
        if (held == static_cast<double>(i)) msg += "its own input (untouched, or swapped twice)";
        else msg += "input " + fmt(held);
        msg += ", expected input " + std::to_string(want) + " (" + binary(i, bits) + " reversed is " + binary(want, bits) + ")";
        g.fail(section, "x[i] holds input rev(i), N = 1..2^14", msg, g.todo(2));
        return;
      }
    }
  }
  g.pass(section, "x[i] holds input rev(i), N = 1..2^14");
}

// y_m = sum_r A_r e^(sign 2 pi i r m / 4), A = (x0, w1 x2, w2 x1, w3 x3), in long double.
template <Direction dir>
std::array<Complex<long double>, 4> butterfly_want(const std::array<Complex<double>, 4>& x,
                                                  const std::array<Complex<double>, 3>& w, bool swap12 = false) {
  using L = Complex<long double>;
  const L a[4] = {L(x[0]), L(w[0]) * L(swap12 ? x[1] : x[2]), L(w[1]) * L(swap12 ? x[2] : x[1]), L(w[2]) * L(x[3])};
  std::array<L, 4> y{};
  for (int m = 0; m < 4; ++m)
    for (int r = 0; r < 4; ++r) {
      L f = twiddle_ld((r * m) % 4, 4);
      if (dir == Direction::inverse) f = conj(f);
      y[m] += a[r] * f;
    }
  return y;
}

template <Direction dir>
bool check_butterfly_dir(Grader& g, const std::string& section) {
  std::mt19937_64 gen(g.seed() ^ 0x5eed);
  std::normal_distribution<double> nd;
  for (int trial = 0; trial < 50; ++trial) {
    std::array<Complex<double>, 4> x;
    for (auto& z : x) z = {nd(gen), nd(gen)};
    std::array<Complex<double>, 3> w;
    const std::int64_t q = 1 << (trial % 6), j = static_cast<std::int64_t>(gen() % static_cast<std::uint64_t>(q));
    for (int m = 1; m <= 3; ++m) {
      w[m - 1] = twiddle<double>(m * j, 4 * q);
      if (dir == Direction::inverse) w[m - 1] = conj(w[m - 1]);
    }
    auto y = x;
    LAB03_BUTTERFLY<dir, double>(y[0], y[1], y[2], y[3], w[0], w[1], w[2]);
    const auto want = butterfly_want<dir>(x, w);
    for (int m = 0; m < 4; ++m) {
      const long double err = std::hypot(y[m].re - want[m].re, y[m].im - want[m].im);
      if (!(err < 1e-9)) {
        std::string msg = std::string(to_string(dir)) + ", x = " + fmt(x[0]) + " " + fmt(x[1]) + " " + fmt(x[2]) + " " + fmt(x[3]) +
                          ", j = " + std::to_string(j) + " of q = " + std::to_string(q) + ": x" + std::to_string(m) + " became " +
                          fmt(y[m]) + ", expected " + fmt(Complex<double>(want[m])) + " (off by " + fmt(static_cast<double>(err)) + ")";
        // The usual mistakes, recognised by the answer they give.
        const auto swapped = butterfly_want<dir>(x, w, true);
        const auto other = butterfly_want<dir == Direction::forward ? Direction::inverse : Direction::forward>(x, w);
        auto matches = [&](const std::array<Complex<long double>, 4>& v) {
          for (int k = 0; k < 4; ++k)
            if (std::hypot(y[k].re - v[k].re, y[k].im - v[k].im) > 1e-9) return false;
          return true;
        };
        if (matches(swapped)) msg += ". Your outputs are those of x1 taken as the residue-1 quarter: in bit-reversed order x1 holds residue 2 (A2 = w2 x1)";
        else if (matches(other)) msg += ". Your outputs are those of the other direction: the forward transform turns by -i, the inverse by +i";
        else if (y == x) msg += ". The butterfly left its inputs unchanged";
        g.fail(section, std::string(to_string(dir)) + " butterfly on random inputs", msg, g.todo(3));
        return false;
      }
    }
  }
  g.pass(section, std::string(to_string(dir)) + " butterfly on random inputs");
  return true;
}

// The whole FFT at N = 64 and 128, stage by stage against the stages of 03's own plan: the first
// radix-4 stage whose output differs names the stage and the index.
template <class T>
void check_stages(Grader& g) {
  const std::string section = std::string("whole FFT, stage by stage (") + precision_name<T>() + ")";
  for (std::size_t n : {std::size_t{64}, std::size_t{128}}) {
    const auto x = random_gaussian<T>(n, g.seed() + n);
    lab03::LabPlan<T> plan(n);
    for (std::size_t s = 0; s <= plan.radix4_stages(); ++s) {
      std::vector<Complex<T>> got = x;
      if (!g.guard(section, g.todo(2), [&] { plan.execute(got, Direction::forward, s); })) return;
      // Exact stage output: after the reversal (and the leading radix-2 stage), stage s holds
      // transforms of size 4^s (x2 when leading) of the bit-reversed subsequences.
      const std::size_t len = (plan.leading_radix2() ? 2 : 1) * (std::size_t{1} << (2 * s));
      std::vector<Complex<long double>> want(n);
      const unsigned bits = log2_exact(n);
      std::vector<Complex<T>> perm(n);
      for (std::size_t i = 0; i < n; ++i) perm[i] = x[reverse_bits64(i, bits)];
      // The block at b holds, in bit-reversed order, the samples x[c + m N / len], m < len: its
      // transform is that of those samples taken in natural order.
      const unsigned len_bits = log2_exact(len);
      std::vector<Complex<T>> sub(len);
      for (std::size_t b = 0; b < n; b += len) {
        for (std::size_t m = 0; m < len; ++m) sub[m] = perm[b + reverse_bits64(m, len_bits)];
        const auto block = reference_dft<T>(std::span<const Complex<T>>(sub), len, 1, Direction::forward);
        for (std::size_t k = 0; k < len; ++k) want[b + k] = block[k];
      }
      const auto bad = first_wrong<T>(got, want, 8 * tolerance<T>(n), [&](std::size_t i) {
        if (len == 1) return "x[" + std::to_string(i) + "]";
        return "x[" + std::to_string(i) + "] (element " + std::to_string(i % len) + " of the size-" + std::to_string(len) + " transform at " + std::to_string(i - i % len) + ")";
      });
      if (bad) {
        // Stages are numbered from 0, as the lesson numbers them (s = 0 .. t-1): check s > 0
        // compares the output of radix-4 stage s - 1.
        const std::string first = plan.leading_radix2() ? "after the bit-reversal permutation and the leading radix-2 stage"
                                                        : "after the bit-reversal permutation";
        const std::string where = s == 0 ? first : "after radix-4 stage " + std::to_string(s - 1) + " (q = " + std::to_string(plan.quarter(s - 1)) + ")";
        g.fail(section, "N = " + std::to_string(n) + " forward", where + ": " + *bad, g.todo(s == 0 ? 2 : 3));
        return;
      }
    }
  }
  g.pass(section, "N = 64 and 128, every stage");
}

template <class T>
void check_conformance(Grader& g) {
  conformance::Config c;
  c.refuse_batch_zero = false;
  c.sizes = conformance::powers_of_two(0, g.quick() ? 10 : 14);
  c.batch = 3;
  c.refused = {0, 3, 12, 1000, std::size_t{1} << 27};
  run_conformance<T>(g, "radix-4 FFT from your pieces, N = 2^0..2^" + std::to_string(g.quick() ? 10 : 14),
                     [](std::span<const Complex<T>> in, std::span<Complex<T>> out, std::size_t n, std::size_t batch, Direction dir) {
                       const lab03::LabPlan<T> plan(n);
                       for (std::size_t b = 0; b < batch; ++b) {
                         std::copy(in.begin() + b * n, in.begin() + (b + 1) * n, out.begin() + b * n);
                         plan.execute(out.subspan(b * n, n), dir);
                       }
                     },
                     c, g.todo(3));
}

}  // namespace

int main(int argc, char** argv) {
  Grader g("03", "bit reversal and the radix-4 butterfly", argc, argv, LAB_IMPL_NAME);
  g.set_todo_file("03_iterative/lab/lab03.hpp");
  try {
    check_reverse_bits(g);
    check_permute(g);
    check_butterfly_dir<Direction::forward>(g, "TODO 3: radix4_butterfly");
    check_butterfly_dir<Direction::inverse>(g, "TODO 3: radix4_butterfly");
    check_stages<float>(g);
    check_stages<double>(g);
    check_conformance<float>(g);
    check_conformance<double>(g);
    g.info("GPU", "performance band", "not part of this lab (a CPU chapter): time it with ./course bench 03");
  } catch (const std::exception& e) {
    std::cerr << "lab 03: the grader itself failed: " << e.what() << "\n";
    return exit_error;
  }
  return g.finish();
}
