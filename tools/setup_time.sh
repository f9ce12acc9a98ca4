#!/usr/bin/env bash
# How long a student waits on day one: a fresh clone of the committed course, then
# `./course lab 01` (install what is missing, configure, build lab 01's grader, grade the
# skeleton), timed with /usr/bin/time. The README's setup time comes from this script.
# usage: tools/setup_time.sh [workdir]   (default: a new temporary folder, removed afterwards)
set -euo pipefail
src="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
work="${1:-}"
if [ -z "$work" ]; then work="$(mktemp -d)"; trap 'rm -rf "$work"' EXIT; fi
git clone -q "$src" "$work/course"
cd "$work/course"
echo "commit $(git rev-parse --short HEAD), $(nproc) cores, $(sed -n 's/^PRETTY_NAME="\(.*\)"/\1/p' /etc/os-release 2>/dev/null), load average $(cut -d' ' -f1-3 /proc/loadavg)"
echo "missing packages before: $(bash -c 'source <(sed -n "/^PACKAGES=/,/)/p" course); for p in "${PACKAGES[@]}"; do dpkg-query -W -f="\${Status}" "$p" 2>/dev/null | grep -q "install ok installed" || printf "%s " "$p"; done')"
rc=0
/usr/bin/time -f "setup time: %e s wall (%U s user, %S s system) from git clone to the graded lab 01" ./course lab 01 >"$work/lab01.log" 2>&1 || rc=$?
tail -n 1 "$work/lab01.log"
# The skeleton is graded: the grader exits 1 (wrong answer) with a report; anything else is a failure.
[ "$rc" = 1 ] && [ -f lab-reports/01.json ] || { cat "$work/lab01.log"; echo "setup_time: ./course lab 01 exited $rc, expected 1 (the skeleton graded)" >&2; exit 1; }
