// Lab 13: where every point goes when one FFT is spread over P GPUs. The transform is 05's
// transpose method (13's lesson): N = N1 N2 points seen as an N2 x N1 matrix, rank r of P
// holding N2/P of its rows.
//   step 1  each rank: N1-point FFTs along its N2/P rows; row a, column k1 is w[a N1 + k1]
//   step 2  each rank: twiddle, then pack point (a, k1) into its send buffer      <- TODO 1
//   step 3  the all-to-all, cut into C chunks: one message per chunk, sender and
//           receiver                                                              <- TODO 2
//   step 4  each rank: N2-point FFTs along its N1/P columns, each read out of the
//           receive buffer at a stride                                            <- TODO 3
// The grader runs your three maps inside the chapter's CPU emulation (13_multi_gpu/emulate.hpp:
// ranks are arrays, messages are copies, the FFTs are FFTW's) for P = 1, 2, 4, 8 and checks the
// result against FFTW. The GPU path (transpose_fft.cu) calls the very same maps in its kernels
// and its NCCL calls, so the layouts below are fixed: write them exactly.
// Build and grade with `./course lab 13` (from the repository root); no GPU, MPI or NCCL needed.
//
// A Split s (13_multi_gpu/slabs.hpp) gives, all powers of two:
//   s.n1, s.n2, s.p (P), s.chunks (C)
//   s.rows()       = N2/P           rows a rank holds in step 1
//   s.cols()       = N1/P           columns a rank holds in step 4 (rank d: k1 = d N1/P + kl)
//   s.chunk_cols() = N1/(P C)       columns of one chunk (chunk c: kl = c N1/(P C) + kc)
//   s.tile()       = N2/P * N1/P    points a rank sends each peer
//   s.chunk_tile() = N2/P * N1/(PC) points of one message (one chunk, one peer)
//   s.local()      = N/P            the size of every rank's send and receive buffer
// The inverse transform runs the same steps on s.swapped() (N1 and N2 exchanged): your maps
// must hold for N1 < N2 as well as N1 >= N2.
#pragma once

#include <cstdint>

#include "13_multi_gpu/slabs.hpp"

namespace lab13 {

using course::multigpu::Message;
using course::multigpu::Split;

// TODO 1: the index in the send buffer of point (a, k1) of the rank's step-1 result
// (a < N2/P, k1 < N1). Column k1 belongs to peer d = k1 / (N1/P), as its column kl = k1 mod N1/P,
// which is column kc = kl mod N1/(P C) of chunk c = kl / (N1/(P C)). The send buffer is P blocks
// of s.tile() points, block d for peer d; block d is C pieces of s.chunk_tile() points, piece c
// for chunk c (so each chunk can leave on its own); a piece is row-major: row a, N1/(P C) points
// a row, kc within the row.
inline std::int64_t pack_index(const Split& s, std::int64_t a, std::int64_t k1) {
  (void)s; (void)a; (void)k1;
  return 0;  // TODO 1
}

// TODO 2: the message of chunk c from rank `from` to rank `to` (from == to included: the
// block a rank keeps is copied like any other). It carries count = s.chunk_tile() points:
//   send_offset  where in the sender's send buffer they start: the piece your pack_index put
//                there for this receiver and this chunk;
//   recv_offset  where in the receiver's buffer they go. The receive buffer is C pieces of
//                N2 * N1/(P C) points, piece c for chunk c; piece c is the N2 x N1/(P C)
//                row-major matrix of the receiver's chunk-c columns, row n2 = from N2/P + a
//                coming from rank `from`'s row a. So the sender's N2/P rows go in as one block.
inline Message message(const Split& s, std::int64_t from, std::int64_t to, std::int64_t c) {
  (void)s; (void)from; (void)to; (void)c;
  return {0, 0, 0};  // TODO 2
}

// TODO 3: step 4 reads column kc (kc < N1/(P C)) of chunk c as N2 points, n2 = 0 .. N2 - 1:
// the index in the receive buffer of its point n2 (row n2 of piece c, as your message laid it).
inline std::int64_t step4_input(const Split& s, std::int64_t c, std::int64_t n2, std::int64_t kc) {
  (void)s; (void)c; (void)n2; (void)kc;
  return 0;  // TODO 3
}

}  // namespace lab13
