#!/usr/bin/env bash
# Chapters 06 and 07 on the GPU machine, in one call (run from the repository root):
#   source tools/gpu_env.sh && bash 07_cuda_bitops/gpu_check.sh
# builds the two chapters, runs their tests (emulated and gpu), their benchmarks (JSON into
# $OUT), the demos, then compute-sanitizer: memcheck on the [small] cases of both GPU tests,
# racecheck on the shared-memory / __syncthreads kernels (06 v1, 07 v4 and v5).
set -o pipefail
OUT=${OUT:-/tmp/out}
B=build/gpu
T6=$B/06_cuda_naive/test_06_gpu
T7=$B/07_cuda_bitops/test_07_gpu
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem --format=csv | tee $OUT/summary.log
cmake --build $B -j16 --target test_06_emulated test_07_emulated test_06_gpu test_07_gpu \
  bench_06_cuda_naive bench_07_cuda_bitops demo_06 demo_07 >$OUT/build.log 2>&1 || { tail -40 $OUT/build.log; exit 1; }
echo "== build ok" | tee -a $OUT/summary.log

timeout 150 ctest --test-dir $B -R '0[67]' --output-on-failure >$OUT/ctest.log 2>&1
echo "== ctest rc=$?" | tee -a $OUT/summary.log
grep -E "tests passed|Passed|Failed|Skipped|\*\*\*" $OUT/ctest.log | tee -a $OUT/summary.log
grep -E "^07 v3 float" $OUT/ctest.log | tee -a $OUT/summary.log

export COURSE_BENCH_DIR=$OUT COURSE_BENCH_REPETITIONS=3
timeout 100 $B/bench/bench_06_cuda_naive --benchmark_min_time=0.05 >$OUT/bench.log 2>&1
echo "== bench_06 rc=$?" | tee -a $OUT/summary.log
timeout 170 $B/bench/bench_07_cuda_bitops --benchmark_min_time=0.05 >>$OUT/bench.log 2>&1
echo "== bench_07 rc=$?" | tee -a $OUT/summary.log

{ $B/06_cuda_naive/demo_06; $B/07_cuda_bitops/demo_07; } 2>&1 | tee -a $OUT/summary.log

{
  echo "== memcheck 06 [small]"
  timeout 60 compute-sanitizer --tool memcheck --error-exitcode 9 $T6 '[small]' 2>&1 | tail -4
  echo "rc=$?"
  echo "== racecheck 06 v1 [v1small]"
  timeout 40 compute-sanitizer --tool racecheck --error-exitcode 9 $T6 '[v1small]' 2>&1 | tail -4
  echo "rc=$?"
  echo "== memcheck 07 [small]"
  timeout 80 compute-sanitizer --tool memcheck --error-exitcode 9 $T7 '[small]' 2>&1 | tail -4
  echo "rc=$?"
  echo "== racecheck 07 v4/v5 [shared]"
  timeout 60 compute-sanitizer --tool racecheck --error-exitcode 9 $T7 '[shared]' 2>&1 | tail -4
  echo "rc=$?"
} 2>&1 | tee -a $OUT/summary.log
grep -E "^[0-9a-z_]+/.*median" $OUT/bench.log | awk '{print $1, $2, $3}' | grep -E "N:(1024|16777216)/" | head -60
