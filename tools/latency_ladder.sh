#!/usr/bin/env bash
# The data of 12_any_n/latency.md, on the GPU machine: the single-transform ladder (2^8..2^24,
# float and double) twice plain and twice as CUDA graphs, alternating, then the float ladder to
# 2^20 under Nsight Systems, plain and as graphs, reduced by tools/latency_ladder.py.
#   source tools/gpu_env.sh; bash tools/latency_ladder.sh      # -> results/<gpu>/latency-ladder/
# Then, here: tools/latency_ladder.py --dir results/<gpu>/latency-ladder --write 12_any_n/latency.md
# (the lesson's default folder is the H200's; --dir names another GPU's).
set -u -o pipefail
B=${B:-build/gpu}
cmake --build "$B" -j"$(nproc)" --target sweep_12_gpu >"${OUT:-/tmp/out}/latency_build.log" 2>&1 ||
  { tail -30 "${OUT:-/tmp/out}/latency_build.log"; exit 1; }
S=$(find "$B" -name sweep_12_gpu -type f -perm -u+x | head -1)
dir=results/$(./course machine)/latency-ladder
mkdir -p "$dir"
for run in 1 2; do
  "$S" --groups power-of-two --mode single --samples 15 --out "$dir/ladder15_plain_$run.json" || exit 1
  "$S" --groups power-of-two --mode single --samples 15 --graph --out "$dir/ladder15_graph_$run.json" || exit 1
done
NSYS=${NSYS:-nsys}
trace=$(mktemp -d)
for mode in plain graph; do
  flag=""
  [ $mode = graph ] && flag=--graph
  "$NSYS" profile --trace=cuda --cuda-graph-trace=node --force-overwrite=true -o "$trace/$mode" \
    "$S" --groups power-of-two --mode single --precision float --most 1048576 --samples 15 $flag \
    --out "$dir/nsys_ladder_$mode.json" >"$trace/$mode.log" 2>&1 || { tail -20 "$trace/$mode.log"; exit 1; }
  "$NSYS" stats --report cuda_gpu_trace --format csv -o "$trace/$mode" "$trace/$mode.nsys-rep" >/dev/null || exit 1
  python3 tools/latency_ladder.py reduce "$trace/${mode}_cuda_gpu_trace.csv" "$dir/nsys_ladder_$mode.json" "$dir/kernels_$mode.json" || exit 1
done
echo "latency ladder and traces in $dir"
