#!/usr/bin/env python3
"""Rank 0's kernels during one plain and one overlapped transform, from an Nsight Systems trace
exported to SQLite (`nsys export --type sqlite`): stream, start (ms from the NVTX range's start),
duration (ms) and name. `./course profile 13` runs it; lesson 13 quotes its output.

  python3 13_multi_gpu/nsys_timeline.py rank0.sqlite
"""
import sqlite3, sys
db = sqlite3.connect(sys.argv[1])
names = dict(db.execute("select id, value from StringIds"))
rows = db.execute("select start, end, streamId, shortName from CUPTI_ACTIVITY_KIND_KERNEL order by start").fetchall()
mem = db.execute("select start, end, streamId from CUPTI_ACTIVITY_KIND_MEMCPY order by start").fetchall()
ev = [(s, e, st, names.get(n, str(n))) for s, e, st, n in rows] + [(s, e, st, "memcpy D2D") for s, e, st in mem]
ev.sort()
# NVTX ranges: the last of each variant's
nv = db.execute("select start, end, text from NVTX_EVENTS where text is not null order by start").fetchall()
for label in ("v1_plain forward", "v2_overlap forward", "v2_overlap/row_groups_1 forward"):
    r = [x for x in nv if x[2] == label]
    if not r:  # v2 with one row group is traced only where the benchmark ran it
        continue
    r = r[-1]
    t0 = r[0]
    print(f"== {label}: NVTX range {(r[1]-r[0])/1e6:.3f} ms; kernels (stream, start ms, duration ms, name)")
    for s, e, st, n in ev:
        if s >= r[0] and s <= r[1]:
            print(f"  stream {st:3d}  {(s-t0)/1e6:8.3f}  {(e-s)/1e6:7.3f}  {n[:70]}")
