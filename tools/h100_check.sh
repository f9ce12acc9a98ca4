#!/usr/bin/env bash
# The GPU machine's checks in one call, after `source tools/gpu_env.sh`: builds the whole course
# in build/default for sm_90 (the folder ./course bench and ./course profile use), runs every
# test, then compute-sanitizer on the small cases of every GPU test binary. Logs land in $OUT.
#   source tools/gpu_env.sh && bash tools/h100_check.sh [--no-sanitizers | --sanitizers-only]
set -uo pipefail
OUT="${OUT:?}"
cmake --preset default -DCMAKE_CUDA_ARCHITECTURES=90-real >"$OUT/configure.log" 2>&1 || { tail -30 "$OUT/configure.log"; exit 1; }
if [ "${1:-}" != "--sanitizers-only" ]; then
start=$SECONDS
cmake --build build/default -j"$(nproc)" >"$OUT/build.log" 2>&1 || { grep -B2 -A12 'error' "$OUT/build.log" | head -80; exit 1; }
echo "build: $((SECONDS - start)) s"
ctest --test-dir build/default -j4 --timeout 400 --output-on-failure >"$OUT/ctest.log" 2>&1; echo "ctest rc=$?"
grep -E "tests passed|Failed|Skipped|\*\*\*" "$OUT/ctest.log" | tail -20
fi
[ "${1:-}" = "--no-sanitizers" ] && exit 0
# compute-sanitizer: memcheck on each GPU binary's small cases; racecheck where shared memory is used.
cs=compute-sanitizer
san() {  # tool exe filter
  local log="$OUT/sanitizer.log"
  echo "== $1 $(basename "$2") $3" >>"$log"
  timeout 150 $cs --tool "$1" --error-exitcode 9 "$2" "$3" >>"$log" 2>&1
  echo "$1 $(basename "$2") '$3' rc=$? $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' "$log" | tail -1)"
}
b=build/default
san memcheck "$(find $b -name test_cuda_helpers -type f)" '~CUDA errors are reported*'
san memcheck "$(find $b -name test_06_gpu -type f)" '[small]'
san memcheck "$(find $b -name test_07_gpu -type f)" '[small]'
san racecheck "$(find $b -name test_07_gpu -type f)" '[shared]'
san memcheck "$(find $b -name test_08_gpu -type f)" '[sanitize]'
san racecheck "$(find $b -name test_08_gpu -type f)" '[sanitize][fused]'
san memcheck "$(find $b -name test_09_radixN -type f)" '[sanitize]'
san racecheck "$(find $b -name test_09_radixN -type f)" '[sanitize]'
san memcheck "$(find $b -name test_10_gpu -type f)" '[sanitize]'
san racecheck "$(find $b -name test_10_gpu -type f)" '[sanitize]'
