#!/usr/bin/env bash
# 08_cuda_stockham on the GPU machine, in one go: build, tests, sanitizers, demo, benchmark.
#   source tools/gpu_env.sh && bash 08_cuda_stockham/gpu_check.sh
# Logs and the benchmark JSON land in $OUT (default /tmp/out). Steps that fail are reported
# at the end; the benchmark runs even if a test fails, so its JSON is never lost to that.
set -u -o pipefail
OUT=${OUT:-/tmp/out}
mkdir -p "$OUT"
status=()
step() {  # step <name> <command...>: run, log to $OUT/<name>.log, remember the exit code
  local name=$1; shift
  echo "=== $name: $*"
  local t0=$SECONDS
  "$@" 2>&1 | tee "$OUT/$name.log"
  local rc=${PIPESTATUS[0]}
  status+=("$name rc=$rc $((SECONDS - t0))s")
}
exe=build/gpu/08_cuda_stockham

step build cmake --build build/gpu -j16 --target test_08_emulated test_08_gpu bench_08_cuda_stockham demo_08
grep -E "spill|Used [0-9]+ registers" "$OUT/build.log" | sort | uniq -c | head -20
step ctest ctest --test-dir build/gpu -R test_08 --output-on-failure
# Small cases only: the sanitizers slow kernels down 10-100x.
step memcheck compute-sanitizer --tool memcheck --error-exitcode 1 $exe/test_08_gpu "[sanitize]"
step racecheck compute-sanitizer --tool racecheck --error-exitcode 1 $exe/test_08_gpu "[sanitize][fused]"
step demo $exe/demo_08
# min_time 0.02 s per repetition: each iteration already lasts >= 0.5 ms (time_gpu), and the
# whole run (about 340 benchmarks x 3 repetitions) has to fit in the machine's time limit.
export COURSE_BENCH_DIR=$OUT COURSE_BENCH_REPETITIONS=3
step bench build/gpu/bench/bench_08_cuda_stockham --benchmark_min_time=0.02

echo "=== summary"
printf '%s\n' "${status[@]}"
python3 - "$OUT/bench_08_cuda_stockham.json" <<'PY' || true
import json, sys
rows = {}
for b in json.load(open(sys.argv[1]))["benchmarks"]:
    if b.get("aggregate_name") != "median": continue
    parts = b["run_name"].split("/")
    key = (parts[2], parts[3], parts[4])          # precision, N, batch
    rows.setdefault(key, {})[parts[0] + "/" + parts[1]] = (b["real_time"], b.get("GBps", 0))
cols = ["08_cuda_stockham/v1", "08_cuda_stockham/v2", "08_cuda_stockham/v3", "08_cuda_stockham/v4", "07_cuda_bitops/v5", "cufft/c2c"]
print("precision N batch | " + " | ".join(c.split("/")[-1] for c in cols) + "   (ms; v4/cufft)")
for key in sorted(rows, key=lambda k: (k[0], int(k[2].split(":")[1]) == 1, int(k[1].split(":")[1]))):
    r = rows[key]
    ms = ["%.3f" % r[c][0] if c in r else "-" for c in cols]
    ratio = r["cufft/c2c"][0] / r["08_cuda_stockham/v4"][0] if "cufft/c2c" in r and "08_cuda_stockham/v4" in r else 0
    print(" ".join(key), "|", " | ".join(ms), "| %.2f" % ratio)
PY
