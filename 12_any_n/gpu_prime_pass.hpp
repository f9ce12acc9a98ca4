// A prime N from 37 to 251 in one pass, without Bluestein: the DFT as butterfly_odd writes it,
// by the pairs j, p - j, but with its sums read from shared memory instead of registers:
//     s_j = x_j + x_(p-j),  d_j = x_j - x_(p-j)                    (j = 1 .. h, h = (p - 1) / 2)
//     X_0 = x_0 + sum s_j,  X_m, X_(p-m) = x_0 + sum_j s_j cos(2 pi j m / p)  -+  i sum_j d_j sin(2 pi j m / p)
// (forward; the inverse is conj(forward(conj x)) as in every pass). A thread computes whole
// output pairs (column c, m), so the h sums of its column are broadcasts to the threads of that
// column; the angles come from the pass's table of p roots, index j m mod p stepped by m.
// 2 p flops a point, where Bluestein's two FFTs of M >= 2p - 1 points move every point about
// ten times (12_any_n/NOTES.md's model).
#pragma once

#include <type_traits>
#include <vector>

#include "12_any_n/gpu_pass.hpp"

namespace course::anyn::gpu {

inline constexpr unsigned kSmallestPairSumPrime = 37, kLargestPairSumPrime = 251;  // a stage's radix is 8 bits

// Whether N is a prime that the pair-sum pass takes (the primes up to 31 have stages of their own).
constexpr bool is_pair_sum_prime(std::size_t n) {
  if (n < kSmallestPairSumPrime || n > kLargestPairSumPrime) return false;
  for (std::size_t d = 2; d * d <= n; ++d)
    if (n % d == 0) return false;
  return true;
}

// Every prime the pair-sum pass takes, ascending.
inline std::vector<std::size_t> pair_sum_primes() {
  std::vector<std::size_t> out;
  for (std::size_t p = kSmallestPairSumPrime; p <= kLargestPairSumPrime; ++p)
    if (is_pair_sum_prime(p)) out.push_back(p);
  return out;
}

// The output pairs (m = 1 .. h, and m = 0 for X_0 alone) a thread keeps between computing them and
// writing them: C (h + 1) tasks for at least C p / 16 threads, at most 8 (p + 1) / p < 9 a thread.
inline constexpr int kPairsPerThread = 9;

template <class T>
struct PairRegs {
  Complex<T> plus[kPairsPerThread], minus[kPairsPerThread];
};

#if defined(__CUDACC__)
// On the GPU, a thread's pairs are its own locals, whatever tid.
template <class T>
struct OwnPairRegs {
  PairRegs<T> r;
  __device__ PairRegs<T>& operator()(unsigned) { return r; }
};
#endif

// A thread's output pairs: its u-th task, if it exists, is column c's pair m (m = 0: X_0 alone);
// f(u, c, m) for each. The same tasks in both phases, so a pair stays in the thread that summed it.
template <class F>
FFT_HD COURSE_FORCEINLINE void each_pair_task(unsigned tid, unsigned threads, std::uint32_t valid, std::uint32_t h, Divisor per_task,
                                              F&& f) {
  COURSE_UNROLL
  for (int u = 0; u < kPairsPerThread; ++u) {
    const std::uint32_t task = tid + static_cast<std::uint32_t>(u) * threads;
    if (task >= valid * (h + 1)) continue;
    const std::uint32_t c = divide(task, per_task);
    f(u, c, task - c * (h + 1));
  }
}

// One block: load (as any pass), the pairs in place, the output pairs into registers, the block
// waits, the outputs back in place, store (as any pass). regs(tid): the thread's PairRegs.
template <class T, class Each, class Barrier, class Regs>
FFT_HD COURSE_FORCEINLINE void run_pair_sum_block(std::uint64_t block, const MixedPassArgs<T>& a, Complex<T>* buf, Each&& each,
                                                  Barrier&& barrier, Regs&& regs) {
  const std::uint32_t p = a.l, h = (p - 1) / 2, valid = valid_columns(a, block);
  const Divisor per_pair = make_divisor(h), per_task = make_divisor(h + 1);
  each([&](unsigned tid, unsigned threads) { load(tid, threads, block, a, buf); });
  barrier();
  // s_j in x_j's place, d_j in x_(p-j)'s.
  each([&](unsigned tid, unsigned threads) {
    for (std::uint32_t i = tid; i < valid * h; i += threads) {
      const std::uint32_t c = divide(i, per_pair), j = i - c * h + 1;
      const Complex<T> x = buf[c * p + j], y = buf[c * p + p - j];
      buf[c * p + j] = x + y;
      buf[c * p + p - j] = x - y;
    }
  });
  barrier();
  const Complex<T>* roots = a.stage_twiddles + a.stage[0].offset;  // w(e, p) = exp(-2 pi i e / p)
  // Float sums in double: h terms summed in float put the error above cuFFT's (emulated, p = 37
  // to 127: 0.72-0.98 of Bluestein's, which is 1.0-1.44 of cuFFT's); the loads, not the
  // arithmetic, bound the pass.
  using Acc = std::conditional_t<sizeof(T) == 4, double, T>;
  each([&](unsigned tid, unsigned threads) {
    PairRegs<T>& r = regs(tid);
    each_pair_task(tid, threads, valid, h, per_task, [&](int u, std::uint32_t c, std::uint32_t m) {
      const Complex<T>* col = buf + c * p;
      Complex<Acc> re(col[0]), im{};
      if (m == 0) {
        for (std::uint32_t j = 1; j <= h; ++j) re = re + Complex<Acc>(col[j]);
        r.plus[u] = Complex<T>(re);
        return;
      }
      std::uint32_t e = 0;  // j m mod p
      for (std::uint32_t j = 1; j <= h; ++j) {
        e += m;
        if (e >= p) e -= p;
        const Complex<T> w = read_only(roots + e);  // cos = w.re, sin = -w.im
        re = re + Complex<Acc>(col[j]) * static_cast<Acc>(w.re);
        im = im - Complex<Acc>(col[p - j]) * static_cast<Acc>(w.im);
      }
      im = rotate<1, 4, Direction::forward>(im);
      r.plus[u] = Complex<T>(re + im);
      r.minus[u] = Complex<T>(re - im);
    });
  });
  barrier();  // every sum read before any output lands in the same buffer
  each([&](unsigned tid, unsigned threads) {
    PairRegs<T>& r = regs(tid);
    each_pair_task(tid, threads, valid, h, per_task, [&](int u, std::uint32_t c, std::uint32_t m) {
      buf[c * p + m] = r.plus[u];
      if (m) buf[c * p + p - m] = r.minus[u];
    });
  });
  barrier();
  each([&](unsigned tid, unsigned threads) { store(tid, threads, block, a, buf); });
}

}  // namespace course::anyn::gpu
