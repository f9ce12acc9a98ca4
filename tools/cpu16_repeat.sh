#!/usr/bin/env bash
# Repeats chapter 04's and 05's many-core benchmarks with pinned threads and ranks, so that the
# spread between runs is known before a speedup is believed (the 16-core host is a shared VM).
#   bash tools/cpu16_repeat.sh OUTDIR            then   python3 tools/spread.py OUTDIR
# Each repeat r = 1..REPEATS writes
#   OUTDIR/r<r>/04_p<P>/bench_04_threads.json    04 at P threads, run under taskset -c 0..P-1
#   OUTDIR/r<r>/bench_05_mpi.p<P>.json           05 at P ranks, mpirun --map-by core --bind-to core
# Pinning: 04's benchmark starts its own threads and has no affinity option, so each P runs in a
# process of its own confined to P cores (taskset), and its P threads (and FFTW's) share them.
# 05's ranks are bound one to a core by mpirun. The repeats interleave (04 and 05, every P, then
# the next repeat) so that a slow period of the host spreads over all rows instead of one.
# Settings (environment): REPEATS (default 5), THREADS (default "1 2 4 8 16", capped at nproc),
# RANKS (default "1 2 4 8 16", capped at nproc), SIZES04 (log2 N, default 20,22), SIZE05 (log2 N,
# default 24), COURSE_BUILD_DIR (default build/default, configured with `cmake --preset default`).
# Time: about 2-3 minutes a repeat on the 16-core host (04: about 1 min, 05: about 1.5 min).
set -euo pipefail
out="${1:?usage: tools/cpu16_repeat.sh OUTDIR}"
cd "$(dirname "${BASH_SOURCE[0]}")/.."
build="${COURSE_BUILD_DIR:-build/default}"
repeats="${REPEATS:-5}"
cores="$(nproc)"
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
export COURSE_BENCH_LOG2_SIZES="${SIZES04:-20,22}"
export COURSE_BENCH_REPETITIONS="${COURSE_BENCH_REPETITIONS:-3}"
export COURSE_BENCH_MIN_TIME="${COURSE_BENCH_MIN_TIME:-0.05}"
export COURSE_FFTW_TIMELIMIT="${COURSE_FFTW_TIMELIMIT:-2}"
cmake --build "$build" --target bench_04_threads bench_05_mpi >/dev/null
mkdir -p "$out"
{
  echo "date: $(date -u +%FT%TZ)"; echo "nproc: $cores"
  lscpu | grep -E "Model name|^CPU\(s\)|Thread|Core|Socket|NUMA node|cache" || true
  echo "load: $(cat /proc/loadavg)"
} >"$out/host.txt"

for r in $(seq 1 "$repeats"); do
  for p in ${THREADS:-1 2 4 8 16}; do
    [ "$p" -le "$cores" ] || continue
    dir="$out/r$r/04_p$p"
    mkdir -p "$dir"
    # One process per P: this P's rows of 04 and FFTW, plus 03's serial rows beside P = 1.
    # (Google Benchmark appends /min_time:.../repeats:.../real_time to the names it matches.)
    filter="^(04_threads/v[123]|fftw/measure)/double/.*/threads:$p(/|\$)"
    [ "$p" = 1 ] && filter="$filter|^03_iterative/v[12]/double/"
    echo "repeat $r: 04 P=$p (taskset -c 0-$((p - 1)))"
    COURSE_BENCH_DIR="$dir" taskset -c "0-$((p - 1))" "$build/bench/bench_04_threads" \
      --benchmark_filter="$filter" >"$dir/log.txt" 2>&1 || echo "  04 P=$p failed: see $dir/log.txt"
  done
  for p in ${RANKS:-1 2 4 8 16}; do
    [ "$p" -le "$cores" ] || continue
    mkdir -p "$out/r$r"
    echo "repeat $r: 05 P=$p (mpirun --bind-to core)"
    timeout 300 mpirun -n "$p" --map-by core --bind-to core "$build/bench-mpi/bench_05_mpi" \
      --precisions=double --sizes="${SIZE05:-24}" --variants=fftw_mpi,v3,v3t,v2,v4 --reps=5 \
      --fftw-timelimit=3 --case-s=20 --budget-s=240 --out="$out/r$r/bench_05_mpi.p$p.json" \
      >"$out/r$r/05_p$p.log" 2>&1 || echo "  05 P=$p failed: see $out/r$r/05_p$p.log"
  done
done
echo "done: python3 tools/spread.py $out"
