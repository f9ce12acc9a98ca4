// What every variant of chapter 05 shares: the MPI datatype of Complex<T>, the distributed
// layouts, and refusing a size or a rank count the same way on every rank.
//
// A refusal is decided from (N, P) alone, before any message is sent, so every rank reaches the
// same verdict with the same words and throws; no rank is left waiting in a collective for a
// partner that gave up (the classic MPI hang).
#pragma once

#include <mpi.h>

#include <climits>
#include <cstddef>
#include <stdexcept>
#include <string>

#include "common/bit_reverse.hpp"
#include "common/complex.hpp"
#include "common/sizes.hpp"

namespace course::mpi {

// Element counts are passed to MPI as int reals (two per complex); 2^28 points keeps 2N < 2^31.
inline constexpr unsigned max_log2 = 28;

// Where each rank's output lives. natural: rank r holds X[r*M .. r*M+M-1] (M = N/P), like its
// input. transposed: the variant's own layout, one all-to-all cheaper (each variant documents it
// and answers global_output_index()); FFTW-MPI calls the same idea TRANSPOSED_OUT/SCRAMBLED_OUT.
enum class Order : int { natural = 0, transposed = 1 };
inline const char* to_string(Order o) { return o == Order::natural ? "natural" : "transposed"; }

template <class T> inline MPI_Datatype real_type();
template <> inline MPI_Datatype real_type<float>() { return MPI_FLOAT; }
template <> inline MPI_Datatype real_type<double>() { return MPI_DOUBLE; }

// Complex<T> travels as two reals: the same bytes, no derived datatype to commit and free.
inline int real_count(std::size_t complex_count) {
  if (complex_count > static_cast<std::size_t>(INT_MAX / 2))
    throw std::length_error("05_mpi: a message of " + std::to_string(complex_count) + " complex values exceeds MPI's int count");
  return static_cast<int>(2 * complex_count);
}

inline void check(int rc, const char* what) {
  if (rc == MPI_SUCCESS) return;
  char text[MPI_MAX_ERROR_STRING];
  int len = 0;
  MPI_Error_string(rc, text, &len);
  throw std::runtime_error(std::string("05_mpi: ") + what + " failed: " + std::string(text, static_cast<std::size_t>(len)));
}

inline int rank_of(MPI_Comm comm) { int r = 0; MPI_Comm_rank(comm, &r); return r; }
inline int size_of(MPI_Comm comm) { int p = 0; MPI_Comm_size(comm, &p); return p; }

[[noreturn]] inline void refuse(const std::string& variant, std::size_t n, int p, const std::string& why,
                                const std::string& instead) {
  throw size_error("05_mpi " + variant + ": N = " + std::to_string(n) + " with P = " + std::to_string(p) +
                   " ranks refused: " + why + (instead.empty() ? std::string() : "; " + instead));
}

// The rules every variant starts from: N = 2^k, 1 <= N <= 2^28.
inline void require_n(const std::string& variant, std::size_t n, int p) {
  const std::string range = "this chapter takes N = 2^k, k = 0.." + std::to_string(max_log2);
  if (n == 0) refuse(variant, n, p, "an empty transform has no points (" + range + ")", "");
  if (!is_power_of_two(n)) refuse(variant, n, p, "N is not a power of two (" + range + ")", "01_dft takes any N");
  if (n > (std::size_t{1} << max_log2))
    refuse(variant, n, p, "above this chapter's limit of 2^" + std::to_string(max_log2) + " points (MPI int counts)", "");
}

// Partners are found by flipping one bit of the rank, and blocks of N/P must tile N exactly.
inline void require_power_of_two_ranks(const std::string& variant, std::size_t n, int p) {
  if (p < 1 || !is_power_of_two(static_cast<std::uint64_t>(p)))
    refuse(variant, n, p, "the rank count P = " + std::to_string(p) + " must be a power of two (1, 2, 4, 8, ...)",
           "v4 (shared window) takes any P on one node");
}

}  // namespace course::mpi
