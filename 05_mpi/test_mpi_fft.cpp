// The chapter's test, run by CTest under mpiexec with 1, 2, 3 and 4 ranks.
//
// Catch2 does not drive MPI programs well, so this is its own small main: rank 0 runs the
// shared conformance suite (course::conformance) on every variant, float and double; each
// call of the suite's transform broadcasts a command, and all ranks run that one distributed
// transform together (distributed_run.hpp), so the suite's checks (reference agreement, round
// trip, linearity, Parseval, impulse, shift, refused sizes, NaN-poisoned outputs) apply to the
// distributed code unchanged. Exit status: 0 only if every check ran and passed on rank 0.
#include <mpi.h>

#include <bit>
#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

#include "05_mpi/distributed_run.hpp"
#include "common/conformance.hpp"

namespace {

using namespace course;
using namespace course::mpi;

struct Command {
  int op;  // 0: stop, 1: transform
  int variant, order, dir, precision;  // precision: 0 float, 1 double
  std::uint64_t n;
};

Command broadcast(Command c) {
  MPI_Bcast(&c, sizeof c, MPI_BYTE, 0, MPI_COMM_WORLD);
  return c;
}

std::vector<std::string> disagreements;  // ranks that refused with different words

template <class T>
Outcome run(const Command& c, std::span<const Complex<T>> x, std::span<Complex<T>> y) {
  return run_once<T>(MPI_COMM_WORLD, static_cast<Variant>(c.variant), static_cast<Order>(c.order),
                     static_cast<Direction>(c.dir), c.n, x, y);
}

void serve() {  // ranks other than 0
  for (;;) {
    const Command c = broadcast({});
    if (c.op == 0) return;
    if (c.precision == 0) run<float>(c, {}, {});
    else run<double>(c, {}, {});
  }
}

// The smallest N each variant takes on p ranks (0: none, p is refused outright).
std::size_t smallest(Variant v, Order order, std::size_t p) {
  const bool pow2 = is_power_of_two(p);
  switch (v) {
    case Variant::v1: return pow2 ? 2 * p : 0;
    case Variant::v2: return !pow2 ? 0 : order == Order::natural ? p * p : p;
    case Variant::v3: return pow2 ? p * p : 0;
    case Variant::v4: return std::bit_ceil(2 * p);
    default: return pow2 ? std::max<std::size_t>(2, p * p) : 0;
  }
}

template <class T>
bool check_variant(Variant v, Order order, std::size_t p) {
  conformance::Config cfg;
  const std::size_t lo = smallest(v, order, p);
  const std::size_t hi = v == Variant::v1 ? 1024 : 4096;
  if (lo != 0) {
    for (std::size_t n = lo; n <= hi; n *= 2) cfg.sizes.push_back(n);
    if (v != Variant::v1) cfg.sizes.push_back(std::size_t{1} << 16);  // blocks larger than a tile
    if (lo > 1) cfg.refused.push_back(lo / 2);
  } else {
    cfg.refused = {8, 1024, std::size_t{1} << 16};  // the rank count alone is refused
  }
  for (std::size_t n : {std::size_t{0}, std::size_t{3}, std::size_t{12}, std::size_t{1} << 29}) cfg.refused.push_back(n);

  const std::size_t before = disagreements.size();
  auto fn = [&](std::span<const Complex<T>> in, std::span<Complex<T>> out, std::size_t n, std::size_t batch, Direction dir) {
    if (batch != 1) throw std::invalid_argument("05_mpi plans transform one signal at a time: batch = " + std::to_string(batch) + " refused (limit 1)");
    const Command c{1, static_cast<int>(v), static_cast<int>(order), static_cast<int>(dir),
                    std::is_same_v<T, float> ? 0 : 1, n};
    broadcast(c);
    const Outcome o = run<T>(c, in, out);
    if (!o.agreed) disagreements.push_back(o.disagreement);
    if (o.refused())
      throw size_error(o.refusal.empty() ? "rank 0 accepted N = " + std::to_string(n) + " but another rank refused" : o.refusal);
  };
  const auto report = conformance::check_conformance<T>(fn, cfg);
  const bool ok = report.passed() && disagreements.size() == before;
  std::string sizes;
  for (std::size_t n : cfg.sizes) (sizes += ' ') += std::to_string(n);
  std::string refused;
  for (std::size_t n : cfg.refused) (refused += ' ') += std::to_string(n);
  std::printf("%s %-8s %-10s %-6s P=%zu sizes:%s | refused:%s | %s\n", ok ? "PASS" : "FAIL", to_string(v),
              to_string(order), precision_name<T>(), p, sizes.empty() ? " (none)" : sizes.c_str(), refused.c_str(),
              report.summary().c_str());
  for (std::size_t i = before; i < disagreements.size(); ++i) std::printf("  - ranks disagree: %s\n", disagreements[i].c_str());
  return ok;
}

}  // namespace

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  init_fftw_mpi();
  const int rank = rank_of(MPI_COMM_WORLD);
  const std::size_t p = static_cast<std::size_t>(size_of(MPI_COMM_WORLD));
  int failed = 0, skipped = 0, run = 0;
  if (rank == 0) {
    std::printf("05_mpi conformance on P = %zu ranks, COURSE_SEED=%llu\n", p,
                static_cast<unsigned long long>(fresh_seed()));
    const std::vector<std::pair<Variant, Order>> cases = {
        {Variant::v1, Order::natural},  {Variant::v2, Order::natural}, {Variant::v2, Order::transposed},
        {Variant::v3, Order::natural},  {Variant::v3, Order::transposed}, {Variant::v4, Order::natural},
        {Variant::fftw_mpi, Order::natural}};
    for (const auto& [v, order] : cases) {
      if (v == Variant::fftw_mpi && !is_power_of_two(p)) {
        // The library baseline, not this chapter's code: not checked at this P, and said so.
        std::printf("SKIP fftw_mpi P=%zu: FFTW picks uneven blocks when P is not a power of two; the harness deals N/P\n", p);
        skipped += 2;
        continue;
      }
      failed += !check_variant<float>(v, order, p);
      failed += !check_variant<double>(v, order, p);
      run += 2;
    }
    broadcast({0, 0, 0, 0, 0, 0});
    std::printf("%s: %d case(s) run, %d failed, %d skipped (the FFTW-MPI baseline, not a chapter variant)\n",
                failed ? "FAILED" : "PASSED", run, failed, skipped);
  } else {
    serve();
  }
  MPI_Bcast(&failed, 1, MPI_INT, 0, MPI_COMM_WORLD);
  finalize_fftw_mpi();
  MPI_Finalize();
  return failed ? 1 : 0;
}
