#!/usr/bin/env bash
# Chapter 12's GPU part on the GPU machine, in one call: build, tests, compute-sanitizer,
# benchmark against cuFFT.
#   source tools/gpu_env.sh; bash 12_any_n/gpu_check.sh
# Logs go to $LOGS (default /tmp/logs12); $OUT gets logs12.tgz (refreshed after every stage)
# and bench_12_gpu.json. BENCH_FILTER picks benchmarks; NCU_CASES the benchmark cases and
# NCU_KERNEL (default mixed_pass) the kernel that ncu profiles; SKIP_TESTS=1 leaves out the tests
# and the sanitizers beside them, SKIP_SAN=1 the sanitizers alone, SKIP_BENCH=1 the benchmark (two
# calls of under 10 minutes each). SHARDS picks test shards (default "every products primes powers
# rest"; leaving out products saves two minutes where only Bluestein changed).
set -o pipefail
OUT=${OUT:-/tmp/out}
LOGS=${LOGS:-/tmp/logs12}
mkdir -p "$OUT" "$LOGS"
B=build/gpu
pack() { tar czf "$OUT/logs12.tgz" -C "$LOGS" . 2>/dev/null; }
T="test_12_gpu_emulated test_12_gpu bench_12_gpu ${EXTRA_TARGETS:-}"
start=$SECONDS
cmake --build $B -j"$(nproc)" --target $T >"$LOGS/build12.log" 2>&1 || { grep -B2 -A8 error "$LOGS/build12.log" | head -60; pack; exit 1; }
echo "== build: $((SECONDS - start)) s"
X=$B/12_any_n/test_12_gpu
if [ "${SKIP_TESTS:-0}" != 1 ]; then
echo "== tests in five shards at once, compute-sanitizer beside them"
# The conformance cases spend most of their time in the CPU reference: shards use the cores.
start=$SECONDS
shard() {
  timeout ${TEST_TIMEOUT:-400} $X --durations yes "$2" >"$LOGS/test12_$1.log" 2>&1
  echo "test_12_gpu $1 ($2) rc=$? in $((SECONDS - start)) s: $(grep -E 'passed|failed' "$LOGS/test12_$1.log" | tail -1)" >"$LOGS/test12_$1.rc"
}
declare -A filter=([every]="*every*" [products]="*smooth*" [primes]="*primes*" [powers]="*powers of two*" [rest]="~[conformance]")
for s in ${SHARDS:-every products primes powers rest}; do
  [ -n "${filter[$s]:-}" ] || { echo "unknown shard $s (every products primes powers rest)"; exit 2; }
  shard "$s" "${filter[$s]}" &
done
if [ "${SKIP_SAN:-0}" != 1 ]; then
  san() {  # name, tool: the [sanitize] set under compute-sanitizer
    timeout ${SAN_TIMEOUT:-300} compute-sanitizer --tool $2 ${3:-} --error-exitcode 9 $X "[sanitize]" >"$LOGS/$1.log" 2>&1
    echo "$1 rc=$? in $((SECONDS - start)) s: $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' "$LOGS/$1.log" | tail -1)" >"$LOGS/$1.rc"
  }
  limit() {  # the [sanitize] set at a smaller shared-memory limit (smaller blocks)
    COURSE_SHARED_LIMIT_KIB=$1 timeout 100 $X "[sanitize]" >"$LOGS/test12_smem$1.log" 2>&1
    echo "test_12_gpu [sanitize] at a $1 KiB limit rc=$? $(tail -1 "$LOGS/test12_smem$1.log")" >"$LOGS/test12_smem$1.rc"
  }
  san memcheck12 memcheck & san racecheck12 racecheck "--racecheck-report all" & limit 64 & limit 48 &
fi
wait
cat "$LOGS"/*.rc
grep -h -E "FAILED|with expansion" "$LOGS"/test12_*.log | head -20
pack
fi
[ "${SKIP_BENCH:-0}" = 1 ] && exit 0
echo "== benchmark"
start=$SECONDS
timeout ${BENCH_TIMEOUT:-240} env COURSE_BENCH_DIR=$OUT COURSE_BENCH_REPETITIONS=${REPS:-5} $B/bench-gpu12/bench_12_gpu \
  ${BENCH_FILTER:+--benchmark_filter=$BENCH_FILTER} >"$LOGS/bench12.log" 2>&1
echo "bench rc=$? in $((SECONDS - start)) s"
python3 - "$OUT" <<'PY'
import json, sys, glob, re
f = glob.glob(sys.argv[1] + "/bench_12_gpu*.json")
if not f: sys.exit("no JSON")
rows = {b["run_name"]: b for b in json.load(open(f[0]))["benchmarks"] if b.get("aggregate_name") == "median"}
def key(n):  # the case, whatever the variant's depth
    m = re.search(r"(float|double)/N:\d+/batch:\d+", n)
    return m.group(0) if m else n
lib = {key(n): b["real_time"] for n, b in rows.items() if n.startswith("cufft/")}
for n, b in rows.items():
    if n.startswith("cufft/") or n.startswith("copy"): continue
    k = key(n); t = b["real_time"]
    print(f"{n.split('/iter')[0]:50s} {t:9.4f} ms {b.get('GBps', 0):7.0f} GB/s  cuFFT {lib.get(k, 0):9.4f} ms  cuFFT/ours {lib.get(k, 0) / t:5.2f}")
PY
pack
if [ -n "${NCU_CASES:-}" ]; then
  for c in $NCU_CASES; do
    echo "== ncu: $c"
    timeout 100 ncu --kernel-name regex:${NCU_KERNEL:-mixed_pass} --launch-skip 2 --launch-count 1 --section SpeedOfLight --section Occupancy \
      --section WarpStateStats --section MemoryWorkloadAnalysis --section LaunchStats $B/bench-gpu12/bench_12_gpu \
      --benchmark_filter="^12_any_n/gpu/$c/" --benchmark_min_time=0.02 >"$LOGS/ncu12_${c//[:\/]/_}.log" 2>&1
    grep -E "DRAM Throughput|Compute \(SM\) Throughput|Duration|Achieved Occupancy|Registers Per|Block Limit (Reg|Shared)|Stall|Bank" "$LOGS/ncu12_${c//[:\/]/_}.log" | head -14
  done
  pack
fi
