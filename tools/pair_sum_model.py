#!/usr/bin/env python3
"""Fit 12's pair-sum model (12_any_n/gpu_route.hpp) to a GPU A/B of the primes 37-251.

  tools/pair_sum_model.py BLUESTEIN.json PAIRS.json                # the fit, and where it errs
  tools/pair_sum_model.py BLUESTEIN.json PAIRS.json --check HEADER # exit 1 unless HEADER holds it

BLUESTEIN.json and PAIRS.json are sweep_12_gpu runs of the same primes (`--groups prime`), one
with every prime of 37-251 by Bluestein, one with every such prime by pair sums. A transform of p
points costs, in ns, a p^2 + b p by pair sums (their arithmetic, and their bytes) and
c M log2 M + d p by Bluestein (two FFTs of M >= 2p - 1, and the chirp's bytes); least squares on
the batched runs, one fit a precision. The header's kPairSumModel must round to the fit's four
significant figures.
"""
import argparse
import json
import math
import re
import sys


def is_prime(n):
    return n > 1 and all(n % d for d in range(2, int(n ** 0.5) + 1))


def convolution_length(p):
    m = 1
    while m < 2 * p - 1:
        m *= 2
    return m


def records(path):
    with open(path) as f:
        return {(r["n"], r["precision"], r["mode"]): r for r in json.load(f)["records"] if "ours_ms" in r}


def least_squares(rows, y):
    """Two unknowns, by the normal equations."""
    s11 = sum(u * u for u, _ in rows)
    s12 = sum(u * v for u, v in rows)
    s22 = sum(v * v for _, v in rows)
    t1 = sum(u * w for (u, _), w in zip(rows, y))
    t2 = sum(v * w for (_, v), w in zip(rows, y))
    det = s11 * s22 - s12 * s12
    return (t1 * s22 - t2 * s12) / det, (s11 * t2 - s12 * t1) / det


def fit(bluestein, pairs, precision):
    primes = sorted(k[0] for k in pairs if k[1] == precision and k[2] == "batched" and 37 <= k[0] <= 251 and is_prime(k[0]))
    if not primes:
        sys.exit(f"no batched {precision} primes of 37-251 in the runs")
    for p in primes:
        if "pair sums" not in pairs[(p, precision, "batched")]["plan"] or "Bluestein" not in bluestein[(p, precision, "batched")]["plan"]:
            sys.exit(f"{precision} {p}: the runs are not pair sums against Bluestein")
    ns = lambda r: r["ours_ms"] * 1e6 / r["batch"]  # a transform
    t_pairs = [ns(pairs[(p, precision, "batched")]) for p in primes]
    t_blue = [ns(bluestein[(p, precision, "batched")]) for p in primes]
    rows_pairs = [(p * p, p) for p in primes]
    rows_blue = [(convolution_length(p) * math.log2(convolution_length(p)), p) for p in primes]
    a, b = least_squares(rows_pairs, t_pairs)
    c, d = least_squares(rows_blue, t_blue)
    model_pairs = [a * u + b * v for u, v in rows_pairs]
    model_blue = [c * u + d * v for u, v in rows_blue]
    wrong = [(p, max(x, y) / min(x, y)) for p, x, y, u, w in zip(primes, t_pairs, t_blue, model_pairs, model_blue) if (u <= w) != (x <= y)]
    err_pairs = max(abs(u / x - 1) for u, x in zip(model_pairs, t_pairs))
    err_blue = max(abs(w / y - 1) for w, y in zip(model_blue, t_blue))
    return (a, b, c, d), len(primes), err_pairs, err_blue, wrong


def header_constants(path, precision):
    text = open(path).read()
    m = re.search(r"kPairSumModel = sizeof\(T\) == 4 \? PairSumModel\{([^}]*)\}\s*:\s*PairSumModel\{([^}]*)\}", text)
    if not m:
        sys.exit(f"{path}: no kPairSumModel")
    return [float(x) for x in m.group(1 if precision == "float" else 2).split(",")]


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("bluestein")
    ap.add_argument("pairs")
    ap.add_argument("--check", metavar="HEADER")
    args = ap.parse_args()
    bluestein, pairs = records(args.bluestein), records(args.pairs)
    bad = 0
    for precision in ("float", "double"):
        k, count, err_pairs, err_blue, wrong = fit(bluestein, pairs, precision)
        print(f"{precision}: a, b, c, d = {', '.join(f'{x:.4g}' for x in k)} ns ({count} primes); "
              f"largest error {err_pairs:.0%} pairs, {err_blue:.0%} Bluestein; "
              f"slower route picked at {', '.join(f'{p} ({r:.2f}x)' for p, r in wrong) or 'none'}")
        if args.check:
            held = header_constants(args.check, precision)
            if any(f"{x:.4g}" != f"{y:.4g}" for x, y in zip(held, k)):
                print(f"{args.check}: {precision} holds {held}, the fit says {[float(f'{x:.4g}') for x in k]}")
                bad = 1
    return bad


if __name__ == "__main__":
    sys.exit(main())
