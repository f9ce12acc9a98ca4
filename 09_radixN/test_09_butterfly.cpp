// The per-thread pieces of the kernels, run on the CPU: radix-R butterflies, compile-time
// rotations, twiddles from sincospi, and the index maps of the tile walk and of the passes.
#include <set>

#include "09_radixN/butterfly.hpp"
#include "09_radixN/pass_args.hpp"
#include "common/catch.hpp"
#include "common/metrics.hpp"
#include "common/signals.hpp"
#include "common/twiddle.hpp"

using namespace course;
using namespace course::radixn;

namespace {
template <int R, class T, Direction dir = Direction::forward>
double butterfly_error(std::uint64_t seed) {
  auto x = random_gaussian<T>(R, seed);
  std::vector<Complex<long double>> want(R);
  for (int k = 0; k < R; ++k)
    for (int j = 0; j < R; ++j) {
      const auto w = twiddle_ld(std::int64_t(j) * k, R);
      want[k] += Complex<long double>(x[j]) * (dir == Direction::forward ? w : conj(w));
    }
  dft<R, T, dir>(x.data());
  return rel_l2_error<T, long double>(x, want);
}

template <int J, int R, class T, Direction dir>
void check_rotation() {
  const Complex<T> z{T(0.3), T(-1.7)};
  const auto w = twiddle_ld(J, R);
  const Complex<long double> want = Complex<long double>(z) * (dir == Direction::forward ? w : conj(w));
  const Complex<T> got = rotate<J, R, dir>(z);
  CHECK(std::abs(double(got.re - want.re)) < 4 * std::numeric_limits<T>::epsilon());
  CHECK(std::abs(double(got.im - want.im)) < 4 * std::numeric_limits<T>::epsilon());
}

template <int R, int J = 0>
void check_rotations() {
  if constexpr (J < R) {
    check_rotation<J, R, float, Direction::forward>();
    check_rotation<J, R, double, Direction::forward>();
    check_rotation<J, R, float, Direction::inverse>();
    check_rotation<J, R, double, Direction::inverse>();
    check_rotations<R, J + 1>();
  }
}
}  // namespace

TEMPLATE_TEST_CASE("radix-R butterflies are the DFT of R points", "[butterfly]", float, double) {
  const double tol = tolerance<TestType>(16);
  for (std::uint64_t seed = 1; seed <= 20; ++seed) {
    CHECK(butterfly_error<2, TestType>(seed) < tol);
    CHECK(butterfly_error<4, TestType>(seed) < tol);
    CHECK(butterfly_error<8, TestType>(seed) < tol);
    CHECK(butterfly_error<16, TestType>(seed) < tol);
    CHECK(butterfly_error<2, TestType, Direction::inverse>(seed) < tol);
    CHECK(butterfly_error<4, TestType, Direction::inverse>(seed) < tol);
    CHECK(butterfly_error<8, TestType, Direction::inverse>(seed) < tol);
    CHECK(butterfly_error<16, TestType, Direction::inverse>(seed) < tol);
  }
}

TEMPLATE_TEST_CASE("the inverse butterflies equal conj(dft<R>(conj(x))) exactly", "[butterfly]", float, double) {
  // Each inverse rotation is its forward one with the signs of the imaginary parts flipped, so
  // the inverse rounds as the forward transform of the conjugates does: no extra operation.
  auto check = [](auto radix_tag) {
    constexpr int r = decltype(radix_tag)::value;
    for (std::uint64_t seed = 1; seed <= 50; ++seed) {
      const auto x = random_gaussian<TestType>(r, seed);
      std::vector<Complex<TestType>> inv(x), fwd(r);
      for (int j = 0; j < r; ++j) fwd[j] = conj(x[j]);
      dft<r, TestType, Direction::inverse>(inv.data());
      dft<r, TestType>(fwd.data());
      for (int k = 0; k < r; ++k) {
        INFO("radix " << r << " output " << k);
        CHECK(inv[k] == conj(fwd[k]));
      }
    }
  };
  check(std::integral_constant<int, 2>{});
  check(std::integral_constant<int, 4>{});
  check(std::integral_constant<int, 8>{});
  check(std::integral_constant<int, 16>{});
}

TEST_CASE("compile-time rotations equal w(J, R) (conj(w(J, R)) inverse) for every J < R <= 16", "[butterfly]") {
  check_rotations<2>();
  check_rotations<4>();
  check_rotations<8>();
  check_rotations<16>();
  CHECK(butterfly_flops(2) == 4);
  CHECK(butterfly_flops(4) == 16);
  CHECK(butterfly_flops(16) < 16 * 4 * 5);  // well under the 5 N log2 N flops of the convention
}

TEMPLATE_TEST_CASE("twiddle_pow2 (sincospi of an exact fraction) matches the long-double twiddle", "[twiddle]", float, double) {
  for (int logn : {0, 1, 2, 5, 12, 20, 27}) {
    const std::int64_t n = std::int64_t{1} << logn;
    for (std::int64_t j : {std::int64_t{0}, n / 8, n / 4, n / 3, n / 2, n - 1, (n * 5) / 7}) {
      if (j >= n) continue;
      const auto got = twiddle_pow2<TestType>(j, logn);
      const auto want = twiddle_ld(j, n);
      INFO("j = " << j << " n = " << n);
      CHECK(std::abs(double(got.re - want.re)) < 2 * std::numeric_limits<TestType>::epsilon());
      CHECK(std::abs(double(got.im - want.im)) < 2 * std::numeric_limits<TestType>::epsilon());
    }
  }
}

TEMPLATE_TEST_CASE("stage twiddles w^r, r < 16, from w, w^2, w^4, w^8 (squares of w in double) stay within 16 ulp", "[twiddle]", float, double) {
  // apply_stage_twiddles on u = 1 leaves u[r] = w(r j, M): every r of a radix-16 stage of a
  // 2^13 tile against the long-double twiddle. The bound is the lesson's: products of up to
  // four factors, and in double w^8 = ((w^2)^2)^2, about 8 ulp (1e-15).
  using F = TileFft<TestType, 13, 4>;
  const TilePassArgs<TestType> computed{};
  const double eps = std::numeric_limits<TestType>::epsilon();
  double worst = 0;
  for (int j = 0; j < F::M; j += 7) {
    Complex<TestType> u[16];
    for (auto& z : u) z = {TestType(1), TestType(0)};
    F::template apply_stage_twiddles<16>(computed, u, j);
    for (int r = 1; r < 16; ++r) {
      const auto want = twiddle_ld((static_cast<std::int64_t>(r) * j) % F::M, F::M);
      worst = std::max({worst, std::abs(double(u[r].re - want.re)), std::abs(double(u[r].im - want.im))});
    }
  }
  INFO("worst error " << worst / eps << " ulp");
  CHECK(worst < 16 * eps);
  CHECK(worst > 0);  // the check saw rounding at all
}

// The stages' thread placement (TileFft::stage_row, stage_thread): every (row, position) once,
// and every 128-byte wavefront of a stage's shared reads on distinct banks; the writes too where
// the rows are interleaved (P < 32, and the column register I/O at every P). The wavefront is
// W = 128 / element bytes threads.
template <class T, int LOGM, Io IO>
void check_stage_wavefronts() {
  using F = TileFft<T, LOGM, 4>;
  std::set<std::pair<int, int>> places;
  for (unsigned tid = 0; tid < static_cast<unsigned>(F::kThreads); ++tid)
    places.insert({F::template stage_row<IO>(tid), F::template stage_thread<IO>(tid)});
  REQUIRE(places.size() == static_cast<std::size_t>(F::kThreads));
  REQUIRE(places.rbegin()->first < F::C);
  constexpr int W = F::S.wavefront();
  const auto distinct_banks = [](auto&& slot) {
    for (int w0 = 0; w0 + W <= F::kThreads; w0 += W) {
      std::set<int> banks;
      for (int tid = w0; tid < w0 + W; ++tid) banks.insert(slot(static_cast<unsigned>(tid)) % W);
      if (banks.size() != static_cast<std::size_t>(W)) return false;
    }
    return true;
  };
  const auto row = [](unsigned tid) { return F::template stage_row<IO>(tid); };
  const auto thread = [](unsigned tid) { return F::template stage_thread<IO>(tid); };
  [&]<int... SI>(std::integer_sequence<int, SI...>) {
    (([&] {
       constexpr int R = 1 << F::S.bits[SI];
       int ls = 1;
       for (int s = 0; s < SI; ++s) ls <<= F::S.bits[s];
       for (int j = 0; j < F::E / R; ++j)
         for (int r = 0; r < R; ++r) {
           INFO("M = 2^" << LOGM << " stage " << SI << " j " << j << " r " << r << (IO == Io::columns ? " (columns)" : ""));
           CHECK(distinct_banks([&](unsigned tid) { return row(tid) * F::S.row_stride + pad(thread(tid) + j * F::P + r * (F::M / R)); }));
           if (F::template kLogRowGroup<IO> > 0)
             CHECK(distinct_banks([&](unsigned tid) {
               const int bb = thread(tid) + j * F::P, k = bb & (ls - 1);
               return row(tid) * F::S.row_stride + pad(((bb - k) * R) + k + r * ls);
             }));
         }
     }()),
     ...);
  }(std::make_integer_sequence<int, F::kStages>{});
}

TEST_CASE("stage threads: each (row, position) once, each wavefront of shared reads on distinct banks", "[index]") {
  [&]<int... L>(std::integer_sequence<int, L...>) {
    (check_stage_wavefronts<float, L + 1, Io::shared>(), ...);
    (check_stage_wavefronts<double, L + 1, Io::shared>(), ...);
    (check_stage_wavefronts<float, L + 1, Io::columns>(), ...);
    (check_stage_wavefronts<double, L + 1, Io::columns>(), ...);
  }(std::make_integer_sequence<int, 13>{});  // M = 2^1 .. 2^13 (2^14 float: one row, as 2^13)
}

TEST_CASE("tile walks visit every (sub-transform, element) once", "[index]") {
  for (int logm = 0; logm <= 6; ++logm)
    for (int logc = 0; logc <= 5; ++logc)
      for (int order = -1; order <= logc; ++order) {
        std::set<std::pair<int, int>> seen;
        for (int e = 0; e < (1 << (logm + logc)); ++e) {
          int c, r;
          tile_coords(e, logm, logc, order, c, r);
          REQUIRE(c >= 0);
          REQUIRE(c < (1 << logc));
          REQUIRE(r >= 0);
          REQUIRE(r < (1 << logm));
          seen.insert({c, r});
        }
        CHECK(seen.size() == std::size_t{1} << (logm + logc));
      }
}

TEST_CASE("each pass reads and writes every element of its buffers exactly once", "[index]") {
  for (int logn = 0; logn <= 10; ++logn) {
    PlanOptions o;
    o.one_pass_max_log2 = 3;
    o.pass_max_log2 = 3;
    const std::size_t batch = 3;
    const auto s = make_plan_shape(std::size_t{1} << logn, batch, 8, o);
    const std::vector<const Complex<float>*> none;
    const auto args = make_pass_args<float>(s, nullptr, nullptr, nullptr, none, Direction::forward);
    for (std::size_t p = 0; p < args.size(); ++p) {
      const auto& a = args[p];
      const int logm = s.passes[p].tile.logm;
      std::set<std::int64_t> read, written;
      for (std::uint64_t b = 0; b < a.transforms; ++b)
        for (int r = 0; r < (1 << logm); ++r) {
          const auto bi = static_cast<std::int64_t>(b);
          read.insert(element_address<std::int64_t>(bi, r, logm, a.log_per_batch, a.log_per_batch, a.in_stride, a.in_dist));
          written.insert(element_address<std::int64_t>(bi, r, logm, a.log_per_batch, a.log_l, a.out_stride, a.out_dist));
        }
      INFO("logn " << logn << " pass " << p);
      CHECK(read.size() == s.n * batch);
      CHECK(written.size() == s.n * batch);
      CHECK(*read.rbegin() == std::int64_t(s.n * batch) - 1);
      CHECK(*written.rbegin() == std::int64_t(s.n * batch) - 1);
      // The inverse conjugates on the way in (first pass) and out (last pass) only.
      const auto inv = make_pass_args<float>(s, nullptr, nullptr, nullptr, none, Direction::inverse);
      CHECK(inv[p].conj_in == (p == 0));
      CHECK(inv[p].conj_out == (p + 1 == args.size()));
    }
  }
}

TEST_CASE("a block's addresses are its first sub-transform's plus 32-bit offsets", "[index]") {
  // The kernels' split (tile_fft.hpp's block_side): address(f + c, r) = address(f, 0) +
  // address<int>(c, r) for f a multiple of C and c < C, on input and output, packed and
  // strided layouts. block_side's addresses are taken as offsets into `memory`.
  const std::vector<char> memory(std::size_t{8} << 20);
  for (int logn : {4, 9, 13, 17}) {
    PlanOptions o;
    o.pass_max_log2 = 6;
    o.one_pass_max_log2 = 6;
    for (const Layout l : {Layout{}, Layout{3, 0}, Layout{1, 5 << logn}}) {
      o.input = o.output = l;
      const auto s = make_plan_shape(std::size_t{1} << logn, 6, 8, o);
      const std::vector<const Complex<float>*> none;
      const auto args = make_pass_args<float>(s, nullptr, nullptr, nullptr, none, Direction::forward);
      for (std::size_t p = 0; p < args.size(); ++p) {
        const auto& a = args[p];
        const int logm = s.passes[p].tile.logm, big_c = 1 << s.passes[p].tile.logc;
        for (const bool output : {false, true}) {
          const int logq = output ? a.log_l : a.log_per_batch;
          const std::int64_t stride = output ? a.out_stride : a.in_stride, dist = output ? a.out_dist : a.in_dist;
          for (std::int64_t f = 0; f < static_cast<std::int64_t>(a.transforms); f += big_c)
            for (int c = 0; c < big_c && f + c < static_cast<std::int64_t>(a.transforms); ++c)
              for (int r = 0; r < (1 << logm); r += 3) {
                const auto whole = element_address<std::int64_t>(f + c, r, logm, a.log_per_batch, logq, stride, dist);
                REQUIRE(whole < static_cast<std::int64_t>(memory.size()));
                const auto side = block_side(memory.data(), static_cast<std::uint64_t>(f), logm, a.log_per_batch, logq, stride, dist);
                const auto split = &side(c, r) - memory.data();
                INFO("logn " << logn << " pass " << p << " f " << f << " c " << c << " r " << r);
                REQUIRE(whole == split);
              }
        }
      }
    }
  }
}

TEST_CASE("layouts beyond the kernels' 32-bit block offsets are refused with the numbers", "[index]") {
  // N = 16 float, one pass: C = 512 transforms a block, 16 points each, so the largest offset in
  // a full block is 511 dist + 15 (stride 1). 511 * 4202512 + 15 = 2^31 - 1 exactly.
  const std::vector<const Complex<float>*> none;
  const auto args = [&](std::int64_t dist, std::size_t batch) {
    PlanOptions o;
    o.input = Layout{1, dist};
    o.spread_blocks = false;  // the 64 KiB tile, C = 512, whatever the batch
    const auto s = make_plan_shape(16, batch, 8, o);
    REQUIRE(s.passes[0].tile.transforms_per_block() == 512);
    return make_pass_args<float>(s, nullptr, nullptr, nullptr, none, Direction::forward);
  };
  CHECK_NOTHROW(args(4202512, 512));
  try {
    args(4202513, 512);
    FAIL("no refusal");
  } catch (const size_error& e) {
    const std::string what = e.what();
    CHECK(what.find("distance 4202513") != std::string::npos);
    CHECK(what.find("2^31 - 1") != std::string::npos);
  }
  // Fewer transforms than a block holds: only the bits they use count (3 transforms: c <= 3).
  CHECK_NOTHROW(args(std::int64_t{1} << 28, 3));          // 3 * 2^28 + 15 < 2^31
  CHECK_THROWS_AS(args(std::int64_t{1} << 30, 3), size_error);  // 8 GiB of complex<float> apart
  PlanOptions o;
  o.input = Layout{0, 16};
  CHECK_THROWS_AS(make_pass_args<float>(make_plan_shape(16, 8, 8, o), nullptr, nullptr, nullptr, none, Direction::forward), size_error);
}
