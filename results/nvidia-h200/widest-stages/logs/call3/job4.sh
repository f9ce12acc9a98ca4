#!/usr/bin/env bash
# Last call: test_12_gpu's widest, wide and more-blocks cases at every limit (job3's filter missed the template cases).
mkdir -p /opt/deps; for f in .deps/*.deb; do dpkg -x "$f" /opt/deps; done; export LD_LIBRARY_PATH=/opt/deps/usr/lib/x86_64-linux-gnu
cd bins && xz -dkf test_12_gpu.xz && chmod +x test_12_gpu && cd ..
F='GPU any N: stages of 18 to 28*,GPU any N: wide passes only*,GPU any N: single passes on the kernels built*'
for kib in 0 48 64 99 163 227; do
  ( if [ $kib = 0 ]; then timeout 150 bins/test_12_gpu "$F" -d yes; else COURSE_SHARED_LIMIT_KIB=$kib timeout 150 bins/test_12_gpu "$F" -d yes; fi > $OUT/t4_$kib.log 2>&1; echo "rc=$?" >> $OUT/t4_$kib.log ) &
done
wait
for f in $OUT/t4_*.log; do echo "$f: $(grep -E 'All tests passed|test cases' $f | tail -1) $(tail -1 $f)"; done
