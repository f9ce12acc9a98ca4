#!/usr/bin/env bash
# A GPU test built on the CPU machine, carried to the GPU machine and run there with no build:
# at the device's own shared-memory limit and at each simulated one (48 .. 227 KiB), all at once,
# with memcheck and racecheck on its [sanitize] cases (or all, where it has none) beside them, as
# ctest and gpu_check.sh do.
#   here:  cmake -S . -B build/sm90 -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90-real
#          cmake --build build/sm90 --target test_12_gpu
#          mkdir -p bins && strip -o bins/test_12_gpu build/sm90/12_any_n/test_12_gpu && xz -f bins/test_12_gpu
#   there: bash tools/gpu_carried_test.sh test_12_gpu      # carry [".deps", "bins"]
# bins/ is git-ignored; with results/ moved aside the call carries little.
# Each run's log lands in $OUT/<test>_<limit>.log, ending "rc=<exit code> (<seconds> s)";
# LIMIT (s, default 560) cuts every process, so the logs come back within one device call (the
# whole test_12_gpu took 454-492 s a limit, under ctest -j 8 or all six limits at once here).
# Catch2 prints each test case's time (-d yes), so a cut run shows where its time went.
# Exits 0 only if every run ended "rc=0".
set -u
shopt -s nullglob
[ $# -eq 1 ] || { sed -n 2,15p "$0"; exit 2; }
name=$1
OUT=${OUT:-/tmp/out}
mkdir -p "$OUT" /opt/deps
start=$SECONDS
# FFTW and friends from the carried Debian packages (tools/gpu_env.sh does the same).
debs=(.deps/*.deb)
[ ${#debs[@]} -gt 0 ] || { echo "no .deps/*.deb: carry .deps (the Debian packages of FFTW and Catch2)"; exit 2; }
for deb in "${debs[@]}"; do dpkg -x "$deb" /opt/deps; done
export LD_LIBRARY_PATH=/opt/deps/usr/lib/x86_64-linux-gnu${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
[ -f "bins/$name.xz" ] && xz -df "bins/$name.xz"
test=$PWD/bins/$name
[ -f "$test" ] || { echo "no bins/$name or bins/$name.xz: build it here and carry bins"; exit 2; }
chmod +x "$test" || exit 2
rm -f "$OUT/$name"_*.log  # a reused OUT: only this run's logs below
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem --format=csv,noheader >"$OUT/gpu.txt"
run() {  # run <log> <command...>: cut at LIMIT, the exit code and time at the log's end
  local log=$1
  shift
  timeout "${LIMIT:-560}" "$@" >"$log" 2>&1
  echo "rc=$? ($((SECONDS - start)) s)" >>"$log"
}
for kib in 0 48 64 99 163 227; do  # 0: the device's own limit
  if [ "$kib" = 0 ]; then run "$OUT/${name}_device.log" "$test" -d yes &
  else run "$OUT/${name}_smem$kib.log" env COURSE_SHARED_LIMIT_KIB="$kib" "$test" -d yes & fi
done
# The sanitizers run the test's [sanitize] cases, or the whole test where it has none (a filter
# that matches nothing would run no kernel and still print 0 errors).
san=("[sanitize]")
"$test" --list-tags 2>/dev/null | grep -qF '[sanitize]' || san=()
run "$OUT/${name}_memcheck.log" compute-sanitizer --tool memcheck --error-exitcode 9 "$test" "${san[@]}" &
run "$OUT/${name}_racecheck.log" compute-sanitizer --tool racecheck --racecheck-report all --error-exitcode 9 "$test" "${san[@]}" &
wait
failed=0
for log in "$OUT/$name"_*.log; do
  echo "$(basename "$log"): $(grep -E 'All tests passed|^test cases|ERROR SUMMARY|RACECHECK SUMMARY' "$log" | tail -1) $(tail -1 "$log")"
  tail -1 "$log" | grep -q '^rc=0 ' || failed=1
done
exit $failed
