// The float pass kernels with radices up to 16, for every tile size 2^0..2^14.
#include "09_radixN/tile_kernel.cuh"

COURSE_RADIXN_KERNELS(float, 4)
