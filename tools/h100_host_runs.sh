#!/usr/bin/env bash
# One call on the GPU machine for what only it can give: the 16-core CPU results of chapters
# 04 and 05, and the Nsight Systems profile of chapter 09.
#   source tools/gpu_env.sh && bash tools/h100_host_runs.sh      (files land in $OUT)
set -uo pipefail
OUT="${OUT:?}"
COURSE_BENCH_REPETITIONS=3 COURSE_BENCH_MIN_TIME=0.05 bash 04_threads/host_bench.sh > "$OUT/run_04.log" 2>&1; echo "04 rc=$?"
tail -3 "$OUT/run_04.log"
mkdir -p /tmp/o5
OUT=/tmp/o5 COURSE_MPI_BUDGET_S="${COURSE_MPI_BUDGET_S:-120}" bash 05_mpi/host_bench.sh > "$OUT/run_05.log" 2>&1; echo "05 rc=$?"
cp /tmp/o5/bench_05_mpi.json /tmp/o5/bench_05_mpi.txt "$OUT/" 2>/dev/null
tail -12 "$OUT/run_05.log"
COURSE_OFFLINE=1 ./course profile 09 > "$OUT/profile_09.log" 2>&1; echo "profile rc=$?"
cp results/*/profiles/09_nsys_summary.txt "$OUT/" 2>/dev/null
tail -40 "$OUT/profile_09.log"
