#!/usr/bin/env python3
"""Chapter 12's lesson figures (any N), drawn from the course's definitions and from the
committed accuracy and benchmark JSON, never by hand. FIGURES = {name: draw(root)}; tools/figures.py imports it.

    python3 tools/figures.py --only anyn_error_vs_n --only anyn_bluestein_buffers --only anyn_gpu_single_pass
"""
import json
import pathlib

from figures import BLUE, GREEN, GREY, ORANGE, RED, SKY, box, diagram_axes, plt, save

MACHINE = "results/cpu-amd-epyc-2c"


def error_vs_n(root):
    """Relative L2 error against FFTW in long double, against N: FFTW, mixed radix (7-smooth N and
    powers of two), Bluestein (primes, and forced on powers of two), float and double."""
    data = json.loads((pathlib.Path(root) / MACHINE / "accuracy_12_any_n.json").read_text())
    fig, axes = plt.subplots(1, 2, figsize=(9.5, 3.6), sharex=True)
    series = [("fftw", "prime", "FFTW, primes", GREY, "s--"),
              ("fftw", "7-smooth", "FFTW, 7-smooth", GREY, "o:"),
              ("mixed radix", "7-smooth", "mixed radix, 7-smooth N", BLUE, "o-"),
              ("mixed radix", "power of two", "mixed radix, 2^k", SKY, "^-"),
              ("bluestein", "prime", "Bluestein, primes", RED, "s-"),
              ("bluestein", "power of two", "Bluestein forced on 2^k", ORANGE, "v-")]
    for ax, precision in zip(axes, ("double", "float")):
        for algorithm, family, label, colour, style in series:
            pts = sorted((r["N"], r["rel_l2"]) for r in data["rows"]
                         if r["precision"] == precision and r["algorithm"] == algorithm and r["family"] == family)
            if pts:
                ax.plot([p[0] for p in pts], [p[1] for p in pts], style, color=colour, label=label, markersize=3, lw=1.1)
        ax.set(xscale="log", yscale="log", xlabel="N", title=precision)
        ax.grid(True, which="major", alpha=0.3)
    axes[0].set_ylabel("relative L2 error vs FFTW long double")
    axes[1].legend(fontsize=7, loc="upper left")
    fig.suptitle("12_any_n: error against N (one gaussian input per size)", fontsize=10)
    return save(fig, pathlib.Path(root) / "12_any_n" / "fig_error_vs_n.png")


def bluestein_buffers(root):
    """The two M-point buffers of Bluestein for N = 5, M = 16: a = x c zero-padded, b = conj(c)
    wrapped so that b[M - m] = b[m]; their cyclic convolution's first N points are the DFT / c."""
    n, m = 5, 16
    fig, ax = plt.subplots(figsize=(9.0, 2.6))
    for i in range(m):
        a_txt = f"x{i}c{i}" if i < n else "0"
        a_face = SKY if i < n else "white"
        box(ax, i, 1.6, 1, 0.8, a_txt, face=a_face, fontsize=5.5)
        if i < n:
            b_txt, b_face = f"c̄{i}", GREEN
        elif i > m - n:
            b_txt, b_face = f"c̄{m - i}", ORANGE
        else:
            b_txt, b_face = "0", "white"
        box(ax, i, 0.2, 1, 0.8, b_txt, face=b_face, fontsize=7)
        ax.text(i + 0.5, 2.55, str(i), ha="center", fontsize=6.5, color=GREY)
    ax.text(-0.3, 2.0, "a", ha="right", va="center", fontsize=9)
    ax.text(-0.3, 0.6, "b", ha="right", va="center", fontsize=9)
    ax.text(m + 0.3, 2.0, "a[j] = x[j] c[j], j < N; zeros up to M", va="center", fontsize=7.5)
    ax.text(m + 0.3, 0.6, "b[j] = b[M - j] = conj(c[j]), j < N", va="center", fontsize=7.5)
    ax.annotate("", xy=(m, -0.25), xytext=(0, -0.25), arrowprops=dict(arrowstyle="<->", color=RED, lw=0.8))
    ax.text(m / 2, -0.55, f"M = {m} >= 2N - 1 = {2 * n - 1}: the wrapped tail of b never meets a's data in the first N outputs",
            ha="center", va="top", fontsize=7.5, color=RED)
    diagram_axes(ax)
    ax.set_xlim(-1, m + 9)
    ax.set_ylim(-1.0, 2.9)
    ax.set_title("Bluestein's buffers, N = 5, M = 16", fontsize=9)
    return save(fig, pathlib.Path(root) / "12_any_n" / "fig_bluestein_buffers.png")


def gpu_single_pass(root):
    """One change a bar: a single GPU pass through shared memory at both ends (float only), reading
    and writing global memory in its first and last stage (generic), compiled for its shape at 16
    points a thread, and the plan's compiled kernel (8, 16 or matched points a thread; double
    direct at some matched; double 10000 the cluster pass); cuFFT's time / ours from one run of
    bench_12_gpu on the H100."""
    data = json.loads((pathlib.Path(root) / "results/nvidia-h100-80gb-hbm3/bench_12_gpu.json").read_text())
    rows = [b for b in data["benchmarks"] if b.get("aggregate_name") == "median"]
    med = {b["run_name"].split("/iterations")[0]: b["real_time"] for b in rows}
    # The plan's bar only where it ran one compiled pass (its label): compiled for the shape, or
    # double 10000 on a cluster of two blocks (its generic and 16-point rows are two passes).
    compiled = {b["run_name"].split("/iterations")[0] for b in rows
                if "compiled for this shape" in b.get("label", "") or "1 pass on clusters" in b.get("label", "")}
    sizes = [1000, 1920, 2187, 2401, 3000, 3125, 6144, 10000]
    variants = [("gpu/shared-io", "generic, shared-memory I/O", GREY), ("gpu/generic", "generic, direct I/O", SKY),
                ("gpu/16-points", "compiled, 16 points a thread", GREEN), ("gpu", "compiled, the plan's kernel", BLUE)]
    fig, axes = plt.subplots(1, 2, figsize=(9.5, 3.8), sharey=True)
    for ax, precision in zip(axes, ("float", "double")):
        for v, (variant, label, colour) in enumerate(variants):
            xs, ys = [], []
            for i, n in enumerate(sizes):
                ours = [t for k, t in med.items() if k.startswith(f"12_any_n/{variant}/{precision}/N:{n}/")
                        and (variant not in ("gpu", "gpu/16-points") or k in compiled)]
                lib = [t for k, t in med.items() if k.startswith(f"cufft/c2c/{precision}/N:{n}/") and not k.endswith("batch:1")]
                if ours and lib:
                    xs.append(i + (v - 1.5) * 0.21)
                    ys.append(lib[0] / ours[0])
            if xs:
                ax.bar(xs, [min(y, 1.2) for y in ys], width=0.2, color=colour, label=label)
                for x, y in zip(xs, ys):  # cuFFT is slow at double 3000: say the value, keep the scale
                    if y > 1.2:
                        ax.text(x, 1.16, f"{y:.2f}", ha="center", va="top", fontsize=6.5, color="white", rotation=90)
        ax.axhline(1.0, color=RED, lw=0.8, ls="--")
        ax.set_ylim(0, 1.2)
        ax.set_xticks(range(len(sizes)), [str(n) for n in sizes], fontsize=7.5)
        ax.set(title=precision, xlabel="N (batches of 512 MiB)")
        ax.grid(True, axis="y", alpha=0.3)
    axes[0].set_ylabel("cuFFT time / ours")
    handles, labels = axes[0].get_legend_handles_labels()
    fig.legend(handles, labels, fontsize=7, loc="lower center", ncol=4)
    fig.subplots_adjust(bottom=0.19, top=0.82)
    fig.suptitle("12_any_n on the H100: one change a bar (double: generic and 16 points through shared memory;\n"
                 "10000 two passes there, the plan's one pass on a cluster of two blocks)", fontsize=9.5)
    return save(fig, pathlib.Path(root) / "12_any_n" / "fig_gpu_single_pass.png")


FIGURES = {
    "anyn_error_vs_n": error_vs_n,
    "anyn_bluestein_buffers": bluestein_buffers,
    "anyn_gpu_single_pass": gpu_single_pass,
}
