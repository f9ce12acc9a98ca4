// The GPU tile on the CPU: every thread of every block, phase by phase, through gpu_tile.hpp
// (the code the kernel runs); shared memory starts as NaN so that a read of a slot no thread
// wrote shows in the result.
#pragma once

#include <limits>
#include <vector>

#include "12_any_n/gpu_shape.hpp"

namespace course::anyn::gpu {

template <class T>
void emulate_tile(std::size_t n, std::size_t batch, const Complex<T>* in, Complex<T>* out, Direction dir) {
  std::vector<Complex<T>> table;
  TileArgs<T> a = make_tile_args<T>(n, batch, dir == Direction::inverse, table);
  a.in = in;
  a.out = out;
  a.twiddles = table.data();
  const T nan = std::numeric_limits<T>::quiet_NaN();
  std::vector<Complex<T>> buf(2 * static_cast<std::size_t>(a.transforms_per_block) * n);
  const std::uint64_t blocks = (batch + a.transforms_per_block - 1) / a.transforms_per_block;
  const auto each = [](auto&& phase) {
    for (unsigned tid = 0; tid < static_cast<unsigned>(kBlockThreads); ++tid) phase(tid, static_cast<unsigned>(kBlockThreads));
  };
  for (std::uint64_t b = 0; b < blocks; ++b) {
    std::fill(buf.begin(), buf.end(), Complex<T>{nan, nan});
    run_block(b, a, buf.data(), each, [] {});
  }
}

}  // namespace course::anyn::gpu
