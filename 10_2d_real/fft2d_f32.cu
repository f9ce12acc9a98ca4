// The chapter's plans in float (the double ones are in fft2d_f64.cu).
#include "10_2d_real/fft2d_impl.cuh"

namespace course::twod {
template class Plan2D<float>;
template class RealPlan2D<float>;
template class OtfPipeline<float>;
template class CufftOtfPipeline<float>;
}  // namespace course::twod
