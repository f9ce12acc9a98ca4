// The distributed transpose behind v3: an R x C row-major matrix whose rows are dealt out in
// blocks of R/P becomes its C x R transpose with rows dealt out in blocks of C/P.
//
// Rank r cuts its R/P rows into P tiles of C/P columns; tile d goes to rank d (one
// MPI_Alltoall of R C / P^2 points per pair). The tiles are transposed while packing, so each
// arrives as C/P runs of R/P contiguous points, which a strided receive datatype puts in place.
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

// One shape of distributed transpose, planned once. The receive side is an MPI datatype that
// drops each incoming tile straight into its place in the output (strided runs of R/P points),
// so MPI's own copy does the unpacking and no separate pass over the block is needed.
template <class T>
class DistributedTranspose {
 public:
  DistributedTranspose(MPI_Comm comm, std::size_t rows, std::size_t cols)
      : comm_(comm), p_(static_cast<std::size_t>(size_of(comm))), rows_(rows), cols_(cols),
        my_rows_(rows / p_), my_cols_(cols / p_), tile_(my_rows_ * my_cols_) {
    MPI_Datatype strided = MPI_DATATYPE_NULL;
    check(MPI_Type_vector(static_cast<int>(my_cols_), real_count(my_rows_), real_count(rows_), real_type<T>(), &strided),
          "MPI_Type_vector");
    // The tile from rank s starts s * R/P points into the first output row.
    check(MPI_Type_create_resized(strided, 0, static_cast<MPI_Aint>(my_rows_ * sizeof(Complex<T>)), &tile_type_),
          "MPI_Type_create_resized");
    MPI_Type_free(&strided);
    check(MPI_Type_commit(&tile_type_), "MPI_Type_commit");
  }
  ~DistributedTranspose() {
    if (tile_type_ != MPI_DATATYPE_NULL) MPI_Type_free(&tile_type_);
  }
  DistributedTranspose(const DistributedTranspose&) = delete;
  DistributedTranspose& operator=(const DistributedTranspose&) = delete;

  // in: this rank's R/P rows of C; out: its C/P rows of R (may be in: the whole block is packed
  // into send before anything arrives). send: M = R C / P scratch points.
  void operator()(const Complex<T>* in, Complex<T>* out, Complex<T>* send) const {
    for (std::size_t d = 0; d < p_; ++d)  // tile d, transposed: my_cols rows of my_rows
      transpose_block(in + d * my_cols_, cols_, send + d * tile_, my_rows_, my_rows_, my_cols_);
    check(MPI_Alltoall(send, real_count(tile_), real_type<T>(), out, 1, tile_type_, comm_), "MPI_Alltoall");
  }

 private:
  MPI_Comm comm_;
  std::size_t p_, rows_, cols_, my_rows_, my_cols_, tile_;
  MPI_Datatype tile_type_ = MPI_DATATYPE_NULL;
};

}  // namespace course::mpi
