# Sourced at the start of every command on the GPU machine (no network there): unpacks the
# Debian packages carried in .deps (FFTW, Catch2, Google Benchmark), points CMake at them,
# and configures build/gpu with all cores (architectures as CMake's default picks them: compute_75
# PTX plus native code for the GPU found, sm_90 on the H100).
#   source tools/gpu_env.sh && cmake --build build/gpu -j16 --target <targets>
mkdir -p /opt/deps
for f in .deps/*.deb; do dpkg -x "$f" /opt/deps; done
export CMAKE_PREFIX_PATH=/opt/deps/usr
export LD_LIBRARY_PATH=/opt/deps/usr/lib/x86_64-linux-gnu${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
export PATH=/usr/local/cuda/bin:$PATH
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
export NSYS=${NSYS:-/opt/nvidia/nsight-compute/2025.3.1/host/target-linux-x64/nsys}
mkdir -p "${OUT:-/tmp/out}"
cmake -S . -B build/gpu -G Ninja -DCMAKE_BUILD_TYPE=Release \
  >"${OUT:-/tmp/out}/configure.log" 2>&1 || { tail -40 "${OUT:-/tmp/out}/configure.log"; false; }
export COURSE_OFFLINE=1
