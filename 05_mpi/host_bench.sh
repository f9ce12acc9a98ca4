#!/usr/bin/env bash
# Chapter 05's benchmark on a many-core host (the 16-core GPU machine): builds bench_05_mpi in
# build/gpu, runs it for P = 16, 1, 8, 4, 2 ranks (most needed first, so a cut-short run still
# holds the target's pair P = 1 and P = 16), then merges the JSON and prints time, S and E.
#   OUT=<folder> bash 05_mpi/host_bench.sh      ->  $OUT/bench_05_mpi.json (+ per-run files)
# The whole run stays under COURSE_MPI_BUDGET_S seconds (default 280). Each mpirun is told its
# share (--budget-s: what is left, less 10 s for the rest; the program skips the cases that would
# start after it, and lists them in the JSON) and no case may take more than COURSE_MPI_CASE_S
# seconds (default 20: fewer repetitions of a slow case). FFTW-MPI runs first at each size and
# the largest size first, so a run cut short still holds the baseline and the lesson's 2^24.
# Overrides for other machines: COURSE_MPI_BUILD (build folder), COURSE_MPI_RANKS,
# COURSE_MPI_DOUBLE_SIZES, COURSE_MPI_FLOAT_SIZES (log2 N lists), COURSE_MPI_REPS, and
# COURSE_MPI_BIND (default "--map-by core --bind-to core").
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
OUT="${OUT:-/tmp/out}"
mkdir -p "$OUT"
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
build="${COURSE_MPI_BUILD:-build/gpu}"
budget="${COURSE_MPI_BUDGET_S:-280}"
reps="${COURSE_MPI_REPS:-5}"
case_s="${COURSE_MPI_CASE_S:-20}"
read -r -a bind <<<"${COURSE_MPI_BIND:---map-by core --bind-to core}"
start=$SECONDS

# On the GPU host the libraries come from .deps, unpacked by tools/gpu_env.sh; do it here if
# nobody has yet (a fresh machine), so the build and the ranks find FFTW-MPI.
if [ -z "${COURSE_MPI_BUILD:-}" ] && [ ! -d /opt/deps/usr/lib ] && [ -f tools/gpu_env.sh ] && ls .deps/*.deb >/dev/null 2>&1; then
  echo "host_bench: sourcing tools/gpu_env.sh (unpacks .deps, configures build/gpu)"
  # shellcheck disable=SC1091
  source tools/gpu_env.sh
fi

cmake --build "$build" -j"$(nproc)" --target bench_05_mpi >"$OUT/bench_05_mpi.build.log" 2>&1 || {
  tail -30 "$OUT/bench_05_mpi.build.log"; echo "host_bench: build failed (is MPI found in $build? 05_mpi says so at configure)"; exit 1; }
exe="$build/bench-mpi/bench_05_mpi"
echo "host: $(nproc) CPUs, $(mpirun --version | head -1)"

left() { echo $((budget - (SECONDS - start))); }

# One rank per core, pinned, is what the numbers mean; if the host has fewer cores than ranks
# (hyperthreads only), fall back to unpinned oversubscription and say so.
run() {  # P outfile args...
  local p=$1 out=$2; shift 2
  if [ "$(left)" -lt 15 ]; then echo "host_bench: time budget spent, skipping P=$p $*"; return; fi
  # The program stops itself at --budget-s; timeout (10 s later) only catches a hang.
  timeout "$(left)" mpirun -n "$p" "${bind[@]}" "$exe" --out="$out" --budget-s=$(($(left) - 10)) --case-s="$case_s" "$@" && return
  [ -s "$out" ] && return
  if [ "$(left)" -lt 15 ]; then echo "host_bench: P=$p ran out of time"; return; fi
  echo "host_bench: pinned run failed for P=$p, retrying unpinned (--oversubscribe --bind-to none)"
  timeout "$(left)" mpirun -n "$p" --oversubscribe --bind-to none "$exe" --out="$out" --budget-s=$(($(left) - 10)) --case-s="$case_s" "$@"
}

for p in ${COURSE_MPI_RANKS:-16 1 8 4 2}; do
  run "$p" "$OUT/bench_05_mpi.p$p.double.json" --precisions=double --sizes="${COURSE_MPI_DOUBLE_SIZES:-24,20,16}" --reps="$reps" --fftw-timelimit=3
  run "$p" "$OUT/bench_05_mpi.p$p.float.json" --precisions=float --sizes="${COURSE_MPI_FLOAT_SIZES:-20,16}" --reps="$reps" --fftw-timelimit=3
done
echo "host_bench: runs took $((SECONDS - start)) s"
python3 05_mpi/merge_bench.py "$OUT"/bench_05_mpi.p*.json --out "$OUT/bench_05_mpi.json" | tee "$OUT/bench_05_mpi.txt"
