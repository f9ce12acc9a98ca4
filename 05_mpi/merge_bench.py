#!/usr/bin/env python3
"""Joins the per-rank-count JSON files of bench_05_mpi into one, and prints the thesis's table.

    python3 05_mpi/merge_bench.py bench_05_mpi.p*.json --out bench_05_mpi.json

For every median row it adds speedup S = T1 / TP (T1: the same variant, precision and N on one
rank, from the same set of files), efficiency E = S / P, and vs_fftw_mpi = FFTW-MPI's time on
the same P divided by this row's (1.0: as fast as the library; 0.5: twice as slow).
"""
import json
import re
import sys


def key(name):
    """'05_mpi/v3/double/N:1024/batch:1/threads:4' -> ('05_mpi/v3/double/N:1024/batch:1', 4)."""
    m = re.match(r"(.*)/threads:(\d+)$", name)
    return (m.group(1), int(m.group(2))) if m else (name, 1)


def main(argv):
    if "--out" not in argv or argv.index("--out") + 1 >= len(argv):
        sys.exit(__doc__)
    out = argv[argv.index("--out") + 1]
    inputs = [a for i, a in enumerate(argv[1:], 1) if a != "--out" and argv[i - 1] != "--out"]
    context, benches, ranks, loads = {}, [], set(), {}
    for path in inputs:
        with open(path) as f:
            data = json.load(f)
        if not context:
            context = dict(data.get("context", {}))
        ranks.add(int(data.get("context", {}).get("mpi_ranks", "0")))
        loads[path.rsplit("/", 1)[-1]] = data.get("context", {}).get("load_avg")
        benches += data.get("benchmarks", [])
    context["mpi_ranks"] = ",".join(str(p) for p in sorted(ranks))
    context["merged_from"] = len(inputs)
    context["load_avg_per_run"] = loads

    median = {key(b["run_name"]): b for b in benches if b.get("aggregate_name") == "median"}
    rows = []
    for (base, p), b in sorted(median.items(), key=lambda kv: (kv[0][0], kv[0][1])):
        t1 = median.get((base, 1))
        if t1:
            b["speedup"] = t1["real_time"] / b["real_time"]
            b["efficiency"] = b["speedup"] / p
        lib_base = re.sub(r"^05_mpi/v[0-9]+(/transposed)?/", "fftw_mpi/measure/", base)
        lib = median.get((lib_base, p))
        if lib and not base.startswith("fftw_mpi"):
            b["vs_fftw_mpi"] = lib["real_time"] / b["real_time"]
        rows.append((base, p, b))

    with open(out, "w") as f:
        json.dump({"context": context, "benchmarks": benches}, f, indent=1)

    print(f"{'benchmark':52} {'P':>3} {'median ms':>11} {'S=T1/TP':>8} {'E=S/P':>6} {'vs FFTW-MPI':>11}")
    for base, p, b in rows:
        fmt = lambda k, spec: format(b[k], spec) if k in b else "-"
        print(f"{base:52} {p:3d} {b['real_time']:11.3f} {fmt('speedup', '8.2f'):>8} {fmt('efficiency', '6.2f'):>6} "
              f"{fmt('vs_fftw_mpi', '11.2f'):>11}")
    print(f"wrote {out} ({len(median)} medians from {len(inputs)} files)")


if __name__ == "__main__":
    main(sys.argv)
