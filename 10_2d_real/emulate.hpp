// The shared-memory FFT of the kernels, run on the CPU with the same per-thread functions: for
// each stage, every butterfly loads (the kernels' first phase), then every butterfly computes and
// stores (after the barrier). `s` holds `group` transforms of 2^log_len points, rows one after
// another or columns interleaved, exactly as the kernels keep them in shared memory.
#pragma once

#include <vector>

#include "10_2d_real/stockham_thread.hpp"
#include "common/complex.hpp"

namespace course::twod {

template <class T, int R>
void emulate_stage(std::vector<Complex<T>>& s, int log_len, int group, bool interleaved, int ns, const Complex<T>* table, bool inverse) {
  const int len = 1 << log_len, per = len / R, total = per * group;
  std::vector<Complex<T>> regs(static_cast<std::size_t>(total) * R);
  auto place = [&](int q, int& c, int& j) {
    if (interleaved) { c = q % group; j = q / group; } else { c = q / per; j = q % per; }
  };
  const int js = interleaved ? group : 1;
  for (int q = 0; q < total; ++q) {
    int c, j;
    place(q, c, j);
    Complex<T> a[R];
    stage_load<T, R>(s.data() + (interleaved ? c : c * len), js, j, len, a);
    for (int r = 0; r < R; ++r) regs[static_cast<std::size_t>(q) * R + r] = a[r];
  }
  for (int q = 0; q < total; ++q) {  // after the barrier
    int c, j;
    place(q, c, j);
    Complex<T> a[R];
    for (int r = 0; r < R; ++r) a[r] = regs[static_cast<std::size_t>(q) * R + r];
    stage_butterfly<T, R>(a, j, ns, len, table, inverse);
    stage_store<T, R>(s.data() + (interleaved ? c : c * len), js, j, ns, a);
  }
}

template <class T>
void emulate_smem_fft(std::vector<Complex<T>>& s, int log_len, int group, bool interleaved, const Complex<T>* table, bool inverse) {
  int ns = 1;
  if (starts_with_radix2(log_len)) {
    emulate_stage<T, 2>(s, log_len, group, interleaved, 1, table, inverse);
    ns = 2;
  }
  for (; ns < (1 << log_len); ns <<= 2) emulate_stage<T, 4>(s, log_len, group, interleaved, ns, table, inverse);
}

}  // namespace course::twod
