// The shared-memory FFT of the kernels, run on the CPU with the same per-thread functions: for
// each stage, every butterfly loads (the kernels' first phase), then every butterfly computes and
// stores (after the barrier). `x` holds `group` transforms of 2^log_len points, rows one after
// another or columns interleaved, exactly as the kernels order them; inside, they sit in a
// buffer of smem_slots() slots at smem_slot() positions, as in shared memory, and every access
// is checked to stay inside that buffer (the kernels' dynamic shared-memory size).
#pragma once

#include <stdexcept>
#include <vector>

#include "10_2d_real/stockham_thread.hpp"
#include "common/complex.hpp"

namespace course::twod {

template <class T, int R, int LogRadix>
void emulate_stage(std::vector<Complex<T>>& s, int log_len, int group, bool interleaved, int ns, const Complex<T>* table,
                   bool inverse) {
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
    stage_load<T, R, LogRadix>(s.data(), interleaved ? c : c * len, js, j, len, a);
    for (int r = 0; r < R; ++r) regs[static_cast<std::size_t>(q) * R + r] = a[r];
  }
  for (int q = 0; q < total; ++q) {  // after the barrier
    int c, j;
    place(q, c, j);
    Complex<T> a[R];
    for (int r = 0; r < R; ++r) a[r] = regs[static_cast<std::size_t>(q) * R + r];
    stage_butterfly<T, R>(a, j, ns, len, table, inverse);
    stage_store<T, R, LogRadix>(s.data(), interleaved ? c : c * len, js, j, ns, a);
  }
}

template <class T, int LogRadix>
void emulate_smem_fft(std::vector<Complex<T>>& x, int log_len, int group, bool interleaved, const Complex<T>* table, bool inverse) {
  const int points = group << log_len;
  // Every logical element must map to its own slot inside the allocation.
  std::vector<int> used(static_cast<std::size_t>(smem_slots<LogRadix>(points)), 0);
  for (int i = 0; i < points; ++i) {
    const int slot = smem_slot<LogRadix>(i);
    if (slot < 0 || slot >= static_cast<int>(used.size()) || used[slot]++)
      throw std::logic_error("shared-memory slot map is not one to one inside smem_slots()");
  }
  std::vector<Complex<T>> s(used.size(), Complex<T>{T(1e30), T(1e30)});
  for (int i = 0; i < points; ++i) s[smem_slot<LogRadix>(i)] = x[i];
  int ns = 1;
  for (int st = 0; st < stage_count<LogRadix>(log_len); ++st) {
    const int lr = stage_log_radix<LogRadix>(log_len, st);
    switch (lr) {
      case 1: emulate_stage<T, 2, LogRadix>(s, log_len, group, interleaved, ns, table, inverse); break;
      case 2: emulate_stage<T, 4, LogRadix>(s, log_len, group, interleaved, ns, table, inverse); break;
      case 3: emulate_stage<T, 8, LogRadix>(s, log_len, group, interleaved, ns, table, inverse); break;
      case 4: emulate_stage<T, 16, LogRadix>(s, log_len, group, interleaved, ns, table, inverse); break;
      default: throw std::logic_error("stage radix above 16");
    }
    if (lr > LogRadix) throw std::logic_error("stage radix above the plan's");
    ns <<= lr;
  }
  if (ns != (1 << log_len)) throw std::logic_error("stage radices do not multiply to L");
  for (int i = 0; i < points; ++i) x[i] = s[smem_slot<LogRadix>(i)];
}

}  // namespace course::twod
