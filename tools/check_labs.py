#!/usr/bin/env python3
"""CTest labs_state_time_and_gpu: what each lab's questions.md promises a student without a GPU.

For every NN_*/lab/questions.md:
  - it states "**Expected time:** about H hours", and H is the hours of week NN in the README's
    syllabus table;
  - a question that needs a GPU to check (it names ncu, Nsight, "your GPU", "With a GPU") is
    marked **GPU**, and every file it points at (`results/...`, `ncu_*.txt` beside them) exists;
  - every benchmark row it names (`chapter/variant/.../N:...`) is in a committed results JSON.
usage: check_labs.py <course root>
"""
import glob
import json
import os
import re
import sys


def main():
    root = sys.argv[1]
    readme = open(os.path.join(root, "README.md"), encoding="utf-8").read()
    weeks = {}
    for m in re.finditer(r"^\| *(\d+) *\| *\[(\d\d) [^|]*\| *`\./course lab (\d\d)`[^|]*\|[^|]*\| *(\d+) *\|", readme, re.M):
        weeks[m.group(3)] = int(m.group(4))
    names = set()
    for j in glob.glob(os.path.join(root, "results", "**", "*.json"), recursive=True):
        try:
            for b in json.load(open(j)).get("benchmarks", []):
                names.add(b.get("run_name", b.get("name", "")))
        except (ValueError, AttributeError):
            pass
    bad = []
    for q in sorted(glob.glob(os.path.join(root, "[0-9][0-9]_*", "lab", "questions.md"))):
        nn = os.path.basename(os.path.dirname(os.path.dirname(q)))[:2]
        rel = os.path.relpath(q, root)
        text = open(q, encoding="utf-8").read()
        student = re.sub(r"<!-- answer -->.*?<!-- /answer -->", "", text, flags=re.S)
        m = re.search(r"\*\*Expected time:\*\* about (\d+) hours", student)
        if not m:
            bad.append(f"{rel}: no '**Expected time:** about H hours' line")
        elif weeks.get(nn) != int(m.group(1)):
            bad.append(f"{rel}: {m.group(1)} hours, but the README's syllabus says {weeks.get(nn)} for lab {nn}")
        for item in re.split(r"\n(?=\d+\. )", student):
            if not re.match(r"\d+\. ", item):
                continue
            flat = re.sub(r"\s+", " ", item)
            if re.search(r"\bncu\b|Nsight|your GPU|With a GPU", flat) and "**GPU" not in flat:
                bad.append(f"{rel}: question {item.split('.')[0]} needs a GPU but is not marked **GPU**")
            base = None
            for ref in re.findall(r"`([^`]+)`", flat):
                if ref.startswith("results/"):
                    path = os.path.join(root, ref)
                    if not os.path.exists(path):
                        bad.append(f"{rel}: question {item.split('.')[0]} points at {ref}, which is not committed")
                    base = os.path.dirname(path)
                elif re.fullmatch(r"ncu_[\w.]+\.txt", ref):
                    if not base or not os.path.exists(os.path.join(base, ref)):
                        bad.append(f"{rel}: question {item.split('.')[0]} points at {ref}, not found beside {base}")
                elif re.search(r"/N:\d+", ref):
                    prefix = ref.split("/...")[0]
                    if not any(n.startswith(prefix) for n in names):
                        bad.append(f"{rel}: question {item.split('.')[0]} names the row {ref}, in no committed JSON")
    for b in bad:
        print("FAIL: " + b)
    if not weeks:
        print("FAIL: no syllabus rows found in README.md")
        return 1
    print(f"checked {len(glob.glob(os.path.join(root, '[0-9][0-9]_*', 'lab', 'questions.md')))} labs against the "
          f"syllabus ({len(weeks)} weeks) and {len(names)} committed benchmark rows")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
