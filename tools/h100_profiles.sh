#!/usr/bin/env bash
# Nsight Systems profiles of the GPU chapters on the GPU machine, into results/<machine>/profiles
# and a tarball of the summaries in $OUT:   source tools/gpu_env.sh && bash tools/h100_profiles.sh 07 08
set -uo pipefail
for c in "$@"; do
  ./course profile "$c" >"$OUT/profile_$c.log" 2>&1; echo "profile $c rc=$?"
done
tar czf "$OUT/profiles.tgz" results/*/profiles/*.txt
