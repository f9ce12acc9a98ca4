// Runs one distributed transform from the command line, for trying a variant by hand and for
// the refusal tests:
//   mpiexec -n 4 mpi_fft_run <v1|v2|v3|v4|fftw_mpi> <N> [float|double] [natural|transposed]
// Rank 0 draws a random signal, all ranks transform it, rank 0 compares with the FFTW
// long-double reference. A refused N or rank count: every rank prints its own message
// ("[rank r of P] ...") and the program exits 3 on every rank, before any data moved.
#include <mpi.h>

#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "05_mpi/distributed_run.hpp"
#include "common/metrics.hpp"
#include "common/signals.hpp"

using namespace course;
using namespace course::mpi;

template <class T>
int run(Variant v, Order order, std::size_t n) {
  const int rank = rank_of(MPI_COMM_WORLD), p = size_of(MPI_COMM_WORLD);
  std::vector<Complex<T>> x, y;
  if (rank == 0) {
    // The plan refuses from N alone, so a huge refused N never allocates.
    const std::size_t alloc = n <= (std::size_t{1} << max_log2) ? n : 0;
    x = random_gaussian<T>(alloc, fresh_seed());
    y.assign(alloc, Complex<T>{});
  }
  const double t0 = MPI_Wtime();
  const Outcome o = run_once<T>(MPI_COMM_WORLD, v, order, Direction::forward, n, x, y);
  const double seconds = MPI_Wtime() - t0;
  if (o.refused()) {
    // One write() per rank: mpirun forwards each rank's stream in the pieces it was written, and
    // under load a message written in pieces interleaved with another rank's (seen on 16 cores
    // with ctest -j15), which the refusal tests then counted as one line too few.
    const std::string line = "[rank " + std::to_string(rank) + " of " + std::to_string(p) + "] " +
                             (o.refusal.empty() ? std::string("(accepted, but another rank refused)") : o.refusal) + "\n";
    if (::write(STDERR_FILENO, line.data(), line.size()) < 0) std::perror("write");
    if (rank == 0 && !o.agreed) std::fprintf(stderr, "ranks disagree: %s\n", o.disagreement.c_str());
    return 3;
  }
  if (rank != 0) return 0;
  const auto ref = reference_dft<T>(x, n, 1, Direction::forward);
  const double err = rel_l2_error<T, long double>(y, ref), tol = tolerance<T>(n);
  std::printf("%s %s %s N=%zu P=%d: relative L2 error %.3g (tolerance %.3g), %.3f ms including scatter/gather\n",
              err <= tol ? "OK" : "WRONG", to_string(v), precision_name<T>(), n, p, err, tol, seconds * 1e3);
  return err <= tol ? 0 : 1;
}

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  init_fftw_mpi();
  int rc = 2;
  const auto v = argc >= 3 ? parse_variant(argv[1]) : std::nullopt;
  if (!v) {
    if (rank_of(MPI_COMM_WORLD) == 0)
      std::fprintf(stderr, "usage: mpiexec -n P %s <v1|v2|v3|v4|fftw_mpi> <N> [float|double] [natural|transposed]\n", argv[0]);
  } else {
    const std::size_t n = std::strtoull(argv[2], nullptr, 10);
    const bool single = argc >= 4 && std::string(argv[3]) == "float";
    const Order order = argc >= 5 && std::string(argv[4]) == "transposed" ? Order::transposed : Order::natural;
    rc = single ? run<float>(*v, order, n) : run<double>(*v, order, n);
  }
  finalize_fftw_mpi();
  MPI_Finalize();
  return rc;
}
