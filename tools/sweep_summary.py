#!/usr/bin/env python3
"""Summarise 12's GPU sweep (sweep_12_gpu JSON, one or more shards) against issue 38's targets.

  tools/sweep_summary.py results/<gpu>/sweep_12_gpu*.json            # prints the summary
  tools/sweep_summary.py FILES --write 12_any_n/README.md            # the <!-- sweep-summary: ... --> block
  tools/sweep_summary.py FILES --figure 12_any_n/fig_sweep_ratio.png # ratio against N
  tools/sweep_summary.py FILES --worst 20                            # the slowest sizes, with plans
  tools/sweep_summary.py FILES --write README.md --model             # also the <!-- sweep-model: ... --> block
  tools/sweep_summary.py FILES --check README.md --model             # exit 1 where a block differs (CTest)
  tools/sweep_summary.py AFTER.json --before BEFORE.json              # a change's speedup, size by size
  tools/sweep_summary.py AFTER.json --before BEFORE.json --by-threads # the same, single passes by block threads
  tools/sweep_summary.py AFTER.json --before BEFORE.json --show 6,10   # those N size by size, with their error
  tools/sweep_summary.py AFTER.json --before BEFORE.json --by-blocks   # changed plans by blocks an SM, before -> after
  tools/sweep_summary.py AFTER.json --before BEFORE.json --by-first-stage  # changed single passes by their first stage's bank ways
  tools/sweep_summary.py AFTER.json --before BEFORE.json --where 'at 12 points'  # only plans with that text
  tools/sweep_summary.py AFTER.json --before BEFORE.json --changed     # only the timings whose plan changed
  tools/sweep_summary.py FILES --bands                                # 7-smooth N by size against one block's points
  tools/sweep_summary.py FILES --stages                               # single passes' time over the model by their stages

The model (--model): a batched transform of B bytes in k passes over global memory takes
2 k B / copy bandwidth (each pass reads and writes every byte once); the table says, route by
route, how far the measured time is from it. The copy bandwidth is the H100's 512 MiB
device-to-device copy from bench_12_gpu.json's roofline row (--copy-gbs to set it).

The ratio is cuFFT time / ours (above 1: ours is faster), medians of interleaved timings taken
in one process. Classes: 5-smooth (largest prime factor <= 5), 7-smooth (a factor 7), other.
"""
import argparse
import json
import math
import pathlib
import re
import sys

import report  # tools/, this script's folder

# Issue 38's targets: minimum of the ratio, batched, by class; the median over the sweep; the
# minimum over single transforms.
TARGETS = {"5-smooth": 0.8, "7-smooth": 0.7, "other": 0.6}
MEDIAN_TARGET = 0.95
SINGLE_TARGET = 0.6


def load(paths):
    records, context = {}, None
    for path in paths:
        with open(path) as f:
            data = json.load(f)
        context = context or data["context"]
        if bool(data["context"].get("graph", False)) != bool(context.get("graph", False)):
            sys.exit(f"{path}: graph-replay timings (sweep_12_gpu --graph) cannot be merged with plain ones")
        for r in data["records"]:
            records[(r["n"], r["precision"], r["mode"])] = r  # a later file wins (a rerun)
    return context, list(records.values())


def percentile(sorted_values, q):
    if not sorted_values:
        return float("nan")
    i = min(len(sorted_values) - 1, max(0, int(round(q * (len(sorted_values) - 1)))))
    return sorted_values[i]


def rows(records):
    """(class, precision, mode, count, min, p5, median, worst N, target, met)."""
    out = []
    for mode in ("batched", "single"):
        for prec in ("float", "double"):
            for cls in ("5-smooth", "7-smooth", "other"):
                rs = [r for r in records if r["mode"] == mode and r["precision"] == prec and r["class"] == cls and "ratio" in r]
                if not rs:
                    continue
                rs.sort(key=lambda r: r["ratio"])
                ratios = [r["ratio"] for r in rs]
                target = TARGETS[cls] if mode == "batched" else SINGLE_TARGET
                out.append((cls, prec, mode, len(rs), ratios[0], percentile(ratios, 0.05), percentile(ratios, 0.5), rs[0]["n"], target,
                            ratios[0] >= target))
    return out


def error_ratio(r):
    """Our float error over cuFFT float's (both exact: 1)."""
    if r["err_cufft"] > 0:
        return r["err_ours"] / r["err_cufft"]
    return 1.0 if r["err_ours"] == 0 else float("inf")


def summary_markdown(context, records):
    """One row a class and mode, float / double side by side."""
    lines = [f"cuFFT time / ours on the {context['gpu']} (cuFFT {context['cufft_version']}), "
             f"{len(records)} timings{', both sides replayed as CUDA graphs' if context.get('graph') else ''}; "
             f"each cell float / double.", "",
             "| class | mode | min | 5th pct | median | worst N | target (min) |",
             "|---|---|---:|---:|---:|---:|---|"]
    by = {(cls, prec, mode): (mn, p5, med, worst, target, met) for cls, prec, mode, _, mn, p5, med, worst, target, met in rows(records)}
    for mode in ("batched", "single"):
        for cls in ("5-smooth", "7-smooth", "other"):
            f, d = by.get((cls, "float", mode)), by.get((cls, "double", mode))
            if not f or not d:
                continue
            cell = lambda i, spec: f"{format(f[i], spec)} / {format(d[i], spec)}"
            met = "met" if f[5] and d[5] else "**missed**"
            lines.append(f"| {cls} | {mode} | {cell(0, '.2f')} | {cell(1, '.2f')} | {cell(2, '.2f')} | {cell(3, 'd')} | {f[4]:.2f} {met} |")
    batched = sorted(r["ratio"] for r in records if r["mode"] == "batched" and "ratio" in r)
    lines.append("")
    if batched:  # a run of single transforms alone (--mode single) has no batched median
        med = percentile(batched, 0.5)
        lines.append(f"Median over every batched size: {med:.2f} (target {MEDIAN_TARGET:.2f}: {'met' if med >= MEDIAN_TARGET else 'missed'}).")
    errs = [r for r in records if "err_ours" in r]
    worse = [r for r in errs if r["err_ours"] > r["err_cufft"]]
    if errs:
        worst = max(errs, key=error_ratio)
        # Runs since err_inputs: each size's error is the mean over that many fresh inputs.
        inputs = sorted({r.get("err_inputs", 1) for r in errs})
        over = "one input a size" if inputs == [1] else f"the mean over {inputs[0]}-{inputs[-1]} inputs a size"
        lines.append(f"Float error against a double reference (relative rms, single transforms, {over}): ours above cuFFT float's at "
                     f"{len(worse)} of {len(errs)} sizes; the largest ratio {error_ratio(worst):.2f} at N = {worst['n']}.")
    failed = [r for r in records if "error" in r]
    if failed:
        lines.append(f"Refused or failed: {len(failed)} (first: N = {failed[0]['n']} {failed[0]['precision']}: {failed[0]['error'][:120]}).")
    return "\n".join(lines)


def route(plan):
    """The route and passes a plan's describe() names."""
    if "power of two" in plan:
        return "power of two (09 or 11)", 0
    if "Bluestein in one kernel" in plan:
        return "Bluestein, one block", 0
    if "09's FFT of M" in plan:
        return "Bluestein, 09's FFT of M", 0
    if "Bluestein" in plan:
        return "Bluestein, fused passes of M", 0
    if "clusters of" in plan:
        return "one pass on clusters", 1
    if "by pair sums" in plan:  # a prime from 37 to 251 in one pass of direct sums (gpu_prime_pass.hpp)
        return "pair sums, 1 pass", 1
    m = re.search(r"in (\d+) pass", plan)
    k = int(m.group(1)) if m else 0
    return f"mixed radix, {k} pass{'es' if k > 1 else ''}", k


def one_pass_ms(r, copy_gbs):
    """The model's time for one pass over a record's data: every byte read and written once."""
    return 2.0 * r["batch"] * r["n"] * (8 if r["precision"] == "float" else 16) / (copy_gbs * 1e9) * 1e3


def single_pass_radices(r):
    """A single pass's stage radices and whether a compiled shape runs it, from describe()'s first
    line ("in 1 pass; 1000 = 10 * 10 * 10, ..."); None for any other route."""
    first = r["plan"].split("\n")[0]
    m = re.search(r"in 1 pass; \d+ = ([0-9 *]+),", first)
    if not m or route(r["plan"])[0] != "mixed radix, 1 pass":
        return None
    return [int(x) for x in m.group(1).split("*")], "compiled for this shape" in first


def model_markdown(records, copy_gbs):
    """Measured time over the bandwidth model, by route (batched), float / double side by side."""
    groups = {}
    for r in records:
        if r["mode"] != "batched" or "ratio" not in r:
            continue
        name, k = route(r["plan"])
        one = one_pass_ms(r, copy_gbs)
        groups.setdefault(name, {}).setdefault(r["precision"], []).append((r["ours_ms"] / (max(k, 1) * one), r["cufft_ms"] / one, r["ratio"]))
    lines = [f"Measured time over the model 2 k B / {copy_gbs:.0f} GB/s (k passes; Bluestein and powers of two counted as one pass), "
             "batched, medians; each cell float / double.", "",
             "| route | sizes | ours / model | its 90th pct | cuFFT / one pass | cuFFT / ours |",
             "|---|---:|---:|---:|---:|---:|"]
    for name, by_prec in sorted(groups.items()):
        stats = {}
        for prec in ("float", "double"):
            v = by_prec.get(prec, [])
            cols = [sorted(x[i] for x in v) for i in range(3)]
            stats[prec] = (len(v), percentile(cols[0], 0.5), percentile(cols[0], 0.9), percentile(cols[1], 0.5), percentile(cols[2], 0.5))
        f, d = stats["float"], stats["double"]
        num = lambda x: "-" if x != x else f"{x:.2f}"  # a route one precision never takes (NaN)
        lines.append(f"| {name} | {f[0]} / {d[0]} | " + " | ".join(f"{num(f[i])} / {num(d[i])}" for i in range(1, 5)) + " |")
    return "\n".join(lines)


ROOT = pathlib.Path(__file__).resolve().parent.parent


def copy_bandwidth_gbs(path=ROOT / "results/nvidia-h100-80gb-hbm3/bench_12_gpu.json"):
    """The measured device-to-device copy (read + write), as report.py reads it."""
    gbps = report.roofline_gbps(report.load_files([pathlib.Path(path)])[0])
    if gbps is None:
        sys.exit(f"{path} has no roofline copy row")
    return gbps


def markers(name):
    """The course's generated-block markers (tools/lesson_words.py counts them as tables)."""
    return f"<!-- sweep-{name}: tools/sweep_summary.py --model --write -->", f"<!-- /sweep-{name} -->"


def block_matches(path, name, text):
    with open(path) as f:
        doc = f.read()
    begin, end = markers(name)
    return f"{begin}\n{text}\n{end}" in doc


def write_block(path, name, text):
    with open(path) as f:
        doc = f.read()
    begin, end = markers(name)
    if begin not in doc or end not in doc:
        sys.exit(f"{path} has no {begin} ... {end} block")
    pattern = re.compile(re.escape(begin) + ".*?" + re.escape(end), re.S)
    doc = pattern.sub(lambda _: f"{begin}\n{text}\n{end}", doc)
    with open(path, "w") as f:
        f.write(doc)


def figure(records, path):
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    fig, axes = plt.subplots(1, 2, figsize=(12, 4.2), sharey=True)
    colors = {"5-smooth": "tab:blue", "7-smooth": "tab:green", "other": "tab:red"}
    for ax, prec in zip(axes, ("float", "double")):
        for cls, color in colors.items():
            rs = [r for r in records if r["mode"] == "batched" and r["precision"] == prec and r["class"] == cls and "ratio" in r]
            ax.scatter([r["n"] for r in rs], [r["ratio"] for r in rs], s=6, color=color, label=cls)
        for cls, t in TARGETS.items():
            ax.axhline(t, color=colors[cls], lw=0.8, ls="--")
        ax.axhline(1.0, color="black", lw=0.8)
        ax.set_xscale("log", base=2)
        ax.set_title(f"{prec}, batched to 512 MiB")
        ax.set_xlabel("N")
    axes[0].set_ylabel("cuFFT time / ours")
    axes[0].legend(loc="lower right")
    fig.tight_layout()
    fig.savefig(path, dpi=110)


def compare_markdown(before, after):
    """Our time before / after a change (above 1: faster now), for the sizes both runs timed, split
    into those whose route changed (Bluestein or not) and those it left alone."""
    old = {(r["n"], r["precision"], r["mode"]): r for r in before}
    lines = ["| precision | mode | sizes | route changed (to or from Bluestein) | speedup there (median, min) | ratio to cuFFT there, before -> after (median) |"
             " route unchanged: speedup (median, min, max) |",
             "|---|---|---:|---:|---|---|---|"]
    for mode in ("batched", "single"):
        for prec in ("float", "double"):
            pairs = [(old[k], r) for r in after for k in [(r["n"], r["precision"], r["mode"])]
                     if k in old and r["mode"] == mode and r["precision"] == prec]
            if not pairs:
                continue
            moved, kept = [], []
            for b, a in pairs:
                (moved if ("Bluestein" in b["plan"]) != ("Bluestein" in a["plan"]) else kept).append((b, a))
            def speedups(ps):
                return sorted(b["ours_ms"] / a["ours_ms"] for b, a in ps)
            sm, sk = speedups(moved), speedups(kept)
            there = (f"{percentile(sm, 0.5):.2f}x, {sm[0]:.2f}x" if sm else "-")
            ratio = (f"{percentile(sorted(b['ratio'] for b, _ in moved), 0.5):.2f} -> "
                     f"{percentile(sorted(a['ratio'] for _, a in moved), 0.5):.2f}" if moved else "-")
            left = (f"{percentile(sk, 0.5):.3f}x, {sk[0]:.3f}x, {sk[-1]:.3f}x" if sk else "-")
            lines.append(f"| {prec} | {mode} | {len(pairs)} | {len(moved)} | {there} | {ratio} | {left} |")
    return "\n".join(lines)


def sizes_markdown(before, after, sizes):
    """The listed N, size by size: our speedup, cuFFT / ours before and after, and (single runs
    that measured it) our float error over cuFFT's before and after."""
    old = {(r["n"], r["precision"], r["mode"]): r for r in before}
    lines = ["| N | precision | mode | speedup | cuFFT / ours, before -> after | our error / cuFFT's, before -> after |",
             "|---:|---|---|---:|---|---|"]
    for a in sorted((r for r in after if r["n"] in sizes), key=lambda r: (r["n"], r["precision"], r["mode"])):
        b = old.get((a["n"], a["precision"], a["mode"]))
        if not b:
            continue
        err = (f"{error_ratio(b):.3f} -> {error_ratio(a):.3f}" if b.get("err_cufft") and a.get("err_cufft") else "-")
        lines.append(f"| {a['n']} | {a['precision']} | {a['mode']} | {b['ours_ms'] / a['ours_ms']:.2f}x | "
                     f"{b['ratio']:.2f} -> {a['ratio']:.2f} | {err} |")
    return "\n".join(lines)


def threads_markdown(before, after):
    """As compare_markdown, for single passes whose route did not change, by the threads of the
    after plan's block (a kernel change that acts on some block sizes only: 12's kernels built
    for three or two blocks an SM)."""
    old = {(r["n"], r["precision"], r["mode"]): r for r in before}
    groups = {}
    for a in after:
        b = old.get((a["n"], a["precision"], a["mode"]))
        m = re.search(r"in 1 pass; .*? a block of (\d+) threads", a["plan"])
        if b is None or not m or ("Bluestein" in b["plan"]) != ("Bluestein" in a["plan"]):
            continue
        groups.setdefault((a["precision"], a["mode"], int(m.group(1))), []).append(b["ours_ms"] / a["ours_ms"])
    lines = ["| precision | mode | threads a block | timings | speedup (median, min, max) |", "|---|---|---:|---:|---|"]
    for (prec, mode, threads), s in sorted(groups.items()):
        s.sort()
        lines.append(f"| {prec} | {mode} | {threads} | {len(s)} | {percentile(s, 0.5):.3f}x, {s[0]:.3f}x, {s[-1]:.3f}x |")
    return "\n".join(lines)


def blocks_markdown(before, after):
    """Speedup by the blocks an SM of each pass, before -> after (describe()'s "(k blocks an SM)"),
    for the timings whose passes' blocks an SM or stages changed: what a change that moves
    occupancy (12's wide passes) does at each move."""
    old = {(r["n"], r["precision"], r["mode"]): r for r in before}
    blocks = lambda plan: tuple(int(k) for k in re.findall(r"\((\d+) blocks? an SM\)", plan))
    groups = {}
    for a in after:
        b = old.get((a["n"], a["precision"], a["mode"]))
        if b is None or b["plan"] == a["plan"]:
            continue
        move = f"{','.join(map(str, blocks(b['plan'])))} -> {','.join(map(str, blocks(a['plan'])))}"
        groups.setdefault((a["precision"], a["mode"], move), []).append(b["ours_ms"] / a["ours_ms"])
    lines = ["| precision | mode | blocks an SM, pass by pass | timings | speedup (median, min, max) |", "|---|---|---|---:|---|"]
    for (prec, mode, move), s in sorted(groups.items()):
        s.sort()
        lines.append(f"| {prec} | {mode} | {move} | {len(s)} | {percentile(s, 0.5):.3f}x, {s[0]:.3f}x, {s[-1]:.3f}x |")
    return "\n".join(lines)


def first_stage_markdown(before, after):
    """Speedup of the single passes whose plan changed, by the after plan's first stage: its radix
    R and the ways its stores at stride 1 meet in a shared-memory bank, gcd(R, 16) in float and
    gcd(R, 8) in double (12_any_n/gpu_shape.hpp's first_stage_bank_ways): what bank conflicts
    cost a change that puts an even radix first (12's stages of 18-28)."""
    old = {(r["n"], r["precision"], r["mode"]): r for r in before}
    groups = {}
    for a in after:
        b = old.get((a["n"], a["precision"], a["mode"]))
        single = single_pass_radices(a)
        if b is None or b["plan"] == a["plan"] or single is None:
            continue
        first = single[0][0]
        ways = math.gcd(first, 16 if a["precision"] == "float" else 8)
        groups.setdefault((a["precision"], a["mode"], ways), []).append((b["ours_ms"] / a["ours_ms"], first))
    lines = ["| precision | mode | bank ways of the first stage | first radices | timings | speedup (median, min, max) |", "|---|---|---:|---|---:|---|"]
    for (prec, mode, ways), v in sorted(groups.items()):
        s = sorted(x for x, _ in v)
        radices = ", ".join(str(r) for r in sorted({r for _, r in v}))
        lines.append(f"| {prec} | {mode} | {ways} | {radices} | {len(s)} | {percentile(s, 0.5):.3f}x, {s[0]:.3f}x, {s[-1]:.3f}x |")
    return "\n".join(lines)


# The most points one pass holds in a block: 1024 threads at 16 points a thread in float, 128 KiB
# of shared memory in double (12_any_n/gpu_pass.hpp's kLargestBlockPoints).
ONE_BLOCK_POINTS = {"float": 16384, "double": 8192}


def bands_markdown(records):
    """7-smooth N that are not powers of two, batched, by size against one block's points."""
    lines = ["7-smooth N (not powers of two), batched, by N against P, the most points one pass holds in a block "
             "(16384 float, 8192 double); cuFFT time / ours.", "",
             "| precision | N | sizes | median | min | below 0.7 | worst N | one pass / two / three |",
             "|---|---|---:|---:|---:|---:|---:|---|"]
    for prec, p in ONE_BLOCK_POINTS.items():
        for lo, hi, name in ((1, p // 8, "up to P/8"), (p // 8 + 1, p, "P/8 to P"), (p + 1, 2 * p, "P to 2P"),
                             (2 * p + 1, 4 * p, "2P to 4P"), (4 * p + 1, 1 << 40, "above 4P")):
            rs = sorted((r for r in records if r["mode"] == "batched" and r["precision"] == prec and r["class"] != "other"
                         and "ratio" in r and lo <= r["n"] <= hi and r["n"] & (r["n"] - 1)), key=lambda r: r["ratio"])
            if not rs:
                continue
            ratios = [r["ratio"] for r in rs]
            passes = [sum(1 for r in rs if route(r["plan"])[1] == k) for k in (1, 2, 3)]
            lines.append(f"| {prec} | {name} | {len(rs)} | {percentile(ratios, 0.5):.2f} | {ratios[0]:.2f} | "
                         f"{sum(1 for x in ratios if x < 0.7)} | {rs[0]['n']} | {' / '.join(map(str, passes))} |")
    return "\n".join(lines)


def stages_markdown(records, copy_gbs):
    """Single passes of mixed radix, batched: measured time over the one-pass model by the pass's
    stages, generic kernel or compiled shape, in three bands of N (so that N does not stand in for
    the stages)."""
    groups = {}
    for r in records:
        single = single_pass_radices(r) if r["mode"] == "batched" and "ratio" in r else None
        if not single:
            continue
        radices, compiled = single
        band = "N < 2048" if r["n"] < 2048 else "2048 <= N < 8192" if r["n"] < 8192 else "N >= 8192"
        groups.setdefault((band, "compiled" if compiled else "generic", len(radices)), {}).setdefault(r["precision"], []).append(
            r["ours_ms"] / one_pass_ms(r, copy_gbs))
    lines = [f"Single passes, batched: measured time over the one-pass model 2 B / {copy_gbs:.0f} GB/s, by stages; "
             "medians, each cell float / double (sizes in brackets).", "",
             "| N | kernel | stages | ours / model |", "|---|---|---:|---:|"]
    order = {"N < 2048": 0, "2048 <= N < 8192": 1, "N >= 8192": 2}
    for (band, kind, stages), by_prec in sorted(groups.items(), key=lambda kv: (order[kv[0][0]], kv[0][1], kv[0][2])):
        cell = lambda prec: (f"{percentile(sorted(by_prec[prec]), 0.5):.2f} ({len(by_prec[prec])})" if prec in by_prec else "-")
        lines.append(f"| {band} | {kind} | {stages} | {cell('float')} / {cell('double')} |")
    return "\n".join(lines)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("files", nargs="+")
    ap.add_argument("--write", help="a markdown file with a <!-- sweep-summary: ... --> block")
    ap.add_argument("--figure", help="write the ratio-against-N figure here")
    ap.add_argument("--check", help="exit 1 unless this markdown file's sweep blocks are what the JSON gives")
    ap.add_argument("--worst", type=int, default=0, help="list the N slowest timings with their plans")
    ap.add_argument("--model", action="store_true", help="print (and with --write, write) the bandwidth model's table")
    ap.add_argument("--before", nargs="+", help="the same sweep before a change: print the speedup table instead")
    ap.add_argument("--copy-gbs", type=float, help="copy bandwidth, GB/s (default: the H100's, from its bench_12_gpu.json)")
    ap.add_argument("--bands", action="store_true", help="print the 7-smooth sizes by N against one block's points, only")
    ap.add_argument("--by-threads", action="store_true", help="with --before: single passes by the threads of their block")
    ap.add_argument("--by-blocks", action="store_true", help="with --before: the timings whose plan changed, by blocks an SM before -> after")
    ap.add_argument("--by-first-stage", action="store_true", help="with --before: changed single passes by their first stage's bank ways")
    ap.add_argument("--changed", action="store_true", help="with --before: only the timings whose plan text changed")
    ap.add_argument("--where", help="with --before: only the timings whose plan (after) contains this text; --where '!TEXT': does not")
    ap.add_argument("--show", help="with --before: these N (comma-separated) size by size, with their error where measured")
    ap.add_argument("--stages", action="store_true", help="print single passes' time over the model by their stages, only")
    a = ap.parse_args()
    context, records = load(a.files)
    if a.stages:
        print(stages_markdown(records, a.copy_gbs or copy_bandwidth_gbs()))
        return
    if a.bands:
        print(bands_markdown(records))
        return
    if (a.where or a.changed or a.by_blocks or a.by_threads or a.by_first_stage or a.show) and not a.before:
        ap.error("--where, --changed, --by-blocks, --by-threads, --by-first-stage and --show compare with a run: give --before")
    if sum(map(bool, (a.show, a.by_blocks, a.by_threads, a.by_first_stage))) > 1:
        ap.error("one of --show, --by-blocks, --by-threads, --by-first-stage at a time")
    if a.before:
        if a.write or a.check or a.figure or a.model or a.worst:
            ap.error("--before prints the speedup table only: no --write, --check, --figure, --model or --worst with it")
        if a.changed:
            plans = {(r["n"], r["precision"], r["mode"]): r["plan"] for r in load(a.before)[1]}
            records = [r for r in records if plans.get((r["n"], r["precision"], r["mode"]), r["plan"]) != r["plan"]]
        if a.where:
            text = a.where.lstrip("!")
            records = [r for r in records if (text in r["plan"]) != a.where.startswith("!")]
        if a.show:
            print(sizes_markdown(load(a.before)[1], records, {int(x) for x in a.show.split(",")}))
        elif a.by_blocks:
            print(blocks_markdown(load(a.before)[1], records))
        elif a.by_first_stage:
            print(first_stage_markdown(load(a.before)[1], records))
        else:
            print((threads_markdown if a.by_threads else compare_markdown)(load(a.before)[1], records))
        return
    text = summary_markdown(context, records)
    if a.check:
        blocks = [("summary", text)]
        if a.model:
            blocks.append(("model", model_markdown(records, a.copy_gbs or copy_bandwidth_gbs())))
        stale = [name for name, t in blocks if not block_matches(a.check, name, t)]
        if stale:
            sys.exit(f"{a.check}: the sweep block(s) {', '.join(stale)} differ from the JSON; regenerate with --write {a.check}")
        print(f"{a.check}: sweep blocks match the JSON")
        return
    print(text)
    if a.worst:
        print()
        for r in sorted((r for r in records if "ratio" in r), key=lambda r: r["ratio"])[: a.worst]:
            print(f"{r['ratio']:.2f} {r['precision']:6} {r['mode']:7} N = {r['n']:9} ours {r['ours_ms']:.4f} ms cuFFT {r['cufft_ms']:.4f} ms  {r['plan'][:150]}")
    if a.write:
        write_block(a.write, "summary", text)
    if a.model:
        model = model_markdown(records, a.copy_gbs or copy_bandwidth_gbs())
        print()
        print(model)
        if a.write:
            write_block(a.write, "model", model)
    if a.figure:
        figure(records, a.figure)


if __name__ == "__main__":
    main()
