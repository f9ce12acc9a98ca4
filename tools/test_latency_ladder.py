#!/usr/bin/env python3
"""CTest latency_ladder_reduce (label cpu): tools/latency_ladder.py reduce on a made-up trace whose
answer is known, laid out as sweep_12_gpu lays out its kernels (a fill, the warm-up transforms,
then alternating timed bursts, then the error check's stray kernels and copies).

Two sizes: one kernel each side, 3 transforms a burst; then our two passes against cuFFT's three
kernels, 2 a burst. Kernel durations and the gap between kernels are fixed, so kernel time and
span a transform are exact. A plan whose passes disagree with the trace must be refused.
"""
import csv
import json
import os
import subprocess
import sys
import tempfile

TOOL = os.path.join(os.path.dirname(os.path.abspath(__file__)), "latency_ladder.py")
GAP = 800  # ns between kernels
FIELDS = ["Start (ns)", "Duration (ns)", "GrdX", "BlkX", "BlkY", "Name"]


class Trace:
    def __init__(self):
        self.t, self.rows = 1000, []

    def kernel(self, name, dur):
        self.rows.append({"Start (ns)": self.t, "Duration (ns)": dur, "GrdX": 1, "BlkX": 64, "BlkY": 1, "Name": name})
        self.t += dur + GAP

    def copy(self, direction):
        self.rows.append({"Start (ns)": self.t, "Duration (ns)": 9000, "GrdX": "", "BlkX": "", "BlkY": "", "Name": f"[CUDA memcpy {direction}]"})
        self.t += 10000

    def transforms(self, kernels, count):
        for _ in range(count):
            for name, dur in kernels:
                self.kernel(name, dur)


OURS_1 = [("void course::radixn::tile_fft_kernel<float, (int)8>(args)", 4000)]
CUFFT_1 = [("void vector_fft<(unsigned int)256>(args)", 1500)]
OURS_2 = [("void course::radixn::tile_fft_kernel<float, (int)9>(args)", 7000),
          ("void course::radixn::tile_fft_kernel<float, (int)8>(args)", 5000)]
CUFFT_3 = [("void regular_fft_factor<(unsigned int)256>(args)", 3000), ("void regular_fft_factor<(unsigned int)128>(args)", 2000),
           ("void regular_fft_factor<(unsigned int)64>(args)", 1000)]


def size(trace, ours, cufft, reps, samples=3):
    trace.kernel("void course::bench::<unnamed>::fill_kernel<float>(args)", 1500)
    trace.copy("Host-to-Device")
    trace.transforms(ours, 1)  # warm-ups, then `one`, which runs into the first timed burst
    trace.transforms(cufft, 1)
    trace.transforms(ours, 1)
    for _ in range(samples):
        trace.transforms(ours, reps)
        trace.t += 20000  # event record and host wait between bursts
        trace.transforms(cufft, reps)
        trace.t += 20000
    # The error check: copies between a double cuFFT reference, ours once and cuFFT float once.
    trace.copy("Device-to-Host")
    trace.copy("Host-to-Device")
    trace.transforms([("void vector_fft<(unsigned int)256, double>(args)", 2500)], 1)
    trace.copy("Device-to-Host")
    trace.transforms(ours, 1)
    trace.copy("Device-to-Host")
    trace.transforms(cufft, 1)
    trace.copy("Device-to-Host")


def run(tmp, plans):
    trace = Trace()
    size(trace, OURS_1, CUFFT_1, reps=3)
    size(trace, OURS_2, CUFFT_3, reps=2)
    csv_path, sweep_path, out_path = (os.path.join(tmp, f) for f in ("trace.csv", "sweep.json", "kernels.json"))
    with open(csv_path, "w", newline="") as f:
        w = csv.DictWriter(f, FIELDS)
        w.writeheader()
        w.writerows(trace.rows)
    records = [{"n": n, "precision": "float", "ours_ms": 0.005, "cufft_ms": 0.002, "plan": p} for n, p in zip((256, 131072), plans)]
    with open(sweep_path, "w") as f:
        json.dump({"context": {"gpu": "made up"}, "records": records}, f)
    done = subprocess.run([sys.executable, TOOL, "reduce", csv_path, sweep_path, out_path], capture_output=True, text=True)
    if done.returncode:
        return done.returncode, done.stderr + done.stdout
    with open(out_path) as f:
        return 0, json.load(f)["sizes"]


def main():
    failures = []

    def expect(what, got, want):
        if abs(got - want) > 1e-9:
            failures.append(f"{what}: {got}, expected {want}")

    with tempfile.TemporaryDirectory() as tmp:
        rc, sizes = run(tmp, ["one pass over global memory", "2 passes over global memory"])
        if rc:
            sys.exit(f"FAIL: reduce refused a consistent trace: {sizes}")
        small, large = sizes
        expect("N=256 reps", small["reps"], 3)
        expect("N=256 ours kernel time", small["ours"]["kernel_us"], 4.0)
        expect("N=256 ours span", small["ours"]["span_us"], round((3 * 4000 + 2 * GAP) / 3 / 1e3, 3))
        expect("N=256 cuFFT kernel time", small["cufft"]["kernel_us"], 1.5)
        expect("N=2^17 reps", large["reps"], 2)
        expect("N=2^17 our kernels", large["ours"]["kernels"], 2)
        expect("N=2^17 ours kernel time", large["ours"]["kernel_us"], 12.0)
        expect("N=2^17 cuFFT kernels", large["cufft"]["kernels"], 3)
        expect("N=2^17 cuFFT kernel time", large["cufft"]["kernel_us"], 6.0)
        expect("N=2^17 cuFFT span", large["cufft"]["span_us"], round((2 * 6000 + 5 * GAP) / 2 / 1e3, 3))
        expect("N=2^17 excerpt rows", len(large["excerpt"]), 2 * 2 + 2 * 3)
        # A plan that says one pass where the trace shows two kernels a transform.
        rc, err = run(tmp, ["one pass over global memory", "one pass over global memory"])
        if rc == 0 or "2 kernels" not in err:
            failures.append(f"a plan of one pass against two kernels a transform was not refused (rc {rc}): {err}")
    if failures:
        print("FAIL:\n  " + "\n  ".join(failures))
        sys.exit(1)
    print("latency_ladder.py reduce: kernel times, spans and counts as made; a wrong pass count refused")


if __name__ == "__main__":
    main()
