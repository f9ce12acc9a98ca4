// Definitions of tile_launch.hpp's functions: from the run-time log2 M to the compile-time tile.
#pragma once

#include <stdexcept>
#include <string>

#include "10_2d_real/shape.hpp"
#include "10_2d_real/tile_kernels.cuh"
#include "10_2d_real/tile_launch.hpp"
#include "common/cuda_helpers.hpp"

namespace course::twod::tile_detail {

// Calls f.template operator()<LOGM>() for logm = 0 .. kMaxLog2Side.
template <int LOGM = 0, class Fn>
void with_log_side(int logm, Fn&& f) {
  if constexpr (LOGM > static_cast<int>(kMaxLog2Side)) {
    throw std::logic_error("10_2d_real: no tile kernel for 2^" + std::to_string(logm) + " points");
  } else {
    if (logm == LOGM) f.template operator()<LOGM>();
    else with_log_side<LOGM + 1>(logm, f);
  }
}

// 09's tiles hold up to 64 KiB of data plus padding (128 KiB with two copies), above the default
// 48 KiB of dynamic shared memory: such a kernel must say so (common/cuda_helpers.hpp).
template <class K>
void launch(K* kernel, int bytes, const TileLaunch& l, unsigned threads, auto... args) {
  cuda::allow_shared(reinterpret_cast<const void*>(kernel), static_cast<std::size_t>(bytes));
  kernel<<<static_cast<unsigned>(l.blocks), threads, static_cast<std::size_t>(bytes), l.stream>>>(args...);
  COURSE_CUDA_CHECK_LAUNCH();
}

// Calls f.template operator()<V>() for the launch's tile variant, where a kernel exists for it.
template <class T, int LOGM, bool Columns, class Fn>
void with_variant(int variant, Fn&& f) {
  const auto one = [&]<int V>() {
    if constexpr (tile_variant_exists<T>(LOGM, Columns, V)) f.template operator()<V>();
    else throw std::logic_error("10_2d_real: no tile variant " + std::to_string(V) + " for 2^" + std::to_string(LOGM) + " points");
  };
  switch (variant) {
    case 0: return one.template operator()<0>();
    case 1: return one.template operator()<1>();
    case 2: return one.template operator()<2>();
    default: throw std::logic_error("10_2d_real: no tile variant " + std::to_string(variant));
  }
}

}  // namespace course::twod::tile_detail

namespace course::twod {

template <class T>
void launch_tile_c2c(const TileLaunch& l, bool columns, const Complex<T>* in, Complex<T>* out, bool inverse, T scale) {
  tile_detail::with_log_side(l.logm, [&]<int LOGM>() {
    if (columns)
      tile_detail::with_variant<T, LOGM, true>(l.variant, [&]<int V>() {
        using C = BlockTileOf<T, LOGM, kTileLog2Radix, true, V>;
        tile_detail::launch(&tile_c2c_kernel<T, LOGM, kTileLog2Radix, true, V>, C::shared_bytes, l, C::threads, in, out, l.args, inverse, scale);
      });
    else
      tile_detail::with_variant<T, LOGM, false>(l.variant, [&]<int V>() {
        using R = BlockTileOf<T, LOGM, kTileLog2Radix, false, V>;
        tile_detail::launch(&tile_c2c_kernel<T, LOGM, kTileLog2Radix, false, V>, R::shared_bytes, l, R::threads, in, out, l.args, inverse, scale);
      });
  });
}

template <class T>
void launch_tile_r2c_rows(const TileLaunch& l, const Complex<T>* in, Complex<T>* out, const Complex<T>* split_tw) {
  tile_detail::with_log_side(l.logm, [&]<int LOGM>() {
    tile_detail::with_variant<T, LOGM, false>(l.variant, [&]<int V>() {
      using F = Tile<T, LOGM, kTileLog2Radix, V>;
      tile_detail::launch(&tile_r2c_rows_kernel<T, LOGM, kTileLog2Radix, V>, F::S.shared_bytes(), l, F::kThreads, in, out, l.args, split_tw);
    });
  });
}

template <class T>
void launch_tile_c2r_rows(const TileLaunch& l, const Complex<T>* in, Complex<T>* out, const Complex<T>* split_tw) {
  tile_detail::with_log_side(l.logm, [&]<int LOGM>() {
    tile_detail::with_variant<T, LOGM, false>(l.variant, [&]<int V>() {
      using F = Tile<T, LOGM, kTileLog2Radix, V>;
      tile_detail::launch(&tile_c2r_rows_kernel<T, LOGM, kTileLog2Radix, V>, F::S.shared_bytes(), l, F::kThreads, in, out, l.args, split_tw);
    });
  });
}

template <class T>
void launch_tile_pupil_rows(const TileLaunch& l, Complex<T>* out, const PupilSpec& pupil, long long rows) {
  tile_detail::with_log_side(l.logm, [&]<int LOGM>() {
    tile_detail::with_variant<T, LOGM, false>(l.variant, [&]<int V>() {
      using F = Tile<T, LOGM, kTileLog2Radix, V>;
      tile_detail::launch(&tile_pupil_rows_kernel<T, LOGM, kTileLog2Radix, V>, F::S.shared_bytes(), l, F::kThreads, out, l.args, pupil, rows);
    });
  });
}

template <class T>
void launch_tile_otf_columns(const TileLaunch& l, Complex<T>* data, Complex<T>* psf) {
  tile_detail::with_log_side(l.logm, [&]<int LOGM>() {
    tile_detail::with_variant<T, LOGM, true>(l.variant, [&]<int V>() {
      using C = BlockTileOf<T, LOGM, kTileLog2Radix, true, V>;
      tile_detail::launch(&tile_otf_columns_kernel<T, LOGM, kTileLog2Radix, V>, C::shared_bytes, l, C::threads, data, psf, l.args);
    });
  });
}

}  // namespace course::twod
