// 03_iterative: in place, bottom up. v1 radix-2 (radix2.hpp), v2 radix-4 (radix4.hpp), v3 radix-4
// with the bit reversal in cache tiles (bit_reverse_tiled.hpp; Radix4Plan(n, Reversal::tiled)),
// v4 split radix (split_radix.hpp); real input by packing on v3 (real.hpp: RealPlan, R2C and C2R).
// Chapters 04 (threads) and 05 (MPI) build on the plans and on the per-range stage functions.
#pragma once

#include "03_iterative/bit_reverse_tiled.hpp"
#include "03_iterative/radix2.hpp"
#include "03_iterative/radix4.hpp"
#include "03_iterative/real.hpp"
#include "03_iterative/split_radix.hpp"

namespace course::iterative {

extern template class Radix2Plan<float>;
extern template class Radix2Plan<double>;
extern template class Radix4Plan<float>;
extern template class Radix4Plan<double>;
extern template class SplitRadixPlan<float>;
extern template class SplitRadixPlan<double>;
extern template class RealPlan<float>;
extern template class RealPlan<double>;

}  // namespace course::iterative
