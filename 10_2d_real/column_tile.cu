// 10_2d_real, read me first: a 2D FFT as two plain passes. The row pass is 09's read-me-first
// kernel (09_radixN/radix16_tile.cu, one row a block); the column pass, below, is the same
// kernel with C neighbouring columns a block, so that a warp reads whole 32-byte sectors of
// every row. The lesson quotes it line by line; test_10_column_tile checks the 2D transform
// against FFTW's 2D plan on the GPU.
//
// The chapter's Plan2D (fft2d.hpp) runs the same passes, generalised: any power-of-two side, 09's
// mixed-radix tiles and planner for long sides, the R2C/C2R packing and the fused OTF pipeline
// (tile_kernels.cuh, tile_launch.cuh), each checked on the CPU by emulate.hpp.
#include "10_2d_real/column_tile.hpp"

#include "09_radixN/butterfly.hpp"   // dft<16>: the radix-16 butterfly on 16 registers
#include "09_radixN/tile_fft.hpp"    // twiddle_pow2: w(j, 2^logn) by sincospi
#include "09_radixN/tile_shape.hpp"  // pad(e) = e + e / 16: a spare slot every 16 points
#include "common/cuda_helpers.hpp"
#include "common/sizes.hpp"

namespace course::twod {

namespace {

constexpr int kColumns = 4;  // C: 4 float columns are 32 bytes of a row, one sector

// Block (x, y) transforms columns C x .. C x + C - 1 of matrix y (M rows, `cols` columns), in
// place. Thread (c, t): column c, radix-16 butterfly t of every stage.
template <class T, int S>
__global__ void column_tile_kernel(Complex<T>* data, int cols, bool inverse) {
  constexpr int M = 1 << (4 * S);  // rows: the points of one column
  constexpr int P = M / 16;        // threads a column
  constexpr int C = kColumns;
  extern __shared__ __align__(16) unsigned char raw[];
  Complex<T>* tile = reinterpret_cast<Complex<T>*>(raw);  // element e of column c at pad(e) C + c
  const int c = static_cast<int>(threadIdx.x) % C;  // neighbouring threads: neighbouring columns
  const int t = static_cast<int>(threadIdx.x) / C;
  Complex<T>* x = data + static_cast<std::size_t>(blockIdx.y) * M * cols + blockIdx.x * C + c;
  Complex<T> v[16];

  // Load: element t + P r of the column, a whole row (cols points) apart.
#pragma unroll
  for (int r = 0; r < 16; ++r) {
    const Complex<T> z = x[static_cast<std::size_t>(t + P * r) * cols];
    v[r] = inverse ? conj(z) : z;
  }

  int L = 1;  // 09's stages, with the column's own slots in the tile
#pragma unroll
  for (int s = 0; s < S; ++s) {
    const int k = t % L;
    if (s > 0) {
#pragma unroll
      for (int r = 1; r < 16; ++r) v[r] = v[r] * radixn::twiddle_pow2<T>(r * k, 4 * (s + 1));
    }
    radixn::dft<16>(v);
    if (s == S - 1) break;
    if (s > 0) __syncthreads();  // every thread has read the previous stage's inputs
#pragma unroll
    for (int r = 0; r < 16; ++r) tile[radixn::pad((t - k) * 16 + k + L * r) * C + c] = v[r];
    __syncthreads();  // every thread has written this stage's outputs
#pragma unroll
    for (int r = 0; r < 16; ++r) v[r] = tile[radixn::pad(t + P * r) * C + c];
    L *= 16;
  }

  // Store: in place, where the load read.
#pragma unroll
  for (int r = 0; r < 16; ++r) x[static_cast<std::size_t>(t + P * r) * cols] = inverse ? conj(v[r]) : v[r];
}

template <class T, int S>
void launch_columns(Complex<T>* data, std::size_t cols, std::size_t batch, bool inverse, cudaStream_t stream) {
  constexpr int M = 1 << (4 * S);
  const std::size_t shared = S > 1 ? static_cast<std::size_t>(M + M / 16) * kColumns * sizeof(Complex<T>) : 0;
  const dim3 grid(static_cast<unsigned>(cols / kColumns), static_cast<unsigned>(batch));
  column_tile_kernel<T, S><<<grid, kColumns * M / 16, shared, stream>>>(data, static_cast<int>(cols), inverse);
  COURSE_CUDA_CHECK_LAUNCH();
}

}  // namespace

template <class T>
ColumnTilePlan<T>::ColumnTilePlan(std::size_t rows, std::size_t cols, std::size_t batch, cudaStream_t stream)
    : rows_(rows), cols_(cols), batch_(batch), stream_(stream), row_pass_(cols, rows * batch, stream) {
  // The row pass refused every row length but 16, 256 (and 4096 in float) already.
  if (rows != 16 && rows != 256)
    refuse_size("10_2d_real column_tile", rows, "the plain column pass takes 16 or 256 rows",
                "10_2d_real's Plan2D takes every power-of-two side");
  if (batch > 65535) throw size_error("10_2d_real column_tile: batch = " + std::to_string(batch) + " refused: above 65535");
}

template <class T>
void ColumnTilePlan<T>::execute(const Complex<T>* in, Complex<T>* out, Direction dir) const {
  row_pass_.execute(in, out, dir);  // every row: 09's plain kernel, one row a block
  const bool inverse = dir == Direction::inverse;
  if (rows_ == 16) launch_columns<T, 1>(out, cols_, batch_, inverse, stream_);
  else launch_columns<T, 2>(out, cols_, batch_, inverse, stream_);
}

template class ColumnTilePlan<float>;
template class ColumnTilePlan<double>;

}  // namespace course::twod
