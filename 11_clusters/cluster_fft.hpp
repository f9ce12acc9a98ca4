// What one thread of a cluster transform does, phase by phase, as __host__ __device__ code that
// the GPU kernel (cluster_kernel.cuh) and the CPU emulation (emulate.hpp) both run:
//
//   phase1   09's TileFft on the block's C1 columns: load from global memory, radix-16 stages
//            in shared memory. The results stay there: row c1 holds k1 = 0 .. M1 - 1.
//   -------  cluster barrier: every block's phase-1 results are complete
//   gather   from the shared memory of all K blocks (distributed shared memory), the M2 values
//            of each of this block's C2 rows, times the twiddle w(n2 k1, N), into registers
//   -------  cluster barrier: no block overwrites what another is still reading
//   phase2   C2 DFTs of M2 (TileFft's stages, from the gathered registers), store
//            X[k1 + M1 k2] to global memory (v1: through its own shared memory at both ends)
//
// The four-step identity (09's Part 2) with the transpose done once, through shared memory of
// the cluster instead of a second pass over global memory.
#pragma once

#include <cstdint>

#include "09_radixN/tile_fft.hpp"
#include "11_clusters/cluster_shape.hpp"

namespace course::clusters {

template <class T>
struct ClusterArgs {
  const Complex<T>* in = nullptr;
  Complex<T>* out = nullptr;
  std::uint64_t transforms = 0;
  bool inverse = false;  // inverse = conj(forward(conj(x))), unnormalised like 09 and cuFFT
};

constexpr int max_of(int a, int b) { return a > b ? a : b; }

// REGISTER_IO (09's Io::columns): phase 1 loads its columns from global memory straight into
// the first stage's registers, the gather leaves its values where phase 2's first stage wants
// them, and phase 2's last stage stores from registers: three round trips through shared
// memory and six barriers a block fewer than going through the tile at both ends
// (REGISTER_IO = false, the first version).
template <class T, int LOGN, bool REGISTER_IO = true>
struct ClusterFft {
  static constexpr radixn::Io IO = REGISTER_IO ? radixn::Io::columns : radixn::Io::shared;
  static constexpr ClusterShape S = make_cluster_shape(LOGN, static_cast<int>(sizeof(Complex<T>)));
  static_assert(S.valid(), "no cluster shape for this N and precision");
  using F1 = radixn::TileFft<T, S.logn2, 4, S.log_elements, S.log_budget()>;  // C1 DFTs of M1
  using F2 = radixn::TileFft<T, S.logn1, 4, S.log_elements, S.log_budget()>;  // C2 DFTs of M2
  static_assert(F1::C == (1 << S.logc1()) && F2::C == (1 << S.logc2()),
                "TileFft's block must hold exactly the cluster's share of the transform");
  static_assert(F2::kThreads % F2::C == 0, "a gathering thread keeps one row k1");

  static constexpr int K = S.k();
  static constexpr int C1 = F1::C, C2 = F2::C;
  static constexpr int kThreads = max_of(F1::kThreads, F2::kThreads);
  static constexpr int E = max_of(F1::E, F2::E);  // registers per thread, both phases
  static constexpr int kSharedElements = max_of(F1::C * F1::S.row_stride, F2::C * F2::S.row_stride);
  static constexpr int kSharedBytes = kSharedElements * static_cast<int>(sizeof(Complex<T>));

  // Phase 1 is 09's first pass (columns at stride M2, no pass twiddle); phase 2 its second pass
  // (rows k1 at stride M1 on output, L = M1). Block (t, r) of the grid is block t K + r of each.
  FFT_HD static radixn::TilePassArgs<T> phase1_args(const ClusterArgs<T>& c) {
    radixn::TilePassArgs<T> a;
    a.in = c.in;
    a.transforms = c.transforms << S.logn1;
    a.log_per_batch = S.logn1;
    a.log_l = 0;
    a.in_stride = 1;
    a.in_dist = std::int64_t{1} << LOGN;
    a.in_order = -1;  // neighbouring columns are neighbours in memory: c fastest
    a.conj_in = c.inverse;
    return a;
  }
  FFT_HD static radixn::TilePassArgs<T> phase2_args(const ClusterArgs<T>& c) {
    radixn::TilePassArgs<T> a;
    a.out = c.out;
    a.transforms = c.transforms << S.logn2;
    a.log_per_batch = S.logn2;
    a.log_l = S.logn2;
    a.out_stride = 1;
    a.out_dist = std::int64_t{1} << LOGN;
    a.out_order = -1;  // neighbouring rows k1 are neighbours in memory
    a.conj_out = c.inverse;
    return a;
  }

  template <class Each, class Barrier>
  FFT_HD static void phase1(std::uint64_t transform, int rank, const ClusterArgs<T>& c, Complex<T>* sm, Each&& each,
                            Barrier&& barrier) {
    const auto a = phase1_args(c);
    const std::uint64_t block = transform * K + static_cast<std::uint64_t>(rank);
    if constexpr (REGISTER_IO) {
      each([&](unsigned tid, Complex<T>* v) { F1::template load_registers<IO>(tid, block, a, v); });
      stages_into_tile<0>(a, sm, each, barrier);
    } else {
      each([&](unsigned tid, Complex<T>*) { F1::load(tid, block, a, sm); });
      barrier();
      F1::run_shared_stages(a, sm, each, barrier);
    }
  }

  // Phase 1's stages with register I/O: the first on the registers the load filled, every one
  // writing the tile (09's run_stages, except that the last stage also writes the tile: the
  // other blocks read it from there).
  template <int SI, class Each, class Barrier>
  FFT_HD static void stages_into_tile(const radixn::TilePassArgs<T>& a, Complex<T>* sm, Each& each, Barrier& barrier) {
    if constexpr (SI < F1::kStages) {
      each([&](unsigned tid, Complex<T>* v) { F1::template stage_compute<SI, IO, (SI > 0)>(tid, a, sm, v); });
      if constexpr (SI > 0) barrier();  // every thread has read its inputs before any output overwrites them
      each([&](unsigned tid, Complex<T>* v) { F1::template stage_write<SI, IO>(tid, sm, v); });
      barrier();
      stages_into_tile<SI + 1>(a, sm, each, barrier);
    }
  }

  // Thread tid of phase 2 keeps one row c2 (k1 = rank C2 + c2) and its elements
  // n2 = t + P2 m: with REGISTER_IO the placement of 09's column kernel (TileFft::stage_row,
  // stage_thread, row_slot: m = row_slot<0>(j)), else the column walk of TileFft's load
  // (c2 = tid mod C2, t = tid / C2, m = j). Either way the twiddles w(n2 k1, N) are
  // PassTwiddles'. Element n2 lies in block n2 / C1, row n2 mod C1, at k1. remote(r) is block
  // r's shared memory (the caller's own for r = rank); neighbouring threads read neighbouring k1
  // of one row.
  template <class Remote>
  FFT_HD static void gather(unsigned tid, int rank, Remote&& remote, Complex<T>* v) {
    int c2, t;
    if constexpr (REGISTER_IO) {
      c2 = F2::template stage_row<IO>(tid);
      t = F2::template stage_thread<IO>(tid);
    } else {
      c2 = static_cast<int>(tid) & (C2 - 1);
      t = static_cast<int>(tid) >> S.logc2();
    }
    const int k1 = rank * C2 + c2;
    const typename F2::PassTwiddles w(t, k1, LOGN);
    COURSE_UNROLL
    for (int j = 0; j < F2::E; ++j) {
      const int m = REGISTER_IO ? F2::template row_slot<0>(j) : j;
      const int n2 = t + m * F2::P;
      const Complex<T>* src = remote(n2 >> S.logc1());
      v[j] = src[(n2 & (C1 - 1)) * F1::S.row_stride + radixn::pad(k1)] * w(m);
    }
  }

  template <class Each, class Barrier>
  FFT_HD static void phase2(std::uint64_t transform, int rank, const ClusterArgs<T>& c, Complex<T>* sm, Each&& each,
                            Barrier&& barrier) {
    const auto a = phase2_args(c);
    const std::uint64_t block = transform * K + static_cast<std::uint64_t>(rank);
    if constexpr (REGISTER_IO) {
      // 09's column kernel from its first stage on: the gather filled the registers.
      F2::template run_stages<0, IO>(block, a, sm, each, barrier);
    } else {
      each([&](unsigned tid, Complex<T>* v) {
        const int c2 = static_cast<int>(tid) & (C2 - 1), r0 = static_cast<int>(tid) >> S.logc2();
        COURSE_UNROLL
        for (int j = 0; j < F2::E; ++j) sm[c2 * F2::S.row_stride + radixn::pad(r0 + j * F2::P)] = v[j];
      });
      barrier();
      F2::run_shared_stages(a, sm, each, barrier);
      each([&](unsigned tid, Complex<T>*) { F2::store(tid, block, a, sm); });
    }
  }
};

// The phases' `each` on the GPU: the phase for this thread if the phase's tile has it (the two
// tiles may have different thread counts; the block has the larger).
template <class T, int THREADS>
struct ThisThreadIf {
  unsigned tid;
  Complex<T>* v;
  template <class Phase>
  FFT_HD void operator()(Phase&& phase) const {
    if (tid < static_cast<unsigned>(THREADS)) phase(tid, v);
  }
};

}  // namespace course::clusters
