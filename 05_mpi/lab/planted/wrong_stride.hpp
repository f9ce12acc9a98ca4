// A planted wrong solution for the CI proof (not for students): partner right, the transpose
// writing with the source's stride (right whenever the two strides agree). Must fail at TODO 2.
#pragma once
#include "../solution.hpp"
namespace lab05_planted {
template <class T>
void transpose_block(const course::Complex<T>* src, std::size_t src_stride, course::Complex<T>* dst, std::size_t,
                     std::size_t rows, std::size_t cols) {
  for (std::size_t r = 0; r < rows; ++r)
    for (std::size_t c = 0; c < cols; ++c) dst[c * src_stride + r] = src[r * src_stride + c];  // wrong stride
}
}  // namespace lab05_planted
#define LAB05_TRANSPOSE lab05_planted::transpose_block
