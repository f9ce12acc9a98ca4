// 03_iterative: in place, bottom up. v1 radix-2 (radix2.hpp), v2 radix-4 (radix4.hpp), v3 radix-4
// with the bit reversal in cache tiles (bit_reverse_tiled.hpp; Radix4Plan(n, Reversal::tiled)).
// Chapters 04 (threads) and 05 (MPI) build on the plans and on the per-range stage functions.
#pragma once

#include "03_iterative/bit_reverse_tiled.hpp"
#include "03_iterative/radix2.hpp"
#include "03_iterative/radix4.hpp"

namespace course::iterative {

extern template class Radix2Plan<float>;
extern template class Radix2Plan<double>;
extern template class Radix4Plan<float>;
extern template class Radix4Plan<double>;

}  // namespace course::iterative
