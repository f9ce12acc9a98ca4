// The double OTF tile kernels (pupil rows, inverse columns + |.|^2 + forward columns).
#include "10_2d_real/tile_launch.cuh"

namespace course::twod {
template void launch_tile_pupil_rows<double>(const TileLaunch&, Complex<double>*, const PupilSpec&, long long);
template void launch_tile_otf_columns<double>(const TileLaunch&, Complex<double>*, Complex<double>*);
}  // namespace course::twod
