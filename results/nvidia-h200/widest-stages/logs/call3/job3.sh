#!/usr/bin/env bash
# This session's last GPU job (not in the repo): double's widest passes of 129-256 threads on the
# 384-thread kernel, and describe()'s refusals of both wide passes: an A/B of double against
# main at a651d0c, then test_12_gpu's cases that plan or run such passes, at every limit.
set -u
D=18,20,21,24,28,147,162,189,200,216,252,280,288,320,324,336,360,378,384,400,420,432,441,448,480,504,560,576,588,672,784,1029,1323,1458,1701,1944,2000,2205,2268,2592,2646,2800,2916,3024,3087,3200,3240,3402,3456,3528,3780,3888,3920,3969,4000,4032,4116,4200,4320,4410,4480,4536,4608,4704,4800,5040,5120,5184,5292,5376,5488,5600,5760,5832,5880,6048,9261,11907,13122,14406,15309,15435,16464,17496,18375,18522,18816,19845,20412,20580,21168,21609,21870,22050,22680,23328,23520,23814,24300,24696,25000,25515,25725,25920,26244,26460,27216,27783,28350,28812,29160,30000,30618,30870,31104,31752,32000,1000,2016,2835,3000,4375,5000
case $1 in
  unpack)
    cd bins && xz -dkf base/sweep_12_gpu.xz && mv base/sweep_12_gpu sweep_base && xz -dkf sweep_12_gpu.xz && mv sweep_12_gpu sweep_branch && chmod +x sweep_base sweep_branch && xz -dkf test_12_gpu.xz && chmod +x test_12_gpu ;;
  ab)  # $2: base or branch
    timeout 150 bins/sweep_$2 --sizes $D --precision double --mode batched,single --out $OUT/ab_double_3_$2.json ;;
  tests)
    mkdir -p /opt/deps; for f in .deps/*.deb; do dpkg -x "$f" /opt/deps; done; export LD_LIBRARY_PATH=/opt/deps/usr/lib/x86_64-linux-gnu
    F='GPU any N: stages of 18 to 28 where they save a stage,GPU any N: wide passes only where they keep two blocks an SM,GPU any N: every N from 1 to 4096*,GPU any N: the plan says what it does,GPU any N: single passes on the kernels built for more blocks an SM'
    for kib in 0 48 64 99 163 227; do
      ( if [ $kib = 0 ]; then timeout 200 bins/test_12_gpu "$F" -d yes; else COURSE_SHARED_LIMIT_KIB=$kib timeout 200 bins/test_12_gpu "$F" -d yes; fi > $OUT/t3_$kib.log 2>&1; echo "rc=$?" >> $OUT/t3_$kib.log ) &
    done
    ( timeout 200 compute-sanitizer --tool memcheck bins/test_12_gpu "[sanitize]" > $OUT/t3_memcheck.log 2>&1; echo "rc=$?" >> $OUT/t3_memcheck.log ) &
    ( timeout 200 compute-sanitizer --tool racecheck bins/test_12_gpu "[sanitize]" > $OUT/t3_racecheck.log 2>&1; echo "rc=$?" >> $OUT/t3_racecheck.log ) &
    wait
    for f in $OUT/t3_*.log; do echo "$f: $(grep -E 'All tests passed|test cases|ERROR SUMMARY|RACECHECK SUMMARY' $f | tail -2 | tr '\n' ' ') $(tail -1 $f)"; done ;;
esac
