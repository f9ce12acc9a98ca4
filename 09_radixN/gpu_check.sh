#!/usr/bin/env bash
# Chapter 09 on the GPU machine, in one call: build, tests, compute-sanitizer, benchmark.
#   source tools/gpu_env.sh; bash 09_radixN/gpu_check.sh        (logs and JSON under $OUT)
# Uses build/gpu when the whole course configured; otherwise a tree of common/ and this
# chapter alone (another chapter's half-written CMakeLists must not stop this one).
set -o pipefail
OUT=${OUT:-/tmp/out}
mkdir -p "$OUT"
B=build/gpu
if ! grep -q "Generating done" "$OUT/configure.log" 2>/dev/null; then
  echo "full configure failed; building 09 from a reduced tree"
  mkdir -p /tmp/r9src
  for f in CMakeLists.txt cmake common 09_radixN; do ln -sfn "$PWD/$f" /tmp/r9src/$f; done
  B=build/gpu09
  cmake -S /tmp/r9src -B $B -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90-real >"$OUT/configure09.log" 2>&1 || tail -20 "$OUT/configure09.log"
fi
cmake -B $B -DCOURSE_PTXAS_VERBOSE=ON >/dev/null
T="test_09_planner test_09_butterfly test_09_emulated test_09_radixN bench_09_radixN demo_09_radixN"
time cmake --build $B -j16 --target $T 2>&1 > "$OUT/build09.log" || { grep -B2 -A8 error "$OUT/build09.log" | head -60; exit 1; }
echo "== ptxas: kernels with spills or stack"
grep -A2 "tile_fft_kernel" "$OUT/build09.log" | grep -E "spill|stack frame" | grep -vE "0 bytes spill stores, 0 bytes spill loads|^\s*0 bytes stack" | sort | uniq -c | head -20
grep -E "Used [0-9]+ registers" "$OUT/build09.log" | sed -E 's/.*Used ([0-9]+) registers.*/\1/' | sort -n | uniq -c | tr '\n' ' '; echo
if [ -z "$SKIP_TESTS" ]; then
echo "== tests"
time ctest --test-dir $B -R 09 --timeout 240 --output-on-failure 2>&1 | tee "$OUT/ctest09.log" | grep -E "Test +#|tests passed|FAILED|failed|Error" | head -40
fi
echo "== demo"
$B/09_radixN/demo_09_radixN 2>&1 | tee "$OUT/demo09.log" | grep -E "pass|ms" | head -20
echo "== benchmark"
time timeout ${BENCH_TIMEOUT:-300} env COURSE_BENCH_DIR=$OUT COURSE_BENCH_REPETITIONS=${REPS:-3} $B/bench/bench_09_radixN ${BENCH_FILTER:+--benchmark_filter=$BENCH_FILTER} 2>&1 > "$OUT/bench09.log"
python3 - "$OUT" <<'PY'
import json, sys, glob, re
f = glob.glob(sys.argv[1] + "/bench_09_radixN*.json")
if not f: sys.exit("no JSON")
rows = {}
for b in json.load(open(f[0]))["benchmarks"]:
    if b.get("aggregate_name") != "median": continue
    rows[b["run_name"]] = b
def key(n): return re.sub(r"^[^/]+/[^/]+(/\d-pass)?/", "", n)
lib = {key(n): b["real_time"] for n, b in rows.items() if n.startswith("cufft/")}
for n, b in rows.items():
    if not n.startswith("09_radixN/plan"): continue
    k = key(n); r = lib.get(k)
    print(f"{n:62s} {b['real_time']:9.4f} ms {b.get('GBps',0):7.0f} GB/s  vs cuFFT {r/b['real_time'] if r else 0:5.2f}")
PY
echo "== compute-sanitizer"
X=$B/09_radixN/test_09_radixN
timeout 120 compute-sanitizer --tool memcheck --error-exitcode 1 $X "[sanitize]" 2>&1 | tee "$OUT/memcheck09.log" | tail -4
timeout 150 compute-sanitizer --tool racecheck --racecheck-report all --error-exitcode 1 $X "[sanitize]" 2>&1 | tee "$OUT/racecheck09.log" | tail -4
