// A deliberately slow correct solution (for the GPU performance band, not for students): the
// lab kernel with radix-2 stages in place of radix-16 ones (LAB09_KERNEL_RADIX), so every
// point goes through shared memory log2 N times instead of log16 N times, with a barrier each
// time. Correct: the emulated checks and device conformance pass; the band must not.
#pragma once
#include "solution.hpp"
#define LAB09_KERNEL_RADIX 2
