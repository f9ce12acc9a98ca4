// The float OTF tile kernels (pupil rows, inverse columns + |.|^2 + forward columns).
#include "10_2d_real/tile_launch.cuh"

namespace course::twod {
template void launch_tile_pupil_rows<float>(const TileLaunch&, Complex<float>*, const PupilSpec&, long long);
template void launch_tile_otf_columns<float>(const TileLaunch&, Complex<float>*, Complex<float>*);
}  // namespace course::twod
