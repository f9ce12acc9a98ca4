#!/usr/bin/env bash
# 08_cuda_stockham on the GPU machine, in one go: build, tests, sanitizers, demo, benchmark.
#   source tools/gpu_env.sh && bash 08_cuda_stockham/gpu_check.sh
# Logs (build, bench, checks) and the benchmark JSON land in $OUT (default /tmp/out). Steps that fail are reported
# at the end; the benchmark runs even if a test fails, so its JSON is never lost to that.
set -u -o pipefail
OUT=${OUT:-/tmp/out}
mkdir -p "$OUT"
rm -f "$OUT/configure.log"  # gpu_env.sh prints it when configuring fails; at most 8 files come back
status=()
step() {  # step <name> <command...>: run, append to $OUT/$LOG.log, remember the exit code
  local name=$1; shift
  echo "=== $name: $*" | tee -a "$OUT/$LOG.log"
  local t0=$SECONDS
  "$@" 2>&1 | tee -a "$OUT/$LOG.log"
  local rc=${PIPESTATUS[0]}
  status+=("$name rc=$rc $((SECONDS - t0))s")
}
exe=build/gpu/08_cuda_stockham

LOG=build step build cmake --build build/gpu -j16 --target test_08_emulated test_08_gpu bench_08_cuda_stockham demo_08
grep -E "spill|Used [0-9]+ registers" "$OUT/build.log" | sort | uniq -c | head -20
# The benchmark first, in two halves with their own JSON (merged below): a half cut short by
# its time limit loses only itself. COURSE_BENCH_MIN_TIME=0.02 s per repetition: each
# iteration already lasts >= 0.5 ms (time_gpu), and about 340 benchmarks x 3 repetitions have
# to fit in the machine's time limit (at the default 0.1 s the float half alone took > 150 s).
export COURSE_BENCH_REPETITIONS=3 COURSE_BENCH_MIN_TIME=0.02
for p in float double; do
  filter="/$p/"; [ $p = float ] && filter="/float/|roofline"
  LOG=bench step bench_$p timeout 125 build/gpu/bench/bench_08_cuda_stockham \
    --benchmark_filter="$filter" --benchmark_out="$OUT/bench_$p.json" --benchmark_out_format=json
done
python3 - "$OUT" <<'PY' && rm -f "$OUT/bench_float.json" "$OUT/bench_double.json"
import json, pathlib, sys
out = pathlib.Path(sys.argv[1])
parts = []
for p in ("float", "double"):
    try:
        parts.append(json.loads((out / f"bench_{p}.json").read_text()))
    except (OSError, ValueError) as e:
        print(f"bench_{p}.json unusable: {e}")
        sys.exit(1)
merged = {"context": parts[0]["context"], "benchmarks": [b for p in parts for b in p["benchmarks"]]}
(out / "bench_08_cuda_stockham.json").write_text(json.dumps(merged, indent=2))
PY
LOG=checks step ctest timeout 90 ctest --test-dir build/gpu -R test_08 --output-on-failure
# Small cases only: the sanitizers slow kernels down 10-100x.
LOG=checks step memcheck timeout 40 compute-sanitizer --tool memcheck --error-exitcode 1 $exe/test_08_gpu "[sanitize]"
LOG=checks step racecheck timeout 50 compute-sanitizer --tool racecheck --error-exitcode 1 $exe/test_08_gpu "[sanitize][fused]"
LOG=checks step demo timeout 20 $exe/demo_08

echo "=== summary"
printf '%s\n' "${status[@]}"
python3 - "$OUT/bench_08_cuda_stockham.json" <<'PY' || true
import json, sys
rows = {}
for b in json.load(open(sys.argv[1]))["benchmarks"]:
    parts = b["run_name"].split("/")
    kv = dict(p.split(":", 1) for p in parts if ":" in p)
    if b.get("aggregate_name") != "median" or "N" not in kv: continue
    key = (parts[2], int(kv["N"]), int(kv["batch"]))
    rows.setdefault(key, {})[parts[0] + "/" + parts[1]] = b["real_time"]
cols = ["08_cuda_stockham/v1", "08_cuda_stockham/v2", "08_cuda_stockham/v3", "08_cuda_stockham/v4", "07_cuda_bitops/v5", "cufft/c2c"]
print("precision N batch | v1 v2 v3 v4 07v5 cufft (ms) | cufft/v3 cufft/v4")
for key in sorted(rows):
    r = rows[key]
    ms = ["%.3f" % r[c] if c in r else "-" for c in cols]
    ratio = lambda v: "%.2f" % (r["cufft/c2c"] / r[v]) if "cufft/c2c" in r and v in r else "-"
    print(*key, "|", *ms, "|", ratio(cols[2]), ratio(cols[3]))
PY
