#!/usr/bin/env python3
# bench.py — tether-cli against the official TypeScript SDK client and a
# minimal GIO floor, all against the fast C stdio server (the fake server),
# measured in one run. Prints the figures, the ratios and the targets.
# Not part of the test suite: run it by hand on a quiet machine.
#
#   meson setup _build && ninja -C _build
#   tests/interop/install-peers.sh _build        # the SDK, pinned
#   tests/bench/bench.py _build [--count 20000] [--repeat 3]
#
# Peak RSS is read with GNU time (Debian package "time") when it is there.
#
# Targets (issue 3): sequential ping time ≤ 0.6× the SDK's; 32 in flight
# throughput ≥ 1.5× the SDK's; `tether-cli tools` as a whole process
# ≤ 0.1× the SDK client's wall time; peak RSS ≤ ⅛ of the SDK client's.
#
# Copyright 2026 The Tether authors
# SPDX-License-Identifier: GPL-3.0-or-later

import argparse
import json
import os
import resource
import shutil
import statistics
import subprocess
import sys
import time

here = os.path.dirname(os.path.abspath(__file__))


TIME = "/usr/bin/time" if os.access("/usr/bin/time", os.X_OK) else None


def run(argv):
    """Run argv; return (stdout, wall seconds, peak RSS in KiB).

    The peak RSS is the client's (or a child's, if larger; the server is
    far smaller). It is read by GNU time, which forks from a small process:
    a child forked from this Python process would count Python's own pages
    in its peak."""
    wrapped = [TIME, "-f", "@@maxrss %M"] + argv if TIME else argv
    start = time.perf_counter()
    proc = subprocess.run(wrapped, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    wall = time.perf_counter() - start
    err = proc.stderr.decode(errors="replace")
    if proc.returncode != 0:
        sys.exit(f"bench: {' '.join(argv)} failed ({proc.returncode}):\n{err}")
    rss = 0
    for line in err.splitlines():
        if line.startswith("@@maxrss "):
            rss = int(line.split()[1])
    if not TIME:
        rss = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    return proc.stdout.decode(), wall, rss


def median_run(argv, repeat, key):
    runs = []
    for _ in range(repeat):
        out, wall, rss = run(argv)
        data = json.loads(out) if key else {}
        runs.append((data.get(key, wall) if key else wall, data, wall, rss))
    runs.sort(key=lambda r: r[0])
    return runs[len(runs) // 2]


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("builddir")
    parser.add_argument("--count", type=int, default=20000, help="pings per measurement")
    parser.add_argument("--repeat", type=int, default=3, help="runs per figure (the median is kept)")
    args = parser.parse_args()

    build = os.path.abspath(args.builddir)
    server = [os.path.join(build, "tests", "fake-mcp-server")]
    cli = os.path.join(build, "src", "cli", "tether-cli")
    floor = os.path.join(build, "tests", "floor-client")
    peers = os.path.join(build, "peers")
    node = shutil.which("node")
    for path, what in ((server[0], "the fake server"), (cli, "tether-cli"), (floor, "the floor client")):
        if not os.path.exists(path):
            sys.exit(f"bench: {what} is missing ({path}): build with ninja -C {args.builddir}")
    if node is None:
        sys.exit("bench: node not found: build-aux/deps.sh test")
    if not os.path.isdir(os.path.join(peers, "node_modules", "@modelcontextprotocol", "sdk")):
        sys.exit(f"bench: the SDK is not installed: tests/interop/install-peers.sh {args.builddir}")
    sdk = [node, os.path.join(here, "sdk-client.cjs"), peers]

    n = args.count
    clients = {
        "TS SDK 1.32.2": lambda k: sdk + ["ping", str(n), str(k), "--"] + server,
        "tether-cli": lambda k: [cli, "--json", "ping", "--count", str(n), "--inflight", str(k), "--"] + server,
        "GIO floor": lambda k: [floor, str(n), str(k), "--"] + server,
    }

    results = {}
    for name, argv in clients.items():
        for k in (1, 32):
            _, data, _, rss = median_run(argv(k), args.repeat, "elapsed_s")
            results[(name, k)] = (data, rss)

    tools = {
        "TS SDK 1.32.2": sdk + ["tools", "--"] + server,
        "tether-cli": [cli, "tools", "--"] + server,
    }
    walls = {}
    for name, argv in tools.items():
        samples = [run(argv) for _ in range(max(5, args.repeat))]
        walls[name] = (statistics.median(s[1] for s in samples), max(s[2] for s in samples))

    print(f"ping against the fake C server, {n} pings per run, median of {args.repeat} runs\n")
    print(f"{'client':<16}{'sequential µs/ping':>20}{'median rtt':>12}{'p99 rtt':>10}"
          f"{'32 in flight req/s':>20}{'median rtt':>12}{'peak RSS':>11}")
    for name in clients:
        seq, rss1 = results[(name, 1)]
        par, rss32 = results[(name, 32)]
        print(f"{name:<16}{seq['elapsed_s'] / seq['count'] * 1e6:>20.1f}{seq['median_us']:>10.0f}µs"
              f"{seq['p99_us']:>8.0f}µs{par['requests_per_second']:>20.0f}{par['median_us']:>10.0f}µs"
              f"{max(rss1, rss32) / 1024:>8.1f} MiB")

    print(f"\nwhole process `tools` (spawn, initialize, tools/list, shutdown), median of {max(5, args.repeat)}:")
    for name, (wall, rss) in walls.items():
        print(f"  {name:<16}{wall * 1000:>8.1f} ms   peak RSS {rss / 1024:.1f} MiB")

    sdk_seq = results[("TS SDK 1.32.2", 1)][0]
    cli_seq = results[("tether-cli", 1)][0]
    sdk_par = results[("TS SDK 1.32.2", 32)][0]
    cli_par = results[("tether-cli", 32)][0]
    seq_ratio = (cli_seq["elapsed_s"] / cli_seq["count"]) / (sdk_seq["elapsed_s"] / sdk_seq["count"])
    par_ratio = cli_par["requests_per_second"] / sdk_par["requests_per_second"]
    wall_ratio = walls["tether-cli"][0] / walls["TS SDK 1.32.2"][0]
    rss_cli = max(results[("tether-cli", 1)][1], results[("tether-cli", 32)][1], walls["tether-cli"][1])
    rss_sdk = max(results[("TS SDK 1.32.2", 1)][1], results[("TS SDK 1.32.2", 32)][1], walls["TS SDK 1.32.2"][1])
    rss_ratio = rss_cli / rss_sdk
    floor_seq = results[("GIO floor", 1)][0]
    floor_par = results[("GIO floor", 32)][0]

    def verdict(ok):
        return "met" if ok else "NOT met"

    print("\nratios (tether-cli / TS SDK):")
    print(f"  sequential time per ping  {seq_ratio:6.2f}×   target ≤ 0.60×   {verdict(seq_ratio <= 0.6)}")
    print(f"  32 in flight throughput   {par_ratio:6.2f}×   target ≥ 1.50×   {verdict(par_ratio >= 1.5)}")
    print(f"  `tools` wall time         {wall_ratio:6.2f}×   target ≤ 0.10×   {verdict(wall_ratio <= 0.1)}")
    print(f"  peak RSS                  {rss_ratio:6.2f}×   target ≤ 0.125×  {verdict(rss_ratio <= 0.125)}")
    print("against the floor (tether-cli / floor):")
    print(f"  sequential time per ping  {(cli_seq['elapsed_s'] / cli_seq['count']) / (floor_seq['elapsed_s'] / floor_seq['count']):6.2f}×")
    print(f"  32 in flight throughput   {cli_par['requests_per_second'] / floor_par['requests_per_second']:6.2f}×")


if __name__ == "__main__":
    main()
