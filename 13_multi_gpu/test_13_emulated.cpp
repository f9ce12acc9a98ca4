// The multi-GPU transform emulated on the CPU (emulate.hpp: ranks are arrays, messages are
// copies), through the index maps the GPU path runs: the shared conformance suite in 1D on
// P = 1, 2, 4 and 8 ranks, 2D against the reference, every chunk count and row grouping, and
// three planted mistakes that must fail. CI runs this; it needs no GPU, MPI or NCCL.
#include <algorithm>
#include <cmath>
#include <set>
#include <tuple>

#include "13_multi_gpu/emulate.hpp"
#include "common/catch.hpp"
#include "common/conformance.hpp"
#include "common/metrics.hpp"
#include "common/signals.hpp"

using namespace course;
using namespace course::multigpu;

namespace {

template <class T, class Index = SlabIndex>
void emulated_1d(std::span<const Complex<T>> x, std::span<Complex<T>> y, std::int64_t p, std::int64_t chunks, Direction dir,
                 std::int64_t groups = 1) {
  Split s = split_1d(static_cast<std::int64_t>(x.size()), p, chunks);
  s.row_groups = groups;
  collect<T>(Kind::one_d, s, dir, emulate<T, Index>(Kind::one_d, s, deal<T>(Kind::one_d, s, dir, x), dir), y);
}

template <class T, class Index = SlabIndex>
double error_1d(std::size_t n, std::int64_t p, std::int64_t chunks, std::uint64_t seed, std::int64_t groups = 1) {
  const auto x = random_uniform<T>(n, seed);
  std::vector<Complex<T>> y(n);
  emulated_1d<T, Index>(x, y, p, chunks, Direction::forward, groups);
  return rel_l2_error<T, long double>(y, reference_dft<T>(x, n, 1, Direction::forward));
}

// Planted mistakes, each one index away from the real maps.
struct WrongBlock : SlabIndex {  // every message lands in the next sender's block
  static Message msg(const Split& s, std::int64_t from, std::int64_t to, std::int64_t c) {
    return message(s, (from + 1) % s.p, to, c);
  }
};
struct WrongGroup : SlabIndex {  // every row group lands where the first group's rows go
  static Message part(const Split& s, const Message& m, std::int64_t g) {
    const Message right = message_part(s, m, g);
    return {right.send_offset, message_part(s, m, 0).recv_offset, right.count};
  }
};
struct WrongColumn : SlabIndex {  // the pack sends column k1 to the next peer's block
  static std::int64_t pack(const Split& s, std::int64_t a, std::int64_t k1) { return pack_index(s, a, (k1 + s.cols()) % s.n1); }
};

}  // namespace

TEST_CASE("every layout is a permutation, and the inverse reads what the forward writes", "[emulated]") {
  for (std::int64_t p : {1, 2, 4, 8})
    for (std::int64_t k = 2; k <= 12; ++k) {
      for (auto [chunks, groups] : {std::pair<std::int64_t, std::int64_t>{1, 1}, {2, 1}, {4, 1}, {1, 2}, {4, 2}, {2, 4}}) {
        Split s = split_1d(std::int64_t{1} << k, p, chunks);
        s.row_groups = groups;
        if (s.n1 % (p * chunks * groups) != 0 || s.n2 % (p * chunks * groups) != 0) continue;
        INFO("N = 2^" << k << ", P = " << p << ", C = " << chunks << ", G = " << groups);
        for (Kind kind : {Kind::one_d, Kind::two_d})
          for (bool input : {true, false}) {
            std::set<std::int64_t> seen;
            for (std::int64_t r = 0; r < p; ++r)
              for (std::int64_t j = 0; j < s.local(); ++j) seen.insert(global_index(kind, s, true, input, r, j));
            REQUIRE(static_cast<std::int64_t>(seen.size()) == s.n());
            REQUIRE(*seen.rbegin() == s.n() - 1);
          }
        for (std::int64_t r = 0; r < p; ++r)
          for (std::int64_t j = 0; j < s.local(); ++j)
            REQUIRE(slab_input(Kind::one_d, s.swapped(), r, j) == slab_output(s, r, j));
        std::set<std::int64_t> packed;
        for (std::int64_t a = 0; a < s.rows(); ++a)
          for (std::int64_t k1 = 0; k1 < s.n1; ++k1) packed.insert(pack_index(s, a, k1));
        REQUIRE(static_cast<std::int64_t>(packed.size()) == s.local());
        // The pack steps from a run's start: every column of a run is where pack_index says.
        for (std::int64_t c = 0; c < s.chunks; ++c)
          for (std::int64_t d = 0; d < p; ++d)
            for (std::int64_t a = 0; a < s.rows(); ++a)
              for (std::int64_t kc = 0; kc < s.chunk_cols(); ++kc)
                REQUIRE(pack_index(s, a, run_column(s, d, c, kc)) == pack_index(s, a, run_column(s, d, c, 0)) + kc);
        // Each part of a message carries exactly its row group: point (a, kc) of the rows the
        // pack of group g writes for peer `to` is in the part's send span, and lands in the
        // part's receive span where step 4 reads row n2 = from N2/P + a of chunk c.
        for (std::int64_t c = 0; c < s.chunks; ++c)
          for (std::int64_t from = 0; from < p; ++from)
            for (std::int64_t to = 0; to < p; ++to)
              for (std::int64_t g = 0; g < s.row_groups; ++g) {
                const Message part = message_part(s, message(s, from, to, c), g);
                REQUIRE(part.count == s.group_rows() * s.chunk_cols());
                for (std::int64_t i = 0; i < s.group_rows(); ++i)
                  for (std::int64_t kc = 0; kc < s.chunk_cols(); ++kc) {
                    const std::int64_t a = g * s.group_rows() + i, at = i * s.chunk_cols() + kc;
                    REQUIRE(pack_index(s, a, run_column(s, to, c, kc)) == part.send_offset + at);
                    REQUIRE(step4_input(s, c, from * s.rows() + a, kc) == part.recv_offset + at);
                  }
              }
        // The transpose steps from a tile's corner by step4_input_row / step4_output_row.
        for (std::int64_t c = 0; c < s.chunks; ++c)
          for (std::int64_t n2 = 0; n2 < s.n2; ++n2)
            for (std::int64_t kc = 0; kc < s.chunk_cols(); ++kc) {
              REQUIRE(step4_input(s, c, n2, kc) == step4_input(s, c, 0, 0) + n2 * step4_input_row(s) + kc);
              REQUIRE(step4_output(s, c, kc, n2) == step4_output(s, c, 0, 0) + kc * step4_output_row(s) + n2);
            }
      }
    }
}

TEMPLATE_TEST_CASE("1D on P emulated ranks passes the conformance suite", "[emulated]", float, double) {
  for (std::int64_t p : {1, 2, 4, 8})
    for (auto [chunks, groups] : {std::pair<std::int64_t, std::int64_t>{1, 1}, {4, 1}, {4, 2}}) {
      conformance::Config cfg;
      for (std::size_t n = static_cast<std::size_t>(std::max<std::int64_t>(4, p * p)); n <= (1u << 12); n *= 2) {
        const Split s = split_1d(static_cast<std::int64_t>(n), p, chunks);
        if (s.n1 % (p * chunks * groups) == 0 && s.n2 % (p * chunks * groups) == 0) cfg.sizes.push_back(n);
      }
      if (cfg.sizes.empty()) continue;
      cfg.refuse_batch_zero = false;  // the emulation has no plan to refuse with
      auto fn = [p, chunks, groups](std::span<const Complex<TestType>> in, std::span<Complex<TestType>> out, std::size_t, std::size_t,
                                    Direction dir) { emulated_1d<TestType>(in, out, p, chunks, dir, groups); };
      INFO("P = " << p << ", chunks = " << chunks << ", row groups = " << groups);
      require_conformance(conformance::check_conformance<TestType>(fn, cfg));
    }
}

TEMPLATE_TEST_CASE("2D by slabs on P emulated ranks agrees with the reference both ways", "[emulated]", float, double) {
  const std::uint64_t seed = fresh_seed();
  for (std::int64_t p : {1, 2, 4})
    for (auto [h, w] : {std::pair<std::int64_t, std::int64_t>{8, 8}, {16, 64}, {128, 4}, {32, 32}}) {
      if (h % p != 0 || w % p != 0) continue;
      const Split s{w, h, p, 1};
      const auto n = static_cast<std::size_t>(h * w);
      const auto x = random_uniform<TestType>(n, seed + static_cast<std::uint64_t>(h * w * p));
      std::vector<Complex<TestType>> y(n), z(n);
      collect<TestType>(Kind::two_d, s, Direction::forward,
                        emulate<TestType>(Kind::two_d, s, deal<TestType>(Kind::two_d, s, Direction::forward, x), Direction::forward), y);
      INFO(h << " x " << w << " on P = " << p << ", COURSE_SEED=" << seed);
      const auto ref = reference_2d<TestType>(x, static_cast<std::size_t>(h), static_cast<std::size_t>(w), Direction::forward);
      CHECK(rel_l2_error<TestType, long double>(y, ref) < tolerance<TestType>(n));
      collect<TestType>(Kind::two_d, s, Direction::inverse,
                        emulate<TestType>(Kind::two_d, s, deal<TestType>(Kind::two_d, s, Direction::inverse, y), Direction::inverse), z);
      for (auto& v : z) v = v * static_cast<TestType>(1.0 / static_cast<double>(n));
      CHECK(rel_l2_error<TestType, TestType>(z, x) < tolerance<TestType>(n));
    }
}

TEST_CASE("a planted wrong block, row group or column index fails the comparison", "[emulated]") {
  const std::uint64_t seed = fresh_seed();
  INFO("COURSE_SEED=" << seed);
  for (std::int64_t p : {2, 4}) {
    const std::size_t n = 1024;
    CHECK(error_1d<double>(n, p, 1, seed) < tolerance<double>(n));
    CHECK(error_1d<double, WrongBlock>(n, p, 1, seed) > 0.1);
    CHECK(error_1d<double, WrongBlock>(n, p, 4, seed) > 0.1);
    CHECK(error_1d<double>(n, p, 4, seed, 2) < tolerance<double>(n));
    CHECK(error_1d<double, WrongGroup>(n, p, 4, seed, 2) > 0.1);
    CHECK(error_1d<double, WrongColumn>(n, p, 1, seed) > 0.1);
  }
}

// Step 2's threads (pack_shape) take every point of a run once, and the twiddle from
// the two tables, with its second factor from the thread's first point, is the exact twiddle
// to double accuracy; rounded to float, each part is within half an ulp (plus 1e-15: a part
// that is exactly 0 may come out as 1e-17) of the exact value, as the directly computed
// twiddle was. Shapes as large as the GPUs run, rows sampled.
TEST_CASE("the pack's threads cover each run once and its table twiddles are exact", "[emulated]") {
  for (auto [log2n, p, chunks] : {std::tuple<int, std::int64_t, std::int64_t>{4, 2, 1}, {12, 4, 4}, {16, 2, 1}, {26, 4, 4}, {30, 4, 4}, {30, 2, 1},
                                  {31, 8, 4}}) {
    const Split s = split_1d(std::int64_t{1} << log2n, p, chunks);
    const PackShape g = pack_shape(s);
    INFO("N = 2^" << log2n << ", P = " << p << ", C = " << chunks << ": " << g.blocks << " blocks of " << g.threads << " threads, "
                  << g.points << " points each");
    const std::int64_t run = s.chunk_cols();
    REQUIRE(static_cast<std::int64_t>(g.blocks) * g.threads * g.points == run);
    std::vector<char> seen(static_cast<std::size_t>(run), 0);
    for (std::int64_t b = 0; b < g.blocks; ++b)
      for (std::int64_t t = 0; t < g.threads; ++t)
        for (std::int64_t u = 0; u < g.points; ++u) ++seen[static_cast<std::size_t>(pack_first(g, b, t) + u * g.threads)];
    REQUIRE(std::count(seen.begin(), seen.end(), 1) == run);

    const TwiddleTableData tables = make_twiddle_tables(s.n());
    REQUIRE(tables.lo.size() * tables.hi.size() >= static_cast<std::size_t>(s.n()));
    REQUIRE(tables.lo.size() <= (std::size_t{1} << 16));
    const TwiddleTables tw = tables.view();
    double worst_double = 0, worst_float_excess = -1;
    for (std::int64_t r = 0; r < p; ++r)
      for (std::int64_t a : {std::int64_t{0}, s.rows() / 2 + 1, s.rows() - 1}) {
        if (a >= s.rows()) continue;
        for (std::int64_t c = 0; c < s.chunks; ++c)
          for (std::int64_t d = 0; d < p; ++d)
            for (std::int64_t b = 0; b < g.blocks; ++b)
              for (std::int64_t t = 0; t < g.threads; t += (t < 40 ? 1 : 37)) {
                const std::int64_t first = run_column(s, d, c, pack_first(g, b, t));
                const Complex<double> lane = lane_factor(tw, s, r, a, first);
                for (std::int64_t u = 0; u < g.points; ++u) {
                  const std::int64_t k1 = first + u * g.threads;
                  const Complex<double> w = pack_twiddle(tw, s, r, a, k1, lane);
                  const Complex<long double> exact = twiddle_ld(twiddle_exponent(s, r, a, k1), s.n());
                  worst_double = std::max<double>(worst_double, static_cast<double>(std::max(std::fabs(w.re - exact.re), std::fabs(w.im - exact.im))));
                  const Complex<float> f(w);
                  for (auto [got, want] : {std::pair<float, long double>{f.re, exact.re}, {f.im, exact.im}}) {
                    const float near = static_cast<float>(want);
                    const double half_ulp = 0.5 * static_cast<double>(std::nextafter(std::fabs(near), 2.0f) - std::fabs(near));
                    worst_float_excess =
                        std::max(worst_float_excess, static_cast<double>(std::fabs(static_cast<long double>(got) - want)) - half_ulp);
                  }
                }
              }
      }
    // Float needs no check of its own: the kernel rounds this double once, so within 1e-15 of
    // exact it is the correctly rounded float except within 1e-15 of a midpoint (the excess
    // beyond half an ulp is reported, not checked: it cannot exceed the double error).
    INFO("worst twiddle error in double " << worst_double << "; rounded to float, worst error beyond half an ulp " << worst_float_excess);
    CHECK(worst_double < 1e-15);
  }
}

// A whole transform on a split whose pack has several blocks a run and 8 points a thread (the
// conformance sizes above give one block of one point a thread), against FFTW in double.
TEST_CASE("1D emulated with 8 points a pack thread agrees with FFTW", "[emulated]") {
  const std::uint64_t seed = fresh_seed();
  INFO("COURSE_SEED=" << seed);
  for (auto [chunks, groups] : {std::pair<std::int64_t, std::int64_t>{1, 1}, {2, 2}}) {
    const Split s{8192, 4, 2, chunks, groups};  // N = 2^15, runs of 2^12 or 2^11: 2 or 1 blocks of 256 threads x 8 points
    const auto n = static_cast<std::size_t>(s.n());
    REQUIRE(pack_shape(s).points == 8);
    const auto x = random_uniform<double>(n, seed);
    for (Direction dir : {Direction::forward, Direction::inverse}) {
      std::vector<Complex<double>> y(n);
      collect<double>(Kind::one_d, s, dir, emulate<double>(Kind::one_d, s, deal<double>(Kind::one_d, s, dir, x), dir), y);
      FftwPlan<double> whole(n, 1, dir);
      CHECK(rel_l2_error<double, double>(y, whole(x)) < tolerance<double>(n));
    }
  }
}
