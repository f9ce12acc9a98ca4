// Lab 11's answer (what ./course lab 11 --solution grades), in the lab's plain layout: rows of
// N2 points, no padding. It is the exchange of the chapter's first kernel version,
// ClusterFft<T, LOGN, false>::gather in cluster_fft.hpp: the same thread mapping (c2 = tid mod
// C2, n1 = tid / C2 + j P), the holder as n1 >> logc1 (block) and n1 & (C1 - 1) (row), on 09's
// padded rows (radixn::pad), the twiddles from PassTwiddles; phase 2 stores X[k2 + N2 k1]
// (phase2_args: stride 1 along k2, L = N2). The grader checks its expected values against that
// gather on the chapter's shapes.
#pragma once

#include <cstddef>
#include <cstdint>

#include "11_clusters/lab/shape.hpp"
#include "common/complex.hpp"
#include "common/twiddle.hpp"

namespace lab11 {

using course::Complex;

inline Place holder(const Shape& s, std::size_t n1) { return {n1 / s.c1(), n1 % s.c1()}; }

template <class T, class Remote>
void gather(const Shape& s, std::size_t rank, std::size_t tid, std::size_t threads, Remote&& remote, Complex<T>* v) {
  const std::size_t c2 = tid % s.c2(), k2 = rank * s.c2() + c2, p = threads / s.c2();
  for (std::size_t j = 0; j < s.n1 / p; ++j) {
    const std::size_t n1 = tid / s.c2() + j * p;
    const Place h = holder(s, n1);
    v[j] = remote(h.block)[h.row * s.n2 + k2] * course::twiddle<T>(static_cast<std::int64_t>(n1 * k2), static_cast<std::int64_t>(s.n()));
  }
}

inline std::size_t output_index(const Shape& s, std::size_t k2, std::size_t k1) { return k2 + s.n2 * k1; }

}  // namespace lab11
