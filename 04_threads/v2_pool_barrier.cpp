#include "04_threads/v2_pool_barrier.hpp"

#include "04_threads/partition.hpp"

namespace course::ch04 {

template <class T>
V2PoolBarrier<T>::V2PoolBarrier(std::size_t n, int threads)
    : n_((require_size(n), n)), tw_(n), team_(clamp_threads(n, threads)) {}

template <class T>
void V2PoolBarrier<T>::execute(std::span<const Complex<T>> in, std::span<Complex<T>> out, Direction dir) {
  require_buffers<T>(in, out, n_);
  if (dir == Direction::inverse) run<Direction::inverse>(in.data(), out.data());
  else run<Direction::forward>(in.data(), out.data());
}

template <class T>
template <Direction dir>
void V2PoolBarrier<T>::run(const Complex<T>* in, Complex<T>* out) {
  const std::size_t n = n_;
  const int p = team_.size();
  const std::span<Complex<T>> x(out, n);
  team_.run([&](int r) {
    const Range idx = share(n, p, r, 8);
    bit_reverse_part(in, out, n, idx.begin, idx.end);
    const Range k = share(n / 2, p, r, 8);  // the same butterflies in every stage
    for (unsigned s = 0; s < tw_.stages(); ++s) {
      team_.sync();  // stage s reads what other threads wrote in stage s - 1 (or the reversal)
      radix2_stage<dir, T>(x, tw_.stage_twiddles(s), std::size_t{1} << s, k.begin, k.end);
    }
  });
}

template class V2PoolBarrier<float>;
template class V2PoolBarrier<double>;

}  // namespace course::ch04
