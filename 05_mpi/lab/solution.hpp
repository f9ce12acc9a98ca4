// What ./course lab 05 --solution grades: 05 v2's partner (v2_binary_exchange.cpp: rank ^ h/M)
// and 05's transpose_block (transpose.hpp).
#pragma once

#include "05_mpi/transpose.hpp"

namespace lab05 {
using course::Complex;
inline int partner(int rank, std::size_t h, std::size_t m) { return rank ^ static_cast<int>(h / m); }
template <class T>
void transpose_block(const Complex<T>* src, std::size_t src_stride, Complex<T>* dst, std::size_t dst_stride, std::size_t rows,
                     std::size_t cols) {
  course::mpi::transpose_block<T>(src, src_stride, dst, dst_stride, rows, cols);
}
}  // namespace lab05
