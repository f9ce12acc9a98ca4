#!/usr/bin/env python3
"""Reduces repeated benchmark runs to min / median / max per benchmark, with speedups.

    python3 tools/spread.py FOLDER [--match REGEX] [--out spread.md]

Reads every *.json under FOLDER (recursively; tools/cpu16_repeat.sh writes one folder per
repeat), takes each file's median for each benchmark as one sample, and prints a markdown table:
how many runs, the min, median and max of those medians, and the spread (max - min) / median.
A second table gives the speedup S = T1 / TP of each variant from the per-run medians (T1 and TP
of the same repeat folder), again as min / median / max: a speedup is only as good as its spread.
"""
import argparse
import json
import pathlib
import re
import statistics
import sys
from collections import defaultdict

UNIT = {"ns": 1e-6, "us": 1e-3, "ms": 1.0, "s": 1e3}


def clean(name):
    """The benchmark's own name, without the parts Google Benchmark appends (min_time, repeats,
    real_time), so that the same benchmark run with other settings counts as the same row."""
    keep = [p for p in name.split("/") if p not in ("real_time", "manual_time")
            and p.split(":")[0] not in ("min_time", "repeats", "iterations")]
    return "/".join(keep)


def samples(folder):
    """{run name: [(repeat id, median ms), ...]} over every JSON file under folder."""
    out = defaultdict(list)
    for path in sorted(pathlib.Path(folder).rglob("*.json")):
        try:
            data = json.loads(path.read_text())
        except (json.JSONDecodeError, UnicodeDecodeError):
            print(f"spread: skipping {path} (not complete JSON)", file=sys.stderr)
            continue
        rel = path.relative_to(folder)
        repeat = rel.parts[0] if len(rel.parts) > 1 else "."
        for b in data.get("benchmarks", []):
            if b.get("aggregate_name") != "median" or b.get("error_occurred"):
                continue
            out[clean(b.get("run_name", b["name"]))].append((repeat, b["real_time"] * UNIT[b["time_unit"]]))
    return out


def split_threads(name):
    m = re.match(r"(.*)/threads:(\d+)$", name)
    return (m.group(1), int(m.group(2))) if m else (name, None)


def fmt(x):
    return f"{x:.4g}"


def by_threads(data):
    """{base: {P: {repeat: ms}}} for the benchmarks named .../threads:P."""
    out = defaultdict(dict)
    for name, runs in data.items():
        base, p = split_threads(name)
        if p is not None:
            out[base][p] = dict(runs)
    return out


def speedups(per_p, p):
    """S = T1 / TP for every repeat that has both (per_p: {P: {repeat: ms}})."""
    t1 = per_p.get(1, {})
    return [t1[r] / t for r, t in per_p.get(p, {}).items() if r in t1]


def lesson_table(folder, match=""):
    """One row per benchmark and P: the min, median and max of the per-run medians, with the
    speedup over P = 1 (median, min-max) from the same repeats: the block a lesson shows."""
    data = {k: v for k, v in samples(folder).items() if re.search(match, k)}
    threads = by_threads(data)
    lines = ["| benchmark | P | runs | min ms | median ms | max ms | speedup: median (min-max) |",
             "|---|---:|---:|---:|---:|---:|---:|"]

    def key(name):
        base, p = split_threads(name)
        return (base, p or 0)
    for name in sorted(data, key=key):
        base, p = split_threads(name)
        v = [t for _, t in data[name]]
        s = speedups(threads[base], p) if base in threads else []
        sp = f"{statistics.median(s):.2f} ({min(s):.2f}-{max(s):.2f})" if s and p != 1 else "-"
        shown = re.sub(r"/(double|float)/N:\d+/batch:\d+$", "", base)
        lines.append(f"| {shown} | {p if p else '-'} | {len(v)} | {fmt(min(v))} | "
                     f"{fmt(statistics.median(v))} | {fmt(max(v))} | {sp} |")
    return lines


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("folder")
    ap.add_argument("--match", default="", help="only benchmarks whose name matches this regex")
    ap.add_argument("--out", help="also write the tables to this markdown file")
    args = ap.parse_args(argv)
    data = {k: v for k, v in samples(args.folder).items() if re.search(args.match, k)}
    if not data:
        sys.exit(f"spread: no benchmark medians under {args.folder}")
    lines = [f"Spread over repeated runs in `{args.folder}`: each run's median is one sample.", "",
             "| benchmark | runs | min ms | median ms | max ms | (max - min) / median |",
             "|---|---:|---:|---:|---:|---:|"]
    for name in sorted(data):
        v = [t for _, t in data[name]]
        med = statistics.median(v)
        lines.append(f"| {name} | {len(v)} | {fmt(min(v))} | {fmt(med)} | {fmt(max(v))} | "
                     f"{(max(v) - min(v)) / med:.2f} |")
    # Speedups within one repeat: T1 and TP of the same repeat folder.
    by_base = by_threads(data)
    rows = []
    for base in sorted(by_base):
        if 1 not in by_base[base]:
            continue
        for p in sorted(by_base[base]):
            if p == 1:
                continue
            s = speedups(by_base[base], p)
            if s:
                rows.append(f"| {base} | {p} | {len(s)} | {min(s):.2f} | {statistics.median(s):.2f} | {max(s):.2f} |")
    if rows:
        lines += ["", "Speedup S = T1 / TP, T1 and TP from the same repeat:", "",
                  "| benchmark | P | runs | min S | median S | max S |", "|---|---:|---:|---:|---:|---:|"] + rows
    text = "\n".join(lines)
    print(text)
    if args.out:
        pathlib.Path(args.out).write_text(text + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
