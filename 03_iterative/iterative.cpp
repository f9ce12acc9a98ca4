// The plans compiled once for float and double, so users of ch03_iterative do not recompile them.
#include "03_iterative/iterative.hpp"

namespace course::iterative {

template class Radix2Plan<float>;
template class Radix2Plan<double>;
template class Radix4Plan<float>;
template class Radix4Plan<double>;
template class SplitRadixPlan<float>;
template class SplitRadixPlan<double>;
template class RealPlan<float>;
template class RealPlan<double>;

}  // namespace course::iterative
