// Lab 13's grader. Each map alone first, on small splits where every index can be named (N1 > N2
// and N1 < N2, since the inverse runs on the swapped split; P = 1, 2, 4, 8; C = 1, 2, 4): which
// point, peer, chunk, message or column is wrong, where it went and where it belongs. Then the
// whole transform: the chapter's CPU emulation (13_multi_gpu/emulate.hpp) run with an Index
// policy made of your three maps, 1D and 2D, forward and inverse, P = 1, 2, 4, 8 emulated
// ranks, float and double, against FFTW; the first wrong output is named with the rank and
// the point of its block that holds it. Last, the shared conformance suite on P = 4 ranks in
// C = 2 chunks. Everything runs on the CPU.
#include LAB_IMPL

#include <algorithm>
#include <iostream>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "13_multi_gpu/emulate.hpp"
#include "common/lab/lab_conformance.hpp"
#include "common/reference.hpp"
#include "common/signals.hpp"
#include "common/sizes.hpp"

// A planted solution replaces one map of the solution.
#ifndef LAB13_PACK
#define LAB13_PACK lab13::pack_index
#endif
#ifndef LAB13_MESSAGE
#define LAB13_MESSAGE lab13::message
#endif
#ifndef LAB13_STEP4_INPUT
#define LAB13_STEP4_INPUT lab13::step4_input
#endif

using namespace course;
using namespace course::lab;
namespace mg = course::multigpu;
using mg::Kind;
using mg::Message;
using mg::Split;
using i64 = std::int64_t;

namespace {

constexpr unsigned kLargestLog2 = 16;  // the emulated transform refuses above this (memory, time)

std::string str(i64 v) { return std::to_string(v); }

std::string describe(const Split& s) {
  return "N1 = " + str(s.n1) + ", N2 = " + str(s.n2) + ", P = " + str(s.p) + ", C = " + str(s.chunks) + " (N2/P = " + str(s.rows()) +
         " rows, N1/P = " + str(s.cols()) + " columns a peer, N1/(P C) = " + str(s.chunk_cols()) + " a chunk)";
}

// A send-buffer index in the words of TODO 1: peer block, chunk piece, row, column.
std::string send_place(const Split& s, i64 i) {
  if (i < 0 || i >= s.local()) return "outside the send buffer of N/P = " + str(s.local()) + " points";
  return "block of peer " + str(i / s.tile()) + ", chunk " + str(i % s.tile() / s.chunk_tile()) + ", row a = " +
         str(i % s.chunk_tile() / s.chunk_cols()) + ", column kc = " + str(i % s.chunk_cols());
}

// A receive-buffer index in the words of TODO 2 and 3: chunk piece, row n2 (and whose row it is), column.
std::string recv_place(const Split& s, i64 i) {
  if (i < 0 || i >= s.local()) return "outside the receive buffer of N/P = " + str(s.local()) + " points";
  const i64 piece = s.n2 * s.chunk_cols(), n2 = i % piece / s.chunk_cols();
  return "piece of chunk " + str(i / piece) + ", row n2 = " + str(n2) + " (rank " + str(n2 / s.rows()) + "'s row a = " + str(n2 % s.rows()) +
         "), column kc = " + str(i % s.chunk_cols());
}

bool valid(const Split& s) {
  return s.p >= 1 && s.chunks >= 1 && s.n1 % (s.p * s.chunks) == 0 && s.n2 % s.p == 0 && s.n1 >= s.p * s.chunks && s.n2 >= s.p;
}

// The splits each map is checked on alone: N1 != N2 both ways (the inverse swaps them), every P
// of the lab, one to four chunks, and N2/P = 1 row.
std::vector<Split> splits_to_check() {
  const std::vector<Split> base = {{8, 4, 1, 1},   {8, 4, 1, 2},   {16, 8, 2, 1},  {16, 8, 2, 2}, {32, 16, 4, 1}, {32, 16, 4, 2},
                                   {64, 32, 4, 4}, {64, 32, 8, 1}, {64, 64, 8, 2}, {32, 64, 8, 4}, {16, 4, 4, 2}};
  std::vector<Split> v;
  auto add = [&](const Split& s) {
    if (!valid(s)) return;
    for (const Split& t : v)
      if (t.n1 == s.n1 && t.n2 == s.n2 && t.p == s.p && t.chunks == s.chunks) return;
    v.push_back(s);
  };
  for (const Split& s : base) {
    add(s);
    add(s.swapped());
  }
  return v;
}

std::string splits_checked(const char* what) {
  return std::string("every ") + what + " of " + std::to_string(splits_to_check().size()) +
         " small splits (P = 1, 2, 4, 8; C = 1, 2, 4; N1 > N2 and N1 < N2)";
}

bool check_pack(Grader& g) {
  const std::string section = "TODO 1: pack_index";
  for (const Split& s : splits_to_check())
    for (i64 a = 0; a < s.rows(); ++a)
      for (i64 k1 = 0; k1 < s.n1; ++k1) {
        i64 got = 0;
        if (!g.guard(section, g.todo(1), [&] { got = LAB13_PACK(s, a, k1); })) return false;
        const i64 want = mg::pack_index(s, a, k1);
        if (got == want) continue;
        const i64 d = k1 / s.cols(), kl = k1 % s.cols(), c = kl / s.chunk_cols(), kc = kl % s.chunk_cols();
        std::string msg = describe(s) + ": pack_index(a = " + str(a) + ", k1 = " + str(k1) + ") = " + str(got) + ", expected " + str(want) +
                          ". Column k1 = " + str(k1) + " belongs to peer " + str(d) + " (its column kl = " + str(kl) + ": chunk " + str(c) +
                          ", kc = " + str(kc) + "), so the point goes to " + send_place(s, want) + "; yours is " + send_place(s, got);
        if (got == a * s.n1 + k1)
          msg += ". That is where it already lies in step 1's row-major result: the send buffer is ordered by peer, then chunk";
        else if (got == d * s.tile() + c * s.chunk_tile() + kc * s.rows() + a)
          msg += ". That stores the piece column-major; it is row-major (a, kc), N1/(P C) points a row, the order of the receiver's rows";
        else if (s.chunks > 1 && got == d * s.tile() + a * s.cols() + kl)
          msg += ". That lays out the peer's whole block row-major over its N1/P columns, chunks ignored: each chunk's piece of "
                 "N2/P x N1/(P C) points must be contiguous so that it can leave on its own";
        g.fail(section, splits_checked("point"), msg, g.todo(1));
        return false;
      }
  g.pass(section, splits_checked("point"));
  return true;
}

bool check_message(Grader& g) {
  const std::string section = "TODO 2: message";
  for (const Split& s : splits_to_check())
    for (i64 c = 0; c < s.chunks; ++c)
      for (i64 from = 0; from < s.p; ++from)
        for (i64 to = 0; to < s.p; ++to) {
          Message got{};
          if (!g.guard(section, g.todo(2), [&] { got = LAB13_MESSAGE(s, from, to, c); })) return false;
          const Message want = mg::message(s, from, to, c);
          if (got.send_offset == want.send_offset && got.recv_offset == want.recv_offset && got.count == want.count) continue;
          std::string msg = describe(s) + ": the message of chunk " + str(c) + " from rank " + str(from) + " to rank " + str(to) + ": ";
          if (got.count != want.count) {
            msg += "count = " + str(got.count) + ", expected " + str(want.count) +
                   ": a message is one chunk of one peer's tile, N2/P rows x N1/(P C) columns";
          } else if (got.send_offset != want.send_offset) {
            msg += "send_offset = " + str(got.send_offset) + ", expected " + str(want.send_offset) + ": it reads from the sender's " +
                   send_place(s, got.send_offset) + "; chunk " + str(c) + " for rank " + str(to) + " starts at the " + send_place(s, want.send_offset);
            if (s.p > 1 && got.send_offset == mg::message(s, to, from, c).send_offset)
              msg += ". That is the block the sender packed for itself (peer " + str(from) + "): it sends the block it packed for the receiver";
            else if (s.chunks > 1 && c > 0 && got.send_offset == to * s.tile())
              msg += ". That is chunk 0's piece: chunk c's starts c N2/P N1/(P C) points into the peer's block";
          } else {
            msg += "recv_offset = " + str(got.recv_offset) + ", expected " + str(want.recv_offset) + ": the tile starts at the receiver's " +
                   recv_place(s, got.recv_offset) + "; rank " + str(from) + "'s N2/P = " + str(s.rows()) + " rows are rows n2 = " +
                   str(from * s.rows()) + " .. " + str(from * s.rows() + s.rows() - 1) + " of chunk " + str(c) + "'s piece, so it starts at the " +
                   recv_place(s, want.recv_offset);
            if (s.p > 1 && got.recv_offset == mg::message(s, to, from, c).recv_offset)
              msg += ". That is the receiver's own row block: the rows n2 = from N2/P + a are the sender's";
            else if (got.recv_offset == want.send_offset || got.recv_offset == from * s.tile() + c * s.chunk_tile())
              msg += ". That is the send buffer's layout (a block per peer); the receive buffer is ordered by chunk first, and in "
                     "chunk c's N2 x N1/(P C) piece the sender's rows form one block";
            else if (s.p > 1 && got.recv_offset >= 0 && got.recv_offset < s.local() && got.recv_offset % s.chunk_tile() == 0)
              msg += ". So rank " + str(from) + "'s tile lands in the rows of rank " + str(got.recv_offset % (s.n2 * s.chunk_cols()) / s.chunk_tile()) +
                     (got.recv_offset / (s.n2 * s.chunk_cols()) == c ? "" : " of another chunk's piece");
          }
          g.fail(section, splits_checked("message"), msg, g.todo(2));
          return false;
        }
  g.pass(section, splits_checked("message"));
  return true;
}

bool check_step4(Grader& g) {
  const std::string section = "TODO 3: step4_input";
  for (const Split& s : splits_to_check())
    for (i64 c = 0; c < s.chunks; ++c)
      for (i64 kc = 0; kc < s.chunk_cols(); ++kc)
        for (i64 n2 = 0; n2 < s.n2; ++n2) {
          i64 got = 0;
          if (!g.guard(section, g.todo(3), [&] { got = LAB13_STEP4_INPUT(s, c, n2, kc); })) return false;
          const i64 want = mg::step4_input(s, c, n2, kc);
          if (got == want) continue;
          const i64 piece = s.n2 * s.chunk_cols();
          std::string msg = describe(s) + ": step4_input(c = " + str(c) + ", n2 = " + str(n2) + ", kc = " + str(kc) + ") = " + str(got) +
                            ", expected " + str(want) + ": it reads the " + recv_place(s, got) + "; point n2 of column kc of chunk " + str(c) +
                            " is the " + recv_place(s, want);
          if (got == c * piece + kc * s.n2 + n2)
            msg += ". That reads the piece as if its columns were already contiguous (step 4's output after the transpose); the "
                   "piece arrives row-major, N1/(P C) points a row";
          else if (c > 0 && got == n2 * s.chunk_cols() + kc)
            msg += ". That is chunk 0's piece: chunk c's starts c N2 N1/(P C) points into the receive buffer";
          else if (s.chunks > 1 && got == c * piece + n2 * s.cols() + kc)
            msg += ". A row of the piece is N1/(P C) points (one chunk's columns), not N1/P";
          g.fail(section, splits_checked("column point"), msg, g.todo(3));
          return false;
        }
  g.pass(section, splits_checked("column point"));
  return true;
}

// An index outside a buffer, in the student's terms, with the TODO whose map gave it.
struct MapError : std::out_of_range {
  int todo;
  MapError(int t, const std::string& what) : std::out_of_range(what), todo(t) {}
};

// The Index policy of emulate.hpp, made of the student's maps. An index outside a buffer is
// thrown as a MapError (the emulation itself does not check). The split into row groups is the
// course's own (SlabIndex::part): the lab's splits have one group.
struct StudentIndex : mg::SlabIndex {
  static i64 pack(const Split& s, i64 a, i64 k1) {
    const i64 i = LAB13_PACK(s, a, k1);
    if (i < 0 || i >= s.local())
      throw MapError(1, "pack_index(a = " + str(a) + ", k1 = " + str(k1) + ") = " + str(i) + ", outside the send buffer of N/P = " +
                              str(s.local()) + " points");
    return i;
  }
  static Message msg(const Split& s, i64 from, i64 to, i64 c) {
    const Message m = LAB13_MESSAGE(s, from, to, c);
    const auto inside = [&](i64 off) { return m.count >= 0 && off >= 0 && off + m.count <= s.local(); };
    if (!inside(m.send_offset) || !inside(m.recv_offset))
      throw MapError(2, "message(from = " + str(from) + ", to = " + str(to) + ", c = " + str(c) + ") = {send_offset " + str(m.send_offset) +
                              ", recv_offset " + str(m.recv_offset) + ", count " + str(m.count) + "} reaches outside the buffers of N/P = " +
                              str(s.local()) + " points");
    return m;
  }
  static i64 column_in(const Split& s, i64 c, i64 n2, i64 kc) {
    const i64 i = LAB13_STEP4_INPUT(s, c, n2, kc);
    if (i < 0 || i >= s.local())
      throw MapError(3, "step4_input(c = " + str(c) + ", n2 = " + str(n2) + ", kc = " + str(kc) + ") = " + str(i) +
                              ", outside the receive buffer of N/P = " + str(s.local()) + " points");
    return i;
  }
};

// Rank r's output point j, in the layout's words: which rank and point hold an output.
std::string holder(Kind kind, const Split& s, Direction dir, i64 r, i64 j) {
  std::string h = " (rank " + str(r) + ", point " + str(j) + " of its block";
  if (dir == Direction::forward) {
    const i64 kl = j / s.n2, c = kl / s.chunk_cols();
    h += ": column kl = " + str(kl) + " of its N1/P, chunk " + str(c) + ", kc = " + str(kl % s.chunk_cols()) + ", k2 = " + str(j % s.n2);
  } else {
    const Split t = s.swapped();
    h += ", the inverse's column kl = " + str(j / t.n2) + ", chunk " + str(j / t.n2 / t.chunk_cols());
  }
  (void)kind;
  return h + ")";
}

// The whole transform of x (natural order) through the emulation with Index, in natural order.
template <class T, class Index>
std::vector<Complex<T>> run_emulated(Kind kind, const Split& s, Direction dir, std::span<const Complex<T>> x) {
  std::vector<Complex<T>> y(x.size());
  mg::collect<T>(kind, s, dir, mg::emulate<T, Index>(kind, s, mg::deal<T>(kind, s, dir, x), dir), y);
  return y;
}

// The exact transform, long double: 1D by FFTW in long double, 2D (an N2 x N1 image) as rows,
// then columns.
template <class T>
std::vector<Complex<long double>> exact(Kind kind, const Split& s, Direction dir, std::span<const Complex<T>> x) {
  if (kind == Kind::one_d) return reference_dft<T>(x, x.size(), 1, dir);
  const auto w = static_cast<std::size_t>(s.n1), h = static_cast<std::size_t>(s.n2);
  auto img = reference_dft<T>(x, w, h, dir);
  std::vector<Complex<long double>> col(h);
  for (std::size_t j = 0; j < w; ++j) {
    for (std::size_t i = 0; i < h; ++i) col[i] = img[i * w + j];
    const auto y = reference_dft<long double>(col, h, 1, dir);
    for (std::size_t i = 0; i < h; ++i) img[i * w + j] = y[i];
  }
  return img;
}

struct Case {
  Kind kind;
  Split s;  // the forward split
};

// 1D: N = 2^k with the chapter's split (split_1d), every P and C that divides it, up to 2^12;
// 2D: images with width (N1) and height (N2) unequal both ways.
std::vector<Case> whole_cases(bool quick) {
  std::vector<Case> v;
  const int top = quick ? 10 : 12;
  for (i64 p : {1, 2, 4, 8})
    for (i64 c : {1, 2, 4}) {
      bool smallest = true;  // the smallest N this P and C divide, then the two largest
      for (int k = 2; k <= top; ++k) {
        const Split s = mg::split_1d(i64{1} << k, p, c);
        if (!valid(s) || !valid(s.swapped())) continue;
        if (smallest || k >= top - 1) v.push_back({Kind::one_d, s});
        smallest = false;
      }
    }
  for (i64 p : {1, 2, 4})
    for (i64 c : {1, 2})
      for (auto [h, w] : {std::pair<i64, i64>{8, 32}, {64, 16}, {32, 32}}) {
        const Split s{w, h, p, c};
        if (valid(s) && valid(s.swapped())) v.push_back({Kind::two_d, s});
      }
  return v;
}

// Every case forward and inverse through the student's maps; the first wrong one is named.
template <class T>
bool check_whole(Grader& g, const std::string& todo) {
  const std::string section = std::string("whole transform (") + precision_name<T>() + ")";
  const auto cases = whole_cases(g.quick());
  const std::string name = std::to_string(cases.size()) + " emulated transforms forward and inverse, 1D N = 4..2^" + (g.quick() ? "10" : "12") +
                           " and 2D images, P = 1, 2, 4, 8 ranks, C = 1, 2, 4 chunks";
  std::uint64_t salt = sizeof(T);
  for (const Case& cs : cases)
    for (Direction dir : {Direction::forward, Direction::inverse}) {
      const Split& s = cs.s;
      const auto n = static_cast<std::size_t>(s.n());
      const auto x = random_gaussian<T>(n, g.seed() + 101 * ++salt);
      const std::string what = std::string(cs.kind == Kind::one_d ? "1D" : "2D") + " " + to_string(dir) + ", " +
                               (cs.kind == Kind::one_d ? "N = " + std::to_string(n) : str(s.n2) + " x " + str(s.n1) + " image") + ", " +
                               (dir == Direction::forward ? describe(s) : describe(s.swapped()) + " (the inverse's split)");
      std::vector<Complex<T>> y;
      try {
        y = run_emulated<T, StudentIndex>(cs.kind, s, dir, x);
      } catch (const MapError& e) {
        g.fail(section, name, what + ": " + e.what(), g.todo(e.todo));
        return false;
      } catch (const std::exception& e) {
        g.fail(section, name, what + ": " + e.what(), todo);
        return false;
      }
      // Which rank and point of its block each output is (the layout of the result).
      std::vector<std::pair<i64, i64>> owner(n);
      for (i64 r = 0; r < s.p; ++r)
        for (i64 j = 0; j < s.local(); ++j)
          owner[static_cast<std::size_t>(mg::global_index(cs.kind, s, dir == Direction::forward, false, r, j))] = {r, j};
      const auto want = exact<T>(cs.kind, s, dir, x);
      const auto bad = first_wrong<T>(
          y, want, tolerance<T>(n), [&](std::size_t i) { return (dir == Direction::forward ? "X[" : "x[") + std::to_string(i) + "]"; },
          [&](std::size_t i) { return holder(cs.kind, s, dir, owner[i].first, owner[i].second); });
      if (bad) {
        g.fail(section, name, what + ": " + *bad, todo);
        return false;
      }
    }
  g.pass(section, name);
  return true;
}

// The conformance suite on P = 4 emulated ranks, C = 2 chunks: the maps as a transform.
template <class T>
conformance::TransformFn<T> emulated_transform() {
  return [](std::span<const Complex<T>> in, std::span<Complex<T>> out, std::size_t n, std::size_t batch, Direction dir) {
    require_power_of_two("lab 13", n, kLargestLog2, "one rank (P = 1) takes the chapter's single-GPU plans");
    require_batch("lab 13", batch);
    const Split s = mg::split_1d(static_cast<i64>(n), 4, 2);
    if (!valid(s) || !valid(s.swapped()))
      refuse_size("lab 13", n, "P = 4 ranks in C = 2 chunks need N1 and N2 divisible by P C = 8 (N >= 64); here N1 = " + str(s.n1) +
                                   ", N2 = " + str(s.n2),
                  "fewer ranks take smaller N");
    for (std::size_t t = 0; t < batch; ++t) {
      const auto y = run_emulated<T, StudentIndex>(Kind::one_d, s, dir, in.subspan(t * n, n));
      std::copy(y.begin(), y.end(), out.begin() + static_cast<std::ptrdiff_t>(t * n));
    }
  };
}

template <class T>
void suite(Grader& g, const std::string& todo) {
  conformance::Config c;
  const unsigned largest = g.quick() ? 10 : 12;
  c.sizes = conformance::powers_of_two(6, largest);
  c.batch = 2;
  c.refused = {0, 3, 12, 16, std::size_t{1} << (kLargestLog2 + 1)};
  run_conformance<T>(g, "P = 4 emulated ranks, C = 2 chunks, N = 64..2^" + std::to_string(largest), emulated_transform<T>(), c, todo);
}

// The grader's own answer (slabs.hpp, which the GPU path runs) must give the right transform:
// else the grader is at fault (exit 3), not the student.
template <class T>
void check_grader_itself(std::uint64_t seed) {
  for (const Case& cs : whole_cases(true)) {
    const auto x = random_gaussian<T>(static_cast<std::size_t>(cs.s.n()), seed);
    for (Direction dir : {Direction::forward, Direction::inverse}) {
      const auto y = run_emulated<T, mg::SlabIndex>(cs.kind, cs.s, dir, x);
      if (first_wrong<T>(y, exact<T>(cs.kind, cs.s, dir, x), tolerance<T>(x.size())))
        throw std::logic_error("lab 13: the chapter's own maps (slabs.hpp) give a wrong transform on " + describe(cs.s));
    }
  }
}

}  // namespace

int main(int argc, char** argv) {
  Grader g("13", "the index maps of one FFT over P GPUs", argc, argv, LAB_IMPL_NAME);
  g.set_todo_file("13_multi_gpu/lab/lab13.hpp");
  try {
    check_grader_itself<double>(g.seed());
    const bool ok[3] = {check_pack(g), check_message(g), check_step4(g)};
    // The emulation runs whatever the maps alone gave: it shows what a wrong map does to the
    // transform. Its failures point at the first map that failed alone.
    const int first_bad = !ok[0] ? 1 : !ok[1] ? 2 : !ok[2] ? 3 : 0;
    const std::string todo = g.todo(first_bad ? first_bad : 1);
    const bool whole_float = check_whole<float>(g, todo), whole_double = check_whole<double>(g, todo);
    if (!first_bad && !(whole_float && whole_double))
      throw std::logic_error("lab 13: every map equals the chapter's, yet the emulated transform is wrong");
    if (first_bad && whole_float && whole_double)
      g.info("whole transform", "your maps agree with each other",
             "the emulated transforms are right, so your layout is consistent, but TODO " + std::to_string(first_bad) +
                 " differs from the layout lab13.hpp fixes: the GPU path's kernels (twiddle_and_pack, transpose_chunk) and its NCCL "
                 "calls use that one, and transpose_chunk's loads are coalesced only for row-major pieces; make each map match it");
    if (!first_bad) {
      suite<float>(g, todo);
      suite<double>(g, todo);
    } else {
      g.skip("conformance", "P = 4 emulated ranks", "not run until every TODO passes alone");
    }
    g.info("GPU", "the multi-GPU plan",
           "the grader emulates the ranks on the CPU; the chapter runs the same maps on P GPUs through NCCL (mpirun -n P, "
           "./course bench 13); committed runs: results/nvidia-h200-x4/");
  } catch (const std::exception& e) {
    std::cerr << "lab 13: the grader itself failed: " << e.what() << "\n";
    return exit_error;
  }
  return g.finish();
}
