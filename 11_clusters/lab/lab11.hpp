// Lab 11: the exchange between the blocks of a cluster. K blocks transform N = N1 N2 points in one
// pass (11's four-step split, lesson section "The four-step split on a cluster"):
//   phase 1   block r holds the C1 = N1 / K columns n1 = r C1 + c1 (c1 < C1); column n1 is the
//             N2 points x[n1 + N1 n2]. Its DFT over n2, Y[n1][k2], lands in row c1 of the
//             block's shared memory: sm_r[c1 N2 + k2].
//   exchange  block r gathers its C2 = N2 / K rows k2 = r C2 + c2 (c2 < C2): the N1 values
//             Y[n1][k2] of each, from whichever block holds column n1 (distributed shared
//             memory), times the twiddle w(n1 k2, N).
//   phase 2   the DFT over n1 of each row; its output k1 is one of the transform's outputs X:
//             which one follows from the four-step identity (09's lesson, Part 2).
// The grader runs the phases and the barriers between them (the DFTs are FFTW's); you write
//   TODO 1  holder: which block holds column n1 after phase 1, and in which row
//   TODO 2  gather: one thread's share of the exchange
//   TODO 3  output_index: where output k1 of row k2 goes in X
// Build and grade with `./course lab 11` (from the repository root); no GPU needed.
// A Shape s (shape.hpp) gives s.n1, s.n2, s.k (K) and s.n() = N, s.c1() = C1, s.c2() = C2.
#pragma once

#include <cstddef>
#include <cstdint>

#include "11_clusters/lab/shape.hpp"
#include "common/complex.hpp"
#include "common/twiddle.hpp"

namespace lab11 {

using course::Complex;

// TODO 1: after phase 1, which block holds column n1 (n1 < N1), and in which of its C1 rows?
inline Place holder(const Shape& s, std::size_t n1) {
  (void)s; (void)n1;
  return {};  // TODO 1
}

// TODO 2: thread `tid` of block `rank` (the block has `threads` threads, a multiple of C2) keeps
// one row, c2 = tid mod C2 (so k2 = rank C2 + c2), and the elements n1 = tid / C2 + j P of it,
// j = 0 .. N1 / P - 1, P = threads / C2. Fill
//     v[j] = Y[n1][k2] * w(n1 k2, N)
// where remote(b) returns a const Complex<T>* to block b's shared memory, rows of N2 points as
// phase 1 left them (use your holder), and course::twiddle<T>(k, n) is w(k, n) =
// exp(-2 pi i k / n) (k and n are std::int64_t).
template <class T, class Remote>
void gather(const Shape& s, std::size_t rank, std::size_t tid, std::size_t threads, Remote&& remote, Complex<T>* v) {
  (void)s; (void)rank; (void)tid; (void)threads; (void)remote; (void)v;
  // TODO 2
}

// TODO 3: phase 2's output k1 (k1 < N1) of row k2 (k2 < N2): its index in the N outputs X.
inline std::size_t output_index(const Shape& s, std::size_t k2, std::size_t k1) {
  (void)s; (void)k2; (void)k1;
  return 0;  // TODO 3
}

}  // namespace lab11
