#!/usr/bin/env bash
# This session's GPU job (not in the repo): A/B of branch radix-12-14-15 (bins/radix-12-14-15)
# against main's kernels (bins/*.xz, 8178441 = main's CUDA), then the branch's carried tests.
set -u
case $1 in
  unpack)
    cd bins && xz -dkf sweep_12_gpu.xz && mv sweep_12_gpu sweep_main \
      && xz -dkf radix-12-14-15/sweep_12_gpu.xz && mv radix-12-14-15/sweep_12_gpu sweep_branch \
      && chmod +x sweep_main sweep_branch ;;
  ab)  # $2: main or branch; $3: tag
    timeout 280 bins/sweep_$2 --groups smooth --most 16384 --mode batched,single --out $OUT/ab_$3_$2.json ;;
  large)
    timeout 140 bins/sweep_$2 --groups smooth-large --mode batched --out $OUT/large_$2.json ;;
  branch-tests)  # the branch's test binaries where gpu_carried_test.sh looks
    cp bins/radix-12-14-15/test_12_gpu.xz bins/radix-12-14-15/test_12_gpu_mixed_radix_block.xz bins/radix-12-14-15/bench_12_gpu.xz bins/ ;;
  bench)
    xz -dkf bins/bench_12_gpu.xz && chmod +x bins/bench_12_gpu && COURSE_BENCH_REPETITIONS=3 timeout 200 bins/bench_12_gpu --benchmark_out=$OUT/bench_12_gpu.json --benchmark_out_format=json ;;
esac
case $1 in
  wide-test)  # the wide-pass test case at the device's limit and every simulated one, at once
    mkdir -p /opt/deps; for f in .deps/*.deb; do dpkg -x "$f" /opt/deps; done; export LD_LIBRARY_PATH=/opt/deps/usr/lib/x86_64-linux-gnu
    xz -dkf bins/test_12_gpu.xz && chmod +x bins/test_12_gpu
    for kib in 0 48 64 99 163 227; do
      ( if [ $kib = 0 ]; then bins/test_12_gpu "*wide passes only*" -d yes; else COURSE_SHARED_LIMIT_KIB=$kib bins/test_12_gpu "*wide passes only*" -d yes; fi > $OUT/wide_$kib.log 2>&1; echo "rc=$?" >> $OUT/wide_$kib.log ) &
    done; wait
    for kib in 0 48 64 99 163 227; do echo "$kib: $(grep -E 'All tests passed|test cases' $OUT/wide_$kib.log | tail -1) $(tail -1 $OUT/wide_$kib.log)"; done ;;
esac
