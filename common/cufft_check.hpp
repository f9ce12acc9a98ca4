// Checked cuFFT calls: cuFFT returns its own status codes, named here for the message.
#pragma once

#include <cufft.h>

#include <sstream>
#include <stdexcept>

#include "common/complex.hpp"

// Complex<T> has the bytes and alignment of cuFFT's types, so device buffers are passed as is.
static_assert(sizeof(cufftComplex) == sizeof(course::Complex<float>) && alignof(cufftComplex) == alignof(course::Complex<float>));
static_assert(sizeof(cufftDoubleComplex) == sizeof(course::Complex<double>) && alignof(cufftDoubleComplex) == alignof(course::Complex<double>));

namespace course::cuda {

inline const char* cufft_status_name(cufftResult r) {
  switch (r) {
    case CUFFT_SUCCESS: return "CUFFT_SUCCESS";
    case CUFFT_INVALID_PLAN: return "CUFFT_INVALID_PLAN";
    case CUFFT_ALLOC_FAILED: return "CUFFT_ALLOC_FAILED";
    case CUFFT_INVALID_VALUE: return "CUFFT_INVALID_VALUE";
    case CUFFT_INTERNAL_ERROR: return "CUFFT_INTERNAL_ERROR";
    case CUFFT_EXEC_FAILED: return "CUFFT_EXEC_FAILED";
    case CUFFT_SETUP_FAILED: return "CUFFT_SETUP_FAILED";
    case CUFFT_INVALID_SIZE: return "CUFFT_INVALID_SIZE";
    default: return "cuFFT error";
  }
}

inline void check_cufft(cufftResult r, const char* expr, const char* file, int line) {
  if (r != CUFFT_SUCCESS) {
    std::ostringstream s;
    s << file << ":" << line << ": cuFFT error " << static_cast<int>(r) << " " << cufft_status_name(r) << " (in " << expr << ")";
    throw std::runtime_error(s.str());
  }
}

}  // namespace course::cuda

#define COURSE_CUFFT_CHECK(expr) ::course::cuda::check_cufft((expr), #expr, __FILE__, __LINE__)
