#!/usr/bin/env python3
"""CTest lesson_claim_NN: a lesson's claim about what a mistake does, checked on the planted variant.

The lab's planted wrong solution is a mistake the lesson talks about; its grader report (written
by lab_NN_fails_on_planted, the fixture of this test) must show what the lesson says it shows.
  --lesson F   the lesson (README.md) that makes the claim
  --quote Q    text the lesson must contain (whitespace and line breaks normalised): the claim
  --absent Q   text the lesson must not contain: a claim the grader refutes
  --report J   the planted run's JSON report
  --expect R   a regular expression some failed check (section | name | message) must match
  --first R    a regular expression the first failed check must match
Exit 0 when all hold; else 1, naming what disagrees.
"""
import argparse
import json
import re
import sys


def norm(s):
    return re.sub(r"\s+", " ", s).strip()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--lesson", required=True)
    ap.add_argument("--quote", action="append", default=[])
    ap.add_argument("--absent", action="append", default=[])
    ap.add_argument("--report", required=True)
    ap.add_argument("--expect", action="append", default=[])
    ap.add_argument("--first", action="append", default=[])
    a = ap.parse_args()
    problems = []
    lesson = norm(open(a.lesson, encoding="utf-8").read())
    for q in a.quote:
        if norm(q) not in lesson:
            problems.append(f"the lesson {a.lesson} no longer says: \"{q}\" (update the claim here with the lesson)")
    for q in a.absent:
        if norm(q) in lesson:
            problems.append(f"the lesson {a.lesson} says \"{q}\", which the grader's run of the planted mistake refutes")
    try:
        rep = json.load(open(a.report, encoding="utf-8"))
    except (OSError, ValueError) as e:
        print(f"lesson claim: no report of the planted run ({a.report}: {e}); lab_NN_fails_on_planted writes it")
        return 1
    failed = [f"{c['section']} | {c['name']} | {c['message']}" for c in rep.get("checks", []) if c["status"] == "FAIL"]
    if rep.get("passed") or not failed:
        problems.append("the planted mistake passed the grader")
    for r in a.expect:
        if not any(re.search(r, f) for f in failed):
            problems.append(f"no failed check matches /{r}/")
    for r in a.first:
        if failed and not re.search(r, failed[0]):
            problems.append(f"the first failure does not match /{r}/: {failed[0][:300]}")
    print(f"lesson claim of {a.lesson} against the planted run (seed {rep.get('seed')}):")
    for f in failed[:4]:
        print("  FAIL " + f.replace("\n", "\n       ")[:600])
    if problems:
        for p in problems:
            print("DISAGREES: " + p)
        return 1
    print("the lesson and the grader agree")
    return 0


if __name__ == "__main__":
    sys.exit(main())
