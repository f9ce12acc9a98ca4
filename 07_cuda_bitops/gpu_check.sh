#!/usr/bin/env bash
# Chapters 06 and 07 on the GPU machine, in one call (run from the repository root):
#   source tools/gpu_env.sh; bash 07_cuda_bitops/gpu_check.sh
# builds the two chapters, runs their tests (emulated and gpu), their benchmarks (JSON into
# $OUT), the demos, then compute-sanitizer: memcheck on the [small] cases of both GPU tests,
# racecheck (shared-memory hazards) on 07 v4/v5, synccheck (barrier use) on 06 v1 and 07 v4/v5.
# Every step has a time limit so that the whole stays inside one device call.
set -o pipefail
OUT=${OUT:-/tmp/out}
S=$OUT/summary.log
# gpu_env.sh configures the whole tree in build/gpu; if a chapter being written by someone else
# breaks that configure, configure these two chapters alone instead.
if grep -q "Build files have been written" $OUT/configure.log 2>/dev/null; then
  B=build/gpu
else
  mkdir -p /tmp/src67
  for f in CMakeLists.txt cmake common tools 06_cuda_naive 07_cuda_bitops; do ln -sfn "$PWD/$f" /tmp/src67/$f; done
  cmake -S /tmp/src67 -B build/gpu67 -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90-real \
    >$OUT/configure67.log 2>&1 || { tail -30 $OUT/configure67.log; exit 1; }
  B=build/gpu67
fi
T6=$B/06_cuda_naive/test_06_gpu
T7=$B/07_cuda_bitops/test_07_gpu
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem --format=csv | tee $S
echo "build dir: $B" | tee -a $S
SECONDS=0
cmake --build $B -j16 --target test_06_emulated test_07_emulated test_06_gpu test_07_gpu \
  bench_06_cuda_naive bench_07_cuda_bitops demo_06 demo_07 >$OUT/build.log 2>&1 || { tail -40 $OUT/build.log; exit 1; }
echo "== build ok (${SECONDS}s)" | tee -a $S

SECONDS=0
timeout 110 ctest --test-dir $B -R '0[67]' -j4 --output-on-failure >$OUT/ctest.log 2>&1
echo "== ctest rc=$? (${SECONDS}s)" | tee -a $S
grep -E "tests passed|Passed|Failed|Skipped|\*\*\*" $OUT/ctest.log | tee -a $S
timeout 20 $T7 "[accuracy]" -s 2>&1 | grep -E "^07 v3|passed|FAILED" | tee -a $S

# Three repetitions of at least 20 ms each; the READMEs quote the medians.
export COURSE_BENCH_REPETITIONS=3 COURSE_BENCH_MIN_TIME=0.02
bench() {  # bench <seconds> <exe> <json> [filter]
  SECONDS=0
  timeout $1 $B/bench/$2 --benchmark_out=$3 --benchmark_out_format=json ${4:+--benchmark_filter=$4} >>$OUT/bench.log 2>&1
  echo "== $2 ${4:-} rc=$? (${SECONDS}s)" | tee -a $S
}
bench 70 bench_06_cuda_naive $OUT/bench_06_cuda_naive.json
# 07 in two processes (float, double), so a time limit can cost at most one half; then merged.
bench 110 bench_07_cuda_bitops /tmp/b07_float.json 'float|roofline'
bench 100 bench_07_cuda_bitops /tmp/b07_double.json 'double'
python3 - "$OUT/bench_07_cuda_bitops.json" /tmp/b07_float.json /tmp/b07_double.json <<'PY' 2>&1 | tee -a $S
import json, sys
merged = None
for path in sys.argv[2:]:
    try:
        data = json.load(open(path))
    except Exception as e:
        print(f"merge: {path} unreadable ({e})")
        continue
    if merged is None:
        merged = data
    else:
        merged["benchmarks"] += data["benchmarks"]
if merged:
    json.dump(merged, open(sys.argv[1], "w"), indent=2)
    print(f"merge: {len(merged['benchmarks'])} entries")
PY
rm -f $OUT/configure.log

timeout 30 bash -c "$B/06_cuda_naive/demo_06; $B/07_cuda_bitops/demo_07" 2>&1 | tee -a $S

san() {  # san <seconds> <tool> <exe> <tag>
  SECONDS=0
  echo "== compute-sanitizer --tool $2 $(basename $3) '$4'" | tee -a $S
  timeout $1 compute-sanitizer --tool $2 --error-exitcode 9 $3 "$4" 2>&1 | tail -3 | tee -a $S
  echo "rc=${PIPESTATUS[0]} (${SECONDS}s)" | tee -a $S
}
san 40 memcheck $T7 '[small]'
san 30 racecheck $T7 '[shared]'
san 25 memcheck $T6 '[small]'
san 20 synccheck $T6 '[v1small]'
san 25 synccheck $T7 '[shared]'
grep -E "_median" $OUT/bench.log | awk '{print $1, $2}' | sed 's#/min_time.*_median##' | grep -E "N:(1024/|16777216/batch:1$)" | head -60
