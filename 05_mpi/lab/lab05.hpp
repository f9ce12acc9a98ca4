// Lab 05: the two data movements of a distributed FFT. P ranks each hold M = N/P consecutive
// points. The grader runs the ranks in one process (no mpirun needed): the exchanges of 05 v2
// are done by the harness (exchange.hpp) with the partner you name.
//   TODO 1  partner: which rank a rank swaps its block with in the stage of span h
//   TODO 2  transpose_block: the local transpose around an all-to-all (05 v3)
// Grade with `./course lab 05`.
#pragma once

#include <cstddef>

#include "common/complex.hpp"

namespace lab05 {

using course::Complex;

// TODO 1: in the radix-2 stage whose butterflies pair the global points i and i + h (h >= M,
// a power of two), rank `rank` holds points rank*M .. rank*M + M-1, and all their partners lie on
// one other rank. Which? (Both are powers of two: think of the bits of rank*M + l.)
inline int partner(int rank, std::size_t h, std::size_t m) {
  (void)h; (void)m;
  return rank;  // TODO 1
}

// TODO 2: dst (rows x cols becomes cols x rows): dst[c * dst_stride + r] = src[r * src_stride + c]
// for r < rows, c < cols. The strides are the row lengths of the larger arrays the blocks sit in.
template <class T>
void transpose_block(const Complex<T>* src, std::size_t src_stride, Complex<T>* dst, std::size_t dst_stride, std::size_t rows,
                     std::size_t cols) {
  (void)src; (void)src_stride; (void)dst; (void)dst_stride; (void)rows; (void)cols;
  // TODO 2
}

}  // namespace lab05
