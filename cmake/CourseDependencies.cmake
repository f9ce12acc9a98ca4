# Finds what the course builds on. Nothing is vendored: every dependency comes from the
# system or from a prefix given in CMAKE_PREFIX_PATH (how the GPU machine, which has no
# network, gets FFTW, Catch2 and Google Benchmark: Debian packages unpacked under a prefix).

find_package(Threads REQUIRED)

# --- FFTW3: the CPU reference and baseline. Found by library name, because Debian's
# pkg-config and CMake files point at /usr and break when the package is unpacked elsewhere.
find_path(FFTW3_INCLUDE_DIR fftw3.h REQUIRED)
foreach(precision IN ITEMS "" f l)
  find_library(FFTW3${precision}_LIBRARY NAMES fftw3${precision} REQUIRED)
  add_library(FFTW3::fftw3${precision} UNKNOWN IMPORTED)
  set_target_properties(FFTW3::fftw3${precision} PROPERTIES
    IMPORTED_LOCATION ${FFTW3${precision}_LIBRARY}
    INTERFACE_INCLUDE_DIRECTORIES ${FFTW3_INCLUDE_DIR})
  find_library(FFTW3${precision}_THREADS_LIBRARY NAMES fftw3${precision}_threads)
  if(FFTW3${precision}_THREADS_LIBRARY)
    add_library(FFTW3::fftw3${precision}_threads UNKNOWN IMPORTED)
    set_target_properties(FFTW3::fftw3${precision}_threads PROPERTIES
      IMPORTED_LOCATION ${FFTW3${precision}_THREADS_LIBRARY}
      INTERFACE_LINK_LIBRARIES "FFTW3::fftw3${precision};Threads::Threads")
  endif()
  find_library(FFTW3${precision}_MPI_LIBRARY NAMES fftw3${precision}_mpi)
endforeach()
if(FFTW3_THREADS_LIBRARY AND FFTW3f_THREADS_LIBRARY)
  set(COURSE_FFTW_THREADS ON)
else()
  set(COURSE_FFTW_THREADS OFF)
  message(STATUS "FFTW threads library not found: threaded FFTW baselines are off")
endif()

# --- Catch2: Debian 12 ships v2 (one header), Ubuntu 24.04 ships v3 (a compiled library).
find_package(Catch2 3 QUIET)
if(Catch2_FOUND)
  set(COURSE_CATCH2_MAJOR 3)
else()
  find_package(Catch2 2 REQUIRED)
  set(COURSE_CATCH2_MAJOR 2)
endif()
message(STATUS "Catch2 ${Catch2_VERSION} (v${COURSE_CATCH2_MAJOR})")

find_package(benchmark REQUIRED)

# --- MPI is needed by chapter 05 only; the rest of the course builds without it.
find_package(MPI COMPONENTS CXX)
if(MPI_CXX_FOUND AND FFTW3_MPI_LIBRARY)
  add_library(FFTW3::fftw3_mpi UNKNOWN IMPORTED)
  set_target_properties(FFTW3::fftw3_mpi PROPERTIES IMPORTED_LOCATION ${FFTW3_MPI_LIBRARY}
    INTERFACE_LINK_LIBRARIES "FFTW3::fftw3;MPI::MPI_CXX")
endif()

# --- CUDA is optional: without nvcc the CPU chapters still build.
option(COURSE_ENABLE_CUDA "Build the GPU chapters when a CUDA compiler is found" ON)
set(COURSE_CUDA OFF)
set(COURSE_CUDA_WHY_OFF "")
if(NOT COURSE_ENABLE_CUDA)
  set(COURSE_CUDA_WHY_OFF "COURSE_ENABLE_CUDA=OFF was asked for")
else()
  include(CheckLanguage)
  check_language(CUDA)
  if(NOT CMAKE_CUDA_COMPILER)
    set(COURSE_CUDA_WHY_OFF "no CUDA compiler (nvcc) found; put the CUDA toolkit's bin on PATH or set CMAKE_CUDA_COMPILER")
  else()
    # Default: Turing PTX (compute_75), which the driver compiles once (and caches) for any
    # GPU from Turing to Blackwell, plus native code for each GPU this machine has (asked of
    # nvidia-smi at configure time), so the GPU the course is measured on runs code compiled
    # ahead of time. A machine with no GPU (CI) builds the PTX only: one device compile per
    # file instead of two, and no ptxas. -DCMAKE_CUDA_ARCHITECTURES=... overrides all of it;
    # the 'native' preset asks CMake for the local GPU only.
    if(NOT DEFINED CMAKE_CUDA_ARCHITECTURES)
      set(course_archs 75-virtual)
      find_program(COURSE_NVIDIA_SMI nvidia-smi)
      if(COURSE_NVIDIA_SMI)
        execute_process(COMMAND ${COURSE_NVIDIA_SMI} --query-gpu=compute_cap --format=csv,noheader
                        OUTPUT_VARIABLE course_caps RESULT_VARIABLE course_smi_rc ERROR_QUIET OUTPUT_STRIP_TRAILING_WHITESPACE)
        if(course_smi_rc EQUAL 0 AND course_caps)
          string(REPLACE "\n" ";" course_caps "${course_caps}")
          foreach(cap IN LISTS course_caps)
            string(STRIP "${cap}" cap)
            string(REPLACE "." "" cap "${cap}")
            if(cap MATCHES "^[0-9]+$" AND cap GREATER_EQUAL 75)
              list(APPEND course_archs ${cap}-real)
            elseif(cap MATCHES "^[0-9]+$")
              message(WARNING "FFT course: this machine's GPU has compute capability ${cap}, older than Turing (75): the GPU chapters will refuse it at plan time")
            endif()
          endforeach()
        endif()
      endif()
      list(REMOVE_DUPLICATES course_archs)
      set(CMAKE_CUDA_ARCHITECTURES ${course_archs})
    endif()
    enable_language(CUDA)
    # CMake 3.25 (Debian 12) does not know nvcc's C++20 flag; newer CMake does. Teach it.
    if(NOT CMAKE_CUDA20_STANDARD_COMPILE_OPTION)
      set(CMAKE_CUDA20_STANDARD_COMPILE_OPTION "-std=c++20")
      set(CMAKE_CUDA20_EXTENSION_COMPILE_OPTION "-std=c++20")
    endif()
    set(CMAKE_CUDA_STANDARD 20)
    set(CMAKE_CUDA_STANDARD_REQUIRED ON)
    set(CMAKE_CUDA_EXTENSIONS OFF)
    # Device lambdas and constexpr host functions called from kernels (Complex<T>, std::min).
    string(APPEND CMAKE_CUDA_FLAGS " --expt-relaxed-constexpr --extended-lambda")
    find_package(CUDAToolkit REQUIRED)
    if(TARGET CUDA::cufft)
      set(COURSE_CUDA ON)
    else()
      set(COURSE_CUDA_WHY_OFF "the CUDA toolkit has no cuFFT library")
    endif()
  endif()
endif()
