#!/usr/bin/env python3
"""How many of 12's generic single passes would lose a stage with more radices in the registers.

  tools/fewer_stages.py results/nvidia-h200/main-050e117/sweep_12_gpu.json
  tools/fewer_stages.py SWEEP.json --radices 25,27,30,32

A sweep's batched records name each single pass's stages (`describe()`: "1000 = 10 * 10 * 10").
For the 7-smooth passes of 512 points and more on the generic kernel, this counts how the fewest
stages would change if the stage radices (2-10, 16; 12, 14, 15 and 18, 20, 21, 24, 28 in wide passes) also took the ones given: each
cell is (stages now -> stages then): sizes. `sweep_summary.py --stages` says what a stage costs.
"""
import argparse
import collections
import functools
import json

from sweep_summary import single_pass_radices  # describe()'s radices, as --stages reads them

TODAY = (2, 3, 4, 5, 6, 7, 8, 9, 10, 12, 14, 15, 16, 18, 20, 21, 24, 28)  # pass_radices' (gpu_shape.hpp), wide ones too


def fewest_stages(n, radices):
    @functools.lru_cache(maxsize=None)
    def f(m):
        if m == 1:
            return 0
        return min(1 + f(m // r) for r in radices if m % r == 0)

    return f(n)


def single_passes(path, precision):
    """(N, stages) of each generic 7-smooth single pass of 512 points or more."""
    out = []
    for r in json.load(open(path))["records"]:
        single = single_pass_radices(r) if r["mode"] == "batched" and r["precision"] == precision else None
        if single and not single[1] and r["n"] >= 512 and all(x in TODAY for x in single[0]):  # generic, no stage of 11-31
            out.append((r["n"], len(single[0])))
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("sweep")
    ap.add_argument("--radices", default="25,27", help="radices to add, comma-separated (default 25,27)")
    a = ap.parse_args()
    extra = tuple(int(x) for x in a.radices.split(","))
    for precision in ("float", "double"):
        passes = single_passes(a.sweep, precision)
        moves = collections.Counter((s, fewest_stages(n, TODAY + extra)) for n, s in passes)
        fewer = sum(c for (s, t), c in moves.items() if t < s)
        cells = ", ".join(f"{s} -> {t}: {c}" for (s, t), c in sorted(moves.items()))
        print(f"{precision}: {len(passes)} generic single passes; with {a.radices}, {fewer} lose a stage or more ({cells})")


if __name__ == "__main__":
    main()
