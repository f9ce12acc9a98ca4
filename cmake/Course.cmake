# Helpers that give every chapter the same shape: one library target, Catch2 tests
# registered with CTest labels, Google Benchmark executables that write JSON.

# course_add_test(<name> SOURCES ... [LIBS ...] [LABELS ...] [GPU] [ARGS ...] [TIMEOUT s])
# GPU tests exit 77 when no CUDA device is present; CTest then shows them as skipped.
function(course_add_test name)
  cmake_parse_arguments(T "GPU" "TIMEOUT" "SOURCES;LIBS;LABELS;ARGS" ${ARGN})
  add_executable(${name} ${T_SOURCES})
  if(T_GPU)
    target_link_libraries(${name} PRIVATE course_test_main_gpu course_common ${T_LIBS})
    list(APPEND T_LABELS gpu)
  else()
    target_link_libraries(${name} PRIVATE course_test_main course_common ${T_LIBS})
  endif()
  if(NOT T_LABELS)
    set(T_LABELS cpu)
  endif()
  add_test(NAME ${name} COMMAND ${name} ${T_ARGS})
  set_tests_properties(${name} PROPERTIES LABELS "${T_LABELS}")
  if(T_GPU)
    set_tests_properties(${name} PROPERTIES SKIP_RETURN_CODE 77)
  endif()
  if(T_TIMEOUT)
    set_tests_properties(${name} PROPERTIES TIMEOUT ${T_TIMEOUT})
  endif()
  # A GPU test runs again as each GPU family students have would plan it: the opt-in shared
  # memory per block of every block (48 KiB), Turing (64), consumer Ampere/Ada (99), A100 (163)
  # and H100/H200 (227), through COURSE_SHARED_LIMIT_KIB, which every GPU plan reads
  # (common/gpu_limits.hpp). Label smem; `ctest -LE smem` runs the device's own limit only.
  if(T_GPU)
    foreach(kib IN LISTS COURSE_SHARED_LIMITS_KIB)
      add_test(NAME ${name}_smem${kib} COMMAND ${name} ${T_ARGS})
      set_tests_properties(${name}_smem${kib} PROPERTIES LABELS "${T_LABELS};smem" SKIP_RETURN_CODE 77
                           ENVIRONMENT "COURSE_SHARED_LIMIT_KIB=${kib}")
      if(T_TIMEOUT)
        set_tests_properties(${name}_smem${kib} PROPERTIES TIMEOUT ${T_TIMEOUT})
      endif()
    endforeach()
  endif()
endfunction()

# The shared-memory limits (KiB) the GPU tests are also run at (see course_add_test).
set(COURSE_SHARED_LIMITS_KIB 48 64 99 163 227 CACHE STRING "opt-in shared memory per block (KiB) the GPU tests simulate")

# course_add_benchmark(<name> SOURCES ... [LIBS ...])
# Executables land in <build>/bench/ so `./course bench` finds every chapter's benchmark.
function(course_add_benchmark name)
  cmake_parse_arguments(B "" "" "SOURCES;LIBS" ${ARGN})
  add_executable(${name} ${B_SOURCES})
  target_link_libraries(${name} PRIVATE course_bench_main course_bench course_common ${B_LIBS})
  set_target_properties(${name} PROPERTIES RUNTIME_OUTPUT_DIRECTORY ${CMAKE_BINARY_DIR}/bench)
endfunction()

# course_add_demo(<name> SOURCES ... [LIBS ...]): a GPU chapter's small program to profile
# (`./course profile NN` runs it under Nsight Systems), with NVTX ranges where CUDA has them.
function(course_add_demo name)
  cmake_parse_arguments(D "" "" "SOURCES;LIBS" ${ARGN})
  add_executable(${name} ${D_SOURCES})
  target_link_libraries(${name} PRIVATE ${D_LIBS} course_bench_cuda)
  if(TARGET CUDA::nvtx3)
    target_link_libraries(${name} PRIVATE CUDA::nvtx3)
  endif()
endfunction()

# Refuses to configure a GPU target when CUDA is off; chapters call this in an if(COURSE_CUDA).
macro(course_gpu_chapter_or_return chapter)
  if(NOT COURSE_CUDA)
    message(STATUS "${chapter}: GPU parts skipped (${COURSE_CUDA_WHY_OFF})")
    return()
  endif()
endmacro()
