#!/usr/bin/env bash
# Runs this chapter's benchmark on the 16-core GPU host (no GPU needed), in under 4 minutes:
#   bash 04_threads/host_bench.sh        ($OUT set, build/gpu configured, see tools/gpu_env.sh)
# Double at N = 2^12, 2^16, 2^20, 2^22, 2^24 and float at 2^22, for P = 1, 2, 4, 8, 16, with
# FFTW's threaded plans (planning capped at 2 s a plan) and 03's v1 and v2 beside them; v1 and
# v2 stop at 2^22 (at 2^24 they take seconds a transform and show nothing new).
# Expected: about 3 minutes on 16 cores (not timed there yet; if it runs long, drop 2^24 with
# COURSE_BENCH_LOG2_SIZES=12,16,20,22). The JSON lands in $OUT/bench_04_threads.json; commit it as
# results/nvidia-h100-80gb-hbm3/bench_04_threads.json.
set -euo pipefail
BUILD="${COURSE_BUILD_DIR:-build/gpu}"
# FFTW and Google Benchmark come from the unpacked Debian packages there (tools/gpu_env.sh).
if [ -d /opt/deps/usr/lib/x86_64-linux-gnu ] && [[ ":${LD_LIBRARY_PATH:-}:" != *":/opt/deps/usr/lib/x86_64-linux-gnu:"* ]]; then
  export LD_LIBRARY_PATH="/opt/deps/usr/lib/x86_64-linux-gnu${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
fi
cmake --build "$BUILD" -j"${COURSE_JOBS:-16}" --target bench_04_threads
export COURSE_BENCH_DIR="${OUT:?set OUT to the folder the JSON should land in}"
export COURSE_BENCH_LOG2_SIZES="${COURSE_BENCH_LOG2_SIZES:-12,16,20,22,24}"
export COURSE_BENCH_REPETITIONS="${COURSE_BENCH_REPETITIONS:-3}"
export COURSE_FFTW_TIMELIMIT="${COURSE_FFTW_TIMELIMIT:-2}"
export COURSE_BENCH_V1V2_MAX_LOG2="${COURSE_BENCH_V1V2_MAX_LOG2:-22}"
nproc
lscpu | grep -E "Model name|^CPU\(s\)|Thread|Socket|NUMA node\(s\)" || true
time "$BUILD/bench/bench_04_threads" \
  --benchmark_filter="${COURSE_BENCH_FILTER:-overhead|/double/|/float/N:4194304/}"
