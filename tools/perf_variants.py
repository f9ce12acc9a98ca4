#!/usr/bin/env python3
"""perf stat for each variant of a CPU chapter's benchmark at one size, counts per transform.

    tools/perf_variants.py build/default/bench/bench_04_threads [--n 1048576] [--precision double]

Runs each matching benchmark alone under `perf stat` (one repetition, ~1 s), reads how many
transforms it timed and their CPU time from the benchmark's JSON, and prints one row per variant:
CPU milliseconds per transform, context switches, CPU migrations and page faults per transform,
and cycles, instructions and cache misses per transform where the machine exposes
hardware counters (a VM often does not: the table then says so). Library rows (FFTW) are left
out: their plan is made inside the first run, and planning would swamp the counts.
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile

SOFTWARE = ["task-clock", "context-switches", "cpu-migrations", "page-faults"]
HARDWARE = ["cycles", "instructions", "cache-misses"]


def hardware_counters_work():
    try:
        r = subprocess.run(["perf", "stat", "-x,", "-e", "instructions", "true"], capture_output=True, text=True)
    except FileNotFoundError:
        sys.exit("perf is not installed (apt-get install linux-perf)")
    return r.returncode == 0 and "not supported" not in r.stderr and "<not counted>" not in r.stderr


def benchmark_names(exe, n, precision):
    out = subprocess.run([exe, "--benchmark_list_tests"], capture_output=True, text=True, check=True).stdout
    names = []
    for line in out.split():
        base = line.split("/min_time:")[0]
        if f"/N:{n}/" in base and f"/{precision}/" in base and not base.startswith(("fftw", "cufft")):
            names.append(base)
    return sorted(set(names))


def run_one(exe, name, events, min_time):
    # Names hold only [A-Za-z0-9_/:.-]: used as they are in the filter (POSIX regex, where
    # Python's escaping of '-' would not match).
    with tempfile.TemporaryDirectory() as tmp:
        csv = os.path.join(tmp, "perf.csv")
        env = dict(os.environ, COURSE_BENCH_DIR=tmp, COURSE_BENCH_REPETITIONS="1", COURSE_BENCH_MIN_TIME=min_time)
        subprocess.run(["perf", "stat", "-x,", "-o", csv, "-e", ",".join(events), "--", exe,
                        f"--benchmark_filter=^{name}(/|$)"], env=env, capture_output=True, check=True)
        counts = {}
        for line in open(csv):
            parts = line.strip().split(",")
            if len(parts) > 2 and parts[2] in events:
                try:
                    counts[parts[2]] = float(parts[0])
                except ValueError:
                    counts[parts[2]] = None  # <not supported> / <not counted>
        runs = json.load(open(os.path.join(tmp, os.path.basename(exe) + ".json")))["benchmarks"]
        timed = [b for b in runs if b.get("run_type") == "iteration"]
        iterations = sum(b["iterations"] for b in timed)
        cpu_ms = timed[0]["cpu_time"] if timed else 0.0  # benchmark's unit is ms (with_defaults)
        return counts, iterations, cpu_ms


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("exe")
    ap.add_argument("--n", type=int, default=1 << 20)
    ap.add_argument("--precision", default="double")
    ap.add_argument("--min-time", default="1.0", help="seconds of transforms per benchmark: longer dilutes the setup")
    args = ap.parse_args()
    hw = hardware_counters_work()
    events = SOFTWARE + (HARDWARE if hw else [])
    names = benchmark_names(args.exe, args.n, args.precision)
    if not names:
        sys.exit(f"no benchmark of {args.exe} matches N = {args.n}, {args.precision}")
    print(f"perf stat per transform, {os.path.basename(args.exe)}, N = {args.n}, {args.precision}"
          + ("" if hw else " (hardware counters not available on this machine: software events only)"))
    print("Counts are for the whole run divided by the timed transforms: the run also makes the input and\n"
          "the plan and does Google Benchmark's trial runs, so read them as upper bounds, and compare rows.\n"
          "'CPU ms' is the benchmark's own CPU time per transform (its main thread); 'task-clock ms' counts\n"
          "every thread of the process, so a threaded variant shows its helpers' work there.")
    head = ["benchmark", "transforms timed", "CPU ms", "task-clock ms", "ctx switches", "migrations", "page faults"]
    if hw:
        head += ["cycles", "instructions", "IPC", "cache misses"]
    print("| " + " | ".join(head) + " |")
    print("|---" + "|---:" * (len(head) - 1) + "|")
    for name in names:
        c, it, cpu_ms = run_one(args.exe, name, events, args.min_time)
        per = lambda e: (c.get(e) or 0.0) / max(it, 1)  # noqa: E731
        row = [name, str(it), f"{cpu_ms:.3g}", f"{per('task-clock'):.3g}", f"{per('context-switches'):.3g}",
               f"{per('cpu-migrations'):.3g}", f"{per('page-faults'):.3g}"]
        if hw:
            ipc = c["instructions"] / c["cycles"] if c.get("cycles") and c.get("instructions") else 0.0
            row += [f"{per('cycles'):.3g}", f"{per('instructions'):.3g}", f"{ipc:.2f}", f"{per('cache-misses'):.3g}"]
        print("| " + " | ".join(row) + " |", flush=True)


if __name__ == "__main__":
    main()
