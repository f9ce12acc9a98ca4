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
  if (dir == Direction::inverse) run<true>(in.data(), out.data());
  else run<false>(in.data(), out.data());
}

template <class T>
template <bool Inverse>
void V1SpawnPerStage<T>::run(const Complex<T>* in, Complex<T>* out) {
  const std::size_t n = n_;
  const int p = threads_;
  start_and_join(p, [&](int r) {
    const Range idx = share(n, p, r, 8);
    if (in == out) bit_reverse_swap(out, n, idx.begin, idx.end);
    else bit_reverse_copy(in, out, n, idx.begin, idx.end);
  });
  for (std::size_t half = 1; half < n; half *= 2) {
    const Complex<T>* w = tw_.stage(half);
    start_and_join(p, [&](int r) {
      const Range k = share(n / 2, p, r, 8);
      stage_butterflies<Inverse>(out, half, w, k.begin, k.end);
    });
  }
}

template class V1SpawnPerStage<float>;
template class V1SpawnPerStage<double>;

}  // namespace course::ch04
