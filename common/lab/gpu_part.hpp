// The GPU part of a lab's grade, host side: what is said when there is none. A GPU check is
// never reported as passed without a device: it is skipped, and says why.
#pragma once

#include "common/lab/grader.hpp"

namespace course::lab {

inline void gpu_not_built(Grader& g) {
#if defined(COURSE_LAB_HAS_CUDA)
  g.skip("GPU", "device conformance and performance band",
         "this is the emulated-only build of the grader; ./course lab runs the GPU build on a CUDA machine");
#else
  g.skip("GPU", "device conformance and performance band",
         "not built: this build has no CUDA (the emulated checks above grade the index arithmetic without a GPU)");
#endif
}

// A performance band: your time against the reference's, measured in the same run.
struct Band {
  double low = 0.0;    // faster than the reference is always fine
  double high = 1.25;  // at most 25% slower
};

}  // namespace course::lab
