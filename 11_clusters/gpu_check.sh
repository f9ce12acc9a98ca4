#!/usr/bin/env bash
# Chapter 11 on the GPU machine, in one call: build, tests (at the device's limit and at 99 and
# 64 KiB), compute-sanitizer, benchmark, an ncu profile of one batched float launch.
#   source tools/gpu_env.sh; bash 11_clusters/gpu_check.sh
# Logs go to $LOGS (default /tmp/logs11); $OUT gets logs11.tgz (refreshed after every stage)
# and bench_11_clusters.json.
set -o pipefail
OUT=${OUT:-/tmp/out}
LOGS=${LOGS:-/tmp/logs11}
mkdir -p "$OUT" "$LOGS"
B=build/gpu
pack() { tar czf "$OUT/logs11.tgz" -C "$LOGS" . 2>/dev/null; }
T="test_11_emulated test_11_clusters bench_11_clusters racecheck_probe_11 ${EXTRA_TARGETS:-}"
start=$SECONDS
cmake --build $B -j"$(nproc)" --target $T >"$LOGS/build11.log" 2>&1 || { grep -B2 -A8 error "$LOGS/build11.log" | head -60; pack; exit 1; }
echo "== build: $((SECONDS - start)) s"
X=$B/11_clusters/test_11_clusters
echo "== tests"
for kib in "" 99 64; do
  COURSE_SHARED_LIMIT_KIB=$kib timeout 240 $X >"$LOGS/test11_${kib:-device}.log" 2>&1
  echo "test_11_clusters at ${kib:-device} KiB limit: rc=$? $(tail -2 "$LOGS/test11_${kib:-device}.log" | tr '\n' ' ')"
done
$B/11_clusters/test_11_emulated >"$LOGS/test11_emulated.log" 2>&1; echo "test_11_emulated rc=$? $(tail -1 "$LOGS/test11_emulated.log")"
pack
echo "== compute-sanitizer"
timeout 150 compute-sanitizer --tool memcheck --error-exitcode 9 $X "[sanitize]" >"$LOGS/memcheck11.log" 2>&1
echo "memcheck rc=$? $(grep -E 'ERROR SUMMARY' "$LOGS/memcheck11.log" | tail -1)"
timeout 200 compute-sanitizer --tool racecheck --racecheck-report all --error-exitcode 9 $X "[sanitize]" >"$LOGS/racecheck11.log" 2>&1
echo "racecheck rc=$? $(grep -E 'RACECHECK SUMMARY' "$LOGS/racecheck11.log" | tail -1)"
grep -m5 -iE "cluster|not supported|warning" "$LOGS/racecheck11.log"
# Does racecheck see distributed shared memory? A planted race must show hazards, its synced twin none.
for m in synced race; do
  timeout 60 compute-sanitizer --tool racecheck --racecheck-report all $B/11_clusters/racecheck_probe_11 $m >"$LOGS/probe_$m.log" 2>&1
  echo "racecheck_probe_11 $m rc=$? $(grep -E 'RACECHECK SUMMARY' "$LOGS/probe_$m.log")"
done
pack
# Another check sharing the GPU (WAIT_FOR: the file it writes when done) must not overlap the timing.
while [ -n "${WAIT_FOR:-}" ] && [ ! -f "$WAIT_FOR" ] && [ $SECONDS -lt 420 ]; do sleep 2; done
echo "== benchmark"
start=$SECONDS
timeout ${BENCH_TIMEOUT:-240} env COURSE_BENCH_DIR=$OUT COURSE_BENCH_REPETITIONS=${REPS:-5} $B/bench/bench_11_clusters >"$LOGS/bench11.log" 2>&1
echo "bench rc=$? in $((SECONDS - start)) s"
python3 - "$OUT" <<'PY'
import json, sys, glob, re
f = glob.glob(sys.argv[1] + "/bench_11_clusters*.json")
if not f: sys.exit("no JSON")
rows = {b["run_name"]: b for b in json.load(open(f[0]))["benchmarks"] if b.get("aggregate_name") == "median"}
def key(n): return re.sub(r"^(cufft/c2c|11_clusters/cluster|09_radixN/plan/\d-pass)/", "", n)
lib = {key(n): b["real_time"] for n, b in rows.items() if n.startswith("cufft/")}
r09 = {key(n): b["real_time"] for n, b in rows.items() if n.startswith("09_radixN/")}
for n, b in rows.items():
    if not n.startswith("11_clusters/"): continue
    k = key(n); t = b["real_time"]
    print(f"{k:40s} {t:9.4f} ms {b.get('GBps', 0):7.0f} GB/s  vs cuFFT {lib.get(k, 0) / t:5.2f}  vs 09 {r09.get(k, 0) / t:5.2f}")
PY
pack
if [ "${NCU:-1}" != 0 ]; then
  NCU_CASE=${NCU_CASE:-float/N:131072/batch:512}
  echo "== ncu: $NCU_CASE"
  timeout 120 ncu --kernel-name regex:cluster_fft_kernel --launch-skip 3 --launch-count 1 \
    --section SpeedOfLight --section MemoryWorkloadAnalysis --section MemoryWorkloadAnalysis_Tables --section Occupancy --section LaunchStats \
    $B/bench/bench_11_clusters --benchmark_filter="^11_clusters/cluster/$NCU_CASE/" --benchmark_min_time=0.05 >"$LOGS/ncu11.log" 2>&1
  echo "ncu rc=$?"; grep -E "DRAM Throughput|Memory Throughput|Duration|Achieved Occupancy|Cluster|Shared|dsmem|Registers" "$LOGS/ncu11.log" | head -30
  pack
fi
