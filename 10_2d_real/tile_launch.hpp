// The host side of tile_kernels.cuh: one launch function per kernel kind, defined in
// tile_launch.cuh and instantiated per precision in tile_*_f32.cu / tile_*_f64.cu (so nvcc
// compiles the 6 x 13 tile sizes in parallel). logm is log2 of the transform length (0 .. 12);
// the tile shape for it is 09's (radixn::make_tile_shape), which tile_shape<T>() in
// pass_layout.hpp returns.
#pragma once

#include <cuda_runtime_api.h>

#include <cstddef>

#include "10_2d_real/kernels.cuh"

namespace course::twod {

struct TileLaunch {
  int logm = 0;
  Pass2dArgs args{};  // log_len = logm, log_group = the tile's log2 C
  std::size_t blocks = 0;
  cudaStream_t stream = nullptr;
  int variant = 0;  // pass_layout.hpp's tile variant: 0 on an H100, smaller ones on smaller GPUs
};

template <class T>
void launch_tile_c2c(const TileLaunch& l, bool columns, const Complex<T>* in, Complex<T>* out, bool inverse, T scale);
template <class T>
void launch_tile_r2c_rows(const TileLaunch& l, const Complex<T>* in, Complex<T>* out, const Complex<T>* split_tw);
template <class T>
void launch_tile_c2r_rows(const TileLaunch& l, const Complex<T>* in, Complex<T>* out, const Complex<T>* split_tw);
template <class T>
void launch_tile_pupil_rows(const TileLaunch& l, Complex<T>* out, const PupilSpec& pupil, long long rows);
template <class T>
void launch_tile_otf_columns(const TileLaunch& l, Complex<T>* data, Complex<T>* psf);

}  // namespace course::twod
