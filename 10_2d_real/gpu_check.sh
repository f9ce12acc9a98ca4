#!/usr/bin/env bash
# 10_2d_real on the GPU machine, in one go: build, tests, sanitizers, demo, benchmark.
#   source tools/gpu_env.sh && bash 10_2d_real/gpu_check.sh
# Logs, PNGs and the benchmark JSON land in $OUT (at most 8 files come back from there).
# The benchmark runs even if a test fails, and before the (slow) sanitizers, so its JSON is
# never lost to either.
set -u -o pipefail
OUT=${OUT:-/tmp/out}
mkdir -p "$OUT"
rm -f "$OUT/configure.log"
status=()
step() {  # step <name> <command...>: run, log to $OUT/<name>.log, remember the exit code
  local name=$1; shift
  echo "=== $name: $*"
  local t0=$SECONDS
  "$@" 2>&1 | tee "$OUT/$name.log"
  local rc=${PIPESTATUS[0]}
  status+=("$name rc=$rc $((SECONDS - t0))s")
}
exe=build/gpu/10_2d_real

step build cmake --build build/gpu -j16 --target test_10_emulated test_10_gpu bench_10_2d_real demo_10
grep -E "spill|Used [0-9]+ registers" "$OUT/build.log" | sort | uniq -c | sort -rn | head -12
# At most 8 files come back: the build log only when the build failed.
grep -q "^build rc=0" <(printf '%s\n' "${status[@]}") && mv "$OUT/build.log" /tmp/build.log
step ctest timeout 150 ctest --test-dir build/gpu -R test_10 --output-on-failure
step demo timeout 30 $exe/demo_10 "$OUT"
export COURSE_BENCH_REPETITIONS=${COURSE_BENCH_REPETITIONS:-3} COURSE_BENCH_MIN_TIME=${COURSE_BENCH_MIN_TIME:-0.02}
step bench timeout 150 build/gpu/bench/bench_10_2d_real --benchmark_out="$OUT/bench_10_2d_real.json" --benchmark_out_format=json

# Small cases only: the sanitizers slow kernels down 10-100x.
{
  timeout 90 compute-sanitizer --tool memcheck --error-exitcode 1 $exe/test_10_gpu "[sanitize]"; echo "memcheck rc=$?"
  timeout 120 compute-sanitizer --tool racecheck --error-exitcode 1 $exe/test_10_gpu "[sanitize]"; echo "racecheck rc=$?"
} 2>&1 | tee "$OUT/sanitize.log" | grep -E "ERROR SUMMARY|RACECHECK SUMMARY|rc=|passed|failed"
echo "=== summary"
printf '%s\n' "${status[@]}"
grep -E "rc=" "$OUT/sanitize.log"
