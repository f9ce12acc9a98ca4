#!/usr/bin/env python3
"""Turns the benchmark JSON in a results folder into the course's tables (and plots).

    tools/report.py results/<machine>            writes ladder.md there and prints it
    tools/report.py --readmes                    refreshes every generated table in the READMEs
                                                 (and in the chapters' NOTES.md)

A README asks for a generated table with a marker block; everything between the markers is
replaced on each run (the regex, if given, filters benchmark names):

    <!-- report: results/<machine>/bench_03_iterative.json match="double/N:1048576" -->
    <!-- /report -->

Every figure shown in a README comes from here, never typed by hand. Rows are medians over
the benchmark's repetitions; "vs library" is the library's median time divided by the row's,
both taken in the same run (FFTW with the same thread count for CPU rows, cuFFT for GPU rows),
so 1.0 means as fast as the library and 0.25 means four times slower.
"""
import json
import re
import pathlib
import sys

import spread  # tools/, this script's folder


def parse_name(name):
    """'03_iterative/v1/double/N:1024/batch:1/threads:2' -> dict of its parts."""
    parts = name.split("/")
    row = {"chapter": parts[0], "variant": parts[1] if len(parts) > 1 else "", "precision": "",
           "N": None, "batch": 1, "threads": None}
    for p in parts[2:]:
        if p in ("real_time", "manual_time") or p.split(":")[0] in ("min_time", "repeats", "iterations"):
            continue  # added by Google Benchmark, not part of what was measured
        if p in ("float", "double"):
            row["precision"] = p
        elif ":" in p:
            key, value = p.split(":", 1)
            if key in ("N", "batch", "threads", "bytes"):
                row[key] = int(value)
            else:
                row[key] = value
        else:
            row["variant"] += "/" + p
    return row


def to_ms(value, unit):
    return value * {"ns": 1e-6, "us": 1e-3, "ms": 1.0, "s": 1e3}[unit]


def load(folder):
    return load_files(sorted(pathlib.Path(folder).glob("*.json")))


def load_files(paths):
    rows, contexts = [], {}
    for path in paths:
        try:
            data = json.loads(path.read_text())
        except json.JSONDecodeError as e:
            # A benchmark still writing its file; the tables are made from the complete ones.
            print(f"report: skipping {path}: not valid JSON ({e})", file=sys.stderr)
            continue
        contexts[path.stem] = data.get("context", {})
        benches = data.get("benchmarks", [])
        have_median = any(b.get("aggregate_name") == "median" for b in benches)
        for b in benches:
            if have_median and b.get("aggregate_name") != "median":
                continue
            if b.get("error_occurred"):
                continue
            name = b.get("run_name", b["name"])
            row = parse_name(name)
            row.update(name=name, source=path.stem, ms=to_ms(b["real_time"], b["time_unit"]),
                       GFLOPs=b.get("GFLOPs"), GBps=b.get("GBps"),
                       speedup=b.get("speedup"), efficiency=b.get("efficiency"))
            rows.append(row)
    return rows, contexts


LIBRARIES = ("fftw", "fftw_mpi", "cufft")


def library_time(rows, row):
    """The library's time for the same work in the same run: cuFFT for GPU rows; for CPU rows
    FFTW-MPI when the row's own file has it (chapter 05), else FFTW with the same thread count.
    Rows from the row's own file come first, so a ratio is always taken side by side."""
    gpu = is_gpu(row)
    if gpu:
        wanted = ("cufft",)
    elif any(r["chapter"] == "fftw_mpi" and r["source"] == row.get("source") for r in rows):
        wanted = ("fftw_mpi",)
    else:
        wanted = ("fftw",)
    shape = row.get("shape")
    found = None
    for r in rows:
        if r["chapter"] not in wanted or r["precision"] != row["precision"] or r["N"] != row["N"]:
            continue
        if r["batch"] != row["batch"] or r.get("shape") != shape:
            continue
        if not gpu and (r["threads"] or 1) != (row["threads"] or 1):
            continue
        if r.get("source") == row.get("source"):
            return r["ms"]
        found = found or r["ms"]
    return found


def fmt(x, spec):
    return format(x, spec) if x is not None else "-"


def machine_lines(contexts):
    ctx = next((c for c in contexts.values() if c.get("host_name")), next(iter(contexts.values()), {}))
    lines = [f"- host: {ctx.get('host_name', '?')}, {ctx.get('num_cpus', '?')} CPUs at {ctx.get('mhz_per_cpu', '?')} MHz",
             f"- FFTW: {ctx.get('fftw_version', '?')}"]
    for c in contexts.values():
        if c.get("gpu") and not c["gpu"].startswith("none"):
            lines.append(f"- GPU: {c['gpu']} (sm_{c.get('gpu_sm', '?')}), driver CUDA {c.get('cuda_driver', '?')}, "
                         f"runtime {c.get('cuda_runtime', '?')}, cuFFT {c.get('cufft_version', '?')}")
            break
    return lines


def is_gpu(row):
    """cuFFT, the copy roofline, and chapters from 06 on; except rows that name a thread count,
    which only CPU rows do (a CPU part of a later chapter, e.g. 12_any_n/.../threads:1)."""
    c = row["chapter"]
    if c in ("cufft", "roofline"):
        return True
    return c[:2].isdigit() and int(c[:2]) >= 6 and row.get("threads") is None


def roofline_gbps(rows):
    """The measured device-to-device copy (read + write), the ceiling of every GPU row."""
    copies = [r["GBps"] for r in rows if r["chapter"] == "roofline" and r.get("GBps")]
    return max(copies) if copies else None


def table(rows, all_rows=None, roof=None):
    """rows: what to show; all_rows: where to look for the library rows; roof: the copy rate."""
    all_rows = all_rows or rows
    roof = roofline_gbps(all_rows) or roof  # a copy measured in the same run comes first
    gpu = any(is_gpu(r) and r["chapter"] not in ("cufft", "roofline") for r in rows)
    head = "| benchmark | precision | N | batch | threads | median ms | GFLOP/s | GB/s | vs library |"
    rule = "|---|---|---:|---:|---:|---:|---:|---:|---:|"
    if gpu and roof:
        head += " % of copy roofline |"
        rule += "---:|"
    scaling = any(r.get("speedup") is not None for r in rows)
    if scaling:  # S = T1 / TP and E = S / P, as the benchmark computed them
        head += " S | E |"
        rule += "---:|---:|"
    out = [head, rule]
    for r in rows:
        lib = library_time(all_rows, r)
        ratio = lib / r["ms"] if lib and r["ms"] > 0 else None
        label = f"{r['chapter']}/{r['variant']}"
        line = (f"| {label} | {r['precision'] or '-'} | {r['N'] or '-'} | {r['batch']} | {r['threads'] or '-'} | "
                f"{r['ms']:.4g} | {fmt(r['GFLOPs'], '.1f')} | {fmt(r['GBps'], '.1f')} | {fmt(ratio, '.3g')} |")
        if gpu and roof:
            line += f" {fmt(100 * r['GBps'] / roof if r.get('GBps') and is_gpu(r) else None, '.0f')} |"
        if scaling:
            line += f" {fmt(r.get('speedup'), '.2f')} | {fmt(r.get('efficiency'), '.2f')} |"
        out.append(line)
    if gpu and roof:
        out += ["", f"Copy roofline: {roof:.0f} GB/s (device-to-device copy, read + write, measured by bench_common)."]
    return out


def ladder_markdown(rows, contexts):
    out = ["# Benchmark results", "", "Generated by `tools/report.py` from the JSON in this folder. "
           "Median of the repetitions; 'vs library' = library time / this time, same run.", ""]
    out += machine_lines(contexts) + [""]
    for source in sorted({r["source"] for r in rows}):
        out += [f"## {source}", ""] + table([r for r in rows if r["source"] == source], rows) + [""]
    return "\n".join(out)


MARKER = re.compile(r'(<!-- report: (\S+?)(?: match="([^"]*)")? -->\n)(.*?)(<!-- /report -->)', re.S)


LADDER = re.compile(r'(<!-- ladder: (\S+?) precision="(\w+)" N="(\d+)"(?: batch="(\d+)")?(?: from="(\d+)")? -->\n)(.*?)(<!-- /ladder -->)', re.S)
# Benchmarks of one step alone (a reversal pass, a launch overhead) are not transforms.
# Repeated runs (tools/cpu16_repeat.sh): min / median / max per benchmark, from tools/spread.py.
SPREAD = re.compile(r'(<!-- spread: (\S+?)(?: match="([^"]*)")? -->\n)(.*?)(<!-- /spread -->)', re.S)
NOT_A_TRANSFORM = re.compile(r"reversal|overhead|permut|copy")


def ladder_best(rows, precision, n, batch, first_chapter=0):
    """{chapter: its fastest row at one size}: the selection of both the ladder table and the
    ladder plot, so that the two always agree."""
    best = {}
    for r in rows:
        if r["precision"] != precision or r["N"] != n or r["chapter"] in LIBRARIES + ("roofline",):
            continue
        if batch is not None and r["batch"] != batch:
            continue
        if not r["chapter"][:2].isdigit() or int(r["chapter"][:2]) < first_chapter:
            continue
        if not r["source"].endswith(r["chapter"]) or NOT_A_TRANSFORM.search(r["variant"]):
            continue  # re-measurements inside the next chapter's benchmark; single steps
        if r["chapter"] not in best or r["ms"] < best[r["chapter"]]["ms"]:
            best[r["chapter"]] = r
    return best


def ladder_specs(folder):
    """(precision, N, batch, first chapter) of each ladder table the top README draws from this
    results folder; the default (double and float at N = 2^20) when it draws none."""
    root = pathlib.Path(__file__).resolve().parent.parent
    specs = []
    if (root / "README.md").exists():
        for m in LADDER.finditer((root / "README.md").read_text()):
            if (root / m.group(2)).resolve() == pathlib.Path(folder).resolve():
                specs.append((m.group(3), int(m.group(4)), int(m.group(5)) if m.group(5) else None,
                              int(m.group(6)) if m.group(6) else 0))
    if not specs:
        return [("double", 1 << 20, None, 0), ("float", 1 << 20, None, 0)]
    # The other precision, if the README has no table for it, at the same size and batch.
    have = {sp[0] for sp in specs}
    return specs + [(prec,) + specs[0][1:] for prec in ("double", "float") if prec not in have]


def ladder_rows(rows, precision, n, batch, first_chapter=0):
    """Each chapter's fastest variant at one size (one thread for CPU chapters unless the chapter
    is about threads), with its library ratio and the gain over the chapter before it."""
    best = ladder_best(rows, precision, n, batch, first_chapter)
    out = ["| chapter | fastest variant | median ms | vs library | gain over previous chapter |",
           "|---|---|---:|---:|---:|"]
    prev = None
    for chapter in sorted(best):
        r = best[chapter]
        lib = library_time(rows, r)
        gain = prev["ms"] / r["ms"] if prev else None
        variant = r["variant"] + (f", {r['threads']} threads" if r["threads"] else "") + \
            (f", batch {r['batch']}" if r["batch"] != 1 else "")
        out.append(f"| {chapter} | {variant} | {r['ms']:.4g} | {fmt(lib / r['ms'] if lib else None, '.3f')} | "
                   f"{fmt(gain, '.2f')} |")
        prev = r
    return out


def refresh_readmes(root):
    changed = 0
    # The lessons, the chapters' engineering notes (NOTES.md keeps the tuning history's tables), the top README.
    for readme in sorted(root.glob("*/README.md")) + sorted(root.glob("*/NOTES.md")) + [root / "README.md"]:
        text = readme.read_text()

        def render(m):
            path = root / m.group(2)
            if not path.exists():
                sys.exit(f"report: {readme}: {m.group(2)} does not exist")
            # The copy roofline lives in bench_common.json of the same machine folder.
            common = path.parent / "bench_common.json"
            roof = roofline_gbps(load_files([common])[0]) if common.exists() else None
            rows, contexts = load_files([path])
            if m.group(3):
                rows = [r for r in rows if re.search(m.group(3), r["name"])]
            body = machine_lines(contexts) + [""] + table(rows, roof=roof) + ["", f"Generated by `tools/report.py --readmes` from `{m.group(2)}`."]
            return m.group(1) + "\n".join(body) + "\n" + m.group(5)

        def render_ladder(m):
            folder = root / m.group(2)
            rows, contexts = load(folder)
            batch = int(m.group(5)) if m.group(5) else None
            first = int(m.group(6)) if m.group(6) else 0
            body = machine_lines(contexts) + [""] + ladder_rows(rows, m.group(3), int(m.group(4)), batch, first) + \
                ["", f"Generated by `tools/report.py --readmes` from `{m.group(2)}/*.json`: median times, "
                     f"{m.group(3)}, N = {m.group(4)}; 'vs library' = library time / this time, same run."]
            return m.group(1) + "\n".join(body) + "\n" + m.group(8)

        def render_spread(m):
            folder = root / m.group(2)
            if not folder.is_dir():
                sys.exit(f"report: {readme}: {m.group(2)} does not exist")
            host = (folder / "host.txt").read_text().splitlines() if (folder / "host.txt").exists() else []

            def field(prefix):
                return next((h.split(":", 1)[1].strip() for h in host if h.startswith(prefix)), "?")
            body = [f"- host: {field('Model name')}, {field('nproc')} CPUs; run {field('date')}", ""] + spread.lesson_table(folder, m.group(3) or "") + \
                ["", f"Generated by `tools/report.py --readmes` from `{m.group(2)}` (`tools/spread.py`): each "
                     "run's median is one sample; the speedup divides P = 1 by P of the same repeat."]
            return m.group(1) + "\n".join(body) + "\n" + m.group(5)

        new = SPREAD.sub(render_spread, LADDER.sub(render_ladder, MARKER.sub(render, text)))
        if new != text:
            readme.write_text(new)
            changed += 1
            print(f"refreshed {readme.relative_to(root)}")
    print(f"{changed} README(s) changed")


def plots(rows, folder):
    """time vs N per chapter, % of the library vs N, and the ladder: PNGs next to the JSON."""
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        sys.exit("report: matplotlib is missing: `./course setup` installs python3-matplotlib "
                 "(or pip install matplotlib); the tables were written, the plots were not")
    written = []
    for precision in ("float", "double"):
        # A chapter re-measured inside the next chapter's benchmark (for side-by-side ratios) is
        # plotted from its own benchmark only; libraries from the first file that has them.
        sel = [r for r in rows if r["precision"] == precision and r["N"] and r["chapter"] != "roofline"
               and (r["chapter"] in LIBRARIES or r["source"].endswith(r["chapter"]))]
        seen, unique = set(), []
        for r in sel:
            key = (r["chapter"], r["variant"], r["N"], r["batch"], r["threads"])
            if key not in seen:
                seen.add(key)
                unique.append(r)
        sel = unique
        if not sel:
            continue
        chapters = sorted({r["chapter"] for r in sel if r["chapter"] not in LIBRARIES})
        if not chapters:
            continue
        # One panel per chapter (small multiples): each lesson's variants, its library dashed.
        for kind in ("time", "pct"):
            cols = min(3, len(chapters))
            nrows = (len(chapters) + cols - 1) // cols
            fig, axes = plt.subplots(nrows, cols, figsize=(5.2 * cols, 3.6 * nrows), squeeze=False)
            for ax, chapter in zip(axes.flat, chapters):
                series = {}
                for r in sel:
                    if r["chapter"] != chapter:
                        continue
                    key = r["variant"] + ("" if r["batch"] == 1 else " (batched)") + \
                        (f" P={r['threads']}" if r["threads"] else "")
                    if kind == "time":
                        series.setdefault(key, []).append((r["N"], r["ms"] / r["batch"]))
                        lib = library_time(rows, r)
                        if lib:
                            series.setdefault("library" + ("" if r["batch"] == 1 else " (batched)") +
                                              (f" P={r['threads']}" if r["threads"] else ""), []).append((r["N"], lib / r["batch"]))
                    else:
                        lib = library_time(rows, r)
                        if lib:
                            series.setdefault(key, []).append((r["N"], 100 * lib / r["ms"]))
                for label, pts in sorted(series.items()):
                    pts = sorted(set(pts))
                    style = "k--" if label.startswith("library") else "-o"
                    ax.plot([p[0] for p in pts], [p[1] for p in pts], style, label=label, markersize=2.5,
                            linewidth=1 if label.startswith("library") else 1.5)
                ax.set_xscale("log", base=2)
                ax.set_yscale("log")
                ax.xaxis.set_major_formatter(matplotlib.ticker.LogFormatterExponent(base=2))
                ax.set_xlabel("log2 N")
                ax.set_ylabel("ms per transform" if kind == "time" else "% of library speed")
                if kind == "pct":
                    ax.axhline(100, color="k", linestyle="--", linewidth=1)
                ax.set_title(chapter, fontsize=10)
                ax.grid(True, which="both", alpha=0.3)
                if len(series) <= 14:
                    ax.legend(fontsize=5.5, ncol=2)
            for ax in list(axes.flat)[len(chapters):]:
                ax.axis("off")
            what = "Median time per transform" if kind == "time" else "Library time / our time (100% = as fast as FFTW or cuFFT)"
            fig.suptitle(f"{what}, {precision}", fontsize=12)
            fig.tight_layout()
            name = folder / (f"time_vs_n_{precision}.png" if kind == "time" else f"pct_of_library_{precision}.png")
            fig.savefig(name, dpi=100)
            plt.close(fig)
            written.append(name)
    # 3. The ladder: the rows of the README's ladder table for this folder (same selection:
    # each chapter's fastest variant at that size), drawn as % of the library.
    drawn = set()
    for precision, n, batch, first in ladder_specs(folder):
        best = {}
        for chapter, r in ladder_best(rows, precision, n, batch, first).items():
            lib = library_time(rows, r)
            if lib:
                best[chapter] = (100 * lib / r["ms"], f"{r['variant']}" + (f" P={r['threads']}" if r["threads"] else ""))
        if not best:
            continue
        fig, ax = plt.subplots(figsize=(8, 4))
        chapters = sorted(best)
        ax.bar(chapters, [best[c][0] for c in chapters], color=["tab:blue" if int(c[:2]) < 6 else "tab:green" for c in chapters])
        for i, c in enumerate(chapters):
            ax.text(i, best[c][0], f"{best[c][0]:.0f}%\n{best[c][1]}", ha="center", va="bottom", fontsize=7)
        ax.set_xticks(range(len(chapters)))
        ax.set_xticklabels(chapters, rotation=25, ha="right")  # chapter names are long: keep them apart
        ax.axhline(100, color="k", linestyle="--", linewidth=1)
        ax.set_ylim(max(1e-4, min(b[0] for b in best.values()) / 3), 300)
        ax.set(yscale="log", ylabel="% of library speed",
               title=f"The ladder: fastest variant per chapter, {precision}, N = 2^{n.bit_length() - 1}" +
               (f" x {batch}" if batch and batch > 1 else "") + " (CPU vs FFTW, GPU vs cuFFT)")
        # A second ladder of the same precision (another size) gets the size in its name.
        name = folder / (f"ladder_{precision}.png" if precision not in drawn else f"ladder_{precision}_2e{n.bit_length() - 1}.png")
        drawn.add(precision)
        fig.savefig(name, dpi=110, bbox_inches="tight")
        plt.close(fig)
        written.append(name)
    return written


def main(argv):
    if len(argv) == 2 and argv[1] == "--readmes":
        refresh_readmes(pathlib.Path(__file__).resolve().parent.parent)
        return
    if len(argv) != 2:
        sys.exit(__doc__)
    folder = pathlib.Path(argv[1])
    if not folder.is_dir():
        sys.exit(f"report: {folder} is not a folder of benchmark JSON")
    rows, contexts = load(folder)
    if not rows:
        sys.exit(f"report: no benchmark results in {folder}")
    md = ladder_markdown(rows, contexts)
    (folder / "ladder.md").write_text(md + "\n")
    print(md)
    for name in plots(rows, folder):
        print(f"wrote {name}")


if __name__ == "__main__":
    main(sys.argv)
