// A cluster transform on the CPU: the K blocks of each cluster as plain arrays, every thread of
// every block run phase after phase through cluster_fft.hpp, the same code the GPU runs. The two
// cluster barriers become loop boundaries: every block finishes phase 1 before any gathers, and
// every block has gathered before any starts phase 2. Shared memory starts as NaN, so a read of
// a slot no thread wrote shows up in the result.
#pragma once

#include <limits>
#include <vector>

#include "11_clusters/cluster_fft.hpp"
#include "11_clusters/dispatch.hpp"
#include "common/bit_reverse.hpp"

namespace course::clusters {

template <class T, int LOGN, bool REGISTER_IO>
void emulate_cluster_transform(const ClusterArgs<T>& c) {
  using CF = ClusterFft<T, LOGN, REGISTER_IO>;
  const T nan = std::numeric_limits<T>::quiet_NaN();
  std::vector<std::vector<Complex<T>>> sm(CF::K), regs(CF::K);
  for (std::uint64_t t = 0; t < c.transforms; ++t) {
    for (int r = 0; r < CF::K; ++r) {
      sm[r].assign(CF::kSharedElements, Complex<T>{nan, nan});
      regs[r].assign(static_cast<std::size_t>(CF::kThreads) * CF::E, Complex<T>{nan, nan});
      CF::phase1(t, r, c, sm[r].data(), radixn::EveryThread<T>{regs[r].data(), CF::F1::kThreads, CF::E}, [] {});
    }
    for (int r = 0; r < CF::K; ++r)
      for (int tid = 0; tid < CF::F2::kThreads; ++tid)
        CF::gather(static_cast<unsigned>(tid), r, [&](int from) { return static_cast<const Complex<T>*>(sm[from].data()); },
                   regs[r].data() + static_cast<std::size_t>(tid) * CF::E);
    for (int r = 0; r < CF::K; ++r)
      CF::phase2(t, r, c, sm[r].data(), radixn::EveryThread<T>{regs[r].data(), CF::F2::kThreads, CF::E}, [] {});
  }
}

template <class T>
void emulate_cluster(std::size_t n, std::size_t batch, const Complex<T>* in, Complex<T>* out, Direction dir, bool register_io = true) {
  require_cluster_size(n, batch, static_cast<int>(sizeof(Complex<T>)));
  const ClusterArgs<T> c{in, out, batch, dir == Direction::inverse};
  with_cluster_logn<T>(log2_exact(n), [&]<int LOGN>() {
    if (register_io) emulate_cluster_transform<T, LOGN, true>(c);
    else emulate_cluster_transform<T, LOGN, false>(c);
  });
}

}  // namespace course::clusters
