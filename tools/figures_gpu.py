#!/usr/bin/env python3
"""The GPU chapters' lesson figures (06..11), drawn from the course's own definitions and from
the committed benchmark JSON, never by hand.

    FIGURES = {name: function(repo_root)}; each function writes one PNG into the chapter folder
    whose lesson shows it and returns its path. tools/figures.py imports this module; alone:

    python3 -c "import sys; sys.path.insert(0,'tools'); import figures_gpu as g; [f('.') for f in g.FIGURES.values()]"

Deterministic: matplotlib's Agg backend, fixed sizes and dpi, no dates in the PNG metadata.
"""
import json
import math
import pathlib
import re

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
from matplotlib.patches import FancyArrowPatch, Rectangle  # noqa: E402

MACHINE = "results/nvidia-h100-80gb-hbm3"
# H100 SXM5 datasheet peaks without tensor cores, in GFLOP/s (the copy roofline is measured).
PEAK_GFLOPS = {"float": 67_000.0, "double": 34_000.0}
DPI = 110


def _save(fig, root, chapter, name):
    path = pathlib.Path(root) / chapter / name
    fig.savefig(path, dpi=DPI, metadata={"Software": None})
    plt.close(fig)
    return path


def _rev(i, bits):
    return int(format(i, f"0{bits}b")[::-1], 2) if bits else 0


# ---------------------------------------------------------------- benchmark JSON (medians)

def _medians(path):
    """name without Google Benchmark's suffixes -> the median row (GFLOPs, GBps, ms)."""
    data = json.loads(pathlib.Path(path).read_text())
    out = {}
    for b in data.get("benchmarks", []):
        if b.get("aggregate_name") != "median" or b.get("error_occurred"):
            continue
        name = re.sub(r"/(iterations|repeats|min_time):[^/]*|/(manual_time|real_time)$", "", b["run_name"])
        out[name] = b
    return out


def _copy_gbps(root):
    rows = _medians(pathlib.Path(root) / MACHINE / "bench_common.json")
    return max(b["GBps"] for n, b in rows.items() if n.startswith("roofline/"))


def _roofline(root, chapter, series, title):
    """series: [(label, regex over the benchmark names, marker)] taken from the chapter's JSON.
    One panel per precision: the roof min(peak, I x copy bandwidth), I = flops / ideal bytes."""
    rows = _medians(pathlib.Path(root) / MACHINE / f"bench_{chapter}.json")
    bw = _copy_gbps(root)
    fig, axes = plt.subplots(1, 2, figsize=(11, 4.4))
    for ax, prec in zip(axes, ("float", "double")):
        xs = [2 ** (k / 8) for k in range(-40, 57)]
        ax.plot(xs, [min(PEAK_GFLOPS[prec], x * bw) for x in xs], "k-", linewidth=1.5)
        ridge = PEAK_GFLOPS[prec] / bw
        ax.annotate(f"copy roofline {bw:.0f} GB/s (measured)", (0.14, 0.14 * bw * 2.2), fontsize=7)
        ax.annotate(f"{prec} peak {PEAK_GFLOPS[prec] / 1000:.0f} TFLOP/s (datasheet)", (ridge * 1.1, PEAK_GFLOPS[prec] * 1.12),
                    fontsize=7)
        for label, pattern, marker in series:
            pts = [(b["GFLOPs"] / b["GBps"], b["GFLOPs"]) for n, b in rows.items()
                   if re.search(pattern, n) and f"/{prec}/" in n and b.get("GBps")]
            if pts:
                ax.plot([p[0] for p in pts], [p[1] for p in pts], marker, linestyle="none", label=label,
                        markersize=6, markerfacecolor="none" if "cuFFT" in label else None)
        ax.set_xscale("log", base=2)
        ax.set_yscale("log")
        ax.set_xlim(2 ** -3, 2 ** 7)
        ax.set_ylim(50, 2e5)
        ax.set_xlabel("arithmetic intensity (flop per byte of one ideal pass)")
        ax.set_ylabel("GFLOP/s (5 N log2 N per transform)")
        ax.set_title(f"{prec}", fontsize=10)
        ax.grid(True, which="both", alpha=0.25)
        ax.legend(fontsize=7, loc="lower right")
    fig.suptitle(title, fontsize=11)
    fig.tight_layout()
    return _save(fig, root, chapter, "fig_roofline.png")


BATCHED = r"/N:(16|1024|1048576)/batch:(?!1(/|$))"


def roofline_06(root):
    return _roofline(root, "06_cuda_naive", [
        ("06 v1 (one block, __syncthreads)", r"^06_cuda_naive/v1/.*" + BATCHED, "o"),
        ("06 v2 (one launch per stage)", r"^06_cuda_naive/v2/.*" + BATCHED, "s"),
        ("cuFFT", r"^cufft/c2c/.*" + BATCHED, "kx")],
        "06 on the roofline, H100: batched N = 2^4, 2^10, 2^20 (left to right), 512 MiB a call")


def roofline_07(root):
    return _roofline(root, "07_cuda_bitops", [
        ("07 v1 shifts and masks", r"^07_cuda_bitops/v1/.*" + BATCHED, "o"),
        ("07 v2 reversal pass (gather)", r"^07_cuda_bitops/v2_gather/.*" + BATCHED, "v"),
        ("07 v3 twiddle table", r"^07_cuda_bitops/v3_table/.*" + BATCHED, "^"),
        ("07 v4 whole transform in shared memory", r"^07_cuda_bitops/v4/.*" + BATCHED, "s"),
        ("07 v5 shared tile + global stages", r"^07_cuda_bitops/v5/.*" + BATCHED, "D"),
        ("cuFFT", r"^cufft/c2c/.*" + BATCHED, "kx")],
        "07 on the roofline, H100: batched N = 2^4, 2^10, 2^20 (left to right), 512 MiB a call")


def roofline_08(root):
    return _roofline(root, "08_cuda_stockham", [
        ("08 v1 radix-2 Stockham", r"^08_cuda_stockham/v1/.*" + BATCHED, "o"),
        ("08 v2 Cooley-Tukey + reversal", r"^08_cuda_stockham/v2/.*" + BATCHED, "v"),
        ("08 v3 first stages fused", r"^08_cuda_stockham/v3/.*" + BATCHED, "^"),
        ("08 v4 every pass fused", r"^08_cuda_stockham/v4/.*" + BATCHED, "s"),
        ("cuFFT", r"^cufft/c2c/.*" + BATCHED, "kx")],
        "08 on the roofline, H100: batched N = 2^4, 2^10, 2^20 (left to right), 512 MiB a call")


def roofline_09(root):
    return _roofline(root, "09_radixN", [
        ("09 radix-2 cap", r"^09_radixN/radix-2/.*/N:(1024|1048576)/batch:(?!1(/|$))", "o"),
        ("09 radix-4 cap", r"^09_radixN/radix-4/.*/N:(1024|1048576)/batch:(?!1(/|$))", "v"),
        ("09 radix-8 cap", r"^09_radixN/radix-8/.*/N:(1024|1048576)/batch:(?!1(/|$))", "^"),
        ("09 plan (radix 16, planner)", r"^09_radixN/plan/.*/N:(16|1024|1048576|16777216)/batch:(?!1(/|$))", "s"),
        ("cuFFT", r"^cufft/c2c/.*/N:(16|1024|1048576|16777216)/batch:(?!1(/|$))", "kx")],
        "09 on the roofline, H100: batched N = 2^4, 2^10, 2^20, 2^24 (left to right), 512 MiB a call")


def roofline_10(root):
    return _roofline(root, "10_2d_real", [
        ("10 2D C2C, 09's tiles", r"^10_2d_real/c2c2d/", "s"),
        ("10 2D C2C, first radix-16 kernels", r"^10_2d_real/c2c2d_radix16/", "o"),
        ("10 2D R2C", r"^10_2d_real/r2c2d/", "^"),
        ("cuFFT 2D C2C", r"^cufft/c2c2d/", "kx"),
        ("cuFFT 2D R2C", r"^cufft/r2c2d/", "k+")],
        "10 on the roofline, H100: 2D transforms 256^2 .. 4096^2, 512 MiB a call")


# ---------------------------------------------------------------- 07: threads and banks

def thread_map_07(root):
    """Which two elements each thread of a radix-2 stage touches (07 v1's index map), N = 16."""
    n, bits = 16, 4
    fig, axes = plt.subplots(1, bits, figsize=(12, 3.6), sharey=True)
    cmap = plt.get_cmap("tab10")
    for s, ax in enumerate(axes):
        half = 1 << s
        for t in range(n // 2):
            top = ((t >> s) << (s + 1)) | (t & (half - 1))
            bottom = top + half
            ax.add_patch(Rectangle((top - 0.45, t - 0.4), 0.9, 0.8, color=cmap(t % 10)))
            ax.add_patch(Rectangle((bottom - 0.45, t - 0.4), 0.9, 0.8, facecolor="white", edgecolor=cmap(t % 10),
                                   hatch="///", linewidth=1.2))
            ax.plot([top, bottom], [t, t], color=cmap(t % 10), linewidth=0.8)
        ax.set_xlim(-0.7, n - 0.3)
        ax.set_ylim(n // 2 - 0.5, -0.5)
        ax.set_xticks(range(0, n, 2))
        ax.set_title(f"stage {s}: half = {half}", fontsize=9)
        ax.set_xlabel("element index")
        ax.grid(True, axis="x", alpha=0.2)
    axes[0].set_ylabel("thread t")
    fig.suptitle("Thread to element map of one radix-2 stage, N = 16: top = ((t >> s) << (s+1)) | (t & (half-1)) "
                 "(filled), bottom = top + half (hatched)", fontsize=9)
    fig.tight_layout()
    return _save(fig, root, "07_cuda_bitops", "fig_thread_map.png")


def _bank_panel(ax, slots, per_row, rows_shown, title, colors):
    """slots: the shared-memory slot of each access of one 128-byte wavefront; per_row slots per
    128-byte row (one slot per bank group). Draws the rows as a grid, bank group across."""
    ax.add_patch(Rectangle((-0.5, -0.5), per_row, rows_shown, facecolor="0.95", edgecolor="0.7"))
    groups = {}
    for i, slot in enumerate(slots):
        row, col = divmod(slot, per_row)
        groups.setdefault(col, []).append(i)
        ax.add_patch(Rectangle((col - 0.45, row - 0.45), 0.9, 0.9, color=colors(i / max(1, len(slots) - 1))))
        ax.text(col, row, str(i), ha="center", va="center", fontsize=6, color="white")
    worst = max(len(v) for v in groups.values())
    ax.set_xlim(-0.5, per_row - 0.5)
    ax.set_ylim(rows_shown - 0.5, -0.5)
    ax.set_xlabel("bank group (128-byte row: 16 float points of 8 bytes, 2 banks each)")
    ax.set_ylabel("shared-memory row (128 bytes)")
    ax.set_title(f"{title}\n{worst}-way conflict: {worst} wavefront{'s' if worst > 1 else ''}", fontsize=9)


def bank_map_07(root):
    """07 v4's bit-reversed load into shared memory, float N = 1024: the 16 points of one
    wavefront on plain slots rev(i), and on the swizzled slots p ^ ((p >> 6) & 15)."""
    n_bits, v = 10, 4
    plain = [_rev(i, n_bits) for i in range(16)]
    swz = [p ^ ((p >> (n_bits - v)) & 15) for p in plain]
    fig, axes = plt.subplots(1, 2, figsize=(11, 5.2))
    cmap = plt.get_cmap("viridis")
    _bank_panel(axes[0], plain, 16, 64, "plain: point i at slot rev(i)", cmap)
    _bank_panel(axes[1], swz, 16, 64, "swizzled: slot = p XOR ((p >> 6) & 15), p = rev(i)", cmap)
    fig.suptitle("07 v4, float N = 1024: where points i = 0..15 (one warp's 128-byte wavefront) land in shared memory",
                 fontsize=10)
    fig.tight_layout()
    return _save(fig, root, "07_cuda_bitops", "fig_bank_map.png")


# ---------------------------------------------------------------- 08: Stockham's ping-pong

def stockham_pingpong_08(root):
    """Radix-2 Stockham on N = 8: pass p reads x[i], x[i + N/2] and writes y[j], y[j + s],
    j = 2 (i - i mod s) + i mod s, into the other buffer; the plan's ping-pong rule names them."""
    n, passes = 8, 3
    names = ["in"] + ["out" if (passes - 1 - p) % 2 == 0 else "scratch" for p in range(passes)]
    fig, ax = plt.subplots(figsize=(11, 4.8))
    cmap = plt.get_cmap("tab10")
    xcol = [0, 3, 6, 9]
    for c, x in enumerate(xcol):
        for e in range(n):
            ax.add_patch(Rectangle((x - 0.5, e - 0.4), 1.0, 0.8, facecolor="0.93", edgecolor="0.5"))
            ax.text(x, e, str(e), ha="center", va="center", fontsize=8)
        ax.text(x, -0.9, names[c], ha="center", fontsize=10, weight="bold")
    for p in range(passes):
        s = 1 << p
        x0, x1 = xcol[p] + 0.5, xcol[p + 1] - 0.5
        for i in range(n // 2):
            j = 2 * (i - i % s) + i % s
            col = cmap(i)
            for src in (i, i + n // 2):
                for dst in (j, j + s):
                    ax.add_patch(FancyArrowPatch((x0, src), (x1, dst), arrowstyle="-|>", mutation_scale=8,
                                                 color=col, linewidth=0.9, alpha=0.85))
        ax.text((x0 + x1) / 2, n - 0.1, f"pass {p}: s = {s}\nthread i reads i, i+4\nwrites j, j+{s}",
                ha="center", va="top", fontsize=8)
    ax.set_xlim(-1.2, 10.2)
    ax.set_ylim(n + 1.2, -1.5)
    ax.set_xticks([])
    ax.set_ylabel("element index in the buffer")
    ax.set_title("Stockham radix-2, N = 8: each pass writes the other buffer, already in the order the next pass reads "
                 "(colour = thread i; no bit reversal anywhere)", fontsize=9)
    fig.tight_layout()
    return _save(fig, root, "08_cuda_stockham", "fig_stockham_pingpong.png")


# ---------------------------------------------------------------- 09: tile, four-step, banks

def radix16_tile_09(root):
    """Left: the elements thread t holds in a 256-point row (P = 16 threads, t + 16 m).
    Right: the radix-16 butterfly on those 16 registers, four radix-2 levels (decimation in time,
    as butterfly.hpp's recursion unrolls)."""
    fig, axes = plt.subplots(1, 2, figsize=(12, 5.4), gridspec_kw={"width_ratios": [1, 1.35]})
    ax = axes[0]
    cmap = plt.get_cmap("tab20")
    for e in range(256):
        t, m = e % 16, e // 16
        ax.add_patch(Rectangle((t - 0.5, m - 0.5), 1, 1, facecolor=cmap(t), edgecolor="white", linewidth=0.5))
    ax.set_xlim(-0.5, 15.5)
    ax.set_ylim(15.5, -0.5)
    ax.set_xlabel("thread t = element mod 16 (neighbouring threads, neighbouring addresses)")
    ax.set_ylabel("register m = element div 16")
    ax.set_title("256-point row, 16 threads: thread t holds x[t + 16 m], m < 16", fontsize=9)
    ax = axes[1]
    levels = 4
    for lv in range(levels + 1):
        for r in range(16):
            ax.plot(lv, r, "o", color="k", markersize=3)
    for r in range(16):
        ax.text(-0.12, r, f"v[{_rev(r, 4)}]", ha="right", va="center", fontsize=7)
        ax.text(levels + 0.12, r, f"X[{r}]", ha="left", va="center", fontsize=7)
    for lv in range(levels):
        span = 1 << lv
        for start in range(0, 16, 2 * span):
            for k in range(span):
                a, b = start + k, start + k + span
                col = plt.get_cmap("viridis")(lv / levels)
                ax.plot([lv, lv + 1], [a, a], color=col, linewidth=0.8)
                ax.plot([lv, lv + 1], [b, b], color=col, linewidth=0.8)
                ax.plot([lv, lv + 1], [a, b], color=col, linewidth=0.8)
                ax.plot([lv, lv + 1], [b, a], color=col, linewidth=0.8)
                if k:
                    ax.text(lv + 0.15, b - 0.25, f"w{16 // (2 * span) * k}", fontsize=5.5, color="tab:red")
    ax.set_xlim(-0.8, levels + 0.8)
    ax.set_ylim(15.7, -0.7)
    ax.set_xticks(range(levels + 1))
    ax.set_xticklabels(["in", "level 1\n(radix 2)", "level 2\n(radix 4)", "level 3\n(radix 8)", "level 4\n(radix 16)"],
                       fontsize=8)
    ax.set_yticks([])
    ax.set_xlabel("butterfly level, all inside one thread's registers")
    ax.set_title("radix-16 butterfly: 4 levels, no memory between them; wK = w(K, 16) on the lower input",
                 fontsize=9)
    fig.tight_layout()
    return _save(fig, root, "09_radixN", "fig_radix16_tile.png")


def four_step_09(root):
    """N = M1 x M2 = 16 x 16: pass 1 does M1-point DFTs down the columns (stride M2), the twiddle
    w(c k1, N) multiplies element (k1, c), pass 2 does M2-point DFTs along the rows; the
    output index is k1 + M1 k2."""
    m1 = m2 = 16
    n = m1 * m2
    fig, axes = plt.subplots(1, 3, figsize=(13, 4.6))
    ax = axes[0]
    ax.imshow([[r * m2 + c for c in range(m2)] for r in range(m1)], cmap="Greys", alpha=0.35)
    for c in range(0, m2, 3):
        ax.annotate("", (c, m1 - 0.7), (c, -0.3), arrowprops=dict(arrowstyle="->", color="tab:blue", linewidth=1.2))
    ax.set_xlabel("column c = n mod M2")
    ax.set_ylabel("row r = n div M2   (x[n] = x[r M2 + c])")
    ax.set_title("pass 1: M1-point DFTs down every column\n(stride M2 = N/M1 in memory)", fontsize=9)
    ax = axes[1]
    phase = [[(-(c * k1) % n) / n for c in range(m2)] for k1 in range(m1)]
    im = ax.imshow(phase, cmap="twilight", vmin=0, vmax=1)
    ax.set_xlabel("column c")
    ax.set_ylabel("row k1 (after pass 1)")
    ax.set_title("twiddle matrix w(c k1, N) = exp(-2 pi i c k1 / N)\n(its angle, in turns)", fontsize=9)
    fig.colorbar(im, ax=ax, fraction=0.046, label="angle of the twiddle (turns)")
    ax = axes[2]
    ax.imshow([[k1 + m1 * c for c in range(m2)] for k1 in range(m1)], cmap="Greys", alpha=0.35)
    for k1 in range(0, m1, 3):
        ax.annotate("", (m2 - 0.7, k1), (-0.3, k1), arrowprops=dict(arrowstyle="->", color="tab:orange", linewidth=1.2))
    ax.set_xlabel("k2 (after the row DFT over c)")
    ax.set_ylabel("row k1")
    ax.set_title("pass 2: M2-point DFTs along every row;\nX[k1 + M1 k2] (Stockham writes it in order)", fontsize=9)
    fig.suptitle("The four-step identity as matrices, N = 16 x 16: column DFTs, twiddles, row DFTs, read out transposed",
                 fontsize=10)
    fig.tight_layout()
    return _save(fig, root, "09_radixN", "fig_four_step.png")


def bank_padding_09(root):
    """A stage writing at stride 16 (thread t writes element 16 t): plain slots put a
    half-warp in one bank group; one spare slot every 16 elements (slot = e + e // 16) spreads it."""
    plain = [16 * t for t in range(16)]
    padded = [e + e // 16 for e in plain]
    fig, axes = plt.subplots(1, 2, figsize=(11, 5.0))
    cmap = plt.get_cmap("plasma")
    _bank_panel(axes[0], plain, 16, 17, "plain: element e at slot e", cmap)
    _bank_panel(axes[1], padded, 16, 17, "padded: slot = e + e div 16", cmap)
    fig.suptitle("09's tile, float: threads 0..15 of one wavefront write elements 16 t (a stride-16 stage write)",
                 fontsize=10)
    fig.tight_layout()
    return _save(fig, root, "09_radixN", "fig_bank_padding.png")


# ---------------------------------------------------------------- 10: R2C and the MTF

def r2c_packing_10(root):
    """N = 16 reals read as M = 8 complex values, one 8-point FFT, then the split that pairs
    Z[k] with conj(Z[M-k]) to give X[k], k = 0..M."""
    n, m = 16, 8
    fig, ax = plt.subplots(figsize=(12, 4.8))
    cmap = plt.get_cmap("tab10")
    for i in range(n):
        ax.add_patch(Rectangle((i - 0.45, 0), 0.9, 0.8, facecolor=cmap(i // 2 % 10), alpha=0.35 if i % 2 else 0.8))
        ax.text(i, 0.4, f"x{i}", ha="center", va="center", fontsize=7)
    for k in range(m):
        xc = 2 * k + 0.5
        ax.add_patch(Rectangle((xc - 0.9, 2.0), 1.8, 0.8, facecolor=cmap(k % 10), alpha=0.6))
        ax.text(xc, 2.4, f"z{k} = x{2*k} + i x{2*k+1}", ha="center", va="center", fontsize=6)
        for src in (2 * k, 2 * k + 1):
            ax.annotate("", (xc, 2.0), (src, 0.8), arrowprops=dict(arrowstyle="->", color="0.4", linewidth=0.7))
        ax.add_patch(Rectangle((xc - 0.9, 4.0), 1.8, 0.8, facecolor="0.85"))
        ax.text(xc, 4.4, f"Z{k}", ha="center", va="center", fontsize=8)
    ax.add_patch(Rectangle((-0.5, 2.95), 16, 0.9, facecolor="none", edgecolor="k", linestyle="--"))
    ax.text(15.7, 3.4, "one M = 8 point\ncomplex FFT", ha="left", va="center", fontsize=8)
    for k in range(m + 1):
        xc = 2 * k * (15.0 / 16) + 0.5
        ax.add_patch(Rectangle((xc - 0.7, 6.0), 1.4, 0.8, facecolor="tab:green", alpha=0.5))
        ax.text(xc, 6.4, f"X{k}", ha="center", va="center", fontsize=8)
        a, b = k % m, (m - k) % m
        for src, style in ((a, "-"), (b, ":")):
            ax.annotate("", (xc, 6.0), (2 * src + 0.5, 4.8),
                        arrowprops=dict(arrowstyle="->", color="tab:green" if style == "-" else "tab:purple",
                                        linestyle=style, linewidth=0.8))
    ax.text(16.3, 5.4, "split: Z[k] (solid)\nand conj Z[M-k] (dotted)\n-> X[k], k = 0..M", fontsize=8, va="center")
    ax.set_xlim(-1, 19.5)
    ax.set_ylim(-0.5, 7.3)
    ax.set_yticks([0.4, 2.4, 4.4, 6.4])
    ax.set_yticklabels(["N reals", "N/2 complex\n(same bytes)", "FFT_M", "N/2 + 1 bins"], fontsize=8)
    ax.set_xlabel("position in memory (reals)")
    ax.set_title("R2C by packing, N = 16: N reals as N/2 complex values, one N/2-point FFT, then the split", fontsize=10)
    fig.tight_layout()
    return _save(fig, root, "10_2d_real", "fig_r2c_packing.png")


def mtf_clear_aperture_10(root):
    """The clear aperture of demo_10 (R = 32 samples on 512^2), computed as the pipeline does it
    (pupil on the frequency grid, PSF = |IFFT2 P|^2, OTF = FFT2 PSF / OTF(0)) with numpy in
    double, against the analytic diffraction-limited MTF (2/pi)(acos s - s sqrt(1 - s^2))."""
    import numpy as np
    side, radius = 512, 32.0
    f = np.fft.fftfreq(side, 1.0 / side)
    fy, fx = np.meshgrid(f, f, indexing="ij")
    pupil = (fy * fy + fx * fx <= radius * radius).astype(complex)
    psf = np.abs(np.fft.ifft2(pupil)) ** 2
    otf = np.fft.fft2(psf)
    mtf = np.abs(otf / otf[0, 0])
    fmax = int(2 * radius) + 8
    freq = np.arange(fmax + 1)
    measured = mtf[0, :fmax + 1]

    def analytic(nu):
        s = np.minimum(nu / (2 * radius), 1.0)
        return (2 / np.pi) * (np.arccos(s) - s * np.sqrt(1 - s * s))
    fine = np.linspace(0, fmax, 600)
    worst = np.max(np.abs(measured - analytic(freq)))
    fig, axes = plt.subplots(2, 1, figsize=(8, 6), sharex=True, gridspec_kw={"height_ratios": [3, 1.3]})
    ax = axes[0]
    ax.plot(fine, analytic(fine), "k-", label="analytic, clear circular aperture")
    ax.plot(freq, measured, "s", color="tab:red", markersize=3.5, label=f"sampled aperture R = {radius:.0f}, {side}^2")
    ax.axvline(2 * radius, color="0.5", linestyle=":", linewidth=1)
    ax.text(2 * radius + 0.5, 0.8, "cutoff 2R", fontsize=8, color="0.3")
    ax.set_ylabel("MTF = |OTF| / OTF(0) (dimensionless)")
    ax.legend(fontsize=8)
    ax.grid(True, alpha=0.3)
    ax.set_title("MTF of a clear aperture along the x axis", fontsize=10)
    ax = axes[1]
    ax.plot(freq, 1e3 * (measured - analytic(freq)), "-", color="tab:red", linewidth=1)
    ax.axhline(0, color="k", linewidth=0.6)
    ax.set_xlabel("spatial frequency f_x (frequency samples; cutoff 2R = 64)")
    ax.set_ylabel("sampled - analytic\n(x 10^-3)")
    ax.grid(True, alpha=0.3)
    ax.text(1, 0.9 * ax.get_ylim()[1], f"max |difference| = {worst:.2e}", fontsize=8, va="top")
    fig.tight_layout()
    return _save(fig, root, "10_2d_real", "fig_mtf_clear_aperture.png")


def psf_mtf_focus_10(root):
    """demo_10's through-focus stack, computed as the pipeline does it (numpy, double): 512^2,
    pupil radius 32 samples, astigmatism 0.1 and coma 0.15 waves RMS, defocus 0, 0.25, 0.5, 0.75
    waves (Zernike terms as in optics.hpp). Top: log10 PSF / peak; bottom: |OTF| / OTF(0)."""
    import numpy as np
    side, radius, astig, coma = 512, 32.0, 0.1, 0.15
    f = np.fft.fftfreq(side, 1.0 / side)
    fy, fx = np.meshgrid(f, f, indexing="ij")
    inside = fy * fy + fx * fx <= radius * radius
    u, v = fx / radius, fy / radius
    rho2 = u * u + v * v
    fig, axes = plt.subplots(2, 4, figsize=(13, 6.6))
    crop, mcrop = 128, 160
    for b in range(4):
        defocus = 0.25 * b
        w = (defocus * np.sqrt(3) * (2 * rho2 - 1) + astig * np.sqrt(6) * (u * u - v * v)
             + coma * np.sqrt(8) * (3 * rho2 - 2) * u)
        pupil = np.where(inside, np.exp(2j * np.pi * w), 0)
        psf = np.abs(np.fft.ifft2(pupil)) ** 2
        otf = np.fft.fft2(psf)
        mtf = np.abs(otf / otf[0, 0])
        psf_c = np.fft.fftshift(psf / psf.max())[side // 2 - crop // 2: side // 2 + crop // 2,
                                                   side // 2 - crop // 2: side // 2 + crop // 2]
        mtf_c = np.fft.fftshift(mtf)[side // 2 - mcrop // 2: side // 2 + mcrop // 2,
                                     side // 2 - mcrop // 2: side // 2 + mcrop // 2]
        ext = [-crop // 2, crop // 2, crop // 2, -crop // 2]
        im = axes[0, b].imshow(np.log10(np.maximum(psf_c, 1e-4)), cmap="magma", vmin=-4, vmax=0, extent=ext)
        axes[0, b].set_title(f"PSF, defocus {defocus:.2f} waves", fontsize=9)
        axes[0, b].set_xlabel("x (samples)")
        if b == 0:
            axes[0, b].set_ylabel("y (samples)")
        mext = [-mcrop // 2, mcrop // 2, mcrop // 2, -mcrop // 2]
        im2 = axes[1, b].imshow(mtf_c, cmap="viridis", vmin=0, vmax=1, extent=mext)
        axes[1, b].set_title(f"|OTF|, defocus {defocus:.2f} waves", fontsize=9)
        axes[1, b].set_xlabel("f_x (frequency samples)")
        if b == 0:
            axes[1, b].set_ylabel("f_y (frequency samples)")
    fig.colorbar(im, ax=list(axes[0]), fraction=0.02, label="log10(PSF / peak)")
    fig.colorbar(im2, ax=list(axes[1]), fraction=0.02, label="MTF (dimensionless)")
    fig.suptitle("Through-focus stack of demo_10 (512^2, R = 32, astigmatism 0.1, coma 0.15 waves RMS)", fontsize=10)
    return _save(fig, root, "10_2d_real", "fig_psf_mtf_focus.png")


# ---------------------------------------------------------------- 11: one cluster per transform

def cluster_exchange_11(root):
    """One transform of float N = 2^15 on a cluster of K = 4 blocks (cluster_shape.hpp's table):
    N = N1 x N2 = 128 x 256, n = n1 + N1 n2, k = k2 + N2 k1. Phase 1: block r loads the C1 = 32
    columns n1 = 32 r .. 32 r + 31 and does their N2-point DFTs in its shared memory. Exchange:
    block r' reads rows k2 = 64 r' .. 64 r' + 63 from every block (its own through shared memory,
    the others' through distributed shared memory) and multiplies by w(n1 k2, N). Phase 2: its
    C2 = 64 rows of N1 points, stored as X[k2 + N2 k1]. Colour = block rank; in phase 2's tiles,
    the rank whose phase 1 computed the values."""
    K, N1, N2 = 4, 128, 256
    C1, C2 = N1 // K, N2 // K
    colours = ("#0072B2", "#E69F00", "#009E73", "#CC79A7")  # Okabe-Ito, one per rank
    fig, ax = plt.subplots(figsize=(15, 7.8))
    ax.set_axis_off()
    ax.set_xlim(-1, 114)
    ax.set_ylim(0, 77)
    tile_h, gap, top = 11.0, 4.6, 64.0
    tops = [top - i * (tile_h + gap) for i in range(K)]
    bottom = tops[-1] - tile_h

    def label(x, y, text, **kw):
        kw.setdefault("fontsize", 7.5)
        kw.setdefault("ha", "center")
        kw.setdefault("va", "center")
        ax.text(x, y, text, **kw)

    def global_array(x, verb, index, chunk, across, down, stride, side_x, title):
        """An array in global memory, one strip per block: row `down` holds `across` = 0 .. K chunk - 1."""
        w = 13.0
        for r in range(K):
            ax.add_patch(Rectangle((x + r * w / K, bottom), w / K, top - bottom, facecolor=colours[r], alpha=0.55,
                                   edgecolor="white", linewidth=1.0))
            label(x + (r + 0.5) * w / K, (top + bottom) / 2, f"{verb} by block {r}:  {index} = {r * chunk} .. {r * chunk + chunk - 1}",
                  rotation=90, fontsize=7)
        ax.add_patch(Rectangle((x, bottom), w, top - bottom, facecolor="none", edgecolor="k", linewidth=0.8))
        label(x + w / 2, top + 1.6, f"{across} = 0 .. {K * chunk - 1}  (neighbours in memory)", fontsize=6.5)
        label(side_x, (top + bottom) / 2, f"{down} = 0 .. {stride[1] - 1}  (stride {stride[0]})", rotation=90, fontsize=6.5)
        label(x + w / 2, 71.0, title, fontsize=8.5, weight="bold")

    # Input x: row n2 holds x[n1 + N1 n2] (n1 across); block r reads the C1 columns of its colour.
    global_array(0.5, "read", "n1", C1, "n1", "n2", (f"N1 = {N1}", N2), -0.1, "x in global memory\n(read once)\nx[n1 + N1 n2]")

    # Phase 1: block r's tile after its C1 column DFTs; column c1 holds k2 = 0 .. N2 - 1 (down),
    # cut into the K pieces that go to blocks r' = 0 .. K - 1.
    p1x, p1w = 21.5, 14.0
    for r, t in enumerate(tops):
        for q in range(K):
            y = t - (q + 1) * tile_h / K
            ax.add_patch(Rectangle((p1x, y), p1w, tile_h / K, facecolor=colours[r], alpha=0.5, edgecolor="white",
                                   linewidth=1.2))
            label(p1x + p1w / 2, y + tile_h / K / 2, f"k2 = {q * C2} .. {q * C2 + C2 - 1}  ->  block {q}", fontsize=6.3,
                  bbox=dict(boxstyle="round,pad=0.12", facecolor="white", edgecolor="none", alpha=0.75))
        for c in range(1, C1):
            xc = p1x + c * p1w / C1
            ax.plot([xc, xc], [t - tile_h, t], color="white", linewidth=0.35, alpha=0.8)
        ax.add_patch(Rectangle((p1x, t - tile_h), p1w, tile_h, facecolor="none", edgecolor=colours[r], linewidth=2.0))
        label(p1x + p1w / 2, t + 1.5, f"block r = {r}: C1 = {C1} columns n1 = {r * C1} .. {r * C1 + C1 - 1}", fontsize=7)
    label(p1x + p1w / 2, 71.0, "phase 1: shared memory of each block\nC1 DFTs of N2 = 256 points (09's stages)\n"
          "column n1 ends holding k2 = 0 .. 255", fontsize=8.5, weight="bold")

    # Phase 2: block r' holds C2 rows k2 (n1 across); its K pieces side by side along n1, each
    # in the colour of the block it came from.
    p2x, p2w = 72.0, 18.0
    for q, t in enumerate(tops):
        for r in range(K):
            ax.add_patch(Rectangle((p2x + r * p2w / K, t - tile_h), p2w / K, tile_h, facecolor=colours[r], alpha=0.5,
                                   edgecolor="white", linewidth=1.2))
            label(p2x + (r + 0.5) * p2w / K, t - tile_h / 2, f"n1 = {r * C1}\n.. {r * C1 + C1 - 1}\nfrom\nblock {r}",
                  fontsize=6.2, bbox=dict(boxstyle="round,pad=0.12", facecolor="white", edgecolor="none", alpha=0.75))
        for row in range(4, C2, 4):
            yr = t - row * tile_h / C2
            ax.plot([p2x, p2x + p2w], [yr, yr], color="white", linewidth=0.35, alpha=0.8)
        ax.add_patch(Rectangle((p2x, t - tile_h), p2w, tile_h, facecolor="none", edgecolor=colours[q], linewidth=2.0))
        label(p2x + p2w / 2, t + 1.5, f"block r' = {q}: C2 = {C2} rows k2 = {q * C2} .. {q * C2 + C2 - 1}", fontsize=7)
    label(p2x + p2w / 2, 71.0, "phase 2: shared memory of each block\nC2 DFTs of N1 = 128 points (09's stages)\n"
          "row k2 holds n1 = 0 .. 127", fontsize=8.5, weight="bold")

    # The exchange: block r' reads piece r' of every block r (dashed: its own shared memory).
    for r, t in enumerate(tops):
        for q in range(K):
            y0 = t - (q + 0.5) * tile_h / K
            y1 = tops[q] - tile_h / 2 + (1.5 - r) * 1.6
            ax.add_patch(FancyArrowPatch((p1x + p1w + 0.3, y0), (p2x - 0.3, y1), arrowstyle="-|>", mutation_scale=9,
                                         color=colours[r], linewidth=1.3, linestyle="--" if r == q else "-",
                                         shrinkA=0, shrinkB=0, alpha=0.9))
    for xs in (p1x + p1w + 2.2, p2x - 2.2):
        ax.plot([xs, xs], [bottom - 0.8, top + 1.0], color="0.35", linestyle=":", linewidth=1.2)
        label(xs, bottom - 1.9, "cluster.sync()", fontsize=7.5, color="0.25")
    mid = (p1x + p1w + p2x) / 2
    label(mid, 71.0, "exchange: block r' gathers rows k2 of its range\nfrom all K = 4 blocks, "
          r"times the twiddle $w_N^{\,n_1 k_2}$" "\ninto registers", fontsize=8.5, weight="bold")
    label(mid, bottom - 4.6, "solid: another block's shared memory (DSMEM, cluster.map_shared_rank)\n"
          "dashed: the block's own shared memory", fontsize=7)

    # Output X: row k1 holds X[k2 + N2 k1] (k2 across); block r' writes the C2 columns k2 of its colour.
    global_array(98.5, "written", "k2", C2, "k2", "k1", (f"N2 = {N2}", N1), 112.2, "X in global memory\n(written once)\nX[k2 + N2 k1]")

    fig.suptitle(f"One transform of N = 2^15 float points on a cluster of K = {K} blocks: N1 = {N1}, N2 = {N2}, "
                 f"C1 = N1/K = {C1} columns, C2 = N2/K = {C2} rows, 8192 points (68 KiB) per block\n"
                 "colour = block rank (in phase 2's tiles: the block whose phase 1 computed the values); "
                 "global memory is read once and written once", fontsize=9.5, y=0.985)
    fig.subplots_adjust(left=0.01, right=0.99, top=0.93, bottom=0.01)
    return _save(fig, root, "11_clusters", "fig_cluster_exchange.png")


FIGURES = {
    "roofline_06": roofline_06,
    "thread_map_07": thread_map_07,
    "bank_map_07": bank_map_07,
    "roofline_07": roofline_07,
    "stockham_pingpong_08": stockham_pingpong_08,
    "roofline_08": roofline_08,
    "radix16_tile_09": radix16_tile_09,
    "four_step_09": four_step_09,
    "bank_padding_09": bank_padding_09,
    "roofline_09": roofline_09,
    "r2c_packing_10": r2c_packing_10,
    "mtf_clear_aperture_10": mtf_clear_aperture_10,
    "psf_mtf_focus_10": psf_mtf_focus_10,
    "roofline_10": roofline_10,
    "cluster_exchange_11": cluster_exchange_11,
}

if __name__ == "__main__":
    import sys
    root = sys.argv[1] if len(sys.argv) > 1 else str(pathlib.Path(__file__).resolve().parent.parent)
    for name, draw in FIGURES.items():
        print(f"{name}: {draw(root)}")
