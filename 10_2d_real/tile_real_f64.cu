// The double R2C and C2R row tile kernels, 2^0 .. 2^12 packed points.
#include "10_2d_real/tile_launch.cuh"

namespace course::twod {
template void launch_tile_r2c_rows<double>(const TileLaunch&, const Complex<double>*, Complex<double>*, const Complex<double>*);
template void launch_tile_c2r_rows<double>(const TileLaunch&, const Complex<double>*, Complex<double>*, const Complex<double>*);
}  // namespace course::twod
