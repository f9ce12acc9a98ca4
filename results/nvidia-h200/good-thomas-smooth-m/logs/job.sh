#!/usr/bin/env bash
# This session's one GPU job (not in the repo): A/B of the working tree (bins/*, Good-Thomas
# radices 6, 10 and the 7-smooth Bluestein M) against main at 050e117, then its tests.
set -u
cd bins && for f in *.xz; do xz -dkf "$f"; done && chmod +x sweep_12_gpu sweep_050e117 test_12_gpu test_12_gpu_mixed_radix_block bench_12_gpu && cd ..
GT=6,10,30,42,50,54,60,70,90,96,100,150,160,210,250,270,294,300,350,378,420,450,480,486,490,500,540,600,630,672,700,750,800,810,864,900,960,1000,1050,1120,1250,1350,1440,1470,1500,1536,1600,1750,1890,2058,2100,2250,2400,2430,2450,2500,2560,2646,2700,2940,3000,3150,3360,3402,3430,3500,3750,3780,4000,4050,4200,4320,4374,4410,4500,4704,4800,4860,4900,5000,5250,5400,5600,5670,6000,6048,6250,6300,6720,6750,7000,7200,7290,7350,7500,7680,7776,7840,8000,8100,8400,8640,8750,8820,9000,9216,9408,9450,9600,9720,9800,10000,10080,10290,10368,10500,10752,10800,11200,11250,11520,12000,12150,12250,12288,12500,12800,12960,13230,13500,13824,14400,14406,14700,15000,15360,15750,16000,12,14,27,125,343,729,2401,3125
BL=37,41,43,47,53,59,61,67,71,73,79,83,89,97,101,103,107,109,113,127,131,137,139,149,151,157,163,167,173,179,181,191,193,197,199,211,223,227,229,233,239,241,251,2633,2903,3581,4003,74,111,222,444,2062,3001,4001,257,509,1009,2039
case $1 in
  ab)
    for b in sweep_12_gpu sweep_050e117; do
      timeout 150 bins/$b --sizes $GT --mode batched --out $OUT/ab_gt_$b.json
      timeout 150 bins/$b --sizes $BL --mode batched,single --out $OUT/ab_blue_$b.json
    done ;;
  errors)
    timeout 120 bins/sweep_12_gpu --sizes $BL,6,10,12,14,15,18,20,30,42,60,100,1000 --mode single --precision float --out $OUT/errors_new.json ;;
  bench)
    COURSE_BENCH_REPETITIONS=3 timeout 200 bins/bench_12_gpu --benchmark_out=$OUT/bench_12_gpu.json --benchmark_out_format=json ;;
esac
