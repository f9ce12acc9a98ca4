#!/usr/bin/env python3
"""Lesson 13's figure: rank 0's kernels on their streams during one plain (v1) and the
overlapped (v2) transforms, drawn from the committed timeline text that
13_multi_gpu/nsys_timeline.py printed from the Nsight Systems trace.

  tools/figure_13_timeline.py results/nvidia-h200-x4/profiles/nsys_13_timeline_p4_float_2e30.txt 13_multi_gpu/fig_timeline.png
"""
import re
import sys

import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt

COLOURS = {"cluster_fft_kernel": "#4c72b0", "twiddle_and_pack": "#dd8452", "transpose_chunk": "#55a868",
           "ncclDevKernel_SendRecv": "#c44e52", "memcpy D2D": "#8172b3"}
LABELS = {"cluster_fft_kernel": "row / column FFTs (11's plan)", "twiddle_and_pack": "twiddle and pack",
          "transpose_chunk": "transpose", "ncclDevKernel_SendRecv": "NCCL exchange", "memcpy D2D": "own tile (copy)"}


def parse(path):
    runs, current = {}, None
    for line in open(path):
        m = re.match(r"== (\S+) forward: NVTX range ([\d.]+) ms", line)
        if m:
            current = m.group(1)
            runs[current] = (float(m.group(2)), [])
            continue
        m = re.match(r"\s+stream\s+(\d+)\s+([\d.]+)\s+([\d.]+)\s+(.+)", line)
        if m and current:
            runs[current][1].append((int(m.group(1)), float(m.group(2)), float(m.group(3)), m.group(4).strip()))
    return runs


# Panel order and titles: plain, then v2 before and after its row groups (one change a panel).
ORDER = {"v1_plain": (0, "v1 plain"), "v2_overlap/row_groups_1": (1, "v2, step 1 whole"),
         "v2_overlap": (2, "v2 overlap, step 1 in 2 row groups")}


def main(src, dst):
    runs = dict(sorted(parse(src).items(), key=lambda kv: ORDER.get(kv[0], (9, kv[0]))[0]))
    fig, axes = plt.subplots(len(runs), 1, figsize=(9, 1.6 * len(runs) + 0.8), sharex=True)
    seen = set()
    for ax, (name, (total, kernels)) in zip(axes, runs.items()):
        streams = sorted({k[0] for k in kernels})
        for s, start, dur, kname in kernels:
            y = streams.index(s)
            label = None if kname in seen else LABELS.get(kname, kname)
            seen.add(kname)
            ax.barh(y, dur, left=start, color=COLOURS.get(kname, "grey"), edgecolor="white", label=label)
        ax.set_yticks(range(len(streams)), ["compute stream" if i == 0 else "exchange stream" for i in range(len(streams))])
        ax.set_title(f"{ORDER.get(name, (9, name))[1]}: {total:.1f} ms (rank 0 of 4, float N = 2^30)", fontsize=10, loc="left")
    axes[-1].set_xlabel("ms from the start of execute()")
    fig.legend(loc="lower center", ncol=3, fontsize=8, frameon=False)
    fig.tight_layout(rect=(0, 0.12, 1, 1))
    fig.savefig(dst, dpi=120)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
