// The double C2C tile kernels (rows and column groups), 2^0 .. 2^12 points.
#include "10_2d_real/tile_launch.cuh"

namespace course::twod {
template void launch_tile_c2c<double>(const TileLaunch&, bool, const Complex<double>*, Complex<double>*, bool, double);
}  // namespace course::twod
