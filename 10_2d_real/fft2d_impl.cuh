// The plans of fft2d.hpp: pass layouts, kernel launches, twiddle tables. Included once per
// precision (fft2d_f32.cu, fft2d_f64.cu) so nvcc compiles the two in parallel.
#pragma once

#include <cufft.h>

#include <algorithm>
#include <sstream>
#include <type_traits>
#include <vector>

#include "10_2d_real/fft2d.hpp"
#include "10_2d_real/kernels.cuh"
#include "10_2d_real/tile_launch.hpp"
#include "common/bit_reverse.hpp"
#include "common/cufft_check.hpp"
#include "common/twiddle.hpp"

namespace course::twod::detail {

inline int log2_of(std::size_t n) { int k = 0; while ((std::size_t{1} << k) < n) ++k; return k; }
inline std::size_t pow2_ceil(std::size_t n) { return std::size_t{1} << log2_of(n); }
inline std::size_t ceil_div(std::size_t a, std::size_t b) { return (a + b - 1) / b; }

// Registers bound a block's points: 512 threads x NB 2^log_radix points each. Radix 4: NB <= 8
// (float) or 4 (double, whose values take two registers each); radix 16: NB = 1 (16 values a
// thread already use most of the 128 registers a 512-thread block allows). Shared memory then
// holds 128 KiB at most.
template <class T>
constexpr std::size_t max_block_points(int log_radix) { return log_radix == 4 || sizeof(T) == 8 ? 8192 : 16384; }

// The tile kernels take 09's tile shape: an option of the first kernels is refused there, not ignored.
inline void require_options(const Shape& s, const Options& o) {
  if (o.kernels == Kernels::stockham) return;
  const std::string why = ": that option is for Kernels::stockham (this chapter's first kernels); Kernels::tiles uses 09's tile shape";
  if (o.column_group) refuse_shape(s, "column group = " + std::to_string(o.column_group) + why);
  if (o.column_method != ColumnMethod::grouped) refuse_shape(s, "column method = transpose" + why);
  if (o.log_radix != 4) refuse_shape(s, "log_radix = " + std::to_string(o.log_radix) + why);
}

// The shared memory a plan fits (common/gpu_limits.hpp): the option, else the environment's
// COURSE_SHARED_LIMIT_KIB, else what the device lets a block opt in to. A GPU older than the
// course supports is refused here, before anything is allocated.
inline SharedLimit plan_limit(const Options& o) {
  cuda::require_supported_gpu(kChapter);
  return resolve_shared_limit(kChapter, o.shared_limit_bytes, cuda::device_shared_limit_bytes(), radixn::kSharedLimitBytes);
}

// A block's tile of `len`-point transforms: 09's tile (C transforms, E points per thread in
// registers), K copies of it for a narrow column pass (tile_log_copies), of the given variant.
template <class T>
std::size_t tile_group(std::size_t len, bool columns, int variant) {
  const int logm = log2_of(len);
  return std::size_t{1} << (tile_shape<T>(logm, variant).logc + tile_log_copies<T>(logm, columns, variant));
}

template <class T>
PassInfo tile_pass_info(std::size_t len, std::size_t blocks, bool columns, int variant) {
  const int logm = log2_of(len), k = tile_log_copies<T>(logm, columns, variant);
  const auto t = tile_shape<T>(logm, variant);
  PassInfo p;
  p.tile = true;
  p.variant = variant;
  p.length = static_cast<int>(len);
  p.group = 1 << (t.logc + k);
  p.threads = t.threads() << k;
  p.per_thread = 1 << t.loge;
  p.log_radix = t.stages ? t.bits[0] : 0;
  p.blocks = blocks;
  p.shared_bytes = static_cast<std::size_t>(t.shared_bytes()) << k;
  for (int i = 0; i < t.stages; ++i) p.radices += (i ? "x" : "") + std::to_string(t.radix(i));
  if (p.radices.empty()) p.radices = "none";
  return p;
}

// The tile pass over `per_slice` transforms of `len` points in each of `slices` slices: the
// first tile variant that fits `limit_bytes`, or a long pass (long_pass.hpp) when none does.
template <class T>
PassInfo tile_pass(std::size_t len, std::size_t per_slice, std::size_t slices, bool columns, int limit_bytes) {
  const int variant = tile_variant<T>(log2_of(len), columns, limit_bytes);
  if (variant < 0) {
    PassInfo p;
    p.long_pass = true;
    p.length = static_cast<int>(len);
    return p;
  }
  return tile_pass_info<T>(len, slices * ceil_div(per_slice, tile_group<T>(len, columns, variant)), columns, variant);
}

inline TileLaunch tile_launch(const PassInfo& p, const Pass2dArgs& a, cudaStream_t stream) {
  return TileLaunch{log2_of(static_cast<std::size_t>(p.length)), a, p.blocks, stream, p.variant};
}

// The first kernels (Kernels::stockham, kept for the lesson's comparisons): a pass of `group`
// transforms a block (blocks = slices x ceil(per_slice / group)), the group halved until the
// block fits the GPU's shared memory. One transform that does not fit alone (4096 doubles on a
// GPU of 64 KiB or less) is refused by require_fits, by name and number.
template <class T>
PassInfo pass_info(std::size_t len, std::size_t group, std::size_t blocks, std::size_t shared_points, int log_radix);
template <class T>
PassInfo fitted_pass_info(std::size_t len, std::size_t group, std::size_t per_slice, std::size_t slices, std::size_t points_each,
                          int log_radix, const SharedLimit& limit) {
  for (;; group /= 2) {
    PassInfo p = pass_info<T>(len, group, slices * ceil_div(per_slice, group), group * points_each, log_radix);
    if (p.shared_bytes <= static_cast<std::size_t>(limit.bytes) || group == 1) return p;
  }
}
inline void require_fits(const Shape& s, const PassInfo& p, const char* pass, const SharedLimit& limit) {
  if (p.shared_bytes > static_cast<std::size_t>(limit.bytes))
    refuse_shape(s, std::string(pass) + " of the first kernels (Kernels::stockham) needs " + std::to_string(p.shared_bytes) +
                    " bytes of shared memory per block, over the limit of " + std::to_string(limit.bytes) + " (from " + limit.source +
                    "); the default Kernels::tiles fits every GPU");
}

inline void require_log_radix(const Shape& s, int log_radix) {
  if (log_radix != 2 && log_radix != 4)
    refuse_shape(s, "log_radix = " + std::to_string(log_radix) + ": the stages are radix 4 (log_radix 2) or radix 16 (log_radix 4)");
}

// Rows: enough rows per block to give it at least 1024 points (short rows alone would leave
// most threads idle), never more rows than there are.
template <class T>
std::size_t row_group(std::size_t len, std::size_t transforms) {
  std::size_t g = std::max<std::size_t>(1, 1024 / len);
  return std::min(g, pow2_ceil(transforms));
}

// Columns: the requested group, or fewer when the matrix is narrower or the block would not fit.
template <class T>
std::size_t column_group(std::size_t requested, std::size_t len, std::size_t columns, int log_radix) {
  std::size_t g = requested ? requested : (sizeof(T) == 4 ? 8 : 4);
  g = std::min(g, pow2_ceil(columns));
  while (g > 1 && g * len > max_block_points<T>(log_radix)) g /= 2;
  return g;
}

template <class T>
PassInfo pass_info(std::size_t len, std::size_t group, std::size_t blocks, std::size_t shared_points, int log_radix) {
  PassInfo p;
  p.length = static_cast<int>(len);
  p.group = static_cast<int>(group);
  p.log_radix = log_radix;
  const std::size_t units = std::max<std::size_t>(1, (group * len) >> log_radix);
  p.threads = static_cast<int>(std::min<std::size_t>(kMaxThreads, units));
  p.per_thread = static_cast<int>(units / p.threads);
  p.blocks = blocks;
  const int points = static_cast<int>(shared_points);
  p.shared_bytes = static_cast<std::size_t>(log_radix == 4 ? smem_slots<4>(points) : smem_slots<2>(points)) * sizeof(Complex<T>);
  return p;
}

// Calls f(NB, LogRadix) as compile-time constants for the kernels that exist: radix 4 with
// NB = 1, 2, 4, 8 and radix 16 with NB = 1.
template <class F>
void with_kernel_shape(const PassInfo& p, F&& f) {
  using std::integral_constant;
  if (p.log_radix == 4) {
    if (p.per_thread == 1) { f(integral_constant<int, 1>{}, integral_constant<int, 4>{}); return; }
  } else {
    switch (p.per_thread) {
      case 1: f(integral_constant<int, 1>{}, integral_constant<int, 2>{}); return;
      case 2: f(integral_constant<int, 2>{}, integral_constant<int, 2>{}); return;
      case 4: f(integral_constant<int, 4>{}, integral_constant<int, 2>{}); return;
      case 8: f(integral_constant<int, 8>{}, integral_constant<int, 2>{}); return;
      default: break;
    }
  }
  throw std::logic_error("10_2d_real: no kernel for " + std::to_string(p.per_thread) + " butterflies per thread at log_radix " +
                         std::to_string(p.log_radix));
}

inline std::size_t free_device_bytes() {
  std::size_t free_bytes = 0, total = 0;
  COURSE_CUDA_CHECK(cudaMemGetInfo(&free_bytes, &total));
  return free_bytes;
}

template <class T>
cuda::DeviceBuffer<Complex<T>> upload_table(std::size_t n, std::size_t count) {
  const auto host = twiddle_table<T>(n, count);
  cuda::DeviceBuffer<Complex<T>> d(count);
  d.upload(host);
  return d;
}

template <class T, bool Interleaved>
void launch_c2c(const Complex<T>* in, Complex<T>* out, const Pass2dArgs& a, const PassInfo& p, const Complex<T>* tw,
                bool inverse, T scale, cudaStream_t stream) {
  with_kernel_shape(p, [&](auto nb, auto lr) {
    auto* k = &c2c_pass_kernel<T, decltype(nb)::value, Interleaved, decltype(lr)::value>;
    cuda::allow_shared(reinterpret_cast<const void*>(k), p.shared_bytes);
    k<<<static_cast<unsigned>(p.blocks), p.threads, p.shared_bytes, stream>>>(in, out, a, tw, inverse, scale);
  });
  COURSE_CUDA_CHECK_LAUNCH();
}

template <class T>
void launch_transpose(const Complex<T>* in, Complex<T>* out, std::size_t rows, std::size_t cols, std::size_t batch, cudaStream_t stream) {
  const dim3 grid(static_cast<unsigned>(ceil_div(cols, 32)), static_cast<unsigned>(ceil_div(rows, 32)), static_cast<unsigned>(batch));
  transpose_kernel<T><<<grid, dim3(32, 8), 0, stream>>>(in, out, static_cast<int>(rows), static_cast<int>(cols));
  COURSE_CUDA_CHECK_LAUNCH();
}

inline std::size_t launch_threads_1d(std::size_t total) { return std::min<std::size_t>(256, std::max<std::size_t>(1, total)); }

}  // namespace course::twod::detail

namespace course::twod {

inline std::string PassInfo::str() const {
  std::ostringstream s;
  if (long_pass) return std::to_string(length) + "-point transforms by 09's multi-pass plan (no tile fits this GPU's shared memory)";
  if (tile) {
    s << length << "-point x " << group << " per block (09 tile, radices " << radices << "), " << threads << " threads x "
      << per_thread << " points in registers, " << blocks << " blocks, " << shared_bytes / 1024.0 << " KiB shared";
    if (variant) s << " (tile variant " << variant << ", for a smaller GPU)";
    return s.str();
  }
  s << length << "-point x " << group << " per block, " << threads << " threads x " << per_thread << " radix-"
    << (1 << log_radix) << " butterflies, " << blocks << " blocks, " << shared_bytes / 1024.0 << " KiB shared";
  return s.str();
}

// ---------------------------------------------------------------- C2C

template <class T>
Plan2D<T>::Plan2D(std::size_t rows, std::size_t cols, std::size_t batch, cudaStream_t stream, const Options& options)
    : shape_{rows, cols, batch}, options_(options), stream_(stream) {
  using namespace detail;
  require_c2c_shape(shape_);
  require_options(shape_, options);
  if (options.column_group) require_column_group(shape_, options.column_group);
  require_log_radix(shape_, options.log_radix);
  limit_ = plan_limit(options);
  const std::size_t all_rows = rows * batch;
  if (options.kernels == Kernels::tiles) {
    row_ = tile_pass<T>(cols, all_rows, 1, false, limit_.bytes);
    if (row_.long_pass) long_rows_ = LongPass<T>(cols, all_rows, 1, cols, 1, 0, stream, limit_.bytes);
    else require_grid(shape_, row_.blocks, "the row pass");
    if (rows > 1) {
      column_ = tile_pass<T>(rows, cols, batch, true, limit_.bytes);
      if (column_.long_pass) long_columns_ = LongPass<T>(rows, cols, cols, 1, batch, rows * cols, stream, limit_.bytes);
      else require_grid(shape_, column_.blocks, "the column pass");
    }
    return;
  }
  row_ = fitted_pass_info<T>(cols, row_group<T>(cols, all_rows), all_rows, 1, cols, options.log_radix, limit_);
  require_grid(shape_, row_.blocks, "the row pass");
  if (rows > 1) {
    if (options.column_method == ColumnMethod::grouped) {
      const std::size_t cg = detail::column_group<T>(options.column_group, rows, cols, options.log_radix);
      column_ = fitted_pass_info<T>(rows, cg, cols, batch, rows, options.log_radix, limit_);
      require_grid(shape_, column_.blocks, "the column pass");
    } else {
      column_ = fitted_pass_info<T>(rows, row_group<T>(rows, cols * batch), cols * batch, 1, rows, options.log_radix, limit_);
      require_grid(shape_, column_.blocks, "the column pass");
      require_transpose_batch(shape_);
      require_scratch(shape_, rows * cols * batch * sizeof(Complex<T>), free_device_bytes());
      scratch_ = cuda::DeviceBuffer<Complex<T>>(rows * cols * batch);
    }
    require_fits(shape_, column_, "the column pass", limit_);
    column_table_ = upload_table<T>(rows, rows);
  }
  require_fits(shape_, row_, "the row pass", limit_);
  row_table_ = upload_table<T>(cols, cols);
}

template <class T>
void Plan2D<T>::execute(const Complex<T>* in, Complex<T>* out, Direction dir) const {
  using namespace detail;
  const bool inverse = dir == Direction::inverse;
  const auto [rows, cols, batch] = shape_;
  if (options_.kernels == Kernels::tiles) {
    if (row_.long_pass) long_rows_.execute(in, out, dir, stream_);
    else launch_tile_c2c<T>(tile_launch(row_, row_args(cols, row_.group, rows * batch, cols, cols), stream_), false, in, out, inverse, T(1));
    if (rows == 1) return;
    if (column_.long_pass) long_columns_.execute(out, out, dir, stream_);
    else launch_tile_c2c<T>(tile_launch(column_, column_args(rows, column_.group, cols), stream_), true, out, out, inverse, T(1));
    return;
  }
  launch_c2c<T, false>(in, out, row_args(cols, row_.group, rows * batch, cols, cols), row_, row_table_.data(), inverse, T(1), stream_);
  if (rows == 1) return;
  if (options_.column_method == ColumnMethod::grouped) {
    launch_c2c<T, true>(out, out, column_args(rows, column_.group, cols), column_, column_table_.data(), inverse, T(1), stream_);
  } else {
    launch_transpose(out, scratch_.data(), rows, cols, batch, stream_);
    launch_c2c<T, false>(scratch_.data(), scratch_.data(), row_args(rows, column_.group, cols * batch, rows, rows), column_,
                         column_table_.data(), inverse, T(1), stream_);
    launch_transpose(scratch_.data(), out, cols, rows, batch, stream_);
  }
}

template <class T>
std::string Plan2D<T>::describe() const {
  std::ostringstream s;
  s << "10_2d_real C2C " << precision_name<T>() << " " << shape_.str() << "\n  row pass:    " << row_.str();
  if (shape_.rows > 1)
    s << "\n  column pass: " << (options_.column_method == ColumnMethod::grouped ? "" : "transpose, rows of ") << column_.str()
      << (options_.column_method == ColumnMethod::transpose ? ", transpose back" : "");
  s << "\n  shared memory: " << limit_.bytes / 1024 << " KiB per block at most (from " << limit_.source << ")";
  return s.str();
}

// ---------------------------------------------------------------- R2C / C2R

template <class T>
RealPlan2D<T>::RealPlan2D(std::size_t rows, std::size_t cols, std::size_t batch, cudaStream_t stream, const Options& options)
    : shape_{rows, cols, batch}, options_(options), stream_(stream) {
  using namespace detail;
  require_real_shape(shape_);
  require_options(shape_, options);
  if (options.column_group) require_column_group(shape_, options.column_group);
  require_log_radix(shape_, options.log_radix);
  const std::size_t m = cols / 2, bins = m + 1, all_rows = rows * batch;
  limit_ = plan_limit(options);
  if (options.kernels == Kernels::tiles) {
    // The packed rows are at most 2048 points: a tile of every GPU holds them (48 KiB and up).
    row_ = tile_pass<T>(m, all_rows, 1, false, limit_.bytes);
    if (row_.long_pass) refuse_shape(shape_, "no tile holds a packed row of " + std::to_string(m) + " points within " + std::to_string(limit_.bytes) + " bytes");
    require_grid(shape_, row_.blocks, "the row pass");
    split_table_ = upload_table<T>(cols, bins);
    if (rows > 1) {
      column_ = tile_pass<T>(rows, bins, batch, true, limit_.bytes);
      if (column_.long_pass) long_columns_ = LongPass<T>(rows, bins, bins, 1, batch, rows * bins, stream, limit_.bytes);
      else require_grid(shape_, column_.blocks, "the column pass");
      require_scratch(shape_, rows * bins * batch * sizeof(Complex<T>), free_device_bytes());
      scratch_ = cuda::DeviceBuffer<Complex<T>>(rows * bins * batch);
    }
    return;
  }
  // C2R holds M + 1 bins per row.
  row_ = fitted_pass_info<T>(m, row_group<T>(m, all_rows), all_rows, 1, bins, options.log_radix, limit_);
  require_grid(shape_, row_.blocks, "the row pass");
  half_table_ = upload_table<T>(m, m);
  split_table_ = upload_table<T>(cols, bins);
  if (rows > 1) {
    const std::size_t cg = detail::column_group<T>(options.column_group, rows, bins, options.log_radix);
    column_ = fitted_pass_info<T>(rows, cg, bins, batch, rows, options.log_radix, limit_);
    require_grid(shape_, column_.blocks, "the column pass");
    require_scratch(shape_, rows * bins * batch * sizeof(Complex<T>), free_device_bytes());
    require_fits(shape_, column_, "the column pass", limit_);
    column_table_ = upload_table<T>(rows, rows);
    scratch_ = cuda::DeviceBuffer<Complex<T>>(rows * bins * batch);
  }
  require_fits(shape_, row_, "the row pass", limit_);
}

template <class T>
void RealPlan2D<T>::forward(const T* in, Complex<T>* out) const {
  using namespace detail;
  const auto [rows, cols, batch] = shape_;
  const std::size_t m = cols / 2, bins = m + 1;
  const Pass2dArgs a = row_args(m, row_.group, rows * batch, m, bins);
  if (options_.kernels == Kernels::tiles) {
    launch_tile_r2c_rows<T>(tile_launch(row_, a, stream_), reinterpret_cast<const Complex<T>*>(in), out, split_table_.data());
    if (rows == 1) return;
    if (column_.long_pass) long_columns_.execute(out, out, Direction::forward, stream_);
    else launch_tile_c2c<T>(tile_launch(column_, column_args(rows, column_.group, bins), stream_), true, out, out, false, T(1));
    return;
  }
  with_kernel_shape(row_, [&](auto nb, auto lr) {
    auto* k = &r2c_rows_kernel<T, decltype(nb)::value, decltype(lr)::value>;
    cuda::allow_shared(reinterpret_cast<const void*>(k), row_.shared_bytes);
    k<<<static_cast<unsigned>(row_.blocks), row_.threads, row_.shared_bytes, stream_>>>(
        reinterpret_cast<const Complex<T>*>(in), out, a, half_table_.data(), split_table_.data());
  });
  COURSE_CUDA_CHECK_LAUNCH();
  if (rows > 1)
    launch_c2c<T, true>(out, out, column_args(rows, column_.group, bins), column_, column_table_.data(), false, T(1), stream_);
}

template <class T>
void RealPlan2D<T>::inverse(const Complex<T>* in, T* out) const {
  using namespace detail;
  const auto [rows, cols, batch] = shape_;
  const std::size_t m = cols / 2, bins = m + 1;
  const Complex<T>* rows_in = in;
  if (options_.kernels == Kernels::tiles) {
    if (rows > 1) {
      if (column_.long_pass) long_columns_.execute(in, scratch_.data(), Direction::inverse, stream_);
      else launch_tile_c2c<T>(tile_launch(column_, column_args(rows, column_.group, bins), stream_), true, in, scratch_.data(), true, T(1));
      rows_in = scratch_.data();
    }
    launch_tile_c2r_rows<T>(tile_launch(row_, row_args(m, row_.group, rows * batch, bins, m), stream_), rows_in,
                            reinterpret_cast<Complex<T>*>(out), split_table_.data());
    return;
  }
  if (rows > 1) {
    launch_c2c<T, true>(in, scratch_.data(), column_args(rows, column_.group, bins), column_, column_table_.data(), true, T(1), stream_);
    rows_in = scratch_.data();
  }
  const Pass2dArgs a = row_args(m, row_.group, rows * batch, bins, m);
  with_kernel_shape(row_, [&](auto nb, auto lr) {
    auto* k = &c2r_rows_kernel<T, decltype(nb)::value, decltype(lr)::value>;
    cuda::allow_shared(reinterpret_cast<const void*>(k), row_.shared_bytes);
    k<<<static_cast<unsigned>(row_.blocks), row_.threads, row_.shared_bytes, stream_>>>(
        rows_in, reinterpret_cast<Complex<T>*>(out), a, half_table_.data(), split_table_.data());
  });
  COURSE_CUDA_CHECK_LAUNCH();
}

template <class T>
std::string RealPlan2D<T>::describe() const {
  std::ostringstream s;
  s << "10_2d_real R2C/C2R " << precision_name<T>() << " " << shape_.str() << "\n  row pass (packed " << shape_.cols / 2
    << "-point FFT + split): " << row_.str();
  if (shape_.rows > 1) s << "\n  column pass over " << half_cols() << " columns: " << column_.str();
  s << "\n  shared memory: " << limit_.bytes / 1024 << " KiB per block at most (from " << limit_.source << ")";
  return s.str();
}

// ---------------------------------------------------------------- OTF, fused

inline void require_pupil(const Shape& s, const PupilSpec& p) {
  if (!(p.radius > 0)) refuse_shape(s, "pupil radius " + std::to_string(p.radius) + ": the aperture needs a radius > 0 samples");
}

template <class T>
OtfPipeline<T>::OtfPipeline(std::size_t rows, std::size_t cols, std::size_t batch, const PupilSpec& pupil, cudaStream_t stream,
                            const Options& options)
    : shape_{rows, cols, batch}, pupil_(pupil), options_(options), stream_(stream) {
  using namespace detail;
  require_c2c_shape(shape_);
  require_pupil(shape_, pupil);
  require_options(shape_, options);
  if (options.column_method != ColumnMethod::grouped)
    refuse_shape(shape_, "column method = transpose: the fused pipeline's kernel 2 needs whole columns in one block");
  if (options.column_group) require_column_group(shape_, options.column_group);
  require_log_radix(shape_, options.log_radix);
  scale_ = 1.0 / (static_cast<double>(rows) * cols * static_cast<double>(aperture_samples(rows, cols, pupil.radius)));
  const std::size_t all_rows = rows * batch;
  limit_ = plan_limit(options);
  if (options.kernels == Kernels::tiles) {
    row_ = tile_pass<T>(cols, all_rows, 1, false, limit_.bytes);
    column_ = tile_pass<T>(rows, cols, batch, true, limit_.bytes);
    if (row_.long_pass || column_.long_pass) {
      // A side no tile holds on this GPU: the fused kernels need whole rows and columns in one
      // block, so the pipeline runs unfused, as the cuFFT baseline does, on this chapter's 2D plan.
      Options c2c;
      c2c.shared_limit_bytes = limit_.bytes;
      unfused_ = std::make_unique<Plan2D<T>>(rows, cols, batch, stream, c2c);
      return;
    }
    require_grid(shape_, row_.blocks, "the row pass");
    require_grid(shape_, column_.blocks, "the column pass");
    return;
  }
  row_ = fitted_pass_info<T>(cols, row_group<T>(cols, all_rows), all_rows, 1, cols, options.log_radix, limit_);
  const std::size_t cg = detail::column_group<T>(options.column_group, rows, cols, options.log_radix);
  column_ = fitted_pass_info<T>(rows, cg, cols, batch, rows, options.log_radix, limit_);
  require_fits(shape_, row_, "the row pass", limit_);
  require_fits(shape_, column_, "the column pass", limit_);
  row_table_ = upload_table<T>(cols, cols);
  column_table_ = upload_table<T>(rows, rows);
}

template <class T>
void OtfPipeline<T>::execute(Complex<T>* otf, Complex<T>* psf) const {
  using namespace detail;
  const auto [rows, cols, batch] = shape_;
  const Pass2dArgs ra = row_args(cols, row_.group, rows * batch, cols, cols);
  if (unfused_) {
    const long long total = static_cast<long long>(shape_.points() * batch);
    const unsigned blocks = static_cast<unsigned>(ceil_div(static_cast<std::size_t>(total), 256));
    pupil_kernel<T><<<blocks, 256, 0, stream_>>>(otf, static_cast<long long>(rows), static_cast<long long>(cols), total, pupil_);
    COURSE_CUDA_CHECK_LAUNCH();
    unfused_->execute(otf, otf, Direction::inverse);
    intensity_kernel<T><<<blocks, 256, 0, stream_>>>(otf, total);
    COURSE_CUDA_CHECK_LAUNCH();
    if (psf) COURSE_CUDA_CHECK(cudaMemcpyAsync(psf, otf, static_cast<std::size_t>(total) * sizeof(Complex<T>), cudaMemcpyDeviceToDevice, stream_));
    unfused_->execute(otf, otf, Direction::forward);
    scale_kernel<T><<<blocks, 256, 0, stream_>>>(otf, total, static_cast<T>(scale_));
    COURSE_CUDA_CHECK_LAUNCH();
    return;
  }
  if (options_.kernels == Kernels::tiles) {
    launch_tile_pupil_rows<T>(tile_launch(row_, ra, stream_), otf, pupil_, static_cast<long long>(rows));
    launch_tile_otf_columns<T>(tile_launch(column_, column_args(rows, column_.group, cols), stream_), otf, psf);
    launch_tile_c2c<T>(tile_launch(row_, ra, stream_), false, otf, otf, false, static_cast<T>(scale_));
    return;
  }
  with_kernel_shape(row_, [&](auto nb, auto lr) {
    auto* k = &pupil_rows_kernel<T, decltype(nb)::value, decltype(lr)::value>;
    cuda::allow_shared(reinterpret_cast<const void*>(k), row_.shared_bytes);
    k<<<static_cast<unsigned>(row_.blocks), row_.threads, row_.shared_bytes, stream_>>>(otf, ra, row_table_.data(), pupil_,
                                                                                        static_cast<long long>(shape_.rows));
  });
  COURSE_CUDA_CHECK_LAUNCH();
  const Pass2dArgs ca = column_args(rows, column_.group, cols);
  with_kernel_shape(column_, [&](auto nb, auto lr) {
    auto* k = &otf_columns_kernel<T, decltype(nb)::value, decltype(lr)::value>;
    cuda::allow_shared(reinterpret_cast<const void*>(k), column_.shared_bytes);
    k<<<static_cast<unsigned>(column_.blocks), column_.threads, column_.shared_bytes, stream_>>>(otf, psf, ca, column_table_.data());
  });
  COURSE_CUDA_CHECK_LAUNCH();
  launch_c2c<T, false>(otf, otf, ra, row_, row_table_.data(), false, static_cast<T>(scale_), stream_);
}

template <class T>
std::string OtfPipeline<T>::describe() const {
  std::ostringstream s;
  s << "10_2d_real OTF pipeline " << precision_name<T>() << " " << shape_.str() << ", pupil radius " << pupil_.radius;
  if (unfused_) {
    s << "\n  unfused (a side has no tile on this GPU): pupil, inverse 2D, |.|^2, forward 2D, scale; the 2D plan:\n"
      << unfused_->describe();
    return s.str();
  }
  s << "\n  kernel 1 (pupil + inverse rows): " << row_.str() << "\n  kernel 2 (inverse columns, |.|^2, forward columns): "
    << column_.str() << "\n  kernel 3 (forward rows, scaled): " << row_.str();
  s << "\n  shared memory: " << limit_.bytes / 1024 << " KiB per block at most (from " << limit_.source << ")";
  return s.str();
}

// ---------------------------------------------------------------- OTF, cuFFT

template <class T>
CufftOtfPipeline<T>::CufftOtfPipeline(std::size_t rows, std::size_t cols, std::size_t batch, const PupilSpec& pupil,
                                      cudaStream_t stream)
    : shape_{rows, cols, batch}, pupil_(pupil), stream_(stream) {
  require_c2c_shape(shape_);
  require_pupil(shape_, pupil);
  scale_ = 1.0 / (static_cast<double>(rows) * cols * static_cast<double>(aperture_samples(rows, cols, pupil.radius)));
  int n[2] = {static_cast<int>(rows), static_cast<int>(cols)};
  cufftHandle h;
  COURSE_CUFFT_CHECK(cufftPlanMany(&h, 2, n, nullptr, 1, 0, nullptr, 1, 0, sizeof(T) == 4 ? CUFFT_C2C : CUFFT_Z2Z,
                                   static_cast<int>(batch)));
  plan_ = static_cast<int>(h);
  COURSE_CUFFT_CHECK(cufftSetStream(h, stream));
}

template <class T>
CufftOtfPipeline<T>::~CufftOtfPipeline() { cufftDestroy(static_cast<cufftHandle>(plan_)); }

template <class T>
void CufftOtfPipeline<T>::execute(Complex<T>* otf) const {
  using namespace detail;
  const auto h = static_cast<cufftHandle>(plan_);
  const long long total = static_cast<long long>(shape_.points() * shape_.batch);
  const unsigned blocks = static_cast<unsigned>(ceil_div(static_cast<std::size_t>(total), 256));
  pupil_kernel<T><<<blocks, 256, 0, stream_>>>(otf, static_cast<long long>(shape_.rows), static_cast<long long>(shape_.cols), total, pupil_);
  COURSE_CUDA_CHECK_LAUNCH();
  if constexpr (sizeof(T) == 4) {
    auto* d = reinterpret_cast<cufftComplex*>(otf);
    COURSE_CUFFT_CHECK(cufftExecC2C(h, d, d, CUFFT_INVERSE));
    intensity_kernel<T><<<blocks, 256, 0, stream_>>>(otf, total);
    COURSE_CUDA_CHECK_LAUNCH();
    COURSE_CUFFT_CHECK(cufftExecC2C(h, d, d, CUFFT_FORWARD));
  } else {
    auto* d = reinterpret_cast<cufftDoubleComplex*>(otf);
    COURSE_CUFFT_CHECK(cufftExecZ2Z(h, d, d, CUFFT_INVERSE));
    intensity_kernel<T><<<blocks, 256, 0, stream_>>>(otf, total);
    COURSE_CUDA_CHECK_LAUNCH();
    COURSE_CUFFT_CHECK(cufftExecZ2Z(h, d, d, CUFFT_FORWARD));
  }
  scale_kernel<T><<<blocks, 256, 0, stream_>>>(otf, total, static_cast<T>(scale_));
  COURSE_CUDA_CHECK_LAUNCH();
}

}  // namespace course::twod
