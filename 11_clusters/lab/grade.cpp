// Lab 11's grader: holder alone on every shape of the chapter's table, gather thread by thread on
// small clusters (which block, thread, row and element went wrong, and what it read instead),
// output_index alone, then the whole one-pass transform on emulated clusters (the blocks as plain
// arrays, the cluster barriers as the boundaries between the loops) under the conformance suite
// in float and double, N = 1 .. 2^18: the chapter's sizes with the chapter's shapes.
#include LAB_IMPL

#include <algorithm>
#include <cmath>
#include <iostream>
#include <limits>
#include <stdexcept>
#include <vector>

#include "11_clusters/cluster_fft.hpp"
#include "11_clusters/cluster_shape.hpp"
#include "11_clusters/dispatch.hpp"
#include "common/bit_reverse.hpp"
#include "common/lab/lab_conformance.hpp"
#include "common/reference.hpp"
#include "common/signals.hpp"
#include "common/sizes.hpp"

// The planted solution replaces the solution's gather alone.
#ifndef LAB11_GATHER
#define LAB11_GATHER lab11::gather
#endif

using namespace course;
using namespace course::lab;
using lab11::Shape;

namespace {

constexpr unsigned kLargestLog2 = 18;

std::string describe(const Shape& s) {
  return "N1 = " + std::to_string(s.n1) + ", N2 = " + std::to_string(s.n2) + ", K = " + std::to_string(s.k) + " (C1 = " +
         std::to_string(s.c1()) + ", C2 = " + std::to_string(s.c2()) + ")";
}

// The chapter's shape (cluster_shape.hpp) for its sizes; below them N1 = 2^floor(log2 N / 2),
// N2 = N / N1 and K the largest power of two up to 4 that divides both.
Shape shape_for(std::size_t n, int elem_bytes) {
  const int logn = static_cast<int>(log2_exact(n));
  const auto cs = clusters::make_cluster_shape(logn, elem_bytes);
  if (cs.valid()) return {std::size_t{1} << cs.logn1, std::size_t{1} << cs.logn2, std::size_t{1} << cs.logk};
  Shape s;
  s.n1 = std::size_t{1} << (logn / 2);
  s.n2 = n / s.n1;
  s.k = std::min<std::size_t>(4, s.n1);
  return s;
}

// Threads of a block in phase 2: C2 rows, each in P threads of E = min(N1, 16) elements.
std::size_t threads_for(const Shape& s) { return s.c2() * (s.n1 / std::min<std::size_t>(s.n1, 16)); }

// Y[n1][k2] w(n1 k2, N), what thread (rank, tid) of `threads` gathers as v[j]: the grader's answer.
template <class T>
Complex<T> expected_gather(const Shape& s, const std::vector<std::vector<Complex<T>>>& sm, std::size_t rank, std::size_t tid,
                           std::size_t threads, std::size_t j, std::size_t& n1, std::size_t& k2) {
  n1 = tid / s.c2() + j * (threads / s.c2());
  k2 = rank * s.c2() + tid % s.c2();
  return sm[n1 / s.c1()][(n1 % s.c1()) * s.n2 + k2] * twiddle<T>(static_cast<std::int64_t>(n1 * k2), static_cast<std::int64_t>(s.n()));
}

// The grader's answer against the chapter's own exchange: 11's first kernel version's gather
// (ClusterFft<T, LOGN, false>::gather, the same thread mapping) on 09's padded tile, for each of
// the chapter's shapes. The lab asks for exactly what the kernel does; a difference is the
// grader's failure (exit 3), not the student's.
template <class T>
void check_grader_against_chapter(Grader& g) {
  const double tol = sizeof(T) == 4 ? 1e-5 : 1e-12;
  for (int logn = clusters::kMinLog2<T>; logn <= clusters::kMaxLog2<T>; ++logn)
    clusters::with_cluster_logn<T>(logn, [&]<int LOGN>() {
      using CF = clusters::ClusterFft<T, LOGN, false>;
      const Shape s = shape_for(std::size_t{1} << LOGN, static_cast<int>(sizeof(Complex<T>)));
      const std::size_t threads = CF::F2::kThreads;
      if (s.k != std::size_t{CF::K} || s.c1() != std::size_t{CF::C1} || s.c2() != std::size_t{CF::C2} ||
          threads / s.c2() != std::size_t{CF::F2::P} || s.n1 / CF::F2::P != std::size_t{CF::F2::E})
        throw std::logic_error("lab 11: the grader's shape of 2^" + std::to_string(LOGN) + " points is not the chapter's");
      std::vector<std::vector<Complex<T>>> sm(s.k), tile(s.k);
      for (std::size_t b = 0; b < s.k; ++b) {
        sm[b] = random_gaussian<T>(s.c1() * s.n2, g.seed() + 1000 + b);
        tile[b].assign(CF::kSharedElements, Complex<T>{std::numeric_limits<T>::quiet_NaN(), T(0)});
        for (std::size_t c1 = 0; c1 < s.c1(); ++c1)
          for (std::size_t k2 = 0; k2 < s.n2; ++k2)
            tile[b][c1 * CF::F1::S.row_stride + radixn::pad(static_cast<int>(k2))] = sm[b][c1 * s.n2 + k2];
      }
      std::vector<Complex<T>> v(CF::E);
      for (std::size_t rank = 0; rank < s.k; ++rank)
        for (std::size_t tid = 0; tid < threads; ++tid) {
          CF::gather(static_cast<unsigned>(tid), static_cast<int>(rank), [&](int from) { return static_cast<const Complex<T>*>(tile[from].data()); },
                     v.data());
          for (std::size_t j = 0; j < static_cast<std::size_t>(CF::F2::E); ++j) {
            std::size_t n1, k2;
            const Complex<T> want = expected_gather(s, sm, rank, tid, threads, j, n1, k2);
            if (!(std::hypot(static_cast<double>(v[j].re - want.re), static_cast<double>(v[j].im - want.im)) <= tol))
              throw std::logic_error("lab 11: the grader's gather differs from 11's kernel at 2^" + std::to_string(LOGN) + ", block " +
                                     std::to_string(rank) + ", thread " + std::to_string(tid) + ", element " + std::to_string(j));
          }
        }
    });
}

// The chapter's eight shapes and a few small ones, where every block and row can be looked at.
std::vector<Shape> shapes_to_check() {
  std::vector<Shape> v = {{4, 4, 2}, {8, 16, 2}, {16, 8, 4}, {8, 8, 8}, {4, 32, 4}};
  for (int logn = clusters::kMinLog2Float; logn <= clusters::kMaxLog2Float; ++logn) v.push_back(shape_for(std::size_t{1} << logn, 8));
  for (int logn = clusters::kMinLog2Double; logn <= clusters::kMaxLog2Double; ++logn) v.push_back(shape_for(std::size_t{1} << logn, 16));
  return v;
}

// remote(b) for gather: block b's shared memory; a block outside the cluster is the student's
// mistake, reported as such.
template <class T>
auto remote_of(const std::vector<std::vector<Complex<T>>>& sm) {
  return [&sm](std::size_t b) -> const Complex<T>* {
    if (b >= sm.size()) throw std::runtime_error("remote(" + std::to_string(b) + ") asked for a block of a cluster of K = " + std::to_string(sm.size()));
    return sm[b].data();
  };
}

bool check_holder(Grader& g) {
  const std::string section = "TODO 1: holder";
  for (const Shape& s : shapes_to_check())
    for (std::size_t n1 = 0; n1 < s.n1; ++n1) {
      lab11::Place got{};
      if (!g.guard(section, g.todo(1), [&] { got = lab11::holder(s, n1); })) return false;
      const std::size_t block = n1 / s.c1(), row = n1 % s.c1();
      if (got.block == block && got.row == row) continue;
      std::string msg = describe(s) + ": holder(n1 = " + std::to_string(n1) + ") returned block " + std::to_string(got.block) +
                        ", row " + std::to_string(got.row) + "; expected block " + std::to_string(block) + ", row " + std::to_string(row);
      if (got.block == n1 % s.k && got.row == n1 / s.k && s.k > 1)
        msg += ". That deals the columns out one by one (n1 mod K); phase 1 gives block r the C1 consecutive columns r C1 .. r C1 + C1 - 1";
      else if (got.block >= s.k)
        msg += ". The cluster has only K = " + std::to_string(s.k) + " blocks";
      else if (got.row >= s.c1())
        msg += ". A block holds only C1 = " + std::to_string(s.c1()) + " rows";
      g.fail(section, "every column of the chapter's eight shapes and of small clusters", msg, g.todo(1));
      return false;
    }
  g.pass(section, "every column of the chapter's eight shapes and of small clusters");
  return true;
}

// What a wrong gathered value is, if the grader can tell: another element, or the right one with
// a wrong twiddle (none, over N1 or N2, conjugated).
template <class T>
std::string diagnose(const Shape& s, const std::vector<std::vector<Complex<T>>>& sm, std::size_t n1, std::size_t k2, Complex<T> got,
                     double tol) {
  const auto near = [&](Complex<T> a, Complex<T> b) {
    return std::hypot(static_cast<double>(a.re - b.re), static_cast<double>(a.im - b.im)) <= tol;
  };
  const auto n = static_cast<std::int64_t>(s.n()), e = static_cast<std::int64_t>(n1 * k2);
  const Complex<T> y = sm[n1 / s.c1()][(n1 % s.c1()) * s.n2 + k2], w = twiddle<T>(e, n);
  if (!std::isfinite(got.re) || !std::isfinite(got.im))
    return ". It is NaN: never written, or read from past the C1 rows of a block's shared memory";
  if (near(got, y * twiddle<T>(static_cast<std::int64_t>(n1 * (k2 % s.c2())), n)) && k2 >= s.c2())
    return ". That is Y[n1][k2] times w(n1 c2, N): the twiddle needs the row's k2 = rank C2 + c2, not c2";
  if (near(got, y)) return ". That is Y[n1][k2] without its twiddle: multiply by w(n1 k2, N)";
  if (near(got, y * conj(w))) return ". That is Y[n1][k2] times conj(w(n1 k2, N)): the forward transform's twiddle has exp(-2 pi i ...)";
  if (near(got, y * twiddle<T>(e, static_cast<std::int64_t>(s.n2))))
    return ". That is Y[n1][k2] times w(n1 k2, N2): the twiddle between the phases is over the whole transform, w(n1 k2, N)";
  if (near(got, y * twiddle<T>(e, static_cast<std::int64_t>(s.n1))))
    return ". That is Y[n1][k2] times w(n1 k2, N1): the twiddle between the phases is over the whole transform, w(n1 k2, N)";
  for (std::size_t b = 0; b < s.k; ++b)
    for (std::size_t i = 0; i < s.c1() * s.n2; ++i)
      if (near(got, sm[b][i] * w) || near(got, sm[b][i])) {
        const std::size_t row = i / s.n2, col = i % s.n2;
        return ". It read block " + std::to_string(b) + ", row " + std::to_string(row) + ", column " + std::to_string(col) + " (Y[" +
               std::to_string(b * s.c1() + row) + "][" + std::to_string(col) + "]); Y[" + std::to_string(n1) + "][" + std::to_string(k2) +
               "] is block " + std::to_string(n1 / s.c1()) + ", row " + std::to_string(n1 % s.c1()) + ", column " + std::to_string(k2);
      }
  return "";
}

template <class T>
bool check_gather(Grader& g) {
  const std::string section = std::string("TODO 2: gather, thread by thread (") + precision_name<T>() + ")";
  const double tol = sizeof(T) == 4 ? 1e-5 : 1e-12;
  const T nan = std::numeric_limits<T>::quiet_NaN();
  struct Case {
    Shape s;
    std::size_t threads;
  };
  // N1 != N2 in the first, so that a twiddle over N1 or N2 is told apart from one over N.
  const std::vector<Case> cases = {{{4, 8, 2}, 4}, {{8, 16, 2}, 16}, {{16, 8, 4}, 4}, {{8, 8, 8}, 4}, {{4, 32, 4}, 32}, {{16, 16, 4}, 4}};
  std::uint64_t salt = 0;
  for (const auto& [s, threads] : cases) {
    // Each block's C1 rows of N2 distinct values, then N NaN: a read past the rows (a row
    // numbered n1 instead of c1, say) shows as NaN instead of leaving the array.
    std::vector<std::vector<Complex<T>>> sm(s.k);
    for (auto& b : sm) {
      b = random_gaussian<T>(s.c1() * s.n2, g.seed() + 7 * ++salt);
      b.resize(s.c1() * s.n2 + s.n(), Complex<T>{nan, nan});
    }
    const auto remote = remote_of(sm);
    const std::size_t e = s.n1 / (threads / s.c2());
    for (std::size_t rank = 0; rank < s.k; ++rank)
      for (std::size_t tid = 0; tid < threads; ++tid) {
        // Room for a loop to N1 past the thread's e elements: what lies beyond e must stay NaN.
        std::vector<Complex<T>> v(e + std::max(e, s.n1), Complex<T>{nan, nan});
        const std::size_t k2 = rank * s.c2() + tid % s.c2();
        const std::string who = describe(s) + ", " + std::to_string(threads) + " threads a block: block " + std::to_string(rank) +
                                ", thread " + std::to_string(tid) + " (row k2 = " + std::to_string(k2) + ")";
        try {
          LAB11_GATHER<T>(s, rank, tid, threads, remote, v.data());
        } catch (const std::exception& ex) {
          g.fail(section, "every thread of every block",
                 who + ": gather threw: " + ex.what() + " (its elements are n1 = tid / C2 + j P, j < N1 / P, P = threads / C2)", g.todo(2));
          return false;
        }
        for (std::size_t j = 0; j < v.size(); ++j) {
          if (j >= e) {
            if (std::isnan(v[j].re) && std::isnan(v[j].im)) continue;
            g.fail(section, "every thread of every block", who + " wrote v[" + std::to_string(j) + "], past its N1 / P = " + std::to_string(e) + " elements", g.todo(2));
            return false;
          }
          std::size_t n1, row_k2;
          const Complex<T> want = expected_gather(s, sm, rank, tid, threads, j, n1, row_k2);
          const double err = std::hypot(static_cast<double>(v[j].re - want.re), static_cast<double>(v[j].im - want.im));
          if (err <= tol) continue;
          g.fail(section, "every thread of every block",
                 who + ": v[" + std::to_string(j) + "] (n1 = " + std::to_string(n1) + ") = " + fmt(v[j]) + ", expected Y[" + std::to_string(n1) +
                     "][" + std::to_string(k2) + "] w(" + std::to_string(n1 * k2) + ", " + std::to_string(s.n()) + ") = " + fmt(want) +
                     diagnose(s, sm, n1, k2, v[j], tol),
                 g.todo(2));
          return false;
        }
      }
  }
  g.pass(section, "every thread of every block, six small clusters");
  return true;
}

bool check_output_index(Grader& g) {
  const std::string section = "TODO 3: output_index";
  for (const Shape& s : shapes_to_check())
    for (std::size_t k2 = 0; k2 < s.n2; ++k2)
      for (std::size_t k1 = 0; k1 < s.n1; ++k1) {
        std::size_t got = 0;
        if (!g.guard(section, g.todo(3), [&] { got = lab11::output_index(s, k2, k1); })) return false;
        const std::size_t want = k2 + s.n2 * k1;
        if (got == want) continue;
        std::string msg = describe(s) + ": output_index(k2 = " + std::to_string(k2) + ", k1 = " + std::to_string(k1) + ") = " +
                          std::to_string(got) + ", expected " + std::to_string(want);
        if (got == k1 + s.n1 * k2)
          msg += ". That keeps phase 2's rows in a row each; the four-step output is X[k2 + N2 k1] (the transpose the exchange began)";
        else if (got >= s.n())
          msg += ", past the N = " + std::to_string(s.n()) + " outputs";
        g.fail(section, "every output of the chapter's eight shapes and of small clusters", msg, g.todo(3));
        return false;
      }
  g.pass(section, "every output of the chapter's eight shapes and of small clusters");
  return true;
}

// The one-pass transform, one emulated cluster a transform: phase 1 (FFTW's N2-point DFTs of
// each block's columns into its shared memory), every block's threads gathering through your
// gather, phase 2 (FFTW's N1-point DFTs of each row) stored at your output_index. The inverse is
// conj(forward(conj x)), as in the chapter.
template <class T>
conformance::TransformFn<T> cluster_transform() {
  return [](std::span<const Complex<T>> in, std::span<Complex<T>> out, std::size_t n, std::size_t batch, Direction dir) {
    require_power_of_two("lab 11", n, kLargestLog2, "12_any_n's plans take any N");
    require_batch("lab 11", batch);
    const Shape s = shape_for(n, static_cast<int>(sizeof(Complex<T>)));
    const std::size_t threads = threads_for(s), p = threads / s.c2(), e = s.n1 / p;
    const T nan = std::numeric_limits<T>::quiet_NaN();
    const bool inv = dir == Direction::inverse;
    FftwPlan<T> column(s.n2, 1, Direction::forward), row(s.n1, 1, Direction::forward);
    std::vector<std::vector<Complex<T>>> sm(s.k), regs(s.k);
    const auto remote = remote_of(sm);
    for (std::size_t t = 0; t < batch; ++t) {
      const Complex<T>* x = in.data() + t * n;
      for (std::size_t r = 0; r < s.k; ++r) {  // phase 1
        sm[r].assign(2 * s.c1() * s.n2, Complex<T>{nan, nan});
        for (std::size_t c1 = 0; c1 < s.c1(); ++c1) {
          const std::size_t n1 = r * s.c1() + c1;
          for (std::size_t n2 = 0; n2 < s.n2; ++n2) column.in()[n2] = inv ? conj(x[n1 + s.n1 * n2]) : x[n1 + s.n1 * n2];
          column.execute();
          std::copy(column.out().begin(), column.out().end(), sm[r].begin() + static_cast<std::ptrdiff_t>(c1 * s.n2));
        }
      }
      for (std::size_t r = 0; r < s.k; ++r) {  // every block has finished phase 1: the exchange
        regs[r].assign(threads * e, Complex<T>{nan, nan});
        for (std::size_t tid = 0; tid < threads; ++tid) LAB11_GATHER<T>(s, r, tid, threads, remote, regs[r].data() + tid * e);
      }
      for (std::size_t r = 0; r < s.k; ++r)  // every block has gathered: phase 2
        for (std::size_t c2 = 0; c2 < s.c2(); ++c2) {
          for (std::size_t tid = c2; tid < threads; tid += s.c2())
            for (std::size_t j = 0; j < e; ++j) row.in()[tid / s.c2() + j * p] = regs[r][tid * e + j];
          row.execute();
          const std::size_t k2 = r * s.c2() + c2;
          for (std::size_t k1 = 0; k1 < s.n1; ++k1) {
            const std::size_t i = lab11::output_index(s, k2, k1);
            if (i >= n)
              throw std::runtime_error("output_index(k2 = " + std::to_string(k2) + ", k1 = " + std::to_string(k1) + ") = " + std::to_string(i) +
                                       " is past the N = " + std::to_string(n) + " outputs");
            out[t * n + i] = inv ? conj(row.out()[k1]) : row.out()[k1];
          }
        }
    }
  };
}

template <class T>
void suite(Grader& g) {
  conformance::Config c;
  const unsigned largest = g.quick() ? 12 : kLargestLog2;
  c.sizes = conformance::powers_of_two(0, largest);
  c.batch = 2;
  c.refused = {0, 3, 12, std::size_t{1} << (kLargestLog2 + 1)};
  run_conformance<T>(g, "emulated clusters, N = 1..2^" + std::to_string(largest) + " (the chapter's shapes from 2^" +
                            std::to_string(sizeof(T) == 4 ? clusters::kMinLog2Float : clusters::kMinLog2Double) + ")",
                     cluster_transform<T>(), c, g.todo(2));
}

}  // namespace

int main(int argc, char** argv) {
  Grader g("11", "the exchange between the blocks of a cluster", argc, argv, LAB_IMPL_NAME);
  g.set_todo_file("11_clusters/lab/lab11.hpp");
  try {
    check_grader_against_chapter<float>(g);
    check_grader_against_chapter<double>(g);
    const bool holder_ok = check_holder(g);
    const bool gather_ok = check_gather<float>(g) && check_gather<double>(g);
    const bool output_ok = check_output_index(g);
    if (holder_ok && gather_ok && output_ok) {
      suite<float>(g);
      suite<double>(g);
    } else {
      g.skip("conformance", "the whole one-pass transform", "not run until every TODO passes alone");
    }
    g.info("GPU", "the cluster kernel",
           "the grader emulates the cluster on the CPU; the chapter's kernel (compute capability 9.0) is timed by ./course bench 11");
  } catch (const std::exception& e) {
    std::cerr << "lab 11: the grader itself failed: " << e.what() << "\n";
    return exit_error;
  }
  return g.finish();
}
