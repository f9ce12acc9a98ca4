#include "04_threads/v3_blocked.hpp"

#include <algorithm>

#include "04_threads/partition.hpp"

namespace course::ch04 {

namespace {

// The column stages of one tile, copied out of the array: row rho of the tile holds columns
// [c0, c0 + width) of block rho. In the array those rows lie M points apart, and M points is
// a power-of-two number of bytes (256 KiB), so every row maps to the same few cache sets
// (a 16-way cache keeps 16 lines per set) and the tile would evict itself at every stage.
// In a contiguous buffer it stays in L1/L2: one read and one write per point in place of one
// per stage. Rows h apart in the tile are points h M apart, stage s = log2(h M), and the
// butterfly at row start + q, column c has twiddle w(q M + c0 + c, 2 h M).
template <Direction dir, class T>
void tile_stages(Complex<T>* tile, std::size_t rows, std::size_t width, std::size_t m, std::size_t c0,
                 const Twiddles<T>& tw) {
  unsigned s = log2_exact(m);
  for (std::size_t h = 1; h < rows; h *= 2, ++s) {
    const Complex<T>* const w = tw.stage_twiddles(s).data() + c0;
    for (std::size_t start = 0; start < rows; start += 2 * h)
      for (std::size_t q = 0; q < h; ++q) {
        Complex<T>* const top = tile + (start + q) * width;
        Complex<T>* const bottom = top + h * width;
        const Complex<T>* const wq = w + q * m;
        for (std::size_t c = 0; c < width; ++c) {
          const Complex<T> t = oriented<dir>(wq[c]) * bottom[c];
          bottom[c] = top[c] - t;
          top[c] = top[c] + t;
        }
      }
  }
}

}  // namespace

template <class T>
std::size_t V3Blocked<T>::choose_block(std::size_t n, int threads, std::size_t block_bytes) {
  std::size_t p2 = 1;
  while (p2 < static_cast<std::size_t>(threads)) p2 *= 2;
  std::size_t cap = 1;  // a power of two, like every size here
  while (2 * cap * sizeof(Complex<T>) <= block_bytes) cap *= 2;
  return std::max<std::size_t>(1, std::min(cap, n / p2));
}

template <class T>
V3Blocked<T>::V3Blocked(std::size_t n, int threads, std::size_t block_bytes)
    : n_((require_size(n), n)), tw_(n), team_(clamp_threads(n, threads)) {
  m_ = choose_block(n_, team_.size(), block_bytes);
  // A tile of columns spans all N/M rows: half a block's bytes keeps it in cache with room
  // for the twiddles; at least 8 columns so each row of the tile is a whole cache line.
  tile_ = std::max<std::size_t>(8, block_bytes / 2 / (blocks() * sizeof(Complex<T>)));
  if (blocks() > 1)
    for (int r = 0; r < team_.size(); ++r) scratch_.emplace_back(blocks() * tile_);
}

template <class T>
void V3Blocked<T>::execute(std::span<const Complex<T>> in, std::span<Complex<T>> out, Direction dir) {
  require_buffers<T>(in, out, n_);
  if (dir == Direction::inverse) run<Direction::inverse>(in.data(), out.data());
  else run<Direction::forward>(in.data(), out.data());
}

template <class T>
template <Direction dir>
void V3Blocked<T>::run(const Complex<T>* in, Complex<T>* out) {
  const std::size_t n = n_, m = m_, tile = tile_, blocks = n / m;
  const unsigned log2m = log2_exact(m), log2b = log2_exact(blocks);
  constexpr std::size_t group = std::max<std::size_t>(1, 64 / sizeof(Complex<T>));
  const int p = team_.size();
  team_.run([&](int r) {
    // Phase 1: whole blocks, each transformed by one thread with no barrier.
    if (in == out) {
      const Range idx = share(n, p, r, 8);
      bit_reverse_range(std::span<Complex<T>>(out, n), idx.begin, idx.end);
      team_.sync();  // a block's points come from everywhere in the array
      const Range mine = share(blocks, p, r);
      for (std::size_t b = mine.begin; b < mine.end; ++b) all_stages<dir, T>(std::span<Complex<T>>(out + b * m, m), tw_);
    } else {
      // Out of place, the reversal is a transpose: with the input read as m rows of B =
      // N/m points, block b (output points bm .. bm + m - 1) is input column rev_B(b), its
      // rows taken in the order rev_m(k). One column alone would use one point of every cache
      // line it reads, so a thread gathers `group` adjacent columns (one cache line) at once,
      // then runs the stages of those blocks while they sit in L2.
      const Range cols = share(blocks, p, r, blocks >= group * static_cast<std::size_t>(p) ? group : 1);
      for (std::size_t c0 = cols.begin; c0 < cols.end; c0 += group) {
        const std::size_t c1 = std::min(c0 + group, cols.end);
        for (std::size_t k = 0; k < m; ++k) {
          const Complex<T>* row = in + k * blocks;
          const std::size_t at = reverse_bits64(k, log2m);
          for (std::size_t c = c0; c < c1; ++c) out[reverse_bits64(c, log2b) * m + at] = row[c];
        }
        for (std::size_t c = c0; c < c1; ++c)
          all_stages<dir, T>(std::span<Complex<T>>(out + reverse_bits64(c, log2b) * m, m), tw_);
      }
    }
    if (m == n) return;
    team_.sync();  // the only barrier between stages: columns cross every block
    // Phase 2: the last log2(N/M) stages, column tile by column tile, each tile in this
    // thread's own contiguous buffer.
    const Range cols = share(m, p, r, 8);
    Complex<T>* const buffer = scratch_[static_cast<std::size_t>(r)].data();
    for (std::size_t c0 = cols.begin; c0 < cols.end; c0 += tile) {
      const std::size_t width = std::min(tile, cols.end - c0);
      for (std::size_t row = 0; row < blocks; ++row)
        std::copy_n(out + row * m + c0, width, buffer + row * width);
      tile_stages<dir, T>(buffer, blocks, width, m, c0, tw_);
      for (std::size_t row = 0; row < blocks; ++row)
        std::copy_n(buffer + row * width, width, out + row * m + c0);
    }
  });
}

template class V3Blocked<float>;
template class V3Blocked<double>;

}  // namespace course::ch04
