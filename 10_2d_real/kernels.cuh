// The chapter's kernels. Each block loads `group` whole transforms (rows, or adjacent columns)
// into shared memory, runs every Stockham stage there (stockham_thread.hpp) and writes them back:
// one read and one write of global memory per pass, whatever the length.
//
// Shared-memory layout: rows one after another (element j of row c at c L + j); columns
// interleaved (element j of column c at j G + c), which is the order they arrive in from a
// row-major matrix, so the loads are contiguous in both global and shared memory.
#pragma once

#include <cuda_runtime.h>

#include "10_2d_real/optics.hpp"
#include "10_2d_real/pass_layout.hpp"
#include "10_2d_real/real_split.hpp"
#include "10_2d_real/stockham_thread.hpp"
#include "common/complex.hpp"

namespace course::twod {

inline constexpr int kMaxThreads = 512;

template <bool Interleaved>
__device__ __forceinline__ void element_of(int idx, int log_len, int log_group, int& c, int& j) {
  if constexpr (Interleaved) { c = idx & ((1 << log_group) - 1); j = idx >> log_group; }
  else { j = idx & ((1 << log_len) - 1); c = idx >> log_len; }
}

// One stage of radix R; PER butterflies per thread (blockDim * PER * R = G L).
template <class T, int R, int PER, bool Interleaved, int LogRadix>
__device__ __forceinline__ void smem_stage(Complex<T>* s, int log_len, int log_group, int ns, const Complex<T>* tw, bool inverse) {
  const int len = 1 << log_len;
  const int log_bf = log_len - (R == 2 ? 1 : R == 4 ? 2 : R == 8 ? 3 : 4);  // butterflies per transform: L / R
  const int total = 1 << (log_bf + log_group);
  const int js = Interleaved ? (1 << log_group) : 1;
  Complex<T> a[PER][R];
#pragma unroll
  for (int m = 0; m < PER; ++m) {
    const int q = threadIdx.x + m * blockDim.x;
    if (q < total) {
      int c, j;
      element_of<Interleaved>(q, log_bf, log_group, c, j);
      stage_load<T, R, LogRadix>(s, Interleaved ? c : c << log_len, js, j, len, a[m]);
    }
  }
  __syncthreads();
#pragma unroll
  for (int m = 0; m < PER; ++m) {
    const int q = threadIdx.x + m * blockDim.x;
    if (q < total) {
      int c, j;
      element_of<Interleaved>(q, log_bf, log_group, c, j);
      stage_butterfly<T, R>(a[m], j, ns, len, tw, inverse);
      stage_store<T, R, LogRadix>(s, Interleaved ? c : c << log_len, js, j, ns, a[m]);
    }
  }
  __syncthreads();
}

// Every stage of the plan (stockham_thread.hpp). A thread holds E = NB 2^LogRadix points per
// stage: E / R butterflies of radix R.
template <class T, int NB, bool Interleaved, int LogRadix>
__device__ __forceinline__ void smem_fft(Complex<T>* s, int log_len, int log_group, const Complex<T>* tw, bool inverse) {
  constexpr int E = NB << LogRadix;
  const int stages = stage_count<LogRadix>(log_len);
  int ns = 1;
  for (int st = 0; st < stages; ++st) {
    const int lr = stage_log_radix<LogRadix>(log_len, st);
    switch (lr) {
      case 1: smem_stage<T, 2, E / 2, Interleaved, LogRadix>(s, log_len, log_group, ns, tw, inverse); break;
      case 2: smem_stage<T, 4, E / 4, Interleaved, LogRadix>(s, log_len, log_group, ns, tw, inverse); break;
      case 3:
        if constexpr (LogRadix >= 3) smem_stage<T, 8, E / 8, Interleaved, LogRadix>(s, log_len, log_group, ns, tw, inverse);
        break;
      default:
        if constexpr (LogRadix >= 4) smem_stage<T, 16, E / 16, Interleaved, LogRadix>(s, log_len, log_group, ns, tw, inverse);
        break;
    }
    ns <<= lr;
  }
}

// Block -> (slice, first transform); element (c, j) of the block -> its global offset, or -1
// past the last transform of the slice (a partial group: the R2C columns, odd batches).
struct BlockPlace {
  long long slice, first;
  __device__ BlockPlace(const Pass2dArgs& a) {
    slice = blockIdx.x / a.groups_per_slice;
    first = (blockIdx.x - slice * a.groups_per_slice) << a.log_group;
  }
  __device__ long long offset(const Pass2dArgs& a, const Layout& l, int c, int j) const {
    const long long i = first + c;
    if (i >= a.per_slice) return -1;
    return slice * l.slice_dist + i * l.dist + j * l.stride;
  }
};

extern __shared__ unsigned char twod_shared[];

template <class T>
__device__ __forceinline__ Complex<T>* shared_complex() { return reinterpret_cast<Complex<T>*>(twod_shared); }

template <class T, bool Interleaved, int LogRadix>
__device__ __forceinline__ void load_group(const Complex<T>* in, Complex<T>* s, const Pass2dArgs& a, const BlockPlace& p) {
  const int elems = 1 << (a.log_len + a.log_group);
  for (int idx = threadIdx.x; idx < elems; idx += blockDim.x) {
    int c, j;
    element_of<Interleaved>(idx, a.log_len, a.log_group, c, j);
    const long long off = p.offset(a, a.in, c, j);
    s[smem_slot<LogRadix>(idx)] = off >= 0 ? in[off] : Complex<T>{T(0), T(0)};
  }
  __syncthreads();
}

template <class T, bool Interleaved, int LogRadix>
__device__ __forceinline__ void store_group(const Complex<T>* s, Complex<T>* out, const Pass2dArgs& a, const BlockPlace& p, T scale) {
  const int elems = 1 << (a.log_len + a.log_group);
  for (int idx = threadIdx.x; idx < elems; idx += blockDim.x) {
    int c, j;
    element_of<Interleaved>(idx, a.log_len, a.log_group, c, j);
    const long long off = p.offset(a, a.out, c, j);
    if (off >= 0) out[off] = s[smem_slot<LogRadix>(idx)] * scale;
  }
}

// Row pass or column pass of a C2C transform (in == out allowed: a block reads all it writes
// before writing, and blocks own disjoint transforms).
template <class T, int NB, bool Interleaved, int LogRadix>
__global__ void __launch_bounds__(kMaxThreads) c2c_pass_kernel(const Complex<T>* in, Complex<T>* out, Pass2dArgs a,
                                                               const Complex<T>* __restrict__ tw, bool inverse, T scale) {
  Complex<T>* s = shared_complex<T>();
  const BlockPlace p(a);
  load_group<T, Interleaved, LogRadix>(in, s, a, p);
  smem_fft<T, NB, Interleaved, LogRadix>(s, a.log_len, a.log_group, tw, inverse);
  store_group<T, Interleaved, LogRadix>(s, out, a, p, scale);
}

// R2C row pass: M = N/2 packed points per row in, M + 1 bins per row out (split after the FFT).
// split_tw[k] = w(k, N), k = 0 .. M.
template <class T, int NB, int LogRadix>
__global__ void __launch_bounds__(kMaxThreads) r2c_rows_kernel(const Complex<T>* in, Complex<T>* out, Pass2dArgs a,
                                                               const Complex<T>* __restrict__ tw,
                                                               const Complex<T>* __restrict__ split_tw) {
  Complex<T>* s = shared_complex<T>();
  const BlockPlace p(a);
  load_group<T, false, LogRadix>(in, s, a, p);
  smem_fft<T, NB, false, LogRadix>(s, a.log_len, a.log_group, tw, false);
  const int m = 1 << a.log_len, bins = m + 1;
  const int elems = bins << a.log_group;
  for (int idx = threadIdx.x; idx < elems; idx += blockDim.x) {
    const int c = idx / bins, k = idx - c * bins;
    const long long off = p.offset(a, a.out, c, k);
    if (off < 0) continue;
    const int row = c << a.log_len;
    out[off] = r2c_split(s[smem_slot<LogRadix>(row + (k & (m - 1)))], s[smem_slot<LogRadix>(row + ((m - k) & (m - 1)))], split_tw[k]);
  }
}

// C2R row pass: M + 1 bins per row in, merged into M packed points, inverse FFT, N reals out.
template <class T, int NB, int LogRadix>
__global__ void __launch_bounds__(kMaxThreads) c2r_rows_kernel(const Complex<T>* in, Complex<T>* out, Pass2dArgs a,
                                                               const Complex<T>* __restrict__ tw,
                                                               const Complex<T>* __restrict__ split_tw) {
  constexpr int E = NB << LogRadix;
  Complex<T>* s = shared_complex<T>();
  const BlockPlace p(a);
  const int m = 1 << a.log_len, bins = m + 1;
  for (int idx = threadIdx.x; idx < (bins << a.log_group); idx += blockDim.x) {
    const int c = idx / bins, k = idx - c * bins;
    const long long off = p.offset(a, a.in, c, k);
    s[smem_slot<LogRadix>(idx)] = off >= 0 ? in[off] : Complex<T>{T(0), T(0)};
  }
  __syncthreads();
  // Each thread merges at most E points (blockDim * E >= G M); held in registers across the
  // barrier because the packed rows (stride M) overwrite the bins (stride M + 1) they come from.
  Complex<T> z[E];
#pragma unroll
  for (int r = 0; r < E; ++r) {
    const int idx = threadIdx.x + r * blockDim.x;
    if (idx < (m << a.log_group)) {
      const int c = idx >> a.log_len, k = idx & (m - 1);
      z[r] = c2r_merge(s[smem_slot<LogRadix>(c * bins + k)], s[smem_slot<LogRadix>(c * bins + m - k)], split_tw[k], k == 0);
    }
  }
  __syncthreads();
#pragma unroll
  for (int r = 0; r < E; ++r) {
    const int idx = threadIdx.x + r * blockDim.x;
    if (idx < (m << a.log_group)) s[smem_slot<LogRadix>(idx)] = z[r];
  }
  __syncthreads();
  smem_fft<T, NB, false, LogRadix>(s, a.log_len, a.log_group, tw, true);
  store_group<T, false, LogRadix>(s, out, a, p, T(1));
}

// OTF kernel 1: the pupil is computed where it is needed, then the inverse row transforms.
// Transform i is row i mod rows of batch item i / rows.
template <class T, int NB, int LogRadix>
__global__ void __launch_bounds__(kMaxThreads) pupil_rows_kernel(Complex<T>* out, Pass2dArgs a, const Complex<T>* __restrict__ tw,
                                                                 PupilSpec pupil, long long rows) {
  Complex<T>* s = shared_complex<T>();
  const BlockPlace p(a);
  const int elems = 1 << (a.log_len + a.log_group);
  for (int idx = threadIdx.x; idx < elems; idx += blockDim.x) {
    int c, j;
    element_of<false>(idx, a.log_len, a.log_group, c, j);
    const long long i = p.first + c;
    s[smem_slot<LogRadix>(idx)] =
        i < a.per_slice ? pupil_sample<T>(i % rows, j, rows, 1LL << a.log_len, pupil, i / rows) : Complex<T>{T(0), T(0)};
  }
  __syncthreads();
  smem_fft<T, NB, false, LogRadix>(s, a.log_len, a.log_group, tw, true);
  store_group<T, false, LogRadix>(s, out, a, p, T(1));
}

// OTF kernel 2: inverse column transforms end the IFFT2, |.|^2 makes the PSF, and the forward
// column transforms start the FFT2, all without leaving shared memory.
template <class T, int NB, int LogRadix>
__global__ void __launch_bounds__(kMaxThreads) otf_columns_kernel(Complex<T>* data, Complex<T>* psf, Pass2dArgs a,
                                                                  const Complex<T>* __restrict__ tw) {
  Complex<T>* s = shared_complex<T>();
  const BlockPlace p(a);
  load_group<T, true, LogRadix>(data, s, a, p);
  smem_fft<T, NB, true, LogRadix>(s, a.log_len, a.log_group, tw, true);
  const int elems = 1 << (a.log_len + a.log_group);
  for (int idx = threadIdx.x; idx < elems; idx += blockDim.x) s[smem_slot<LogRadix>(idx)] = intensity(s[smem_slot<LogRadix>(idx)]);
  if (psf) store_group<T, true, LogRadix>(s, psf, a, p, T(1));
  __syncthreads();
  smem_fft<T, NB, true, LogRadix>(s, a.log_len, a.log_group, tw, false);
  store_group<T, true, LogRadix>(s, data, a, p, T(1));
}

// batch matrices of rows x cols -> cols x rows, through a 32 x 33 tile (the extra column keeps
// the transposed reads of the tile off a single shared-memory bank).
template <class T>
__global__ void transpose_kernel(const Complex<T>* __restrict__ in, Complex<T>* __restrict__ out, int rows, int cols) {
  __shared__ Complex<T> tile[32][33];
  const long long matrix = static_cast<long long>(blockIdx.z) * rows * cols;
  const int c0 = blockIdx.x * 32, r0 = blockIdx.y * 32;
  for (int dy = threadIdx.y; dy < 32; dy += blockDim.y) {
    const int r = r0 + dy, c = c0 + threadIdx.x;
    if (r < rows && c < cols) tile[dy][threadIdx.x] = in[matrix + static_cast<long long>(r) * cols + c];
  }
  __syncthreads();
  for (int dy = threadIdx.y; dy < 32; dy += blockDim.y) {
    const int c = c0 + dy, r = r0 + threadIdx.x;
    if (r < rows && c < cols) out[matrix + static_cast<long long>(c) * rows + r] = tile[threadIdx.x][dy];
  }
}

// The cuFFT pipeline's elementwise steps, one thread per sample.
template <class T>
__global__ void pupil_kernel(Complex<T>* out, long long rows, long long cols, long long total, PupilSpec pupil) {
  const long long i = blockIdx.x * static_cast<long long>(blockDim.x) + threadIdx.x;
  if (i >= total) return;
  const long long item = i / (rows * cols), within = i - item * rows * cols;
  out[i] = pupil_sample<T>(within / cols, within % cols, rows, cols, pupil, item);
}

template <class T>
__global__ void intensity_kernel(Complex<T>* data, long long total) {
  const long long i = blockIdx.x * static_cast<long long>(blockDim.x) + threadIdx.x;
  if (i < total) data[i] = intensity(data[i]);
}

template <class T>
__global__ void scale_kernel(Complex<T>* data, long long total, T scale) {
  const long long i = blockIdx.x * static_cast<long long>(blockDim.x) + threadIdx.x;
  if (i < total) data[i] = data[i] * scale;
}

}  // namespace course::twod
