// One distributed transform of a signal held by rank 0, through any variant: the harness the
// tests and the command-line runner share (the benchmark times execute() alone, not this).
//
// Rank 0 deals the input out in the variant's layout, every rank executes, rank 0 collects the
// output and puts each element where the variant's documented layout says it belongs
// (global_output_index), so a wrong layout claim fails the comparison with the reference.
//
// A refused size or rank count is agreed on collectively: every rank must refuse with the very
// same message, and disagreement is reported as its own failure.
#pragma once

#include <mpi.h>

#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "05_mpi/fftw_mpi_baseline.hpp"
#include "05_mpi/mpi_common.hpp"
#include "05_mpi/v1_scatter_gather.hpp"
#include "05_mpi/v2_binary_exchange.hpp"
#include "05_mpi/v3_transpose.hpp"
#include "05_mpi/v4_shared_window.hpp"

namespace course::mpi {

enum class Variant : int { v1 = 1, v2 = 2, v3 = 3, v4 = 4, fftw_mpi = 5 };

inline const char* to_string(Variant v) {
  switch (v) {
    case Variant::v1: return "v1";
    case Variant::v2: return "v2";
    case Variant::v3: return "v3";
    case Variant::v4: return "v4";
    default: return "fftw_mpi";
  }
}

inline std::optional<Variant> parse_variant(const std::string& s) {
  for (Variant v : {Variant::v1, Variant::v2, Variant::v3, Variant::v4, Variant::fftw_mpi})
    if (s == to_string(v)) return v;
  return std::nullopt;
}

struct Outcome {
  std::string refusal;       // this rank's refusal message, empty if it built the plan
  bool anyone_refused = false;  // every rank: some rank refused, so no rank runs the transform
  bool agreed = true;        // rank 0: every rank refused with the same words, or none refused
  std::string disagreement;  // rank 0: what differed
  bool refused() const { return anyone_refused; }
};

namespace detail {

// Rank 0 learns whether every rank holds the same message; everyone learns whether anyone refused.
inline void agree(MPI_Comm comm, Outcome& out) {
  const int rank = rank_of(comm), p = size_of(comm);
  int len = static_cast<int>(out.refusal.size());
  std::vector<int> lens(static_cast<std::size_t>(p));
  MPI_Gather(&len, 1, MPI_INT, lens.data(), 1, MPI_INT, 0, comm);
  std::vector<int> offsets(static_cast<std::size_t>(p), 0);
  int total = 0;
  if (rank == 0)
    for (int r = 0; r < p; ++r) { offsets[static_cast<std::size_t>(r)] = total; total += lens[static_cast<std::size_t>(r)]; }
  std::string all(static_cast<std::size_t>(total), '\0');
  MPI_Gatherv(out.refusal.data(), len, MPI_CHAR, all.data(), lens.data(), offsets.data(), MPI_CHAR, 0, comm);
  // Should one rank refuse while another accepts (a bug), nobody may go on to the transform:
  // the accepting ranks would wait forever in its first collective.
  int mine = len > 0, any = 0;
  MPI_Allreduce(&mine, &any, 1, MPI_INT, MPI_MAX, comm);
  out.anyone_refused = any != 0;
  if (rank != 0) return;
  for (int r = 1; r < p; ++r) {
    const std::string other = all.substr(static_cast<std::size_t>(offsets[static_cast<std::size_t>(r)]),
                                         static_cast<std::size_t>(lens[static_cast<std::size_t>(r)]));
    if (other != out.refusal) {
      out.agreed = false;
      out.disagreement = "rank 0 said \"" + out.refusal + "\" but rank " + std::to_string(r) + " said \"" + other + "\"";
      return;
    }
  }
}

template <class Plan>
Outcome build(MPI_Comm comm, std::unique_ptr<Plan>& plan, auto make) {
  Outcome out;
  try {
    plan = make();
  } catch (const size_error& e) {
    out.refusal = e.what();
  }
  agree(comm, out);
  return out;
}

// Block variants: scatter N/P points per rank, execute, gather, place by the layout map.
template <class T, class Plan>
void run_blocks(MPI_Comm comm, Plan& plan, std::size_t n, Direction dir, std::span<const Complex<T>> x,
                std::span<Complex<T>> y) {
  const int rank = rank_of(comm), p = size_of(comm);
  const std::size_t m = n / static_cast<std::size_t>(p);
  std::vector<Complex<T>> block(m), gathered(rank == 0 ? n : 0);
  check(MPI_Scatter(x.data(), real_count(m), real_type<T>(), block.data(), real_count(m), real_type<T>(), 0, comm), "MPI_Scatter");
  plan.execute(block, dir);
  check(MPI_Gather(block.data(), real_count(m), real_type<T>(), gathered.data(), real_count(m), real_type<T>(), 0, comm), "MPI_Gather");
  if (rank == 0)
    for (int r = 0; r < p; ++r)
      for (std::size_t j = 0; j < m; ++j) y[plan.global_output_index(r, j)] = gathered[static_cast<std::size_t>(r) * m + j];
}

}  // namespace detail

// Collective. x: the input on rank 0 (n points); y: rank 0's output, natural order, written
// only if the plan was built. Other ranks pass empty spans.
template <class T>
Outcome run_once(MPI_Comm comm, Variant variant, Order order, Direction dir, std::size_t n,
                 std::span<const Complex<T>> x, std::span<Complex<T>> y) {
  const int rank = rank_of(comm);
  switch (variant) {
    case Variant::v1: {
      std::unique_ptr<ScatterGatherFft<T>> plan;
      auto out = detail::build(comm, plan, [&] { return std::make_unique<ScatterGatherFft<T>>(comm, n); });
      if (out.refused() || !plan) return out;
      std::vector<Complex<T>> data(x.begin(), x.end());
      plan->execute(data, dir);
      if (rank == 0) std::copy(data.begin(), data.end(), y.begin());
      return out;
    }
    case Variant::v2: {
      std::unique_ptr<BinaryExchangeFft<T>> plan;
      auto out = detail::build(comm, plan, [&] { return std::make_unique<BinaryExchangeFft<T>>(comm, n, order); });
      if (!out.refused() && plan) detail::run_blocks<T>(comm, *plan, n, dir, x, y);
      return out;
    }
    case Variant::v3: {
      std::unique_ptr<TransposeFft<T>> plan;
      auto out = detail::build(comm, plan, [&] { return std::make_unique<TransposeFft<T>>(comm, n, order); });
      if (!out.refused() && plan) detail::run_blocks<T>(comm, *plan, n, dir, x, y);
      return out;
    }
    case Variant::v4: {
      std::unique_ptr<SharedWindowFft<T>> plan;
      auto out = detail::build(comm, plan, [&] { return std::make_unique<SharedWindowFft<T>>(comm, n); });
      if (out.refused() || !plan) return out;
      if (rank == 0) std::copy(x.begin(), x.end(), plan->data().begin());
      plan->execute(dir);
      if (rank == 0) std::copy(plan->data().begin(), plan->data().end(), y.begin());
      MPI_Barrier(comm);  // nobody frees the window while rank 0 still reads it
      return out;
    }
    case Variant::fftw_mpi: {
      std::unique_ptr<FftwMpiFft<T>> plan;
      auto out = detail::build(comm, plan, [&] { return std::make_unique<FftwMpiFft<T>>(comm, n, dir, PlanEffort::estimate); });
      if (out.refused() || !plan) return out;
      const int p = size_of(comm);
      const std::size_t m = n / static_cast<std::size_t>(p);
      if (plan->local_size() != m || plan->local_start() != static_cast<std::size_t>(rank) * m)
        throw std::runtime_error("fftw_mpi: FFTW chose blocks other than N/P; this harness assumes N/P");
      check(MPI_Scatter(x.data(), real_count(m), real_type<T>(), plan->block().data(), real_count(m), real_type<T>(), 0, comm), "MPI_Scatter");
      plan->execute();
      check(MPI_Gather(plan->block().data(), real_count(m), real_type<T>(), y.data(), real_count(m), real_type<T>(), 0, comm), "MPI_Gather");
      return out;
    }
  }
  return {};
}

}  // namespace course::mpi
