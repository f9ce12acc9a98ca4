// The chapter's plans in double (the float ones are in fft2d_f32.cu).
#include "10_2d_real/fft2d_impl.cuh"

namespace course::twod {
template class Plan2D<double>;
template class RealPlan2D<double>;
template class OtfPipeline<double>;
template class CufftOtfPipeline<double>;
}  // namespace course::twod
