// Where every point of one transform lives when it is spread over P GPUs: the index maps that
// the GPU kernels (transpose_fft.cu), the NCCL exchange and the CPU emulation (emulate.hpp)
// all call, so CI checks on the CPU the very arithmetic the GPUs run.
//
// The transform is 05's transpose method: N = N1 N2 points seen as an N2 x N1 matrix of slabs.
//   step 1  every rank: its N2/P rows, N1-point FFTs along them (contiguous)
//   step 2  twiddle (1D only) and pack: element (a, k1) goes to the block of the rank that owns
//           column k1, in the order that rank's step 3 reads
//   step 3  all-to-all exchange: every rank sends one tile of N/P^2 points to every rank
//   step 4  every rank: its N1/P columns, transposed so that each lies contiguous, then N2-point
//           FFTs along them
// The exchange can be cut into C chunks of columns; chunk c's step 4 runs as soon as chunk c
// has arrived, while chunk c + 1 is still on the wire (the overlapped variant). Step 1 and the
// exchange can be cut into G groups of rows as well, so that the first message leaves after
// 1/G of the row FFTs instead of all of them.
#pragma once

#include <cstdint>
#include <vector>

#include "common/complex.hpp"
#include "common/twiddle.hpp"

namespace course::multigpu {

// Every size here is a power of two, so a quotient is a shift and a remainder a mask: a 64-bit
// division costs a GPU about a hundred instructions, a shift one.
FFT_HD inline int log2_of(std::int64_t d) {
#if defined(__CUDA_ARCH__)
  return __ffsll(d) - 1;
#else
  return __builtin_ctzll(static_cast<unsigned long long>(d));
#endif
}
FFT_HD inline std::int64_t quot(std::int64_t x, std::int64_t d) { return x >> log2_of(d); }
FFT_HD inline std::int64_t rem(std::int64_t x, std::int64_t d) { return x & (d - 1); }

// One rank's share of an N1 x N2 split over P ranks, with the exchange cut into C chunks of
// columns and G row groups (row_groups) of its step-1 rows. P, C and G are powers of two too (the plan refuses other P), so these quotients are shifts as well: a
// kernel that called n1 / p would pay a 64-bit division in every thread.
struct Split {
  std::int64_t n1 = 1, n2 = 1, p = 1, chunks = 1, row_groups = 1;

  FFT_HD std::int64_t n() const { return n1 * n2; }
  FFT_HD std::int64_t rows() const { return quot(n2, p); }       // slab rows a rank holds in step 1
  FFT_HD std::int64_t cols() const { return quot(n1, p); }       // columns a rank holds in step 4
  FFT_HD std::int64_t chunk_cols() const { return quot(cols(), chunks); }
  FFT_HD std::int64_t local() const { return rows() * n1; }      // N / P points on every rank
  FFT_HD std::int64_t tile() const { return rows() * cols(); }   // points a rank sends each peer
  FFT_HD std::int64_t chunk_tile() const { return rows() * chunk_cols(); }
  FFT_HD std::int64_t group_rows() const { return quot(rows(), row_groups); }  // step-1 rows of a group
  // The inverse runs the same steps with the roles of N1 and N2 swapped (see global_index).
  FFT_HD Split swapped() const { return {n2, n1, p, chunks, row_groups}; }
};

// The 1D split of N = 2^k: N1 = 2^ceil(k/2) >= N2 = 2^floor(k/2), as square as 2^k allows,
// so that both local FFTs are as short as they can be.
inline Split split_1d(std::int64_t n, std::int64_t p, std::int64_t chunks = 1) {
  std::int64_t n1 = 1;
  while (n1 * n1 < n) n1 *= 2;
  return {n1, n / n1, p, chunks};
}

// Step 2: where element (a, k1) of a rank's step-1 result goes in its send buffer. The block
// for peer d holds d's columns k1 = d N1/P + kl, chunk by chunk, each chunk row-major (a, kc).
FFT_HD inline std::int64_t pack_index(const Split& s, std::int64_t a, std::int64_t k1) {
  const std::int64_t d = quot(k1, s.cols()), kl = rem(k1, s.cols());
  const std::int64_t c = quot(kl, s.chunk_cols()), kc = rem(kl, s.chunk_cols());
  return d * s.tile() + c * s.chunk_tile() + a * s.chunk_cols() + kc;
}

// The twiddle of element (a, k1) on rank r: w(n2 k1, N) with n2 = r N2/P + a, as an exponent
// m = n2 k1 mod N (exact in 64 bits up to N = 2^31, since n2 k1 < N).
FFT_HD inline std::int64_t twiddle_exponent(const Split& s, std::int64_t r, std::int64_t a, std::int64_t k1) {
  return rem((r * s.rows() + a) * k1, s.n());
}

// Step 2's twiddle from two tables instead of a sine and a cosine a point. For e < N,
// w(e, N) = hi[e >> b] * lo[e mod 2^b] with lo[m] = w(m, N), m < 2^b, and hi[h] = w(h 2^b, N),
// b = ceil(log2(N) / 2): at N = 2^30 two tables of 2^15 entries. Each entry is common/twiddle.hpp's
// exact twiddle, rounded once to double; the products are made in double and rounded once to
// the transform's precision, so a float twiddle is as accurate as one computed directly.
struct TwiddleTables {  // device pointers on the GPU, host pointers in the emulation
  const Complex<double>* lo = nullptr;
  const Complex<double>* hi = nullptr;
  int log_lo = 0;
  FFT_HD Complex<double> operator()(std::int64_t e) const {
    return hi[e >> log_lo] * lo[e & ((std::int64_t{1} << log_lo) - 1)];
  }
};
struct TwiddleTableData {  // the host's copy, built once per plan
  std::vector<Complex<double>> lo, hi;
  int log_lo = 0;
  TwiddleTables view() const { return {lo.data(), hi.data(), log_lo}; }
};
inline TwiddleTableData make_twiddle_tables(std::int64_t n) {
  TwiddleTableData t;
  while ((std::int64_t{1} << (2 * t.log_lo)) < n) ++t.log_lo;
  const std::int64_t lo = std::int64_t{1} << t.log_lo;
  t.lo = twiddle_table<double>(static_cast<std::size_t>(n), static_cast<std::size_t>(lo));
  for (std::int64_t h = 0; h * lo < n; ++h) t.hi.push_back(twiddle<double>(h * lo, n));
  return t;
}

// Step 2 packs chunk by chunk, so that chunk c can leave while chunk c + 1 is packed, and moves
// runs: in row a, the columns of peer d in chunk c, k1 = d N1/P + c N1/(P C) + kc
// for kc < N1/(P C), lie one after another in the slab and in the send buffer (pack_index is
// pack_index of the run's start + kc; the emulated test checks it for every point). So the pack
// is a copy of runs: a block of `threads` threads takes threads x points consecutive kc of one
// run, thread t the kc = first + u threads, u < points. A warp loads and stores 32 consecutive
// points at every u. All powers of two; `blocks` is the number of blocks a run.
constexpr int kPackThreads = 256, kPackPoints = 8;
struct PackShape {
  int threads, points, blocks;
};
inline PackShape pack_shape(const Split& s) {
  const auto run = static_cast<int>(s.chunk_cols());
  const int threads = run < kPackThreads ? run : kPackThreads;
  const int points = run / threads < kPackPoints ? run / threads : kPackPoints;
  return {threads, points, run / (threads * points)};
}
FFT_HD inline std::int64_t pack_first(const PackShape& g, std::int64_t block, std::int64_t thread) {
  return block * g.threads * g.points + thread;
}
FFT_HD inline std::int64_t run_column(const Split& s, std::int64_t d, std::int64_t c, std::int64_t kc) {
  return d * s.cols() + c * s.chunk_cols() + kc;
}

// Why the twiddle of (a, k1) is a product of two: w(n2 k1, N) = w(n2 (k1 - j), N) w(n2 j, N)
// with j = k1 mod G (lane_index), G = min(32, N1/(P C)). A warp's 32 points are 32 consecutive
// k1, so k1 - j is the same for the whole warp: its two table loads are one address each (a
// broadcast) instead of 32 scattered ones. j is the same for all of a thread's points (they are
// `threads` apart, a multiple of G), so w(n2 j, N) (lane_factor) is looked up once a thread and
// row, at its first point.
FFT_HD inline std::int64_t lane_index(const Split& s, std::int64_t k1) {
  return rem(k1, s.chunk_cols() < 32 ? s.chunk_cols() : 32);
}
FFT_HD inline Complex<double> lane_factor(const TwiddleTables& tw, const Split& s, std::int64_t r, std::int64_t a, std::int64_t first_k1) {
  return tw(twiddle_exponent(s, r, a, lane_index(s, first_k1)));
}
FFT_HD inline Complex<double> pack_twiddle(const TwiddleTables& tw, const Split& s, std::int64_t r, std::int64_t a, std::int64_t k1,
                                           Complex<double> lane) {
  return tw(twiddle_exponent(s, r, a, k1 - lane_index(s, k1))) * lane;
}

// Step 3: one message of chunk c, from rank `from` to rank `to`. The sender reads `count`
// points at send_offset of its send buffer; the receiver writes them at recv_offset of its
// receive buffer. Chunk c of the receive buffer is then an N2 x (N1/(P C)) row-major matrix:
// row n2 = from N2/P + a, which is what step 4 reads (step4_input).
struct Message {
  std::int64_t send_offset, recv_offset, count;
};
FFT_HD inline Message message(const Split& s, std::int64_t from, std::int64_t to, std::int64_t c) {
  return {to * s.tile() + c * s.chunk_tile(), c * s.n2 * s.chunk_cols() + from * s.chunk_tile(), s.chunk_tile()};
}
// The part of message m that carries row group g (rows g G' .. (g + 1) G' - 1, G' = group_rows()).
// A chunk's message is row-major (a, kc) in the send buffer and in the receive buffer alike, so
// the group's rows are one contiguous piece of it on both sides: it can leave as soon as those
// rows are packed.
FFT_HD inline Message message_part(const Split& s, const Message& m, std::int64_t g) {
  const std::int64_t skip = g * s.group_rows() * s.chunk_cols();
  return {m.send_offset + skip, m.recv_offset + skip, s.group_rows() * s.chunk_cols()};
}

// Step 4 reads column kc of chunk c as N2 points at stride N1/(P C) (step4_input) and first
// transposes the chunk, so that each column lies contiguous at step4_output; the column FFTs
// then run in place there: transform kl = c N1/(P C) + kc of the rank's N1/P.
FFT_HD inline std::int64_t step4_input(const Split& s, std::int64_t c, std::int64_t n2, std::int64_t kc) {
  return c * s.n2 * s.chunk_cols() + n2 * s.chunk_cols() + kc;
}
FFT_HD inline std::int64_t step4_output(const Split& s, std::int64_t c, std::int64_t kc, std::int64_t k2) {
  return (c * s.chunk_cols() + kc) * s.n2 + k2;
}
// The transpose calls the two maps once a tile, at its corner, and steps from there in 32-bit
// offsets: n2 + 1 is step4_input_row() points further, kc + 1 step4_output_row() (the emulated
// test checks both against the maps for every point).
FFT_HD inline std::int64_t step4_input_row(const Split& s) { return s.chunk_cols(); }
FFT_HD inline std::int64_t step4_output_row(const Split& s) { return s.n2; }

// The layouts a caller deals with. Point j of rank r's block holds global element g:
//   slab_input   1D: x[n1 N2 + r N2/P + a]     (j = a N1 + n1: the rank's N2/P columns of the
//                                               N1 x N2 view x[n1 N2 + n2], one per row)
//                2D: x[(r N2/P + a) N1 + n1]   (natural: rows r N2/P .. of an N2 x N1 image)
//   slab_output  both: X[k1 + N1 k2]           (j = kl N2 + k2, k1 = r N1/P + kl: 05's
//                                               "transposed" order; in 2D, column k1 of the
//                                               result, stored as a row)
// The inverse takes slab_output and returns slab_input: it runs on split.swapped(), whose
// slab_input map is exactly this split's slab_output (and vice versa), so inverse(forward(x))
// = N x block by block, with no reordering in between.
enum class Kind { one_d, two_d };

FFT_HD inline std::int64_t slab_input(Kind kind, const Split& s, std::int64_t r, std::int64_t j) {
  const std::int64_t a = quot(j, s.n1), n1 = rem(j, s.n1);
  return kind == Kind::one_d ? n1 * s.n2 + r * s.rows() + a : (r * s.rows() + a) * s.n1 + n1;
}
FFT_HD inline std::int64_t slab_output(const Split& s, std::int64_t r, std::int64_t j) {
  return r * s.cols() + quot(j, s.n2) + s.n1 * rem(j, s.n2);
}

// The global index of point j of rank r's input (is_input) or output, for either direction.
// `forward` is the forward split; in 2D its n1 is the image width, n2 the height.
FFT_HD inline std::int64_t global_index(Kind kind, const Split& forward, bool is_forward, bool is_input,
                                        std::int64_t r, std::int64_t j) {
  if (is_forward == is_input) return slab_input(kind, forward, r, j);
  return slab_output(forward, r, j);
}

}  // namespace course::multigpu
