// The double pass kernels with radices up to 2, for every tile size 2^0..2^13 (2^14 needs more than one SM's shared memory).
#include "09_radixN/tile_kernel.cuh"

COURSE_RADIXN_KERNELS(double, 1)
