// The distributed transpose behind v3: an R x C row-major matrix whose rows are dealt out in
// blocks of R/P becomes its C x R transpose with rows dealt out in blocks of C/P.
//
// Rank r cuts its R/P rows into P tiles of C/P columns; tile d goes to rank d (one
// MPI_Alltoall of R C / P^2 points per pair). The tiles are transposed while packing, so the
// receiver only copies runs of R/P contiguous points into place.
#pragma once

#include <mpi.h>

#include <algorithm>
#include <vector>

#include "05_mpi/mpi_common.hpp"

namespace course::mpi {

// dst[c][r] = src[r][c] for an rows x cols block, row strides given; tiled so that both the
// reads and the writes stay within a few cache lines per tile.
template <class T>
void transpose_block(const Complex<T>* src, std::size_t src_stride, Complex<T>* dst, std::size_t dst_stride,
                     std::size_t rows, std::size_t cols) {
  constexpr std::size_t tile = 32;
  for (std::size_t r0 = 0; r0 < rows; r0 += tile)
    for (std::size_t c0 = 0; c0 < cols; c0 += tile) {
      const std::size_t r1 = std::min(rows, r0 + tile), c1 = std::min(cols, c0 + tile);
      for (std::size_t c = c0; c < c1; ++c)
        for (std::size_t r = r0; r < r1; ++r) dst[c * dst_stride + r] = src[r * src_stride + c];
    }
}

// in: this rank's R/P rows of C; out: its C/P rows of R. send and recv: M = R C / P scratch.
template <class T>
void distributed_transpose(MPI_Comm comm, int ranks, std::size_t rows, std::size_t cols, const Complex<T>* in,
                           Complex<T>* out, Complex<T>* send, Complex<T>* recv) {
  const std::size_t p = static_cast<std::size_t>(ranks);
  const std::size_t my_rows = rows / p, my_cols = cols / p, tile = my_rows * my_cols;
  for (std::size_t d = 0; d < p; ++d)  // tile d, transposed: my_cols rows of my_rows
    transpose_block(in + d * my_cols, cols, send + d * tile, my_rows, my_rows, my_cols);
  check(MPI_Alltoall(send, real_count(tile), real_type<T>(), recv, real_count(tile), real_type<T>(), comm),
        "MPI_Alltoall");
  for (std::size_t s = 0; s < p; ++s)  // from rank s: columns s*my_rows.. of every output row
    for (std::size_t c = 0; c < my_cols; ++c)
      std::copy_n(recv + s * tile + c * my_rows, my_rows, out + c * rows + s * my_rows);
}

}  // namespace course::mpi
