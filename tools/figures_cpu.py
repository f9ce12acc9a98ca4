"""The figures of the CPU chapters (01-05), drawn by tools/figures.py.

FIGURES maps a name to draw(root), which writes the PNG(s) into the chapter that shows them and
returns their paths. Diagrams are drawn from the index arithmetic they illustrate (the same bit
reversal, butterflies and twiddles as the code); plots read the committed JSON under results/.
"""
import cmath
import math
import sys

import numpy as np

from figures import (BLUE, GREEN, GREY, ORANGE, PURPLE, RANK_COLOURS, RED, SKY, YELLOW, arrow,
                     bench_medians, bitrev, box, diagram_axes, flow_graph, plt, save)

H100 = "results/nvidia-h100-80gb-hbm3"


def w(m, n):
    return cmath.exp(-2j * math.pi * m / n)


# --- 01: the DFT matrix --------------------------------------------------------------------------

def dft_matrix(root):
    """F_8 drawn as phasors: entry (k, j) is w(jk, 8), an arrow at angle -2 pi jk / 8."""
    n = 8
    fig, (ax, ax2) = plt.subplots(1, 2, figsize=(10, 4.6), gridspec_kw={"width_ratios": [1.15, 1]})
    for k in range(n):
        for j in range(n):
            z = w(j * k, n)
            cx, cy = j, -k
            ax.add_patch(plt.Circle((cx, cy), 0.42, fill=False, lw=0.5, color=GREY))
            colour = [BLUE, SKY, GREEN, YELLOW, ORANGE, RED, PURPLE, GREY][(j * k) % n]
            arrow(ax, (cx, cy), (cx + 0.38 * z.real, cy + 0.38 * z.imag), colour=colour, lw=1.3)
            ax.text(cx + 0.3, cy - 0.47, str((j * k) % n), fontsize=5.5, color=GREY)
    for j in range(n):
        ax.text(j, 0.75, f"j={j}", ha="center", fontsize=7)
        ax.text(-0.85, -j, f"k={j}", ha="right", va="center", fontsize=7)
    diagram_axes(ax)
    ax.set_xlim(-1.6, n - 0.4)
    ax.set_ylim(-n + 0.4, 1.1)
    ax.set_title("$F_8$: entry (k, j) is $w(jk, 8) = e^{-2\\pi i\\, jk/8}$\n(small number: jk mod 8; colour: the same twiddle)")
    # Right: row k of F_N as a sampled cosine/sine, the "frequency k" the output measures.
    t = np.linspace(0, n, 400)
    for k, colour in ((1, BLUE), (2, ORANGE), (3, GREEN)):
        ax2.plot(t, np.cos(2 * np.pi * k * t / n) + 2.6 * (k - 1), color=colour, lw=1)
        jj = np.arange(n)
        ax2.plot(jj, np.cos(2 * np.pi * k * jj / n) + 2.6 * (k - 1), "o", color=colour, markersize=4,
                 label=f"row k={k}: Re w(jk, 8)")
    ax2.set_xlabel("sample index j")
    ax2.set_ylabel("Re w(jk, 8), rows offset by 2.6")
    ax2.set_title("Each row is a sampled wave of k periods per N samples")
    ax2.legend(fontsize=7, loc="upper right")
    ax2.grid(alpha=0.3)
    ax2.set_ylim(-1.3, 7.4)
    fig.tight_layout()
    return save(fig, root / "01_dft/fig_dft_matrix.png")


# --- 02: the recursion ---------------------------------------------------------------------------

def recursion_tree(root):
    """The radix-2 DIT recursion on 8 points: each level splits even and odd indices; the leaves,
    read left to right, are in bit-reversed order; the combine steps go back up."""
    n, bits = 8, 3
    fig, ax = plt.subplots(figsize=(10, 4.4))
    levels = [[list(range(n))]]
    while len(levels[-1][0]) > 1:
        nxt = []
        for g in levels[-1]:
            nxt += [g[0::2], g[1::2]]
        levels.append(nxt)
    width = 1.0
    for d, groups in enumerate(levels):
        size = len(groups[0])
        y = -d * 1.6
        for gi, g in enumerate(groups):
            x0 = gi * size * width
            for t, idx in enumerate(g):
                box(ax, x0 + t * width + 0.05, y, width - 0.1, 0.7, idx, face=SKY if d < bits else YELLOW, fontsize=8)
            if d > 0:
                parent_x = (gi // 2) * 2 * size * width + size * width
                arrow(ax, (parent_x, y + 1.6 - 0.02), (x0 + size * width / 2, y + 0.72), colour=GREY, lw=0.7)
                ax.text(x0 + size * width / 2, y + 0.82, "even" if gi % 2 == 0 else "odd", ha="center", fontsize=6.5, color=GREY)
        label = f"{len(groups)} problem{'s' if len(groups) > 1 else ''} of size {size}"
        ax.text(n * width + 0.3, y + 0.35, label, va="center", fontsize=8)
    ax.text(-0.2, -bits * 1.6 - 0.55, "leaves, left to right: x[0], x[4], x[2], x[6], x[1], x[5], x[3], x[7]"
            " = x[rev(0..7)] (3-bit reversal)", fontsize=8, va="top")
    for d in range(bits):
        ax.annotate("", xy=(-0.45, -d * 1.6 + 0.35), xytext=(-0.45, -(d + 1) * 1.6 + 0.35),
                    arrowprops=dict(arrowstyle="-|>", color=RED, lw=1))
        ax.text(-0.6, -(d + 0.5) * 1.6 + 0.35, f"combine:\n{2 ** d} x {2 ** (bits - d - 1)}\nbutterflies",
                ha="right", va="center", fontsize=7, color=RED)
    diagram_axes(ax)
    ax.set_xlim(-2.2, n + 3.2)
    ax.set_ylim(-bits * 1.6 - 1.0, 1.0)
    ax.set_title("Radix-2 decimation in time, N = 8: split down (even / odd indices), combine up")
    return save(fig, root / "02_recursive/fig_recursion_tree.png")


# --- 03: signal-flow graphs, bit reversal, radix-4 -----------------------------------------------

def flow_dit(root):
    fig, ax = plt.subplots(figsize=(7.5, 5.2))
    flow_graph(ax, 8, "dit", title="Decimation in time (Cooley-Tukey), N = 8: bit-reversed in, natural out")
    ax.text(3.3, -7.9, "butterfly: top = a + w b, bottom = a - w b   (blue: w = 1, vermilion: w != 1)",
            ha="center", fontsize=7.5)
    return save(fig, root / "03_iterative/fig_dit_flow.png")


def flow_dif(root):
    fig, ax = plt.subplots(figsize=(7.5, 5.2))
    flow_graph(ax, 8, "dif", title="Decimation in frequency (Gentleman-Sande), N = 8: natural in, bit-reversed out")
    ax.text(3.3, -7.9, "butterfly: top = a + b, bottom = (a - b) w   (blue: w = 1, vermilion: w != 1)",
            ha="center", fontsize=7.5)
    return save(fig, root / "03_iterative/fig_dif_flow.png")


def bitreverse(root):
    """(a) the permutation for N = 16; (b) where the per-index loop writes, for N = 2^10."""
    n, bits = 16, 4
    fig, (ax, ax2) = plt.subplots(1, 2, figsize=(11, 4.2), gridspec_kw={"width_ratios": [1.5, 1]})
    for i in range(n):
        r = bitrev(i, bits)
        fixed = r == i
        colour = GREY if fixed else (BLUE if i < r else ORANGE)
        box(ax, i, 1.6, 0.9, 0.6, i, face="white")
        box(ax, i, 0, 0.9, 0.6, r, face="white")
        ax.text(i + 0.45, 2.35, format(i, "04b"), ha="center", fontsize=6, rotation=90, va="bottom")
        ax.text(i + 0.45, -0.1, format(r, "04b"), ha="center", fontsize=6, rotation=90, va="top")
        if not fixed and i < r:
            ax.plot([i + 0.45, r + 0.45], [1.6, 0.6], color=colour, lw=1)
            ax.plot([r + 0.45, i + 0.45], [1.6, 0.6], color=colour, lw=1, ls="--")
    ax.text(-0.3, 1.9, "index i", ha="right", va="center", fontsize=8)
    ax.text(-0.3, 0.3, "holds x[rev(i)]", ha="right", va="center", fontsize=8)
    diagram_axes(ax)
    ax.set_xlim(-3.2, n + 0.2)
    ax.set_ylim(-1.2, 3.3)
    ax.set_title("Bit reversal, N = 16: 6 swaps (lines), 4 fixed points (0, 6, 9, 15)")
    # (b) the second address of each swap jumps across the whole array.
    m, mb = 1 << 10, 10
    i = np.arange(m)
    r = np.array([bitrev(int(k), mb) for k in i])
    sw = i < r
    ax2.plot(i[sw], r[sw], ".", markersize=1.6, color=BLUE, label="swap partner rev(i) of i < rev(i)")
    ax2.plot(i[sw][:64], r[sw][:64], "-", lw=0.5, color=RED, label="the first 64 swaps, in loop order")
    ax2.set_xlabel("index i (read in order)")
    ax2.set_ylabel("rev(i): the second address touched")
    ax2.set_title("N = 1024: consecutive i touch far-apart rev(i)")
    ax2.legend(fontsize=7, loc="lower right")
    ax2.grid(alpha=0.3)
    fig.tight_layout()
    return save(fig, root / "03_iterative/fig_bitreverse.png")


def tiled_swap(root):
    """The tiled permutation: i = (hi, m, lo) -> rev(i) = (rev(lo), rev(m), rev(hi)). With t = 2
    and b = 3 (N = 2^7 = 128) the array is 4 rows (hi) of 32 points; tile m is the 4 x 4 points
    whose middle bits are m. Tile 1 and tile 4 (= rev(1)) trade places, each transposed with its
    rows and columns reversed."""
    t, b = 2, 3
    rows, seg = 1 << t, 1 << t
    cols = (1 << b) * seg
    fig, axes = plt.subplots(2, 1, figsize=(11, 4.6))
    src, dst = 1, bitrev(1, b)
    for panel, ax in enumerate(axes):
        for hi in range(rows):
            for mm in range(1 << b):
                for lo in range(seg):
                    x, y = mm * seg + lo, -hi
                    face, label = "white", ""
                    if panel == 0:
                        if mm == src:
                            face, label = SKY, hi * seg + lo
                        elif mm == dst:
                            face, label = YELLOW, chr(ord("a") + hi * seg + lo)
                    else:
                        # position (hi, dst, lo) now holds what was at (rev(lo), src, rev(hi)).
                        if mm == dst:
                            face, label = SKY, bitrev(lo, t) * seg + bitrev(hi, t)
                        elif mm == src:
                            face, label = YELLOW, chr(ord("a") + bitrev(lo, t) * seg + bitrev(hi, t))
                    box(ax, x, y, 1, 1, label, face=face, lw=0.4, fontsize=6.5)
            ax.text(-0.4, -hi + 0.5, f"hi={hi}", ha="right", va="center", fontsize=7)
        for mm in range(1 << b):
            ax.plot([mm * seg, mm * seg], [1, -rows + 1], color="k", lw=1.3)
            ax.text(mm * seg + seg / 2, 1.25, f"m={mm}", ha="center", fontsize=7)
        ax.plot([cols, cols], [1, -rows + 1], color="k", lw=1.3)
        diagram_axes(ax)
        ax.set_xlim(-2.5, cols + 0.5)
        ax.set_ylim(-rows + 0.6, 2.0)
    axes[0].set_title("Before: N = 128 as 4 rows (hi, 2 bits) x 8 tiles (m, 3 bits) x 4 points (lo, 2 bits); "
                      "a cache line holds a tile row", fontsize=9)
    axes[1].set_title("After: tile m=1 and tile m=rev(1)=4 traded places, each transposed with reversed rows and "
                      "columns (both read and written a whole row at a time)", fontsize=9)
    fig.tight_layout()
    return save(fig, root / "03_iterative/fig_tiled_swap.png")


def radix4_butterfly(root):
    """One radix-4 butterfly as radix4_stage computes it. After radix-2 bit reversal the four
    size-q transforms sit at offsets 0, q, 2q, 3q and hold the samples of residue 0, 2, 1, 3
    mod 4 (A_0, A_2, A_1, A_3); B_r = w(rj, 4q) A_r; then a 4-point DFT in two radix-2 layers
    whose only factor is -i."""
    fig, ax = plt.subplots(figsize=(8.8, 4.3))
    ys = [0, -1.2, -2.4, -3.6]
    xin, xtw, xm, xout = 0, 2.0, 4.2, 6.6
    names = ["$A_0[j]$", "$A_2[j]$", "$A_1[j]$", "$A_3[j]$"]
    tw = ["", "$w(2j,4q)$", "$w(j,4q)$", "$w(3j,4q)$"]
    for r in range(4):
        y = ys[r]
        ax.text(xin - 0.15, y, names[r] + f"\n(offset {['0', 'q', '2q', '3q'][r]})", ha="right", va="center", fontsize=8)
        if tw[r]:
            ax.plot([xin, xtw], [y, y], color="k", lw=0.9)
            box(ax, xtw - 0.05, y - 0.25, 1.3, 0.5, tw[r], face=YELLOW, fontsize=7)
            ax.plot([xtw + 1.25, xm], [y, y], color="k", lw=0.9)
        else:
            ax.plot([xin, xm], [y, y], color="k", lw=0.9)
    x1, x2 = xm + 1.0, xm + 2.0
    for (a, b) in ((0, 1), (2, 3)):  # layer 1: B0 +- B2, B1 +- B3
        for s0, s1 in ((a, a), (a, b), (b, a), (b, b)):
            ax.plot([xm, x1], [ys[s0], ys[s1]], color=BLUE, lw=0.9)
    for (a, b) in ((0, 2), (1, 3)):  # layer 2: (B0+B2) +- (B1+B3), (B0-B2) +- (-i)(B1-B3)
        for s0, s1 in ((a, a), (a, b), (b, a), (b, b)):
            ax.plot([x1, x2], [ys[s0], ys[s1]], color=RED, lw=0.9)
    ax.text(x1 + 0.05, ys[3] + 0.12, "$\\times(-i)$", fontsize=8, color=RED)
    ax.text(xm + 0.5, 0.3, "$B_0 \\pm B_2,\\ B_1 \\pm B_3$", ha="center", fontsize=7, color=BLUE)
    outs = ["$y[j]$", "$y[j+q]$", "$y[j+2q]$", "$y[j+3q]$"]
    for r in range(4):
        ax.plot([x2, xout + 0.3], [ys[r], ys[r]], color="k", lw=0.9)
        ax.text(xout + 0.4, ys[r], outs[r], va="center", fontsize=8)
    for x in (xin, xm, x1, x2):
        for y in ys:
            ax.plot(x, y, "o", color="k", markersize=3)
    ax.text(3.4, -4.55, "$y[j+mq] = \\sum_{r=0}^{3} (-i)^{rm}\\, w(rj, 4q)\\, A_r[j]$:  3 complex multiplications, "
            "8 complex additions, one pass over the data", ha="center", fontsize=8)
    diagram_axes(ax)
    ax.set_xlim(-2.2, 8.4)
    ax.set_ylim(-4.95, 0.8)
    ax.set_title("The radix-4 butterfly (forward): three twiddles, then a 4-point DFT in two radix-2 layers")
    return save(fig, root / "03_iterative/fig_radix4_butterfly.png")


# --- 04: who runs what, and when ------------------------------------------------------------------

def thread_schedule(root):
    """Schematic time lines of v1, v2, v3 with P = 4 threads on an N-point transform with 6
    stages: thread starts/joins (v1), barriers (v2), blocks then columns with one barrier (v3)."""
    P, stages = 4, 6
    fig, axes = plt.subplots(3, 1, figsize=(10, 6.2), sharex=True)
    work = 1.0
    # v1: spawn (cost) + stage work + join, per stage.
    ax = axes[0]
    t = 0
    for s in range(stages + 1):  # +1: the bit reversal
        for p in range(P):
            box(ax, t, -p, 0.35, 0.8, "", face=GREY, lw=0.3)
            box(ax, t + 0.35, -p, work * (0.9 + 0.1 * ((p + s) % 3)), 0.8, "R" if s == 0 else f"s{s - 1}",
                face=SKY if s == 0 else BLUE, lw=0.3, fontsize=6, text_colour="white" if s else "k")
        t += 0.35 + 1.2 * work
        ax.plot([t - 0.05, t - 0.05], [0.9, -P + 0.9], color=RED, lw=1.2)
    ax.set_title("v1: start P threads for every stage, join them all (grey: thread start, red: join)", fontsize=9)
    t_v1 = t
    # v2: a persistent team; one barrier per stage.
    ax = axes[1]
    t = 0.35
    for s in range(stages + 1):
        for p in range(P):
            box(ax, t, -p, work * (0.9 + 0.1 * ((p + s) % 3)), 0.8, "R" if s == 0 else f"s{s - 1}",
                face=SKY if s == 0 else BLUE, lw=0.3, fontsize=6, text_colour="white" if s else "k")
        t += 1.2 * work
        ax.plot([t - 0.05, t - 0.05], [0.9, -P + 0.9], color=RED, lw=1.2)
    ax.set_title("v2: the team is started once; a barrier (red) after the reversal and after every stage", fontsize=9)
    # v3: phase 1 (blocks: reversal + first log2 M stages), one barrier, phase 2 (columns).
    ax = axes[2]
    t = 0.35
    for p in range(P):
        box(ax, t, -p, 4.0 * work * (0.95 + 0.05 * (p % 2)), 0.8, "its blocks: gather reversed, stages s0-s3 in L2",
            face=GREEN, lw=0.3, fontsize=6.5)
    t += 4.3 * work
    ax.plot([t - 0.05, t - 0.05], [0.9, -P + 0.9], color=RED, lw=1.2)
    for p in range(P):
        box(ax, t, -p, 2.2 * work * (0.95 + 0.05 * ((p + 1) % 2)), 0.8, "its column tiles: s4-s5", face=ORANGE, lw=0.3,
            fontsize=6.5)
    ax.set_title("v3: blocks in cache, one barrier (red), then tiles of columns: fewer passes over memory, one wait",
                 fontsize=9)
    for ax in axes:
        for p in range(P):
            ax.text(-0.2, -p + 0.4, f"thread {p}", ha="right", va="center", fontsize=7)
        ax.set_xlim(-1.6, t_v1 + 0.3)
        ax.set_ylim(-P + 0.7, 1.0)
        ax.set_yticks([])
        for side in ("left", "right", "top"):
            ax.spines[side].set_visible(False)
    axes[2].set_xlabel("time (schematic: each blue box is one stage's share of butterflies)")
    axes[2].set_xticks([])
    fig.tight_layout()
    return save(fig, root / "04_threads/fig_stage_schedule.png")


def blocks_columns(root):
    """Why v3 can skip all barriers but one: after bit reversal, stages with span < M stay inside
    blocks of M consecutive points; stages with span >= M join points with the same i mod M."""
    n, m = 16, 4
    fig, ax = plt.subplots(figsize=(10, 3.6))
    stages = 4
    dx = 2.3
    for s in range(stages):
        half = 1 << s
        for bstart in range(0, n, 2 * half):
            for j in range(half):
                top, bot = bstart + j, bstart + j + half
                colour = GREEN if half < m else ORANGE
                ax.plot([s * dx, (s + 1) * dx], [-top * 0.4, -bot * 0.4], color=colour, lw=0.8)
                ax.plot([s * dx, (s + 1) * dx], [-bot * 0.4, -top * 0.4], color=colour, lw=0.8)
                ax.plot([s * dx, (s + 1) * dx], [-top * 0.4, -top * 0.4], color=colour, lw=0.5, alpha=0.5)
                ax.plot([s * dx, (s + 1) * dx], [-bot * 0.4, -bot * 0.4], color=colour, lw=0.5, alpha=0.5)
    for blk in range(n // m):
        ax.add_patch(plt.Rectangle((-0.3, -(blk * m + m - 1) * 0.4 - 0.18), 2 * dx + 0.6, (m - 1) * 0.4 + 0.36,
                                   fill=False, edgecolor=GREEN, lw=1.2, ls="--"))
        ax.text(-0.45, -(blk * m + (m - 1) / 2) * 0.4, f"block {blk}", ha="right", va="center", fontsize=7, color=GREEN)
    ax.text(3.3 * dx, 0.55, "phase 2: column c = i mod M (c, c+M, c+2M, c+3M)", ha="center", fontsize=7.5, color=ORANGE)
    ax.text(1 * dx, 0.55, "phase 1: spans 1, 2 < M = 4", ha="center", fontsize=7.5, color=GREEN)
    ax.plot([2 * dx, 2 * dx], [0.4, -(n - 1) * 0.4 - 0.2], color=RED, lw=1.5)
    ax.text(2 * dx, -(n - 1) * 0.4 - 0.45, "the one barrier", ha="center", fontsize=7.5, color=RED)
    for i in range(n):
        ax.text(stages * dx + 0.15, -i * 0.4, f"{i} (col {i % m})", va="center", fontsize=6.5)
    diagram_axes(ax)
    ax.set_xlim(-2.0, stages * dx + 1.6)
    ax.set_ylim(-(n - 1) * 0.4 - 0.7, 0.9)
    ax.set_title("N = 16, M = 4, after bit reversal: green stages stay in a block, orange stages stay in a column")
    return save(fig, root / "04_threads/fig_blocks_columns.png")


def speedup_16core(root):
    """S = T1/TP and the time against P at N = 2^22, double, on the 16-core host, from the pinned
    repeats (tools/cpu16_repeat.sh): the median over the runs, with bars from the min to the max."""
    import statistics
    sys.path.insert(0, str(root / "tools"))
    import spread
    runs = spread.samples(root / f"{H100}/cpu16-repeat")
    n = 1 << 22
    fig, (ax, ax2) = plt.subplots(1, 2, figsize=(10, 3.9))
    ps = [1, 2, 4, 8, 16]
    series = {"04 v1 (threads per stage)": "04_threads/v1", "04 v2 (pool + barrier)": "04_threads/v2",
              "04 v3 (blocks, one barrier)": "04_threads/v3", "FFTW threaded plan": "fftw/measure"}
    colours = [GREY, ORANGE, BLUE, "k"]
    for (label, prefix), c in zip(series.items(), colours):
        per_p = {p: dict(runs.get(f"{prefix}/double/N:{n}/batch:1/threads:{p}", [])) for p in ps}
        if not per_p[1] or sum(1 for p in ps if per_p[p]) < 2:
            raise SystemExit(f"figures: speedup_16core: no P = 1 runs or too few rows for {prefix}")
        style = "--" if prefix.startswith("fftw") else "-"
        xs, s_mid, s_err, t_mid, t_err = [], [], [[], []], [], [[], []]
        for p in ps:
            if not per_p[p]:
                continue
            sp = spread.speedups(per_p, p)
            ts = list(per_p[p].values())
            xs.append(p)
            m, mt = statistics.median(sp), statistics.median(ts)
            s_mid.append(m); s_err[0].append(m - min(sp)); s_err[1].append(max(sp) - m)
            t_mid.append(mt); t_err[0].append(mt - min(ts)); t_err[1].append(max(ts) - mt)
        ax.errorbar(xs, s_mid, yerr=s_err, fmt=style, marker="o", color=c, label=label, markersize=4, capsize=3)
        ax2.errorbar(xs, t_mid, yerr=t_err, fmt=style, marker="o", color=c, label=label, markersize=4, capsize=3)
    ax.plot(ps, ps, ":", color=GREY, lw=1, label="ideal S = P")
    for a in (ax, ax2):
        a.set_xscale("log", base=2)
        a.set_xticks(ps)
        a.set_xticklabels([str(p) for p in ps])
        a.set_xlabel("threads P (pinned to P cores)")
        a.grid(alpha=0.3, which="both")
    ax.set_yscale("log", base=2)
    ax.set_yticks(ps)
    ax.set_yticklabels([str(p) for p in ps])
    ax.set_ylabel("speedup S = T1 / TP (same variant, same repeat)")
    ax.set_title("16-core host, N = 2^22, double: median of the runs, bars min-max")
    ax.legend(fontsize=7)
    ax2.set_yscale("log")
    ax2.set_ylabel("median ms per transform")
    ax2.set_title("The same runs: time per transform")
    fig.tight_layout()
    return save(fig, root / "04_threads/fig_speedup_16core.png")


# --- 05: four-step and binary exchange ----------------------------------------------------------

def four_step(root):
    """The four-step (Bailey) view of N = N1 N2 = 4 x 4 on P = 2 ranks: x as a matrix
    x[n1][n2] = x[N2 n1 + n2], transpose, N1-point FFTs, twiddles w(n2 k1, N), transpose,
    N2-point FFTs; the output sits at X[k1 + N1 k2]."""
    n1, n2, p = 4, 4, 2
    N = n1 * n2
    fig, axes = plt.subplots(1, 5, figsize=(13, 3.7))
    rank_of_row = lambda r, rows: r * p // rows  # noqa: E731

    def grid(ax, rows, cols, label, title, rank_rows=True, face_fn=None):
        for r in range(rows):
            for c in range(cols):
                face = RANK_COLOURS[rank_of_row(r, rows)] if rank_rows else "white"
                if face_fn:
                    face = face_fn(r, c)
                box(ax, c, -r, 1, 1, label(r, c), face=face, lw=0.5, fontsize=7)
        diagram_axes(ax)
        ax.set_xlim(-0.8, cols + 0.2)
        ax.set_ylim(-rows + 0.6, 1.4)
        ax.set_title(title, fontsize=8.5)

    grid(axes[0], n1, n2, lambda r, c: f"x{n2 * r + c}",
         "1. input: rank r holds rows\n$x[n_1][n_2] = x[N_2 n_1 + n_2]$")
    grid(axes[1], n2, n1, lambda r, c: f"x{n2 * c + r}",
         "2. all-to-all transpose,\nthen N1-point FFTs of each row")
    # twiddle phases w(n2 k1, N) on the transposed layout: row n2, column k1.
    cmap = plt.get_cmap("twilight")

    def tw_face(r, c):
        m = (r * c) % N
        return cmap(m / N)

    grid(axes[2], n2, n1, lambda r, c: f"$w^{{{(r * c) % N}}}$", "3. times $w(n_2 k_1, N)$\n(here $w^m = w(m, 16)$)",
         face_fn=tw_face)
    grid(axes[3], n1, n2, lambda r, c: "", "4. all-to-all transpose,\nthen N2-point FFTs of each row")
    grid(axes[4], n1, n2, lambda r, c: f"X{r + n1 * c}",
         "5. rank r holds rows $k_1$:\nentry $(k_1, k_2) = X[k_1 + N_1 k_2]$")
    for ax in axes[:4]:
        arrow(ax, (4.35, -1.0), (4.95, -1.0), colour="k", lw=1.2, clip_on=False)
    axes[0].text(-0.3, -3.6, "colour: rank 0 / rank 1", fontsize=7)
    fig.suptitle("Four-step FFT, N = 16 = 4 x 4 on P = 2 ranks: two transposes (messages), "
                 "local FFTs, one twiddle multiply; a third transpose gives natural order", fontsize=10)
    fig.tight_layout()
    return save(fig, root / "05_mpi/fig_four_step.png")


def binary_exchange(root):
    """DIF on 16 points over P = 4 ranks of 4 points: the first log2 P stages pair points on
    different ranks (a message each), the rest are local."""
    n, p = 16, 4
    colours = [RANK_COLOURS[i * p // n] for i in range(n)]
    fig, ax = plt.subplots(figsize=(9, 6.8))
    flow_graph(ax, n, "dif", row_colours=colours, twiddle_labels=False,
               title="Binary exchange: DIF on N = 16 over P = 4 ranks (bands)")
    fig.text(0.5, 0.045, "stages 0-1 (span >= M = 4): partner rank r XOR (span / M), one Sendrecv of M points each",
             ha="center", fontsize=8, color=RED)
    fig.text(0.5, 0.02, "stages 2-3 (span < M): a local 4-point FFT on each rank; rank r ends with X[k], k = rev(r) mod 4",
             ha="center", fontsize=8, color=BLUE)
    ax.set_ylim(-16.0, 1.9)
    for r in range(p):
        ax.text(-1.55, -(r * 4 + 1.5), f"rank {r}", rotation=90, va="center", ha="center", fontsize=8)
    return save(fig, root / "05_mpi/fig_binary_exchange.png")


FIGURES = {
    "dft_matrix": dft_matrix,
    "recursion_tree": recursion_tree,
    "dit_flow": flow_dit,
    "dif_flow": flow_dif,
    "bitreverse": bitreverse,
    "tiled_swap": tiled_swap,
    "radix4_butterfly": radix4_butterfly,
    "stage_schedule": thread_schedule,
    "blocks_columns": blocks_columns,
    "speedup_16core": speedup_16core,
    "four_step": four_step,
    "binary_exchange": binary_exchange,
}
