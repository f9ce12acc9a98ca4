// Read me first: one FFT over P GPUs in four steps, each rank on its own GPU (the lesson quotes
// this file). The local FFTs are the course's own single-GPU plans (11's fastest, which is 09's
// where clusters do not pay); what is new here is the kernel that twiddles and packs, the
// exchange, and the transpose that makes the columns contiguous again.
// The index maps are slabs.hpp's, which the CPU emulation (emulate.hpp) runs too.
#include <nccl.h>

#include <algorithm>

#include "11_clusters/fastest_plan.hpp"
#include "13_multi_gpu/multi_gpu_plan.hpp"
#include "common/sizes.hpp"

namespace course::multigpu {

// Step 2 for chunk c of row group grp: multiply by the twiddle w(n2 k1, N) (1D only: a 2D
// transform has none between its row and column FFTs) and store the point where the exchange
// sends it. Row a of the group is blockIdx.y; blockIdx.x picks the peer d and a piece of its run of columns
// (slabs.hpp pack_shape). The maps are called once, at the thread's first point; its other
// points are u x threads further on both sides, so a warp reads 32 consecutive points and writes
// 32 consecutive points. A thread loads all its points before it stores any, so that they are
// in flight together. The twiddle is two table products (slabs.hpp pack_twiddle), with one
// broadcast address a warp in each table.
// At least 3 blocks an SM in float (at most 85 registers a thread, which the float kernel fits
// without spilling), 2 in double: 48 KiB (float) or 64 KiB (double) of loads in flight an SM.
template <class T>
constexpr int kPackBlocksPerSm = sizeof(T) == 4 ? 3 : 2;

template <class T, bool TWIDDLE>
__global__ void __launch_bounds__(kPackThreads, kPackBlocksPerSm<T>) twiddle_and_pack(const Complex<T>* __restrict__ slab,
                                                                                     Complex<T>* __restrict__ send, Split s, PackShape g,
                                                                                     TwiddleTables tw, std::int64_t rank, std::int64_t c,
                                                                                     std::int64_t grp, bool inverse) {
  const std::int64_t d = quot(blockIdx.x, g.blocks), kc = pack_first(g, rem(blockIdx.x, g.blocks), threadIdx.x);
  const std::int64_t k1 = run_column(s, d, c, kc);  // the thread's first point's column
  const std::int64_t end = (grp + 1) * s.group_rows();
  for (std::int64_t a = grp * s.group_rows() + blockIdx.y; a < end; a += gridDim.y) {
    const Complex<T>* from = slab + a * s.n1 + k1;
    Complex<T>* to = send + pack_index(s, a, k1);
    Complex<T> v[kPackPoints];
#pragma unroll
    for (int u = 0; u < kPackPoints; ++u)
      if (u < g.points) v[u] = from[u * g.threads];
    if (TWIDDLE) {
      // Every point's twiddle, with no branch between them, so that their table loads are in
      // flight together too (an exponent past the last point is still a valid one).
      const Complex<double> lane = lane_factor(tw, s, rank, a, k1);
      Complex<T> w[kPackPoints];
#pragma unroll
      for (int u = 0; u < kPackPoints; ++u) {
        const Complex<double> t = pack_twiddle(tw, s, rank, a, k1 + u * g.threads, lane);
        w[u] = Complex<T>(inverse ? conj(t) : t);  // rounded once to T
      }
#pragma unroll
      for (int u = 0; u < kPackPoints; ++u) v[u] = v[u] * w[u];
    }
#pragma unroll
    for (int u = 0; u < kPackPoints; ++u)
      if (u < g.points) to[u * g.threads] = v[u];
  }
}

// Step 4's first half, for chunk c: the N2 x N1/(P C) matrix that arrived becomes its
// transpose, one 32 x 32 tile a block of 32 x 8 threads, 4 points a thread. A warp reads 32
// consecutive points of a row of the tile and writes 32 consecutive points of a column, so both
// global sides are coalesced; the odd row length (33) of the shared tile puts the points of a
// column in different banks. The 64-bit maps are called once, at the tile's corner; inside the
// tile the offsets are 32-bit (slabs.hpp step4_input_row), and a thread loads its 4 points
// before it stores any, so that they are in flight together.
constexpr int kTile = 32, kTileRows = 8;

template <class T>
__global__ void __launch_bounds__(kTile * kTileRows) transpose_chunk(const Complex<T>* __restrict__ recv, Complex<T>* __restrict__ columns,
                                                                     Split s, std::int64_t c) {
  __shared__ Complex<T> tile[kTile][kTile + 1];
  const std::int64_t n2_0 = static_cast<std::int64_t>(blockIdx.y) * kTile, kc_0 = static_cast<std::int64_t>(blockIdx.x) * kTile;
  const Complex<T>* in = recv + step4_input(s, c, n2_0, kc_0);
  Complex<T>* out = columns + step4_output(s, c, kc_0, n2_0);
  const int in_row = static_cast<int>(step4_input_row(s)), out_row = static_cast<int>(step4_output_row(s));
  // Sizes below 32 leave part of the tile empty (every size is a power of two).
  const int height = static_cast<int>(s.n2 < kTile ? s.n2 : kTile), width = static_cast<int>(s.chunk_cols() < kTile ? s.chunk_cols() : kTile);
  const int x = threadIdx.x;
  Complex<T> v[kTile / kTileRows];
#pragma unroll
  for (int u = 0; u < kTile / kTileRows; ++u) {
    const int i = threadIdx.y + u * kTileRows;
    if (i < height && x < width) v[u] = in[i * in_row + x];
  }
#pragma unroll
  for (int u = 0; u < kTile / kTileRows; ++u) {
    const int i = threadIdx.y + u * kTileRows;
    if (i < height && x < width) tile[i][x] = v[u];
  }
  __syncthreads();
#pragma unroll
  for (int u = 0; u < kTile / kTileRows; ++u) {
    const int i = threadIdx.y + u * kTileRows;
    if (i < width && x < height) out[i * out_row + x] = tile[x][i];
  }
}

template <class T>
struct Plan<T>::Steps {
  Split split;
  std::unique_ptr<clusters::FastestPlan<T>> rows;     // step 1: N2/(P G) contiguous N1-point FFTs, a row group
  std::unique_ptr<clusters::FastestPlan<T>> columns;  // step 4: N1/(P C) contiguous N2-point FFTs
};

template <class T>
ncclDataType_t nccl_real();
template <>
ncclDataType_t nccl_real<float>() { return ncclFloat; }
template <>
ncclDataType_t nccl_real<double>() { return ncclDouble; }

// Step 3 for chunk c of row group grp: a message to every rank and one from every rank, grouped
// so that NCCL runs them all at once. The block a rank keeps for itself is a device copy, on
// the local stream: on the exchange's stream it would wait its turn there, between NCCL's kernels.
template <class T>
void Plan<T>::exchange(const Split& s, std::int64_t c, std::int64_t grp, cudaStream_t st) {
  const int me = comm_.rank();
  check_nccl(ncclGroupStart(), "ncclGroupStart");
  for (int peer = 0; peer < comm_.ranks(); ++peer) {
    const Message out = message_part(s, message(s, me, peer, c), grp), in = message_part(s, message(s, peer, me, c), grp);
    if (peer == me) {
      COURSE_CUDA_CHECK(cudaMemcpyAsync(recv_.data() + in.recv_offset, send_.data() + out.send_offset,
                                        static_cast<std::size_t>(out.count) * sizeof(Complex<T>), cudaMemcpyDeviceToDevice, stream_));
      continue;
    }
    const auto reals = static_cast<std::size_t>(2 * out.count);
    check_nccl(ncclSend(send_.data() + out.send_offset, reals, nccl_real<T>(), peer, comm_.nccl(), st), "ncclSend");
    check_nccl(ncclRecv(recv_.data() + in.recv_offset, reals, nccl_real<T>(), peer, comm_.nccl(), st), "ncclRecv");
  }
  check_nccl(ncclGroupEnd(), "ncclGroupEnd");
}

template <class T>
void Plan<T>::execute(const Complex<T>* in, Complex<T>* out, Direction dir) {
  const bool forward = dir == Direction::forward;
  Steps& steps = forward ? *forward_ : *inverse_;
  const Split& s = steps.split;
  const bool overlap = variant_ == Variant::overlap;
  const PackShape g = pack_shape(s);
  const dim3 threads(static_cast<unsigned>(g.threads));
  const dim3 blocks(static_cast<unsigned>(s.p * g.blocks), static_cast<unsigned>(std::min<std::int64_t>(s.group_rows(), 65535)));
  const TwiddleTables tw{twiddle_lo_.data(), twiddle_hi_.data(), twiddle_log_lo_};
  const std::int64_t group_points = s.group_rows() * s.n1;
  for (std::int64_t grp = 0; grp < s.row_groups; ++grp) {
    // Step 1 for one row group: FFTs along its rows of the slab.
    steps.rows->execute(in + grp * group_points, work_.data() + grp * group_points, dir);
    // Steps 2 and 3, chunk by chunk. Plain: one chunk and one group, all on one stream.
    // Overlapped: chunk c's exchange runs on its own stream as soon as chunk c is packed,
    // while c + 1 is packed (and, after the group's last chunk, the next group's rows FFT).
    for (std::int64_t c = 0; c < s.chunks; ++c) {
      if (kind_ == Kind::one_d)
        twiddle_and_pack<T, true><<<blocks, threads, 0, stream_>>>(work_.data(), send_.data(), s, g, tw, comm_.rank(), c, grp, !forward);
      else
        twiddle_and_pack<T, false><<<blocks, threads, 0, stream_>>>(work_.data(), send_.data(), s, g, tw, comm_.rank(), c, grp, !forward);
      COURSE_CUDA_CHECK_LAUNCH();
      const auto e = static_cast<std::size_t>(grp * s.chunks + c);
      if (overlap) {
        COURSE_CUDA_CHECK(cudaEventRecord(packed_[e], stream_));
        COURSE_CUDA_CHECK(cudaStreamWaitEvent(comm_stream_, packed_[e], 0));
      }
      exchange(s, c, grp, overlap ? comm_stream_ : stream_);
      // The exchange stream runs in order, so the last group's part of chunk c arriving means
      // every group's part has.
      if (overlap && grp == s.row_groups - 1) COURSE_CUDA_CHECK(cudaEventRecord(arrived_[static_cast<std::size_t>(c)], comm_stream_));
    }
  }
  // Step 4, chunk by chunk: chunk c's columns wait for chunk c alone. The transpose writes into
  // work_, which every pack above has finished reading (they come first on this stream).
  for (std::int64_t c = 0; c < s.chunks; ++c) {
    if (overlap) COURSE_CUDA_CHECK(cudaStreamWaitEvent(stream_, arrived_[static_cast<std::size_t>(c)], 0));
    const dim3 tile_threads(kTile, kTileRows);
    const dim3 tiles(static_cast<unsigned>((s.chunk_cols() + kTile - 1) / kTile), static_cast<unsigned>((s.n2 + kTile - 1) / kTile));
    transpose_chunk<T><<<tiles, tile_threads, 0, stream_>>>(recv_.data(), work_.data(), s, c);
    COURSE_CUDA_CHECK_LAUNCH();
    const std::int64_t first = step4_output(s, c, 0, 0);
    steps.columns->execute(work_.data() + first, out + first, dir);
  }
}

// ---- Building the plan: refusals first, then buffers, local plans and streams. ----

namespace {
const std::string kChapter = "13_multi_gpu";
constexpr unsigned kMaxLog2N = 34;  // 128 GiB of float: more than the GPUs of one host hold

// The largest power of two <= asked that divides `parts` (the plain variant takes 1).
std::int64_t fitted(std::int64_t parts, Variant v, int asked, const char* what) {
  if (v == Variant::plain) return 1;
  if (asked < 1) throw size_error(kChapter + ": " + what + " = " + std::to_string(asked) + " refused: the overlapped variant needs at least 1");
  std::int64_t c = 1;
  while (c * 2 <= asked && parts % (c * 2) == 0) c *= 2;
  return c;
}
}  // namespace

template <class T>
Plan<T>::Plan(const Communicator& comm, std::size_t n, Options options) : comm_(comm), kind_(Kind::one_d) {
  require_power_of_two(kChapter, n, kMaxLog2N, "12_any_n takes other N on one GPU");
  const Split s = split_1d(static_cast<std::int64_t>(n), comm.ranks());
  const auto n1 = options.log2_n1 > 0 ? std::min(n, std::size_t{1} << options.log2_n1) : static_cast<std::size_t>(s.n1);
  const std::size_t p = static_cast<std::size_t>(comm.ranks());
  if (n1 % p != 0 || (n / n1) % p != 0)
    refuse_size(kChapter, n,
                "N = N1 x N2 = " + std::to_string(n1) + " x " + std::to_string(n / n1) + " with P = " + std::to_string(p) +
                    " GPUs: P must divide both, so N >= P^2 = " + std::to_string(p * p) + " (and P a power of two)",
                "");
  build(n1, n / n1, options);
}

template <class T>
Plan<T>::Plan(const Communicator& comm, std::size_t height, std::size_t width, Options options)
    : comm_(comm), kind_(Kind::two_d) {
  const std::size_t p = static_cast<std::size_t>(comm.ranks());
  for (std::size_t side : {height, width}) {
    require_power_of_two(kChapter, side, 27, "12_any_n takes other sizes on one GPU");
    if (side % p != 0)
      throw size_error(kChapter + ": " + std::to_string(height) + " x " + std::to_string(width) + " image refused: P = " +
                       std::to_string(p) + " GPUs must divide both the height and the width");
  }
  build(width, height, options);
}

template <class T>
void Plan<T>::build(std::size_t n1, std::size_t n2, Options options) {
  // transpose_chunk's offsets inside a tile are 32-bit: up to 31 rows of N2 (or N1) points.
  constexpr std::size_t kMostRow = std::size_t{1} << 26;
  if (n1 > kMostRow || n2 > kMostRow)
    refuse_size(kChapter, n1 * n2,
                "N1 x N2 = " + std::to_string(n1) + " x " + std::to_string(n2) + ": the transpose's 32-bit offsets within a tile take sides up to 2^26 = " +
                    std::to_string(kMostRow),
                "");
  variant_ = options.variant;
  split_ = {static_cast<std::int64_t>(n1), static_cast<std::int64_t>(n2), comm_.ranks(), 1};
  // Chunks divide the columns, row groups the rows, of the forward split and of the swapped one.
  const std::int64_t fewest = std::min(split_.cols(), split_.rows());
  split_.chunks = fitted(fewest, variant_, options.chunks, "chunks");
  split_.row_groups = fitted(fewest, variant_, options.row_groups, "row_groups");
  // Three buffers of N/P points, plus the local plans' own scratch of about as much again.
  const std::size_t bytes = static_cast<std::size_t>(split_.local()) * sizeof(Complex<T>);
  std::size_t free_bytes = 0, total = 0;
  COURSE_CUDA_CHECK(cudaMemGetInfo(&free_bytes, &total));
  if (5 * bytes > free_bytes)
    refuse_size(kChapter, static_cast<std::size_t>(split_.n()),
                "each of the P = " + std::to_string(comm_.ranks()) + " GPUs needs about 5 x " + std::to_string(bytes >> 20) +
                    " MiB and GPU " + std::to_string(comm_.device()) + " has " + std::to_string(free_bytes >> 20) + " MiB free",
                "use more GPUs");
  COURSE_CUDA_CHECK(cudaStreamCreateWithFlags(&stream_, cudaStreamNonBlocking));
  // The exchange's stream has the highest priority: when a column FFT's blocks retire, the
  // GPU starts NCCL's waiting blocks before more FFT blocks.
  int least = 0, greatest = 0;
  COURSE_CUDA_CHECK(cudaDeviceGetStreamPriorityRange(&least, &greatest));
  COURSE_CUDA_CHECK(cudaStreamCreateWithPriority(&comm_stream_, cudaStreamNonBlocking, greatest));
  packed_.resize(static_cast<std::size_t>(split_.chunks * split_.row_groups));
  arrived_.resize(static_cast<std::size_t>(split_.chunks));
  for (auto& e : packed_) COURSE_CUDA_CHECK(cudaEventCreateWithFlags(&e, cudaEventDisableTiming));
  for (auto& e : arrived_) COURSE_CUDA_CHECK(cudaEventCreateWithFlags(&e, cudaEventDisableTiming));
  work_ = cuda::DeviceBuffer<Complex<T>>(static_cast<std::size_t>(split_.local()));
  send_ = cuda::DeviceBuffer<Complex<T>>(static_cast<std::size_t>(split_.local()));
  recv_ = cuda::DeviceBuffer<Complex<T>>(static_cast<std::size_t>(split_.local()));
  if (kind_ == Kind::one_d) {
    // The twiddle tables (slabs.hpp), built on the host once and uploaded: N depends only on
    // the plan, and the inverse uses their conjugates.
    const TwiddleTableData t = make_twiddle_tables(split_.n());
    twiddle_lo_ = cuda::DeviceBuffer<Complex<double>>(t.lo.size());
    twiddle_hi_ = cuda::DeviceBuffer<Complex<double>>(t.hi.size());
    twiddle_lo_.upload(t.lo);
    twiddle_hi_.upload(t.hi);
    twiddle_log_lo_ = t.log_lo;
  }
  auto make_steps = [&](const Split& s) {
    auto st = std::make_unique<Steps>();
    st->split = s;
    st->rows = std::make_unique<clusters::FastestPlan<T>>(static_cast<std::size_t>(s.n1), static_cast<std::size_t>(s.group_rows()), stream_);
    st->columns = std::make_unique<clusters::FastestPlan<T>>(static_cast<std::size_t>(s.n2), static_cast<std::size_t>(s.chunk_cols()), stream_);
    return st;
  };
  forward_ = make_steps(split_);
  inverse_ = make_steps(split_.swapped());
}

template <class T>
Plan<T>::~Plan() {
  for (auto e : arrived_) cudaEventDestroy(e);
  for (auto e : packed_) cudaEventDestroy(e);
  if (comm_stream_) cudaStreamDestroy(comm_stream_);
  if (stream_) cudaStreamDestroy(stream_);
}

template <class T>
std::string Plan<T>::describe() const {
  const Split& s = split_;
  std::string d = kChapter + " " + to_string(variant_) + ", " + precision_name<T>() + ", " +
                  (kind_ == Kind::one_d ? "1D N = " + std::to_string(s.n()) + " = " + std::to_string(s.n1) + " x " + std::to_string(s.n2)
                                        : "2D " + std::to_string(s.n2) + " x " + std::to_string(s.n1)) +
                  " on P = " + std::to_string(s.p) + " GPUs: " + std::to_string(s.local()) + " points a GPU, " +
                  std::to_string(s.tile()) + " to each peer";
  if (variant_ == Variant::overlap)
    d += " in " + std::to_string(s.chunks) + " chunks of columns and " + std::to_string(s.row_groups) + " groups of rows";
  d += "\n  step 1 (rows): " + forward_->rows->describe();
  d += "\n  step 4 (columns): " + forward_->columns->describe();
  return d;
}

template class Plan<float>;
template class Plan<double>;

}  // namespace course::multigpu
