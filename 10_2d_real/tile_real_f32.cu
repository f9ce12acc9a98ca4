// The float R2C and C2R row tile kernels, 2^0 .. 2^12 packed points.
#include "10_2d_real/tile_launch.cuh"

namespace course::twod {
template void launch_tile_r2c_rows<float>(const TileLaunch&, const Complex<float>*, Complex<float>*, const Complex<float>*);
template void launch_tile_c2r_rows<float>(const TileLaunch&, const Complex<float>*, Complex<float>*, const Complex<float>*);
}  // namespace course::twod
