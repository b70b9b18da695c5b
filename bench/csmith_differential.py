#!/usr/bin/env python3
"""Differential testing of pacer's C frontend on random programs (csmith).

For each seed: csmith writes a program; `pacer profile --check` analyses it,
runs it with coverage counters and compares every compute node's execution
count by the model with the counters'; `pacer predict --model hllc` prices it
from the profile. Prints crashes, hangs, refusals by cause, and the share of
nodes whose counts agree. A program still running at the time limit is
stopped and profiled from its run so far (--partial); its nodes are counted
apart, since code after the point it reached counts 0.

Usage: bench/csmith_differential.py [--seeds 1:500] [--pacer build/pacer] [--time-limit 10] [--keep DIR]
"""
import argparse
import collections
import json
import os
import subprocess
import sys
import tempfile
import time

# csmith's header is a library's: included as a system header, its helper
# functions are library calls, not functions of the program to analyse.
CSMITH_INCLUDE = "/usr/include/csmith"


def run(argv, timeout):
    """(exit status or None when it hung, stdout, stderr)"""
    try:
        p = subprocess.run(argv, capture_output=True, text=True, timeout=timeout)
        return p.returncode, p.stdout, p.stderr
    except subprocess.TimeoutExpired:
        return None, "", ""


def cause(stderr):
    """The first line of pacer's message, without the file name, as a refusal's cause."""
    for line in stderr.splitlines():
        if "error:" in line:
            text = line.split("error:", 1)[1].strip()
            return text.split(": ", 1)[1] if text.startswith("/") and ": " in text else text
    return stderr.strip().splitlines()[-1] if stderr.strip() else "(no message)"


def crashed(status):
    return status is not None and status not in (0, 2, 3)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seeds", default="1:100", help="first:last")
    ap.add_argument("--pacer", default=os.path.join(os.path.dirname(__file__), "..", "build", "pacer"))
    ap.add_argument("--time-limit", type=float, default=10, help="seconds a profiled program may run")
    ap.add_argument("--keep", help="keep the programs and outputs in this folder")
    a = ap.parse_args()
    first, last = (int(x) for x in a.seeds.split(":"))
    work = a.keep or tempfile.mkdtemp(prefix="pacer-csmith-")
    os.makedirs(work, exist_ok=True)
    hang_after = a.time_limit + 60  # pacer stops a slow program itself; beyond that pacer hangs

    counts = collections.Counter()
    refusals = collections.Counter()
    disagreeing = []  # (seed, node, measured, modelled)
    nodes = agreeing = stopped_nodes = stopped_agreeing = 0
    start = time.time()
    for seed in range(first, last + 1):
        src = os.path.join(work, f"s{seed}.c")
        with open(src, "w") as f:
            subprocess.run(["csmith", "--seed", str(seed), "--no-packed-struct"], stdout=f, check=True)
        prof = os.path.join(work, f"s{seed}.profile")
        status, out, err = run([a.pacer, "profile", src, "--out", prof, "--check", "--json", "--time-limit",
                                str(a.time_limit), "--partial", "--", "-isystem" + CSMITH_INCLUDE], hang_after)
        if status is None or crashed(status):
            counts["hang" if status is None else "crash"] += 1
            print(f"seed {seed}: pacer profile {'hung' if status is None else 'crashed (status %d)' % status}")
            continue
        if status != 0:
            counts["refused"] += 1
            refusals["profile: " + cause(err)] += 1
            continue
        check = json.loads(out)
        if check["stopped"]:
            counts["stopped"] += 1
            stopped_nodes += check["total"]
            stopped_agreeing += check["agreeing"]
        nodes += 0 if check["stopped"] else check["total"]
        agreeing += 0 if check["stopped"] else check["agreeing"]
        for n in ([] if check["stopped"] else check["nodes"]):
            if not n["agrees"]:
                disagreeing.append((seed, f'{n["function"]}/{n["node"]} ({n["where"]})', n["measured"], n["modelled"]))
        status, out, err = run([a.pacer, "predict", src, "--profile", prof, "--model", "hllc", "--hw", "host",
                                "--json", "--", "-isystem" + CSMITH_INCLUDE], hang_after)
        if status is None or crashed(status):
            counts["hang" if status is None else "crash"] += 1
            print(f"seed {seed}: pacer predict {'hung' if status is None else 'crashed (status %d)' % status}")
        elif status != 0:
            counts["refused"] += 1
            refusals["predict: " + cause(err)] += 1
        else:
            counts["predicted"] += 1

    programs = last - first + 1
    print(f"\ncsmith seeds {first}-{last}: {programs} programs in {time.time() - start:.0f} s (work in {work})")
    print(f"  analysed, profiled and predicted: {counts['predicted']} ({100.0 * counts['predicted'] / programs:.1f}%)")
    print(f"  crashes: {counts['crash']}, hangs: {counts['hang']}, refused: {counts['refused']}")
    for c, k in refusals.most_common():
        print(f"    {k:4d}  {c}")
    share = 100.0 * agreeing / nodes if nodes else 0
    print(f"  stopped at the time limit and profiled from their run so far: {counts['stopped']}")
    print(f"  node counts agreeing with the counters, programs that ran to the end: {agreeing} of {nodes} ({share:.2f}%)")
    if stopped_nodes:
        print(f"  ... programs stopped at the limit: {stopped_agreeing} of {stopped_nodes} "
              f"({100.0 * stopped_agreeing / stopped_nodes:.2f}%; code after the point reached counts 0)")
    for seed, node, measured, modelled in disagreeing[:40]:
        print(f"    seed {seed}: {node}: measured {measured:g}, modelled {modelled:g}")
    if len(disagreeing) > 40:
        print(f"    ... and {len(disagreeing) - 40} more")
    return 0


if __name__ == "__main__":
    sys.exit(main())
