#!/usr/bin/env bash
# The GPU labs (06-10) on the GPU machine, after `source tools/gpu_env.sh` (which configures
# build/gpu): each lab's reference graded with its performance band (--solution), 09's slow
# solution (must fall outside the band), then compute-sanitizer on the reference graders:
# memcheck on every lab, racecheck on the labs whose kernels use shared memory (07-10), with
# --quick (no performance band: it is reported as skipped there).
# Logs in $OUT:  bash tools/lab_gpu_check.sh [all | grade | sanitize]
set -uo pipefail
OUT="${OUT:?}"
export COURSE_BUILD_DIR=build/gpu
what="${1:-all}"
labs="${LABS:-06 07 08 09 10}"
targets=""
for n in $labs; do targets="$targets lab_${n}_reference_gpu"; done
start=$SECONDS
cmake --build build/gpu -j"$(nproc)" --target $targets lab_09_slow_gpu >"$OUT/lab_build.log" 2>&1 \
  || { grep -B2 -A10 error "$OUT/lab_build.log" | head -60; exit 1; }
echo "build: $((SECONDS - start)) s"
[ "$what" = sanitize ] || for n in $labs; do
  ./course lab "$n" --solution --seed 1 >"$OUT/lab_$n.log" 2>&1
  echo "lab $n --solution: rc=$? $(grep -E 'PASSED|NOT PASSED|band' "$OUT/lab_$n.log" | tail -3 | tr '\n' ' ')"
done
[ "$what" = sanitize ] || { ./course lab 09 --slow --seed 1 >"$OUT/lab_09_slow.log" 2>&1
echo "lab 09 --slow: rc=$? (must not pass) $(grep -E 'PASSED|band' "$OUT/lab_09_slow.log" | tail -2 | tr '\n' ' ')"; }
[ "$what" = grade ] && exit 0
san() {  # tool lab
  local exe
  exe="$(ls build/gpu/$2_*/lab/lab_$2_reference_gpu)"
  timeout "${SAN_TIMEOUT:-280}" compute-sanitizer --tool "$1" --error-exitcode 9 "$exe" --quick --seed 1 \
    --report-dir "$OUT/san-reports" >"$OUT/san_$1_$2.log" 2>&1
  local rc=$?
  echo "$1 lab $2: rc=$rc $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' "$OUT/san_$1_$2.log" | tail -1) $(grep -E 'Lab [0-9]+ .*PASSED' "$OUT/san_$1_$2.log" | tail -1)"
  [ "$rc" = 0 ] || grep -m8 -E '^========= [A-Z]|Invalid|Race|Error|FAIL|not passed|\[FAIL' "$OUT/san_$1_$2.log"
}
for n in $labs; do san memcheck "$n" & done; wait
for n in $labs; do [ "$n" = 06 ] || san racecheck "$n" & done; wait
tar czf "$OUT/lab_logs.tgz" -C "$OUT" --exclude lab_logs.tgz . 2>/dev/null
