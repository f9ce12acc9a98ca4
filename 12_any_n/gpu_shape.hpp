// The host side of the GPU tile: which N it takes, the stage table, the twiddle table and how
// many transforms share a block. Plain C++: the emulation and the GPU plan both build from it.
#pragma once

#include <string>
#include <vector>

#include "12_any_n/factor.hpp"
#include "12_any_n/gpu_tile.hpp"
#include "common/twiddle.hpp"

namespace course::anyn::gpu {

// Two buffers of N points must fit one block's shared memory: at most 96 KiB, which every GPU
// from consumer Ampere on lets a block opt in to (the plan checks the device): 7-smooth N up to
// 6144 points in float and 3072 in double. Larger N need passes over global memory (not built
// yet).
inline constexpr int kTileBytes = 96 * 1024;
inline constexpr int kDataBytes = 16 * 1024;  // per buffer of a block: C = max(1, this / (N bytes))

template <class T>
constexpr std::size_t max_tile_n() {
  return static_cast<std::size_t>(kTileBytes / (2 * static_cast<int>(sizeof(Complex<T>))));
}

template <class T>
void require_tile_size(std::size_t n, std::size_t batch) {
  require_size(n);
  require_batch(chapter, batch);
  if (!is_smooth(n))
    refuse_size(chapter, n, "has a prime factor above 7: the GPU tile takes N = 2^a 3^b 5^c 7^d",
                "course::anyn::Plan (CPU) takes it through Bluestein");
  if (n > max_tile_n<T>())
    refuse_size(chapter, n, "above the GPU tile's " + std::to_string(max_tile_n<T>()) + " points in " + precision_name<T>() +
                                " (two buffers of N points in 96 KiB of shared memory); passes over global memory are not built yet",
                "course::anyn::Plan (CPU) takes it");
}

// The stages, the twiddle table (w(p k, n) for k = 1 .. R-1, p < m, p-major per stage, exact to
// one rounding) and C, filled into the kernel's arguments (pointers left to the caller).
template <class T>
TileArgs<T> make_tile_args(std::size_t n, std::size_t batch, bool inverse, std::vector<Complex<T>>& table) {
  require_tile_size<T>(n, batch);
  TileArgs<T> a;
  a.n = static_cast<int>(n);
  a.transforms = batch;
  const auto r = radices(n);
  a.stages = static_cast<int>(r.size());
  table.clear();
  std::size_t len = n;
  for (int st = 0; st < a.stages; ++st) {
    a.radix[st] = static_cast<std::uint8_t>(r[st]);
    a.offset[st] = static_cast<std::uint32_t>(table.size());
    const std::size_t m = len / r[st];
    for (std::size_t p = 0; p < m; ++p)
      for (unsigned k = 1; k < r[st]; ++k)
        table.push_back(twiddle<T>(static_cast<std::int64_t>(p * k), static_cast<std::int64_t>(len)));
    len = m;
  }
  const int per = kDataBytes / static_cast<int>(n * sizeof(Complex<T>));
  a.transforms_per_block = per > 1 ? per : 1;
  a.inverse = inverse;
  return a;
}

template <class T>
int tile_shared_bytes(const TileArgs<T>& a) {
  return 2 * a.transforms_per_block * a.n * static_cast<int>(sizeof(Complex<T>));
}

}  // namespace course::anyn::gpu
