#!/usr/bin/env python3
"""Draws the lessons' figures (diagrams and plots) as PNG files in the chapters that show them.

    python3 tools/figures.py                 every figure
    python3 tools/figures.py --only NAME     one figure (or several: --only a --only b)
    python3 tools/figures.py --list          the names, and the module that draws each

The figures live in two modules beside this driver, each a dict FIGURES = {name: draw}, where
draw(root) writes its PNG(s) under the repository root `root` and returns their paths:
  tools/figures_cpu.py   chapters 01-05
  tools/figures_gpu.py   chapters 06-10 (optional: the driver runs without it)
  tools/figures_anyn.py  chapter 12's CPU part (optional as well)
The helpers below are shared by both. Everything is deterministic: no network, no clock, no
random numbers without a fixed seed, and PNGs are written without a timestamp or version, so
running it twice gives the same bytes with the same matplotlib. Plots that show measurements
read the committed JSON under results/.
"""
import argparse
import importlib
import pathlib
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
from matplotlib.patches import FancyArrowPatch, Rectangle  # noqa: E402

ROOT = pathlib.Path(__file__).resolve().parent.parent
DPI = 110

plt.rcParams.update({
    "font.size": 9,
    "axes.titlesize": 10,
    "figure.dpi": DPI,
    "savefig.dpi": DPI,
    "path.simplify": False,
})

# Colours used across the course's diagrams (colour-blind safe, Okabe-Ito).
BLUE, ORANGE, GREEN, RED, PURPLE, GREY, SKY, YELLOW = (
    "#0072B2", "#E69F00", "#009E73", "#D55E00", "#CC79A7", "#7f7f7f", "#56B4E9", "#F0E442")
RANK_COLOURS = (SKY, ORANGE, GREEN, YELLOW, PURPLE, BLUE, RED, GREY)


def bitrev(i, bits):
    """i with its lowest `bits` bits reversed."""
    r = 0
    for _ in range(bits):
        r = (r << 1) | (i & 1)
        i >>= 1
    return r


def save(fig, path):
    """Writes fig to path (relative to the repository root or absolute) without metadata that
    changes from run to run, closes it and returns the path."""
    path = pathlib.Path(path)
    if not path.is_absolute():
        path = ROOT / path
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path, dpi=DPI, bbox_inches="tight", metadata={"Software": None})
    plt.close(fig)
    return path


def diagram_axes(ax):
    """An axis for a drawing, not a plot: no ticks, no frame, equal scales."""
    ax.set_axis_off()
    ax.set_aspect("equal")


def arrow(ax, xy0, xy1, colour="k", lw=1.0, style="-|>", mutation=8, **kw):
    ax.add_patch(FancyArrowPatch(xy0, xy1, arrowstyle=style, mutation_scale=mutation, color=colour, lw=lw,
                                 shrinkA=0, shrinkB=0, **kw))


def box(ax, x, y, w, h, text="", face="white", edge="k", lw=0.8, fontsize=8, text_colour="k", **kw):
    ax.add_patch(Rectangle((x, y), w, h, facecolor=face, edgecolor=edge, lw=lw, **kw))
    if text != "":
        ax.text(x + w / 2, y + h / 2, str(text), ha="center", va="center", fontsize=fontsize, color=text_colour)


def flow_graph(ax, n, kind, row_colours=None, title=None, twiddle_labels=True):
    """The radix-2 signal-flow graph of an n-point FFT (n a small power of two).

    kind "dit": Cooley-Tukey decimation in time; inputs in bit-reversed order, outputs natural;
    stage s joins points `half` = 2^s apart and multiplies the lower input by w(j, 2 half).
    kind "dif": Gentleman-Sande decimation in frequency; inputs natural, outputs bit-reversed;
    stage s joins points `half` = n / 2^(s+1) apart and multiplies the difference by w(j, 2 half).
    Rows run top to bottom (index 0 on top). row_colours (one per row) shades bands, e.g. ranks.
    """
    bits = n.bit_length() - 1
    stages = bits
    dx, dy = 2.2, 1.0
    y = lambda i: -i * dy  # noqa: E731
    if row_colours:
        for i, c in enumerate(row_colours):
            ax.add_patch(Rectangle((-1.2, y(i) - dy / 2), stages * dx + 2.4, dy, facecolor=c, alpha=0.25, lw=0))
    for s in range(stages):
        half = (1 << s) if kind == "dit" else n >> (s + 1)
        x0, x1 = s * dx, (s + 1) * dx
        for b in range(0, n, 2 * half):
            for j in range(half):
                top, bot = b + j, b + j + half
                colour = RED if j else BLUE
                for a, c in ((top, top), (top, bot), (bot, top), (bot, bot)):
                    ax.plot([x0, x1], [y(a), y(c)], color=colour, lw=0.9, alpha=0.85)
                # The twiddle's place: DIT multiplies the lower input, DIF the lower output
                # (the difference); the minus sign belongs to the lower output in both.
                if twiddle_labels:
                    m = j * (n // (2 * half))  # w(j, 2 half) = w(j n / (2 half), n)
                    tx = x0 + 0.1 if kind == "dit" else x1 - 0.75
                    ax.text(tx, y(bot) + 0.1, "$w_{%d}^{%d}$" % (n, m), fontsize=6.5, color=colour)
                    ax.text(x1 - 0.3, y(bot) - 0.42, "$-$", fontsize=8, color=colour)
    for s in range(stages + 1):
        for i in range(n):
            ax.plot(s * dx, y(i), "o", color="k", markersize=3.2, zorder=3)
    for i in range(n):
        left = "x[%d]" % (bitrev(i, bits) if kind == "dit" else i)
        right = "X[%d]" % (i if kind == "dit" else bitrev(i, bits))
        ax.text(-0.25, y(i), left, ha="right", va="center", fontsize=8)
        ax.text(stages * dx + 0.25, y(i), right, ha="left", va="center", fontsize=8)
    for s in range(stages):
        half = (1 << s) if kind == "dit" else n >> (s + 1)
        ax.text((s + 0.5) * dx, y(0) + 0.75, "stage %d\nspan %d" % (s, half), ha="center", va="bottom", fontsize=7.5)
    diagram_axes(ax)
    ax.set_xlim(-1.6, stages * dx + 1.6)
    ax.set_ylim(y(n - 1) - 0.8, y(0) + 1.9)
    if title:
        ax.set_title(title)


def load_json(path):
    import json
    return json.loads((ROOT / path).read_text())


def bench_medians(path):
    """{benchmark name: median ms} from a committed Google-Benchmark-shaped JSON file; the name
    without the parts Google Benchmark appends (min_time, repeats, real_time)."""
    data = load_json(path)
    scale = {"ns": 1e-6, "us": 1e-3, "ms": 1.0, "s": 1e3}
    out = {}
    for b in data.get("benchmarks", []):
        if b.get("aggregate_name") == "median" and not b.get("error_occurred"):
            name = "/".join(part for part in b.get("run_name", b["name"]).split("/")
                            if part not in ("real_time", "manual_time")
                            and part.split(":")[0] not in ("min_time", "repeats", "iterations"))
            out[name] = b["real_time"] * scale[b["time_unit"]]
    if not out:
        raise SystemExit(f"figures: no medians in {path}")
    return out


def modules():
    """The figure modules present beside this file: figures_cpu always, figures_gpu and
    figures_anyn if written."""
    sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
    found = []
    for name in ("figures_cpu", "figures_gpu", "figures_anyn"):
        if (pathlib.Path(__file__).resolve().parent / f"{name}.py").exists():
            found.append(importlib.import_module(name))
    return found


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--only", action="append", default=[], metavar="NAME", help="draw this figure only")
    parser.add_argument("--list", action="store_true", help="list the figures and exit")
    args = parser.parse_args(argv)
    figures = {}
    for mod in modules():
        for name, draw in mod.FIGURES.items():
            if name in figures:
                sys.exit(f"figures: {name} is defined twice ({figures[name][0]} and {mod.__name__})")
            figures[name] = (mod.__name__, draw)
    if args.list:
        for name, (mod, _) in sorted(figures.items()):
            print(f"{name:28s} {mod}")
        return 0
    unknown = [n for n in args.only if n not in figures]
    if unknown:
        sys.exit(f"figures: unknown {', '.join(unknown)}; --list shows the names")
    for name, (_, draw) in figures.items():
        if args.only and name not in args.only:
            continue
        paths = draw(ROOT)
        for p in paths if isinstance(paths, (list, tuple)) else [paths]:
            print(f"{name}: {pathlib.Path(p).relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
