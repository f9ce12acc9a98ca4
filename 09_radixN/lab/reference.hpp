// Lab 09's reference butterfly: 09's own radix-16 (butterfly.hpp), in namespace lab09_reference.
#pragma once

#include "09_radixN/butterfly.hpp"

namespace lab09_reference {
template <class T>
FFT_HD inline void radix16(course::Complex<T>* v) { course::radixn::dft<16, T>(v); }
}  // namespace lab09_reference
