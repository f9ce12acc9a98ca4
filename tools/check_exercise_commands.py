#!/usr/bin/env python3
"""CTest lesson_exercise_benchmarks: every benchmark command an exercise gives selects something.

Finds, in the Exercises section of each lesson given, every backticked command that runs a
benchmark executable with --benchmark_filter (with any VAR=value prefix), and runs it in the
build tree with --benchmark_list_tests=true: the filter must list at least one benchmark, so an
exercise never asks for a size or variant the benchmark does not register.
usage: check_exercise_commands.py <build dir> <lesson README.md>...
"""
import os
import re
import shlex
import subprocess
import sys


def main():
    build, lessons = sys.argv[1], sys.argv[2:]
    bad, checked = [], 0
    for lesson in lessons:
        text = open(lesson, encoding="utf-8").read()
        at = text.find("## Exercises")
        if at < 0:
            bad.append(f"{lesson}: no Exercises section")
            continue
        section = re.sub(r"\s+", " ", text[at:])
        for cmd in re.findall(r"`([^`]*bench_[0-9]{2}_\w+[^`]*--benchmark_filter=[^`]*)`", section):
            cmd = cmd.split("&&")[-1].strip()   # the run after a build step
            words = shlex.split(cmd)
            env = dict(os.environ)
            while words and re.fullmatch(r"[A-Z_][A-Z0-9_]*=.*", words[0]):
                k, v = words.pop(0).split("=", 1)
                env[k] = v
            # A wrapper (taskset -c 0, ...) before the executable is not run here.
            at = next((i for i, w in enumerate(words) if re.search(r"bench_[0-9]{2}_", w)), 0)
            words = words[at:]
            exe = words[0]
            path = os.path.join(build, exe.split("build/default/", 1)[-1])
            if not os.path.isfile(path):
                bad.append(f"{lesson}: `{cmd}`: {path} is not built")
                continue
            r = subprocess.run([path] + words[1:] + ["--benchmark_list_tests=true"], env=env,
                               capture_output=True, text=True, timeout=60)
            listed = [l for l in r.stdout.splitlines() if l.strip()]
            checked += 1
            if r.returncode != 0 or not listed:
                bad.append(f"{lesson}: `{cmd}` selects no benchmark (exit {r.returncode}); the exercise asks for "
                           "something the benchmark does not register")
            else:
                print(f"{lesson}: `{cmd}` -> {len(listed)} benchmark(s), e.g. {listed[0]}")
    for b in bad:
        print("FAIL: " + b)
    if not checked and not bad:
        print("no benchmark commands found in the exercises")
        return 1
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
