#!/usr/bin/env bash
# One long job on the GPU machine across several device calls (each call is limited to 10
# minutes, and a later call replaces the carried folders of the working tree):
#   bash tools/gpu_job.sh start 'bash tools/gpu_check.sh 12' 'bash tools/latency_ladder.sh'
#   bash tools/gpu_job.sh wait 540      # in the next calls, one right after another
# start copies the tree to /tmp/w and starts `run` there in a session of its own (setsid), which
# sources tools/gpu_env.sh and runs the commands one after another, logging each to
# /tmp/out/step_<i>.log and its exit code to /tmp/out/progress.log; /tmp/out/DONE marks the end.
# wait sleeps until DONE or the given seconds, prints the progress and packs /tmp/out (and the
# results the job wrote under /tmp/w/results) into $OUT/job.tgz.
set -u
case ${1:-} in
  start)
    shift
    [ $# -ge 1 ] || { sed -n 2,10p "$0"; exit 2; }
    rm -rf /tmp/w /tmp/out
    mkdir -p /tmp/out
    cp -a . /tmp/w
    printf '%s\n' "$@" >/tmp/out/commands.txt
    # A session of its own: the device tool kills the call's session when the call ends
    # (pkill -s), and a job left in it dies there with its first call.
    setsid nohup bash /tmp/w/tools/gpu_job.sh run </dev/null >/dev/null 2>&1 &
    echo "started: $# step(s); progress in /tmp/out/progress.log"
    ;;
  run)
    cd /tmp/w || exit 1
    # shellcheck disable=SC2030  # the job's own OUT; the wait call packs into the device call's
    export OUT=/tmp/out
    # shellcheck disable=SC1090  # the course's GPU environment, in the copied tree
    source "${GPU_ENV:-tools/gpu_env.sh}" >/tmp/out/env.log 2>&1 || { echo "$(date +%T) configure failed" >>/tmp/out/progress.log; touch /tmp/out/DONE; exit 1; }
    i=0
    while IFS= read -r cmd; do
      i=$((i + 1))
      start=$SECONDS
      bash -c "$cmd" >"/tmp/out/step_$i.log" 2>&1
      rc=$?
      echo "$(date +%T) step $i rc=$rc ($((SECONDS - start)) s): $cmd" >>/tmp/out/progress.log
    done </tmp/out/commands.txt
    touch /tmp/out/DONE
    ;;
  wait)
    limit=${2:-540}
    # A machine that went back between two calls comes back bare: say so at once, not after
    # waiting out the limit on a job that is not there.
    [ -f /tmp/out/commands.txt ] || { echo "no job on this machine (a fresh one: the last went back); start again"; exit 3; }
    while [ ! -f /tmp/out/DONE ] && [ "$SECONDS" -lt "$limit" ]; do sleep 5; done
    cat /tmp/out/progress.log 2>/dev/null
    [ -f /tmp/out/DONE ] && echo DONE || echo "still running after ${limit} s"
    # Only the results the job wrote or changed, beside its logs.
    changed=$(cd /tmp/w 2>/dev/null && find results -type f -newer /tmp/out/commands.txt 2>/dev/null)
    # shellcheck disable=SC2086,SC2031  # one word a path; OUT is the device call's
    tar -czf "${OUT:-/tmp}/job.tgz" -C /tmp out ${changed:+-C /tmp/w $changed}
    ;;
  *) sed -n 2,10p "$0"; exit 2 ;;
esac
