#!/usr/bin/env bash
# This session's second GPU job (not in the repo): Bluestein's M by M (stages + 8) against main
# with wide passes (bins/radix-12-14-15 = 6cb4359), then the Bluestein test cases at every limit.
set -u
L=37,53,59,61,67,73,74,118,122,123,181,183,185,188,2053,2357,2593,2609,2617,2621,2633,2801,2803,2917,2927,2939,3037,3041,3049,3061,3079,3083,3089,3109,3119,3121,3299,3301,3307,3361,3371,3373,3389,3391,3407,3413,3659,3671,3673,3677,3691,3697,3701,3709,3719,3727,3733,3739,3761,3767,3769,3779,3923,3929,3931,3943,3947,3967,4099,4111,4127,4129,4133,4139,4153,4157,4159,4177,131,137,257,1009,2039,4001
mkdir -p /opt/deps; for f in .deps/*.deb; do dpkg -x "$f" /opt/deps; done; export LD_LIBRARY_PATH=/opt/deps/usr/lib/x86_64-linux-gnu
mkdir -p $OUT
xz -dkf bins/sweep_12_gpu.xz bins/test_12_gpu.xz && mv bins/sweep_12_gpu bins/sweep_m && xz -dc bins/radix-12-14-15/sweep_12_gpu.xz > bins/sweep_wide && chmod +x bins/sweep_m bins/sweep_wide bins/test_12_gpu
timeout 70 bins/sweep_wide --sizes $L --mode batched,single --out $OUT/m_before.json > $OUT/ab.log 2>&1
timeout 70 bins/sweep_m --sizes $L --mode batched,single --out $OUT/m_after.json >> $OUT/ab.log 2>&1
T=bins/test_12_gpu; F='GPU any N: every N from 1 to 4096*,GPU any N: primes by Bluestein*,GPU any N: the primes 37 to 251*,GPU any N: Bluestein above one block*'
for kib in 0 48 64 99 163 227; do
  ( if [ $kib = 0 ]; then timeout 170 $T "$F" -d yes; else COURSE_SHARED_LIMIT_KIB=$kib timeout 170 $T "$F" -d yes; fi > $OUT/test_$kib.log 2>&1; echo "rc=$?" >> $OUT/test_$kib.log ) &
done
( timeout 170 compute-sanitizer --tool memcheck --error-exitcode 9 $T "[sanitize]" > $OUT/memcheck.log 2>&1; echo "rc=$?" >> $OUT/memcheck.log ) &
( timeout 170 compute-sanitizer --tool racecheck --racecheck-report all --error-exitcode 9 $T "[sanitize]" > $OUT/racecheck.log 2>&1; echo "rc=$?" >> $OUT/racecheck.log ) &
wait
tail -2 $OUT/ab.log
for f in $OUT/test_*.log $OUT/memcheck.log $OUT/racecheck.log; do echo "$(basename $f): $(grep -E 'All tests passed|^test cases|ERROR SUMMARY|RACECHECK SUMMARY' $f | tail -1) $(tail -1 $f)"; done
