#!/usr/bin/env bash
# An A/B of 12's GPU plan between the working tree and other branches, in one device session, so
# that cuFFT and every variant run on the same machine one after another:
#   bash tools/gpu_ab.sh pack next-gpu occupancy-kernels     # here: ab/<branch>/, 12 and what it links
#   bash tools/gpu_job.sh start 'bash tools/gpu_ab.sh run --groups prime,factor-11-31'   # carry ["ab", ".deps"]
#   bash tools/gpu_job.sh wait 540
# run builds sweep_12_gpu for the working tree (build/gpu, as tools/gpu_env.sh configures it) and
# for each ab/<branch> (ab/<branch>/build) at once, then runs the same sweep_12_gpu arguments
# with each, the working tree first and last (its two runs say how far the machine drifted), into
# results/<gpu>/ab-<date>/<name>.json; tools/sweep_summary.py AFTER --before BEFORE reads them.
# ab/ is git-ignored: name it in the device call's carry. `build` alone compiles the branches'
# binaries, not the working tree's (to overlap with other work: `bash tools/gpu_ab.sh build & bash tools/gpu_check.sh 12; wait`);
# run then finds them up to date.
set -u
# shellcheck source=tools/chapter_deps.sh
source "$(dirname "$0")/chapter_deps.sh"
case ${1:-} in
  pack)
    shift
    [ $# -ge 1 ] || { sed -n 2,13p "$0"; exit 2; }
    # The working tree's commit too: the GPU machine's copy of the tree has no git history.
    mkdir -p ab
    echo "$(git rev-parse --short HEAD)$(git diff --quiet HEAD || echo ' with changes')" >ab/main_COMMIT
    for branch in "$@"; do
      rm -rf "ab/$branch"
      mkdir -p "ab/$branch"
      # shellcheck disable=SC2086  # DEPS: one folder a word
      git archive "$branch" CMakeLists.txt cmake common tools ${DEPS[12]} | tar -x -C "ab/$branch" || exit 1
      echo "ab/$branch: $(git rev-parse --short "$branch")" | tee "ab/$branch/COMMIT"
    done
    ;;
  build | run)
    step=$1
    shift
    [ -d ab ] || { echo "no ab/: pack the branches here and carry ab"; exit 2; }
    if [ "$step" = build ]; then
      out=ab/.build-logs  # git-ignored, and no branch to ab/*/
    else
      gpu=$(nvidia-smi --query-gpu=name --format=csv,noheader 2>/dev/null | head -1 | tr 'A-Z ' 'a-z-')
      [ -n "$gpu" ] || { echo "no GPU here: run is for the GPU machine"; exit 2; }
      [ -f build/gpu/build.ninja ] || { echo "no build/gpu: source tools/gpu_env.sh first"; exit 2; }
      out=results/$gpu/ab-$(date +%Y%m%d-%H%M)
    fi
    mkdir -p "$out"
    # build leaves build/gpu alone: another ninja may be building there.
    [ "$step" = build ] || cmake --build build/gpu -j"$(nproc)" --target sweep_12_gpu >"$out/build_main.log" 2>&1 &
    for dir in ab/*/; do
      name=$(basename "$dir")
      (cmake -S "$dir" -B "$dir/build" -G Ninja -DCMAKE_BUILD_TYPE=Release >"$out/configure_$name.log" 2>&1 &&
         cmake --build "$dir/build" -j"$(nproc)" --target sweep_12_gpu >"$out/build_$name.log" 2>&1) &
    done
    wait
    if [ "$step" = build ]; then
      missing=0
      for dir in ab/*/; do
        [ -x "$dir/build/bench-gpu12/sweep_12_gpu" ] || { echo "$dir: no sweep_12_gpu (see $out/build_$(basename "$dir").log)"; missing=1; }
      done
      echo "built: logs in $out"
      exit $missing
    fi
    cp ab/main_COMMIT "$out/" 2>/dev/null
    for dir in ab/*/; do cp "$dir/COMMIT" "$out/$(basename "$dir")_COMMIT"; done
    sweep() {  # sweep <binary> <name>
      if [ -x "$1" ]; then "$1" "${@:3}" --out "$out/$2.json" | tail -1; else echo "$2: no binary (see $out/build_$2.log)"; fi
    }
    sweep build/gpu/bench-gpu12/sweep_12_gpu main_1 "$@"
    for dir in ab/*/; do
      name=$(basename "$dir")
      sweep "$dir/build/bench-gpu12/sweep_12_gpu" "$name" "$@"
    done
    sweep build/gpu/bench-gpu12/sweep_12_gpu main_2 "$@"
    ;;
  *) sed -n 2,13p "$0"; exit 2 ;;
esac
