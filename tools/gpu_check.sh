#!/usr/bin/env bash
# One GPU chapter (06..12) on the GPU machine, in one call: build, tests (every GPU test also at
# each simulated shared-memory limit, as CTest registers them), compute-sanitizer, benchmark.
#   source tools/gpu_env.sh; bash tools/gpu_check.sh 09 [10 ...]
# Each chapter's logs and benchmark JSON land in $OUT/NN/ (default /tmp/out/NN); the summary of
# every step, with its exit code, in $OUT/NN/summary.log and on stdout. A failed step does not
# stop the later ones, so the benchmark JSON is never lost to a failing test; the script exits 1
# when any step failed.
#
# Knobs: SKIP_TESTS=1, SKIP_SAN=1, SKIP_BENCH=1 leave out a step; TESTS (a ctest regex, default
# every test of the chapter at every limit); CTEST_J (parallel tests, default 4); REPS (benchmark
# repetitions, default 3); BENCH_FILTER; BENCH_TIMEOUT (s, default 300); SAN_TIMEOUT (s, default
# 300 a tool and test). Profiles are not taken here: `./course profile NN` and
# tools/h100_profiles.sh do that.
set -u -o pipefail

[ $# -ge 1 ] || { sed -n 2,14p "$0"; exit 2; }
ROOT=$(pwd)
OUT=${OUT:-/tmp/out}
failed=0

# What else a chapter's targets link (DEPS), for the reduced tree below.
# shellcheck source=tools/chapter_deps.sh
source "$(dirname "$0")/chapter_deps.sh"
# Test and benchmark targets that are a chapter's CPU part, not its GPU one.
declare -A CPU_ONLY=([12]="test_12_any_n|test_12_prime_factor|bench_12_any_n|accuracy_12_any_n")
# The sanitizers a chapter's GPU tests run under: synccheck too where barriers sit in loops over
# a variable number of stages (06 v1, 07 v4/v5).
declare -A TOOLS=([06]="memcheck racecheck synccheck" [07]="memcheck racecheck synccheck")

# The whole course's build (tools/gpu_env.sh configures it), or, where another chapter's
# half-written CMakeLists breaks that configure, a tree of this chapter and what it links.
build_dir() {  # build_dir NN -> prints the directory
  if grep -q "Generating done" "$OUT/configure.log" 2>/dev/null || [ -f build/gpu/build.ninja ]; then
    echo build/gpu
    return
  fi
  local src=/tmp/gpu_check_src_$1 f
  mkdir -p "$src"
  for f in CMakeLists.txt cmake common tools ${DEPS[$1]}; do ln -sfn "$ROOT/$f" "$src/$f"; done
  cmake -S "$src" -B "build/gpu$1" -G Ninja -DCMAKE_BUILD_TYPE=Release >"$OUT/$1/configure.log" 2>&1 ||
    { tail -30 "$OUT/$1/configure.log" >&2; return 1; }
  echo "build/gpu$1"
}

check() {  # check NN
  local nn=$1 dir="$OUT/$1"
  mkdir -p "$dir"
  local S="$dir/summary.log"
  : >"$S"
  step() {  # step <name> <command...>: runs it, logs to $dir/<name>.log, records the exit code
    local name=$1 start=$SECONDS rc
    shift
    "$@" >"$dir/$name.log" 2>&1
    rc=$?
    [ $rc -eq 0 ] || failed=1
    echo "== $nn $name rc=$rc ($((SECONDS - start)) s) $(grep -E 'tests passed|ERROR SUMMARY|RACECHECK SUMMARY|SYNCCHECK SUMMARY|All tests passed|test cases' "$dir/$name.log" | tail -1)" | tee -a "$S"
    return $rc
  }
  nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem --format=csv,noheader | tee -a "$S"
  local B
  B=$(build_dir "$nn") || { echo "== $nn configure failed" | tee -a "$S"; failed=1; return; }
  echo "== $nn build dir $B" | tee -a "$S"

  # The chapter's GPU targets: its tests, benchmarks and demos (and 11's racecheck probe).
  local skip=${CPU_ONLY[$nn]:-^$} targets
  targets=$(ninja -C "$B" -t targets all 2>/dev/null | sed -n 's/: phony$//p' |
            grep -E "^(test_${nn}_|bench_${nn}_|demo_${nn}|racecheck_probe_${nn})" | grep -vE "^($skip)$" | tr '\n' ' ')
  step build cmake --build "$B" -j"$(nproc)" --target $targets || return

  if [ "${SKIP_TESTS:-0}" != 1 ]; then
    step ctest ctest --test-dir "$B" -R "${TESTS:-^test_${nn}_}" -E "^($skip)$" -j "${CTEST_J:-4}" --output-on-failure
  fi

  if [ "${SKIP_SAN:-0}" != 1 ]; then
    local exe filter tool
    # Only the tests CTest labels gpu: a CPU test under compute-sanitizer exits 255 (no CUDA).
    local gpu_tests
    gpu_tests=$(ctest --test-dir "$B" -N -L gpu 2>/dev/null | sed -n 's/.*Test *#[0-9]*: //p')
    for exe in $(echo "$targets" | tr ' ' '\n' | grep "^test_${nn}_" | grep -xF "$gpu_tests"); do
      local path
      path=$(find "$B/" -name "$exe" -type f -perm -u+x | head -1)
      [ -n "$path" ] || { echo "== $nn $exe was not built" | tee -a "$S"; failed=1; continue; }
      # The small cases a test marks for the sanitizers (they slow kernels 10-100x), else all of it.
      filter=""
      for tag in sanitize small; do
        if "$path" --list-tags 2>/dev/null | grep -q "\[$tag\]"; then filter="[$tag]"; break; fi
      done
      for tool in ${TOOLS[$nn]:-memcheck racecheck}; do
        # shellcheck disable=SC2046  # the racecheck option is two words
        step "${tool}_${exe}" timeout "${SAN_TIMEOUT:-300}" compute-sanitizer --tool "$tool" \
          $([ "$tool" = racecheck ] && echo --racecheck-report all) --error-exitcode 9 "$path" $filter
      done
    done
    if [ "$nn" = 11 ]; then  # does racecheck see distributed shared memory? The planted race must show.
      step probe_synced timeout 60 compute-sanitizer --tool racecheck --error-exitcode 9 "$B/11_clusters/racecheck_probe_11" synced
      step probe_race timeout 60 compute-sanitizer --tool racecheck --racecheck-report all "$B/11_clusters/racecheck_probe_11" race
      grep -q "SUMMARY: 0 hazards" "$dir/probe_race.log" && { echo "== 11 the planted race went unseen" | tee -a "$S"; failed=1; }
    fi
  fi

  local demo
  for demo in $(echo "$targets" | tr ' ' '\n' | grep "^demo_"); do
    step "$demo" timeout 60 "$(find "$B/" -name "$demo" -type f -perm -u+x | head -1)"
  done

  if [ "${SKIP_BENCH:-0}" != 1 ]; then
    local bench
    for bench in $(echo "$targets" | tr ' ' '\n' | grep "^bench_"); do
      step "$bench" timeout "${BENCH_TIMEOUT:-300}" env COURSE_BENCH_REPETITIONS="${REPS:-3}" \
        "$(find "$B/" -name "$bench" -type f -perm -u+x | head -1)" --benchmark_out="$dir/$bench.json" \
        --benchmark_out_format=json ${BENCH_FILTER:+--benchmark_filter=$BENCH_FILTER}
    done
  fi
}

for nn in "$@"; do
  case $nn in 06 | 07 | 08 | 09 | 10 | 11 | 12) check "$nn" ;; *) echo "no GPU chapter $nn (06..12)"; failed=1 ;; esac
done
exit $failed
