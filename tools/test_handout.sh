#!/usr/bin/env bash
# CTest `course_handout_committed` (label cpu): a lab solved in the teacher's working tree must
# never reach the students' copy. Runs in a throw-away clone, so the real checkout is not touched:
#   1. clone the course, put the course script under test (COURSE_SCRIPT, default the checkout's)
#      in it and commit, so that the clone's HEAD is the course as committed;
#   2. "solve" lab 01 in the clone's working tree (a marker line) and add an untracked lab file;
#   3. `./course handout` must refuse (exit 2) and name the file, leaving nothing handed out;
#   4. `./course handout --force` must hand out the committed lab01.hpp (byte for byte, no
#      marker, no untracked file), no solution.hpp, no planted/, no answer blocks, COURSE_VERSION.
# usage: tools/test_handout.sh <course source dir>   (exit 77: no git here, skipped)
set -euo pipefail
src="${1:?usage: test_handout.sh <course source dir>}"
script="${COURSE_SCRIPT:-$src/course}"
command -v git >/dev/null 2>&1 || { echo "no git on PATH: skipped"; exit 77; }
git -C "$src" rev-parse --verify -q HEAD >/dev/null || { echo "$src is not a git checkout: skipped"; exit 77; }

tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }

git clone -q "$src" "$tmp/clone"
cd "$tmp/clone"
cp "$script" course
chmod +x course
git -c user.name=test -c user.email=test@example.invalid commit -q -m "course under test" -- course 2>/dev/null || true
committed="$(git show HEAD:01_dft/lab/lab01.hpp | sha256sum | cut -d' ' -f1)"

marker="SOLVED-IN-THE-WORKING-TREE-$$-$(date +%s%N)"   # unique: no committed file holds it
echo "// $marker" >>01_dft/lab/lab01.hpp
echo "// an untracked helper" >01_dft/lab/helper_$marker.hpp

# 3. refused, naming the file, nothing handed out
rc=0
out="$(./course handout "$tmp/refused" 2>&1)" || rc=$?
echo "$out"
[ "$rc" = 2 ] || fail "handout with a modified lab file exited $rc, expected 2 (refused)"
grep -q "01_dft/lab/lab01.hpp" <<<"$out" || fail "the refusal does not name 01_dft/lab/lab01.hpp"
[ -z "$(ls -A "$tmp/refused" 2>/dev/null)" ] || fail "the refused handout left files in $tmp/refused"

# 4. --force: the committed lab, nothing of the working tree's
./course handout "$tmp/out" --force
h="$tmp/out"
[ -f "$h/01_dft/lab/lab01.hpp" ] || fail "the handout has no 01_dft/lab/lab01.hpp"
grep -rq "$marker" "$h" && fail "the working tree's edit ($marker) reached the handout"
ls "$h/01_dft/lab/" | grep -q "helper_" && fail "an untracked lab file reached the handout"
[ "$(sha256sum <"$h/01_dft/lab/lab01.hpp" | cut -d' ' -f1)" = "$committed" ] || fail "the handed-out lab01.hpp is not the committed one"
for d in "$h"/[0-9][0-9]_*/lab; do
  [ ! -e "$d/solution.hpp" ] || fail "$d/solution.hpp was handed out"
  [ ! -e "$d/slow.hpp" ] || fail "$d/slow.hpp was handed out"
  [ ! -e "$d/planted" ] || fail "$d/planted was handed out"
  ! grep -q "<!-- answer -->" "$d/questions.md" || fail "$d/questions.md still has an answer block"
done
[ "$(cat "$h/COURSE_VERSION")" = "$(git rev-parse HEAD)" ] || fail "COURSE_VERSION is not the clone's HEAD"
[ ! -e "$h/.git" ] || fail "the handout carries git history"
echo "handout test passed: the refused run handed out nothing; --force handed out the committed lab01.hpp"
