#include "04_threads/v1_spawn_per_stage.hpp"

#include <thread>
#include <vector>

#include "04_threads/partition.hpp"

namespace course::ch04 {

namespace {

// Starts p threads running part(rank) and joins them all: the whole cost v1 pays per stage.
template <class Part>
void start_and_join(int p, const Part& part) {
  std::vector<std::thread> workers;
  workers.reserve(static_cast<std::size_t>(p));
  try {
    for (int r = 0; r < p; ++r) workers.emplace_back(part, r);
  } catch (...) {  // a thread that could not start: join those that did, then report it
    for (auto& w : workers) w.join();
    throw;
  }
  for (auto& w : workers) w.join();
}

}  // namespace

template <class T>
V1SpawnPerStage<T>::V1SpawnPerStage(std::size_t n, int threads)
    : n_((require_size(n), n)), threads_(clamp_threads(n, threads)), tw_(n) {}

template <class T>
void V1SpawnPerStage<T>::execute(std::span<const Complex<T>> in, std::span<Complex<T>> out, Direction dir) {
  require_buffers<T>(in, out, n_);
  if (dir == Direction::inverse) run<Direction::inverse>(in.data(), out.data());
  else run<Direction::forward>(in.data(), out.data());
}

template <class T>
template <Direction dir>
void V1SpawnPerStage<T>::run(const Complex<T>* in, Complex<T>* out) {
  const std::size_t n = n_;
  const int p = threads_;
  const std::span<Complex<T>> x(out, n);
  start_and_join(p, [&](int r) {
    const Range idx = share(n, p, r, 8);
    bit_reverse_part(in, out, n, idx.begin, idx.end);
  });
  for (unsigned s = 0; s < tw_.stages(); ++s) {
    start_and_join(p, [&](int r) {
      const Range k = share(n / 2, p, r, 8);
      radix2_stage<dir, T>(x, tw_.stage_twiddles(s), std::size_t{1} << s, k.begin, k.end);
    });
  }
}

template class V1SpawnPerStage<float>;
template class V1SpawnPerStage<double>;

}  // namespace course::ch04
