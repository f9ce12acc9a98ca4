#!/usr/bin/env python3
"""Single transforms against cuFFT, plain and replayed as CUDA graphs: the tables of
12_any_n/latency.md, from sweep_12_gpu's JSON and an Nsight Systems trace of the same sweep.

  tools/latency_ladder.py reduce TRACE.csv SWEEP.json OUT.json   # an nsys cuda_gpu_trace CSV, cut
                                                                  # per size into kernel time and span
  tools/latency_ladder.py [--dir D] [--write FILE | --check FILE] # the lesson's blocks from D
                                                                  # (default results/nvidia-h200/latency-ladder)
  tools/latency_ladder.py [--dir D] --figure 12_any_n/fig_latency.png   # the lesson's figure

The ladder block (<!-- latency-ladder -->) takes every ladder*_plain*.json and ladder*_graph*.json
run in D: the time of a size is the median over runs of each run's median. The trace block
(<!-- latency-trace -->) and the excerpt (<!-- latency-excerpt -->, 2^17) read kernels_plain.json,
which `reduce` wrote from `nsys stats --report cuda_gpu_trace --format csv` of the plain
`sweep_12_gpu --mode single --samples 15`; kernels_graph.json, from the graph run, is kept beside it.

The fix block (<!-- latency-fix -->) sets D's plain runs and kernels_plain.json beside those of
D-fix (results/nvidia-h200/latency-ladder-fix: after 09's empty-row skip and spread rule). The
spread block (<!-- latency-spread -->) reads bench_09_radixN.json in D's parent folder: its
single-transform rows with and without the spread rule, and cuFFT's.

`reduce` cuts the trace where the sweep fills a new input (its fill_kernel), one piece a size, in
the sweep's order. In a piece, sweep_12_gpu's time_pair runs one warm-up transform of each side
(so the first burst of each side is one transform's kernels, and ours must match its plan's
passes), then alternates bursts of `reps` transforms. For each timed burst, per transform:
  kernel time = the kernels' durations summed;
  span        = first kernel's start to last kernel's end, so kernel time plus the GPU's idle gaps.
"""
import argparse
import csv
import glob
import json
import os
import re
import statistics
import sys

import sweep_summary  # tools/, this script's folder: the measured copy bandwidth

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEFAULT_DIR = os.path.join(ROOT, "results", "nvidia-h200", "latency-ladder")


def passes_of(plan):
    """Our kernels a transform, from the plan's description ('2 passes', 'one pass')."""
    m = re.search(r"(\d+|one) pass(?:es)? over global memory", plan)
    if not m:
        sys.exit(f"no pass count in the plan description: {plan[:120]}")
    return 1 if m.group(1) == "one" else int(m.group(1))


def side_of(name):
    if "fill_kernel" in name:
        return "fill"
    if name.startswith("[CUDA mem"):
        return "copy"  # the error check's copies: they end a burst, and are no kernel
    return "ours" if "course::" in name else "cufft"


def short_name(name):
    """'void course::radixn::tile_fft_kernel<float, (int)8, ...>(...)' -> 'tile_fft_kernel<float, 8, ...>'."""
    name = re.sub(r"^void ", "", name).split(">(")[0] + ">"
    name = re.sub(r"\((?:[\w:]+ )*[\w:]+\)", "", name)  # the casts nsys prints before template arguments
    return re.sub(r"^(course::\w+::|<unnamed>::)+", "", name)[:60]


def bursts(rows):
    """Maximal runs of one side's kernels: (side, [rows])."""
    out = []
    for r in rows:
        if out and out[-1][0] == r["side"]:
            out[-1][1].append(r)
        else:
            out.append((r["side"], [r]))
    return out


def per_transform(runs, reps):
    """Median over timed bursts of (kernel time, span) a transform, in microseconds."""
    busy = [sum(r["dur"] for r in b) / reps / 1e3 for b in runs]
    span = [(b[-1]["start"] + b[-1]["dur"] - b[0]["start"]) / reps / 1e3 for b in runs]
    return statistics.median(busy), statistics.median(span)


def read_trace(csv_path):
    """The trace's kernels and copies, in order."""
    with open(csv_path) as f:
        return [{"side": side_of(r["Name"]), "start": int(r["Start (ns)"]), "dur": int(r["Duration (ns)"]), "name": r["Name"],
                 "grid": r["GrdX"], "block": r["BlkX"] if r["BlkY"] in ("", "1") else f"{r['BlkX']}x{r['BlkY']}"}
                for r in csv.DictReader(f)]


def pieces_by_size(rows):
    """The rows after each fill, one list a size."""
    pieces = []
    for r in rows:
        if r["side"] == "fill":
            pieces.append([])
        elif pieces:
            pieces[-1].append(r)
    return pieces


def size_entry(rec, piece):
    """One size's kernels a transform, kernel time and span for each side, and the excerpt."""
    b = bursts(piece)
    k = {s: next(len(x) for t, x in b if t == s) for s in ("ours", "cufft")}  # the warm-up transforms
    if k["ours"] != passes_of(rec["plan"]):
        sys.exit(f"N = {rec['n']}: our warm-up transform has {k['ours']} kernels, the plan {passes_of(rec['plan'])} passes")
    # cuFFT's longest burst is a timed one (ours's longest ran on from the warm-up `one`).
    longest = max(len(x) for t, x in b if t == "cufft")
    reps = longest // k["cufft"]
    if reps * k["cufft"] != longest:
        sys.exit(f"N = {rec['n']}: cuFFT's longest burst, {longest} kernels, is not a whole number of its {k['cufft']}-kernel transforms")
    timed = [(t, x) for t, x in b if t in k and len(x) == reps * k[t]]
    if not any(t == "ours" for t, _ in timed):
        sys.exit(f"N = {rec['n']}: no burst of ours with {reps} transforms of {k['ours']} kernels")
    entry = {"n": rec["n"], "precision": rec["precision"], "reps": reps, "timed_ms": {"ours": rec["ours_ms"], "cufft": rec["cufft_ms"]}}
    for s in ("ours", "cufft"):
        mine = [x for t, x in timed if t == s]
        busy, span = per_transform(mine, reps)
        entry[s] = {"kernels": k[s], "kernel_us": round(busy, 3), "span_us": round(span, 3),
                    "launches": [f"{short_name(r['name'])} grid {r['grid']} x {r['block']} threads" for r in mine[-1][: k[s]]]}
    # The lesson's excerpt: ours's last two transforms of a timed burst, then cuFFT's first two.
    j = next(i for i in range(len(timed) - 1, 0, -1) if timed[i - 1][0] == "ours" and timed[i][0] == "cufft")
    rows = timed[j - 1][1][-2 * k["ours"]:] + timed[j][1][: 2 * k["cufft"]]
    entry["excerpt"] = [[short_name(r["name"]), r["grid"], r["block"], r["start"], r["dur"]] for r in rows]
    return entry


def reduce_trace(csv_path, sweep_path, out_path):
    with open(sweep_path) as f:
        sweep = json.load(f)
    pieces, records = pieces_by_size(read_trace(csv_path)), sweep["records"]
    if len(pieces) != len(records):
        sys.exit(f"{csv_path}: {len(pieces)} sizes in the trace, {len(records)} in {sweep_path}")
    sizes = [size_entry(rec, piece) for rec, piece in zip(records, pieces)]
    with open(out_path, "w") as f:
        json.dump({"context": dict(sweep["context"], trace=os.path.basename(csv_path)), "sizes": sizes}, f, indent=1)
        f.write("\n")
    print(f"{len(sizes)} sizes -> {out_path}")


def runs(folder, mode):
    files = sorted(glob.glob(os.path.join(folder, f"ladder*_{mode}*.json")))
    if not files:
        sys.exit(f"no ladder*_{mode}*.json in {folder}")
    out = []
    for path in files:
        with open(path) as f:
            data = json.load(f)
        if bool(data["context"].get("graph")) != (mode == "graph"):
            sys.exit(f"{path}: its context says graph = {data['context'].get('graph')}, its name says {mode}")
        out.append(data)
    return out


def medians(datas):
    """(n, precision) -> {ours, cufft (ms, median over runs), plan}."""
    times = {}
    for d in datas:
        for r in d["records"]:
            t = times.setdefault((r["n"], r["precision"]), {"ours": [], "cufft": [], "plan": r["plan"]})
            t["ours"].append(r["ours_ms"])
            t["cufft"].append(r["cufft_ms"])
    return {k: {"ours": statistics.median(v["ours"]), "cufft": statistics.median(v["cufft"]), "plan": v["plan"]} for k, v in times.items()}


def log2(n):
    return n.bit_length() - 1


def traced_kernels(folder):
    """kernels_plain.json of D: `reduce`'s output for the plain run."""
    with open(os.path.join(folder, "kernels_plain.json")) as f:
        return json.load(f)


def ladder_markdown(folder):
    plain_runs, graph_runs = runs(folder, "plain"), runs(folder, "graph")
    plain, graph = medians(plain_runs), medians(graph_runs)
    gpu = plain_runs[0]["context"]["gpu"]
    lines = [f"Single transforms (batch 1) on one {gpu}, cuFFT {plain_runs[0]['context']['cufft_version']}: microseconds a transform "
             f"in a loop of back-to-back transforms: the median of {len(plain_runs)} plain and of {len(graph_runs)} graph runs' medians "
             f"(of two, their mean), {plain_runs[0]['context']['samples']} samples each. Ratio: cuFFT time / ours. "
             "Passes: our float plan's.", "",
             "| N | passes | float: ours | cuFFT | ratio | as graphs: ours | cuFFT | ratio | double ratio | as graphs |",
             "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|"]
    for n in sorted({n for n, _ in plain}):
        f, fg = plain.get((n, "float")), graph.get((n, "float"))
        d, dg = plain.get((n, "double")), graph.get((n, "double"))
        if not (f and fg and d and dg):
            sys.exit(f"N = {n}: missing from a plain or a graph run")
        lines.append(f"| 2^{log2(n)} | {passes_of(f['plan'])} | {f['ours'] * 1e3:.2f} | {f['cufft'] * 1e3:.2f} | {f['cufft'] / f['ours']:.2f} | "
                     f"{fg['ours'] * 1e3:.2f} | {fg['cufft'] * 1e3:.2f} | {fg['cufft'] / fg['ours']:.2f} | "
                     f"{d['cufft'] / d['ours']:.2f} | {dg['cufft'] / dg['ours']:.2f} |")
    return "\n".join(lines)


def trace_markdown(folder):
    traced = traced_kernels(folder)
    graph = medians(runs(folder, "graph"))
    lines = [f"Float, on one {traced['context']['gpu']}. Kernel time: the kernels' GPU time a transform, from the plain "
             "Nsight Systems trace (`nsys stats --report cuda_gpu_trace`). A transform: the ladder's time as graphs, without "
             "the profiler. Idle: the difference, the GPU waiting between kernels. Microseconds.", "",
             "| N | ours: kernels | kernel time | a transform | idle | cuFFT: kernels | kernel time | a transform | idle |",
             "|---|---:|---:|---:|---:|---:|---:|---:|---:|"]
    for s in traced["sizes"]:
        g = graph[(s["n"], "float")]
        o, c = s["ours"], s["cufft"]
        to, tc = g["ours"] * 1e3, g["cufft"] * 1e3
        lines.append(f"| 2^{log2(s['n'])} | {o['kernels']} | {o['kernel_us']:.2f} | {to:.2f} | {to - o['kernel_us']:.2f} | "
                     f"{c['kernels']} | {c['kernel_us']:.2f} | {tc:.2f} | {tc - c['kernel_us']:.2f} |")
    return "\n".join(lines)


def excerpt_markdown(folder, n):
    sizes = {s["n"]: s for s in traced_kernels(folder)["sizes"]}
    rows = sizes[n]["excerpt"]
    t0 = rows[0][3]
    lines = ["```", f"{'start (us)':>10} {'duration (us)':>13}  {'grid x block':>14}  kernel"]
    for name, grid, block, start, dur in rows:
        lines.append(f"{(start - t0) / 1e3:10.2f} {dur / 1e3:13.2f}  {grid:>5} x {block:<6}  {name}")
    lines.append("```")
    return "\n".join(lines)


def figure(folder, path, copy_gbs):
    """Float time a transform against N: ladder plain and as graphs, the traced kernel time, and
    one pass at the copy rate."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    plain, graph = medians(runs(folder, "plain")), medians(runs(folder, "graph"))
    traced = traced_kernels(folder)
    ns = sorted(n for n, p in plain if p == "float")
    fig, ax = plt.subplots(figsize=(7.5, 4.5))
    for side, color, label in (("ours", "tab:blue", "ours"), ("cufft", "tab:orange", "cuFFT")):
        ax.plot(ns, [plain[(n, "float")][side] * 1e3 for n in ns], "-o", ms=3, color=color, label=f"{label}, plain")
        ax.plot(ns, [graph[(n, "float")][side] * 1e3 for n in ns], "--s", ms=3, color=color, label=f"{label}, as graphs")
        ax.plot([s["n"] for s in traced["sizes"]], [s[side]["kernel_us"] for s in traced["sizes"]], ":", color=color,
                label=f"{label}, kernel time (trace)")
    ax.plot(ns, [2 * 8 * n / (copy_gbs * 1e3) for n in ns], color="grey", lw=0.8, label=f"one pass at {copy_gbs / 1e3:.1f} TB/s")
    ax.set_xscale("log", base=2)
    ax.set_yscale("log")
    ax.set_ylim(0.5, 500)  # the one-pass line enters near 2^17, where bytes start to matter
    ax.set_xlabel("N (float, batch 1)")
    ax.set_ylabel("microseconds a transform")
    ax.set_title(f"Single transforms on one {traced['context']['gpu']}")
    ax.grid(True, which="both", alpha=0.3)
    ax.legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(path, dpi=120)
    print(f"wrote {path}")


def kernel_times(folder):
    """n -> our float kernel time a transform (us), from kernels_plain.json."""
    return {s["n"]: s["ours"]["kernel_us"] for s in traced_kernels(folder)["sizes"]}


def fix_markdown(folder):
    """The plain ladder before (folder) and after (folder-fix) 09's empty-row skip and spread rule."""
    after_dir = folder.rstrip("/") + "-fix"
    before_runs, after_runs = runs(folder, "plain"), runs(after_dir, "plain")
    before, after = medians(before_runs), medians(after_runs)
    kb, ka = kernel_times(folder), kernel_times(after_dir)
    lines = [f"Plain single transforms on one {after_runs[0]['context']['gpu']}, before ({len(before_runs)} runs) and after "
             f"({len(after_runs)} run) the two changes: microseconds a transform, medians; ratio: cuFFT time / ours, cuFFT "
             "timed in the same runs. Kernel time: ours, from each side's Nsight Systems trace (float, to 2^20).", "",
             "| N | float: ours before | after | ratio before | after | kernel time before | after | double: ratio before | after |",
             "|---|---:|---:|---:|---:|---:|---:|---:|---:|"]
    for n in sorted(n for n, p in after if p == "float"):
        fb, fa, db, da = before[(n, "float")], after[(n, "float")], before[(n, "double")], after[(n, "double")]
        kernels = f"{kb[n]:.2f} | {ka[n]:.2f}" if n in kb and n in ka else " | "
        lines.append(f"| 2^{log2(n)} | {fb['ours'] * 1e3:.2f} | {fa['ours'] * 1e3:.2f} | {fb['cufft'] / fb['ours']:.2f} | "
                     f"{fa['cufft'] / fa['ours']:.2f} | {kernels} | {db['cufft'] / db['ours']:.2f} | {da['cufft'] / da['ours']:.2f} |")
    return "\n".join(lines)


def spread_markdown(folder):
    """09's spread rule against no-spread on single transforms, from bench_09_radixN.json beside D."""
    path = os.path.join(os.path.dirname(os.path.normpath(folder)), "bench_09_radixN.json")
    with open(path) as f:
        bench = json.load(f)
    times = {}
    for b in bench["benchmarks"]:
        m = re.match(r"(09_radixN/plan|09_radixN/no-spread|cufft/c2c)/(?:\d-pass/)?(float|double)/N:(\d+)/batch:1/", b["run_name"])
        if m and b.get("aggregate_name") == "median":
            times[(m.group(1).split("/")[-1], m.group(2), int(m.group(3)))] = b["real_time"] * 1e3
    sizes = sorted({n for side, _, n in times if side == "no-spread"})
    if not sizes:
        sys.exit(f"{path}: no no-spread rows")
    lines = [f"09's plans, single transforms, on one {bench['context']['gpu']}, one run of bench_09_radixN "
             "(CUDA events, medians): microseconds with the spread rule and without it (`PlanOptions::spread_blocks = false`); "
             "gain: the time without over the time with; ratio: cuFFT time / ours with it.", "",
             "| N | float: spread | no spread | gain | ratio | double: spread | no spread | gain | ratio |",
             "|---|---:|---:|---:|---:|---:|---:|---:|---:|"]
    for n in sizes:
        cells = []
        for p in ("float", "double"):
            ours, off, lib = times[("plan", p, n)], times[("no-spread", p, n)], times[("c2c", p, n)]
            cells.append(f"{ours:.2f} | {off:.2f} | {off / ours:.2f} | {lib / ours:.2f}")
        lines.append(f"| 2^{log2(n)} | " + " | ".join(cells) + " |")
    return "\n".join(lines)


BLOCKS = {"latency-ladder": ladder_markdown, "latency-trace": trace_markdown,
          "latency-excerpt": lambda folder: excerpt_markdown(folder, 1 << 17), "latency-fix": fix_markdown,
          "latency-spread": spread_markdown}


def marker(name):
    return f"<!-- {name}: tools/latency_ladder.py --write -->", f"<!-- /{name} -->"


def main():
    if len(sys.argv) > 1 and sys.argv[1] == "reduce":
        if len(sys.argv) != 5:
            sys.exit("usage: tools/latency_ladder.py reduce TRACE.csv SWEEP.json OUT.json")
        reduce_trace(*sys.argv[2:])
        return
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--dir", default=DEFAULT_DIR)
    ap.add_argument("--write", help="a markdown file whose latency blocks to regenerate")
    ap.add_argument("--check", help="exit 1 unless this markdown file's latency blocks are what the JSON gives")
    ap.add_argument("--figure", help="write the float time-against-N figure here (with --copy-gbs)")
    ap.add_argument("--copy-gbs", type=float, help="copy bandwidth for the figure's one-pass line, GB/s "
                    "(default: the H200's, results/nvidia-h200/bench_12_gpu.json's roofline row)")
    a = ap.parse_args()
    if a.figure:
        figure(a.dir, a.figure, a.copy_gbs or sweep_summary.copy_bandwidth_gbs(os.path.join(ROOT, "results", "nvidia-h200", "bench_12_gpu.json")))
        return
    texts = {name: make(a.dir) for name, make in BLOCKS.items()}
    path = a.write or a.check
    if not path:
        print("\n\n".join(texts.values()))
        return
    with open(path) as f:
        doc = f.read()
    stale = []
    for name, text in texts.items():
        begin, end = marker(name)
        if begin not in doc or end not in doc:
            sys.exit(f"{path} has no {begin} ... {end} block")
        new = re.sub(re.escape(begin) + ".*?" + re.escape(end), lambda _: f"{begin}\n{text}\n{end}", doc, flags=re.S)
        if new != doc:
            stale.append(name)
        doc = new
    if a.check:
        if stale:
            sys.exit(f"{path}: the block(s) {', '.join(stale)} differ from the JSON in {a.dir}; regenerate with --write {path}")
        print(f"{path}: latency blocks match the JSON")
        return
    with open(path, "w") as f:
        f.write(doc)
    print(f"{path}: {len(stale)} block(s) rewritten")


if __name__ == "__main__":
    main()
