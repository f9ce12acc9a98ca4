#!/usr/bin/env python3
"""The class table of lab reports: `./course class-report <reports-dir> <out>`.

Reads <reports-dir>/<student>/NN.json (the lab-reports/ folder that `./course lab` writes, one
folder per student) and writes <out>.md and <out>.csv: one row per report with the student, the
lab, the verdict, pass or fail per TODO, the conformance and GPU parts, the performance against
the reference where the lab has a band, the seed, the machine, and the flags.

A report is flagged when
  - its digest does not match its content (edited after grading),
  - a grader file it lists differs from this course's (the commit in its course_version, else
    HEAD, else the files here): the student graded with another or a modified grader,
  - the graded sources handed in beside it (NN.sources/) are missing or differ from those it
    graded,
  - its verdict contradicts its checks, it graded another build than the student's,
  - its seed for that lab also appears in another student's report (a copied report).
These checks find mismatches and hand edits; they are not proof against a student who rebuilds
the grader to forge a report (there is no secret key), which LABS.md says.
"""
import argparse
import csv
import hashlib
import json
import os
import re
import subprocess
import sys
from collections import defaultdict


def sha256_bytes(b):
    return hashlib.sha256(b).hexdigest()


class Course:
    """The course the reports are checked against: a git checkout (by commit) or plain files."""

    def __init__(self, root):
        self.root = root
        self.git = subprocess.run(["git", "-C", root, "rev-parse", "--verify", "-q", "HEAD"],
                                  capture_output=True, text=True).returncode == 0 if _have_git() else False
        self.cache = {}

    def known_commit(self, rev):
        if not self.git or not re.fullmatch(r"[0-9a-f]{7,40}", rev or ""):
            return False
        return subprocess.run(["git", "-C", self.root, "cat-file", "-e", rev + "^{commit}"],
                              capture_output=True).returncode == 0

    def file_hash(self, rev, path):
        """SHA-256 of path at rev (a commit) or in the files here (rev None); None if absent."""
        key = (rev, path)
        if key not in self.cache:
            if rev:
                r = subprocess.run(["git", "-C", self.root, "show", f"{rev}:{path}"], capture_output=True)
                self.cache[key] = sha256_bytes(r.stdout) if r.returncode == 0 else None
            else:
                p = os.path.join(self.root, path)
                self.cache[key] = sha256_bytes(open(p, "rb").read()) if os.path.isfile(p) else None
        return self.cache[key]


def _have_git():
    from shutil import which
    return which("git") is not None


def canonical(rep):
    """The text grader.cpp hashes into "digest" (same order, same raw number text)."""
    def text(v):
        if v is None:
            return "null"
        if v is True:
            return "true"
        if v is False:
            return "false"
        return str(v)
    out = ["course-lab-report-v1", f"lab={rep['lab']}", f"impl={rep['impl']}", f"seed={text(rep['seed'])}",
           f"passed={text(rep['passed'])}", f"quick={text(rep.get('quick'))}", f"machine={rep['machine']}", f"date={rep['date']}",
           f"course_version={rep['course_version']}"]
    for k, v in rep.get("metrics", {}).items():
        out.append(f"metric {k}={text(v)}")
    for c in rep.get("checks", []):
        out.append(f"check {c['status']}|{c['section']}|{c['name']}|{c['message']}")
    for p, h in sorted(rep.get("sources", {}).items()):
        out.append(f"source {p}={h}")
    for p, h in sorted(rep.get("grader_files", {}).items()):
        out.append(f"grader {p}={h}")
    return "\n".join(out) + "\n"


def todo_results(rep):
    """{TODO number: 'pass'|'FAIL'} from the check sections "TODO n: ..."."""
    res = {}
    for c in rep.get("checks", []):
        m = re.match(r"TODO (\d+)", c["section"])
        if not m or c["status"] not in ("pass", "FAIL"):
            continue
        n = int(m.group(1))
        res[n] = "FAIL" if c["status"] == "FAIL" or res.get(n) == "FAIL" else "pass"
    return res


def part_result(rep, pred):
    st = [c["status"] for c in rep.get("checks", []) if pred(c["section"])]
    if not st:
        return "-"
    if "FAIL" in st:
        return "FAIL"
    if "pass" in st:
        return "pass"
    return "skipped" if "skipped" in st else "-"


def band_text(rep):
    ratios = [(k[: -len(": ratio")], v) for k, v in rep.get("metrics", {}).items() if k.endswith(": ratio") and v is not None]
    if not ratios:
        return "no band run" if rep.get("gpu_part") == "skipped" else "-"
    return "; ".join(f"{float(v):.2f}x ({k})" for k, v in ratios)


def check_report(rep, student_dir, base, course, flags):
    """Appends to flags the reasons this report does not match."""
    if rep.get("builds") is False:
        return  # no grading happened: the result column says DOES NOT BUILD
    for key in ("digest", "sources", "grader_files", "machine", "course_version"):
        if key not in rep:
            flags.append(f"no {key}: written by an older grader, cannot be checked")
            return
    if sha256_bytes(canonical(rep).encode()) != rep["digest"]:
        flags.append("digest does not match the content: the report was edited after grading")
    if rep.get("quick"):
        flags.append("graded with --quick (smaller sizes, no performance band): not a full grading")
    if rep.get("impl") != "student":
        flags.append(f"graded the '{rep.get('impl')}' build, not the student's")
    failed = any(c["status"] == "FAIL" for c in rep["checks"])
    any_pass = any(c["status"] == "pass" for c in rep["checks"])
    if (rep["passed"] is True) != (not failed and any_pass):
        flags.append(f"verdict passed={rep['passed']} contradicts its checks")
    # The grader against the course's.
    version = rep["course_version"]
    # A handout's reports name its commit: compare with that commit. Reports made in a checkout
    # ("checkout") are compared with the files of the course given here.
    rev = None
    if version != "checkout":
        if course.known_commit(version):
            rev = version
        else:
            flags.append(f"course version {version[:12]} is not a commit of the course at {course.root}: "
                         "grader compared with its files instead")
    differ = [p for p, h in sorted(rep["grader_files"].items()) if course.file_hash(rev, p) != h]
    if differ:
        shown = ", ".join(differ[:3]) + (f" and {len(differ) - 3} more" if len(differ) > 3 else "")
        flags.append(f"grader version {rep.get('grader_version', '?')[:12]} differs from the course's: {shown}")
    # The graded sources handed in beside the report.
    src_dir = os.path.join(student_dir, base + ".sources")
    for p, h in sorted(rep["sources"].items()):
        f = os.path.join(src_dir, p)
        if not os.path.isfile(f):
            flags.append(f"graded source {p} not handed in ({base}.sources/ is missing it)")
        elif sha256_bytes(open(f, "rb").read()) != h:
            flags.append(f"handed-in {base}.sources/{p} differs from the source that was graded (sha256 {h[:12]})")


def main():
    ap = argparse.ArgumentParser(description="class table of lab reports (see LABS.md)")
    ap.add_argument("reports", help="folder with one folder per student, each holding that student's lab-reports/*.json")
    ap.add_argument("out", help="output prefix: writes OUT.md and OUT.csv")
    ap.add_argument("--course", default=os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
                    help="the course checkout the reports are checked against (default: this one)")
    a = ap.parse_args()
    if not os.path.isdir(a.reports):
        sys.exit(f"class-report: {a.reports} is not a folder (expected <reports-dir>/<student>/NN.json)")
    course = Course(a.course)
    rows = []
    for student in sorted(os.listdir(a.reports)):
        sdir = os.path.join(a.reports, student)
        if not os.path.isdir(sdir):
            continue
        for name in sorted(os.listdir(sdir)):
            if not name.endswith(".json"):
                continue
            base = name[: -len(".json")]
            path = os.path.join(sdir, name)
            flags = []
            try:
                text = open(path, encoding="utf-8").read()
                raw = json.loads(text, parse_float=str, parse_int=str)
                rep = json.loads(text)
                rep_raw = dict(rep, seed=raw.get("seed"), metrics=raw.get("metrics", {}))
            except (ValueError, OSError) as e:
                rows.append(dict(student=student, lab=base, result="UNREADABLE", todos={}, conf="-", gpu="-", band="-",
                                 seed="", machine="", sources="", grader="", flags=[f"not a readable report: {e}"]))
                continue
            check_report(rep_raw, sdir, base, course, flags)
            result = ("DOES NOT BUILD" if rep.get("builds") is False else "PASSED" if rep.get("passed") else "NOT PASSED")
            rows.append(dict(student=student, lab=str(rep.get("lab", base)), result=result, todos=todo_results(rep),
                             conf=part_result(rep, lambda s: "conformance" in s and not s.startswith("GPU")),
                             gpu=rep.get("gpu_part", "-"), band=band_text(rep), seed=str(raw.get("seed", "")),
                             machine=rep.get("machine", ""), sources=rep.get("sources_sha256", "")[:12],
                             grader=rep.get("grader_version", "")[:12], flags=flags))
    if not rows:
        sys.exit(f"class-report: no reports in {a.reports} (expected {a.reports}/<student>/NN.json)")
    # Reused seeds: the same lab and seed in reports of different students.
    by_seed = defaultdict(set)
    for r in rows:
        if r["seed"]:
            by_seed[(r["lab"], r["seed"])].add(r["student"])
    for r in rows:
        others = sorted(by_seed.get((r["lab"], r["seed"]), set()) - {r["student"]})
        if others:
            r["flags"].append(f"seed {r['seed']} of lab {r['lab']} also in the report of {', '.join(others)}")
    ntodo = max([max(r["todos"], default=0) for r in rows] + [0])
    head = (["student", "lab", "result"] + [f"TODO {i}" for i in range(1, ntodo + 1)] +
            ["conformance", "GPU part", "performance vs reference", "seed", "machine", "sources sha256", "grader version", "flags"])

    def cells(r):
        return ([r["student"], r["lab"], r["result"]] + [r["todos"].get(i, "-") for i in range(1, ntodo + 1)] +
                [r["conf"], r["gpu"], r["band"], r["seed"], r["machine"], r["sources"], r["grader"],
                 "; ".join(r["flags"]) if r["flags"] else "ok"])

    with open(a.out + ".csv", "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        w.writerow(head)
        for r in rows:
            w.writerow(cells(r))
    flagged = [r for r in rows if r["flags"]]
    esc = lambda s: str(s).replace("|", "\\|").replace("\n", " ")
    with open(a.out + ".md", "w", encoding="utf-8") as f:
        f.write(f"# Class report\n\n{len(rows)} report(s) of {len({r['student'] for r in rows})} student(s) from `{a.reports}`, "
                f"checked against the course at `{a.course}`; {len(flagged)} flagged.\n\n")
        f.write("| " + " | ".join(head[:-1]) + " | flags |\n|" + "---|" * len(head) + "\n")
        for r in rows:
            c = cells(r)
            c[-1] = "**FLAGGED** (below)" if r["flags"] else "ok"
            f.write("| " + " | ".join(esc(x) for x in c) + " |\n")
        if flagged:
            f.write("\n## Flagged reports\n\n")
            for r in flagged:
                f.write(f"- {esc(r['student'])}, lab {esc(r['lab'])}:\n")
                for fl in r["flags"]:
                    f.write(f"  - {esc(fl)}\n")
    print(f"class report: {len(rows)} report(s), {len(flagged)} flagged -> {a.out}.md, {a.out}.csv")
    for r in flagged:
        print(f"  FLAGGED {r['student']} lab {r['lab']}: " + "; ".join(r["flags"]))


if __name__ == "__main__":
    main()
