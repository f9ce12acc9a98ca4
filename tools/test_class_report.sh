#!/usr/bin/env bash
# CTest `course_class_report` (label cpu): the class report on lab reports that the lab 01 grader
# really wrote, run the way `./course lab 01` runs it (--report-dir, a fresh seed). Three
# students: alice graded the chapter's solution, bob the skeleton as handed out, carol the
# planted wrong solution (each build run as the student's, --impl student).
#   1. untouched, no report may be flagged;
#   2. carol edits her report to "passed": true: exactly carol is flagged;
#   3. dave hands in a copy of alice's report: exactly alice and dave are flagged (seed reused);
#   4. bob edits his handed-in source after grading: exactly bob is flagged;
#   5. erin's report comes from a grader whose grade.cpp differs (its hash changed and the
#      digest recomputed, as a rebuilt grader would write it): exactly erin is flagged;
#   6. with it, carol's report carries a performance band (as a GPU run writes it): the table
#      shows her ratio against the reference.
# usage: tools/test_class_report.sh <build dir> <course source dir>
set -euo pipefail
build="${1:?usage: test_class_report.sh <build dir> <course source dir>}"
src="${2:?usage: test_class_report.sh <build dir> <course source dir>}"
tool="$src/tools/class_report.py"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }

grade() {  # student exe
  local rc=0
  "$build/01_dft/lab/$2" --impl student --report-dir "$tmp/class/$1" >"$tmp/$1.log" 2>&1 || rc=$?
  [ "$rc" -le 1 ] || { cat "$tmp/$1.log"; fail "the grader $2 exited $rc"; }
  [ -f "$tmp/class/$1/01.json" ] || fail "the grader wrote no report for $1"
}
grade alice lab_01_reference
grade bob lab_01_student
grade carol lab_01_planted

flagged() {  # the students flagged in the CSV, sorted, space-separated
  python3 - "$1" <<'EOF'
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1] + ".csv")))
print(" ".join(sorted({r["student"] for r in rows if r["flags"] != "ok"})))
EOF
}
run() {  # name expected-flagged
  python3 "$tool" --course "$src" "$tmp/class" "$tmp/$1" >"$tmp/$1.out"
  cat "$tmp/$1.out"
  local got
  got="$(flagged "$tmp/$1")"
  [ "$got" = "$2" ] || fail "$1: flagged [$got], expected [$2]"
}

run clean ""
grep -q "| alice | 01 | PASSED |" "$tmp/clean.md" || fail "alice's solution is not PASSED in the table"
grep -q "| bob | 01 | NOT PASSED | FAIL |" "$tmp/clean.md" || fail "bob's skeleton does not show TODO 1 as FAIL"

# 2. carol's hand edit
sed -i 's/"passed": false/"passed": true/' "$tmp/class/carol/01.json"
run tampered "carol"
grep -q "digest does not match" "$tmp/tampered.out" || fail "carol's flag does not name the digest"
cp "$tmp/class/carol/01.json" "$tmp/carol.json.tampered"
sed -i 's/"passed": true/"passed": false/' "$tmp/class/carol/01.json"
run restored ""

# 3. a copied report
mkdir -p "$tmp/class/dave"
cp -r "$tmp/class/alice/." "$tmp/class/dave/"
run copied "alice dave"
grep -q "also in the report of" "$tmp/copied.out" || fail "the copied report is not flagged for its seed"
rm -rf "$tmp/class/dave"

# 4. bob's source edited after grading
echo "// edited after grading" >>"$tmp/class/bob/01.sources/01_dft/lab/lab01.hpp"
run edited "bob"
grep -q "differs from the source that was graded" "$tmp/edited.out" || fail "bob's flag does not name the source"
rm -rf "$tmp/class/bob"

# 5. a report from a modified grader, digest recomputed as that grader would
mkdir -p "$tmp/class/erin"
cp -r "$tmp/class/alice/." "$tmp/class/erin/"
rm -rf "$tmp/class/alice"
python3 - "$tool" "$tmp/class/erin/01.json" <<'EOF'
import hashlib, importlib.util, json, sys
spec = importlib.util.spec_from_file_location("cr", sys.argv[1]); cr = importlib.util.module_from_spec(spec); spec.loader.exec_module(cr)
text = open(sys.argv[2]).read()
rep = json.loads(text); raw = json.loads(text, parse_float=str, parse_int=str)
rep["grader_files"]["01_dft/lab/grade.cpp"] = hashlib.sha256(b"a grade.cpp that passes everything").hexdigest()
rep["digest"] = hashlib.sha256(cr.canonical(dict(rep, seed=raw["seed"], metrics=raw["metrics"])).encode()).hexdigest()
json.dump(rep, open(sys.argv[2], "w"), indent=2)
EOF
# 6. carol's report as a GPU machine writes it: a band ran (the grader's metric names), digest
#    recomputed; the table must show her ratio, and not flag her.
python3 - "$tool" "$tmp/class/carol/01.json" <<'EOF2'
import hashlib, importlib.util, json, sys
spec = importlib.util.spec_from_file_location("cr", sys.argv[1]); cr = importlib.util.module_from_spec(spec); spec.loader.exec_module(cr)
text = open(sys.argv[2]).read()
rep = json.loads(text); raw = json.loads(text, parse_float=str, parse_int=str)
rep["gpu_part"] = "graded"
rep["metrics"] = {"N = 4096 (float): your time (ms)": 0.44, "N = 4096 (float): reference time (ms)": 0.4, "N = 4096 (float): ratio": 1.1}
raw["metrics"] = {k: str(v) for k, v in rep["metrics"].items()}
rep["digest"] = hashlib.sha256(cr.canonical(dict(rep, seed=raw["seed"], metrics=raw["metrics"])).encode()).hexdigest()
json.dump(rep, open(sys.argv[2], "w"), indent=2)
EOF2
run grader "erin"
grep -q "differs from the course's: 01_dft/lab/grade.cpp" "$tmp/grader.out" || fail "erin's flag does not name grade.cpp"
grep -q "digest does not match" "$tmp/grader.out" && fail "erin's digest was recomputed; only the grader may be flagged"
grep -q "| carol | 01 | .* | graded | 1.10x (N = 4096 (float)) |" "$tmp/grader.md" || fail "carol's band ratio is not in the table"
echo "class report test passed"
