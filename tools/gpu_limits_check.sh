#!/usr/bin/env bash
# The checks of "plans for the GPU they run on" on the GPU machine, after `source tools/gpu_env.sh`,
# one stage per call (each within the device's 10-minute limit), logs in $OUT:
#   build     ./course's default build (compute_75 PTX plus native code for the GPU found)
#   test      every test; each GPU test also at 48, 64, 99, 163 and 227 KiB (label smem)
#   sanitize  memcheck and racecheck on the GPU tests' small cases at 48 and at 227 KiB
#   bench     ./course bench 09 10 at the device's limit, then at 99 and 48 KiB (results/<machine>-smem<KiB>)
set -uo pipefail
OUT="${OUT:?}"
B=build/default
stage="${1:?stage: build | test | sanitize | bench}"
case "$stage" in
build)
  cmake --preset default >"$OUT/configure.log" 2>&1 || { tail -30 "$OUT/configure.log"; exit 1; }
  grep -E "GPU chapters" "$OUT/configure.log"
  start=$SECONDS
  cmake --build $B -j"$(nproc)" >"$OUT/build.log" 2>&1 || { grep -B2 -A12 'error' "$OUT/build.log" | head -80; exit 1; }
  echo "build: $((SECONDS - start)) s"
  ;;
test)
  start=$SECONDS
  ctest --test-dir $B -j"${JOBS:-12}" --timeout 590 --output-on-failure >"$OUT/ctest.log" 2>&1
  echo "ctest rc=$? in $((SECONDS - start)) s"
  grep -E "tests passed|Failed|Not Run|Timeout|\*\*\*" "$OUT/ctest.log" | tail -30
  ;;
sanitize)
  san() {  # kib tool exe filter
    echo "== COURSE_SHARED_LIMIT_KIB=$1 $2 $(basename "$3") $4" >>"$OUT/sanitizer.log"
    COURSE_SHARED_LIMIT_KIB=$1 timeout 280 compute-sanitizer --tool "$2" --error-exitcode 9 "$3" "$4" >>"$OUT/sanitizer.log" 2>&1
    echo "$1 KiB $2 $(basename "$3") '$4' rc=$? $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' "$OUT/sanitizer.log" | tail -1)"
  }
  for kib in ${KIBS:-48 227}; do
    san $kib memcheck $B/07_cuda_bitops/test_07_gpu '[small]' &
    san $kib racecheck $B/07_cuda_bitops/test_07_gpu '[shared]' &
    san $kib memcheck $B/08_cuda_stockham/test_08_gpu '[sanitize]' &
    san $kib racecheck $B/08_cuda_stockham/test_08_gpu '[sanitize][fused]' &
    wait
    san $kib memcheck $B/09_radixN/test_09_radixN '[sanitize]' &
    san $kib racecheck $B/09_radixN/test_09_radixN '[sanitize]' &
    san $kib memcheck $B/10_2d_real/test_10_gpu '[sanitize]' &
    san $kib racecheck $B/10_2d_real/test_10_gpu '[sanitize]' &
    wait
  done
  ;;
bench)
  m=nvidia-h100-80gb-hbm3
  for kib in "" ${KIBS:-99 48}; do
    start=$SECONDS
    if [ -z "$kib" ]; then ./course bench 09 10 >"$OUT/bench_default.log" 2>&1
    else COURSE_MACHINE=$m-smem$kib COURSE_SHARED_LIMIT_KIB=$kib ./course bench 09 10 >"$OUT/bench_smem$kib.log" 2>&1; fi
    echo "bench ${kib:-default}: rc=$? in $((SECONDS - start)) s"
  done
  ;;
esac
