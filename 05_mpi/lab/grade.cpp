// Lab 05's grader: partner alone, then 05 v2's binary exchange on P emulated ranks stage by
// stage (which rank, which point went wrong), transpose_block alone on strided blocks, then the
// whole distributed FFT (exchanges, local FFTs, transpose to natural order) under the
// conformance suite in float and double, for P = 2, 4 and 8 ranks.
#include LAB_IMPL

#include <iostream>
#include <random>

#include "05_mpi/local_fft.hpp"
#include "common/lab/lab_conformance.hpp"
#include "common/sizes.hpp"

#ifndef LAB05_TRANSPOSE
#define LAB05_TRANSPOSE lab05::transpose_block
#endif

using namespace course;
using namespace course::lab;

namespace {

bool check_partner(Grader& g) {
  const std::string section = "TODO 1: partner";
  for (int p : {2, 4, 8, 16})
    for (std::size_t m : {1, 2, 8})
      for (std::size_t h = std::size_t(p) * m / 2; h >= m; h /= 2)
        for (int r = 0; r < p; ++r) {
          int got = -1;
          if (!g.guard(section, g.todo(1), [&] { got = lab05::partner(r, h, m); })) return false;
          const int want = r ^ static_cast<int>(h / m);
          if (got != want) {
            g.fail(section, "the rank holding the other points of each butterfly",
                   "P = " + std::to_string(p) + ", M = " + std::to_string(m) + ", span h = " + std::to_string(h) + ": partner(rank " +
                       std::to_string(r) + ") returned " + std::to_string(got) + ", expected rank " + std::to_string(want) + " (point " +
                       std::to_string(r * m) + " pairs with point " + std::to_string(want * m) + ")",
                   g.todo(1));
            return false;
          }
        }
  g.pass(section, "the rank holding the other points of each butterfly (P = 2..16)");
  return true;
}

// 05 v2's exchange stages over emulated ranks: x[r] is rank r's block.
template <class T>
void exchange_stage(std::vector<std::vector<Complex<T>>>& x, std::size_t n, std::size_t h, Direction dir, bool yours) {
  const int p = static_cast<int>(x.size());
  const std::size_t m = n / static_cast<std::size_t>(p);
  const auto old = x;
  for (int r = 0; r < p; ++r) {
    const int q = yours ? lab05::partner(r, h, m) : (r ^ static_cast<int>(h / m));
    if (q < 0 || q >= p) throw std::runtime_error("partner(rank " + std::to_string(r) + ", h " + std::to_string(h) + ") = " + std::to_string(q) + " is not a rank");
    for (std::size_t l = 0; l < m; ++l) {
      if (r < q) {
        x[r][l] = old[r][l] + old[q][l];
      } else {
        Complex<T> w = twiddle<T>(static_cast<std::int64_t>((r * m) % h + l), static_cast<std::int64_t>(2 * h));
        if (dir == Direction::inverse) w = conj(w);
        x[r][l] = (old[q][l] - old[r][l]) * w;
      }
    }
  }
}

template <class T>
bool check_exchange(Grader& g) {
  const std::string section = std::string("TODO 1: the exchange stages, rank by rank (") + precision_name<T>() + ")";
  for (int p : {2, 4, 8}) {
    const std::size_t n = 64, m = n / p;
    const auto in = random_gaussian<T>(n, g.seed() + p);
    std::vector<std::vector<Complex<T>>> a(p), b(p);
    for (int r = 0; r < p; ++r) a[r] = b[r] = std::vector<Complex<T>>(in.begin() + r * m, in.begin() + (r + 1) * m);
    unsigned stage = 0;
    for (std::size_t h = n / 2; h >= m; h /= 2, ++stage) {
      if (!g.guard(section, g.todo(1), [&] { exchange_stage<T>(a, n, h, Direction::forward, true); })) return false;
      exchange_stage<T>(b, n, h, Direction::forward, false);
      for (int r = 0; r < p; ++r) {
        std::vector<Complex<long double>> want(m);
        for (std::size_t l = 0; l < m; ++l) want[l] = Complex<long double>(b[r][l]);
        if (auto bad = first_wrong<T>(a[r], want, 1e-5, [&](std::size_t l) { return "x[" + std::to_string(l) + "] (global point " + std::to_string(r * m + l) + ")"; })) {
          g.fail(section, "P = 2, 4, 8, N = 64", "P = " + std::to_string(p) + ", stage " + std::to_string(stage) + " (span h = " + std::to_string(h) + "), rank " + std::to_string(r) + ": " + *bad, g.todo(1));
          return false;
        }
      }
      if (h == 1) break;
    }
  }
  g.pass(section, "P = 2, 4, 8, N = 64: every rank after every stage");
  return true;
}

template <class T>
bool check_transpose(Grader& g) {
  const std::string section = std::string("TODO 2: transpose_block (") + precision_name<T>() + ")";
  std::mt19937 gen(static_cast<std::uint32_t>(g.seed()));
  for (int trial = 0; trial < 40; ++trial) {
    const std::size_t rows = 1 + gen() % 9, cols = 1 + gen() % 9, ss = cols + gen() % 5, ds = rows + gen() % 5;
    // dst has room past its last row: a write with a wrong stride lands there, not in the heap.
    std::vector<Complex<T>> src(rows * ss), dst((cols + 1) * (ds + ss + 8), Complex<T>(-1, -1));
    for (std::size_t i = 0; i < src.size(); ++i) src[i] = Complex<T>(static_cast<T>(i), 0);
    auto want = dst;
    for (std::size_t r = 0; r < rows; ++r)
      for (std::size_t c = 0; c < cols; ++c) want[c * ds + r] = src[r * ss + c];
    if (!g.guard(section, g.todo(2), [&] { LAB05_TRANSPOSE<T>(src.data(), ss, dst.data(), ds, rows, cols); })) return false;
    for (std::size_t i = 0; i < dst.size(); ++i)
      if (!(dst[i] == want[i])) {
        const std::size_t c = i / ds, r = i % ds;
        std::string what = "dst[" + std::to_string(i) + "] (row " + std::to_string(c) + ", column " + std::to_string(r) + " of dst)";
        std::string msg = rows == 0 ? "" : "rows " + std::to_string(rows) + ", cols " + std::to_string(cols) + ", src_stride " + std::to_string(ss) + ", dst_stride " + std::to_string(ds) + ": " + what;
        if (want[i].re < 0) msg += " should be left alone (it is padding between rows), but holds src[" + fmt(dst[i].re) + "]";
        else if (dst[i].re < 0) msg += " was never written; expected src[" + fmt(want[i].re) + "]";
        else msg += " holds src[" + fmt(dst[i].re) + "], expected src[" + fmt(want[i].re) + "] (row " + std::to_string(r) + ", column " + std::to_string(c) + " of src)";
        g.fail(section, "strided blocks of 1..9 x 1..9", msg, g.todo(2));
        return false;
      }
  }
  g.pass(section, "strided blocks of 1..9 x 1..9");
  return true;
}

// The whole distributed FFT on P emulated ranks: exchanges, local FFTs (x[j] = X[j P + rev(r)]),
// then the P x M matrix of blocks transposed (your transpose_block) into natural order.
template <class T>
conformance::TransformFn<T> distributed(int p) {
  return [p](std::span<const Complex<T>> in, std::span<Complex<T>> out, std::size_t n, std::size_t batch, Direction dir) {
    require_power_of_two("lab 05", n, 26);
    if (n < static_cast<std::size_t>(p)) refuse_size("lab 05", n, "fewer points than the " + std::to_string(p) + " ranks", "");
    require_batch("lab 05", batch);
    const std::size_t m = n / static_cast<std::size_t>(p);
    const unsigned pbits = log2_exact(static_cast<std::size_t>(p));
    const mpi::LocalFft<T> local(m);
    for (std::size_t b = 0; b < batch; ++b) {
      std::vector<std::vector<Complex<T>>> x(p);
      for (int r = 0; r < p; ++r) x[r].assign(in.begin() + b * n + r * m, in.begin() + b * n + (r + 1) * m);
      for (std::size_t h = n / 2; h >= m && h >= 1; h /= 2) {
        exchange_stage<T>(x, n, h, dir, true);
        if (h == 1) break;
      }
      std::vector<Complex<T>> blocks(n), t(n);
      for (int r = 0; r < p; ++r) {
        local.execute(x[r].data(), dir);
        std::copy(x[r].begin(), x[r].end(), blocks.begin() + r * m);
      }
      LAB05_TRANSPOSE<T>(blocks.data(), m, t.data(), static_cast<std::size_t>(p), static_cast<std::size_t>(p), m);  // t[j][r]
      for (std::size_t j = 0; j < m; ++j)
        for (std::size_t c = 0; c < static_cast<std::size_t>(p); ++c) out[b * n + j * p + c] = t[j * p + reverse_bits64(c, pbits)];
    }
  };
}

template <class T>
void suite(Grader& g) {
  for (int p : {2, 4, 8}) {
    conformance::Config c;
    c.sizes = conformance::powers_of_two(log2_exact(static_cast<std::size_t>(p)), g.quick() ? 10 : 13);
    c.batch = 2;
    c.refused = {0, 3, static_cast<std::size_t>(p / 2)};
    if (p == 2) c.refused = {0, 3, 12};
    run_conformance<T>(g, std::to_string(p) + " emulated ranks, N = P..2^" + std::to_string(g.quick() ? 10 : 13), distributed<T>(p), c, g.todo(2));
  }
}

}  // namespace

int main(int argc, char** argv) {
  Grader g("05", "the exchange partner and the transpose", argc, argv, LAB_IMPL_NAME);
  g.set_todo_file("05_mpi/lab/lab05.hpp");
  try {
    check_partner(g);
    check_exchange<float>(g);
    check_exchange<double>(g);
    const bool t_ok = check_transpose<float>(g) && check_transpose<double>(g);
    if (t_ok) {
      suite<float>(g);
      suite<double>(g);
    } else {
      // A transpose that writes outside its block would corrupt the whole FFT's memory.
      g.skip("conformance", "the whole distributed FFT", "not run until transpose_block (TODO 2) passes alone");
    }
    g.info("MPI", "real ranks", "the grader emulates the ranks in one process; time the chapter's versions with ./course bench 05");
  } catch (const std::exception& e) {
    std::cerr << "lab 05: the grader itself failed: " << e.what() << "\n";
    return exit_error;
  }
  return g.finish();
}
