#!/usr/bin/env python3
"""Counts a lesson's words: prose (everything outside the generated blocks) and generated tables.

    python3 tools/lesson_words.py [README.md ...]      (default: every chapter's README.md)

Generated blocks are those tools/report.py, tools/accuracy.py and the chapter scripts write
between `<!-- name: ... -->` (or `<!-- name ... -->`, as tools/multi_gpu_table.py writes) and
`<!-- /name -->`. The course's budget per lesson is about 3,000
words of prose and 1,500 words of generated tables.
"""
import pathlib
import re
import sys

GENERATED = re.compile(r"<!-- ([a-z0-9-]+)[: ][^\n]*-->\n(.*?)<!-- /\1 -->", re.S)


def counts(text):
    generated = sum(len(m.group(2).split()) for m in GENERATED.finditer(text))
    prose = GENERATED.sub("", text)
    without_code = re.sub(r"```.*?```", "", prose, flags=re.S)
    return len(prose.split()), len(without_code.split()), generated


def main(argv):
    root = pathlib.Path(__file__).resolve().parent.parent
    paths = [pathlib.Path(a) for a in argv] or sorted(root.glob("[0-9][0-9]_*/README.md"))
    print("| lesson | prose words | of which outside code blocks | generated-table words |")
    print("|---|---:|---:|---:|")
    for p in paths:
        prose, no_code, gen = counts(p.read_text())
        print(f"| {p.parent.name} | {prose} | {no_code} | {gen} |")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
