#!/usr/bin/env python3
# bench-era.py — the same official 2.x server (tests/interop/server2x.mjs)
# in its 2026-07-28 stateless era against its 2025-11-25 era, through
# tether-cli, over stdio and Streamable HTTP. Prints the ratios 2026/2025
# of one run: each figure is taken in pairs (a 2026 run, then a 2025 run,
# and again), the ratio of each pair kept, and the median of those ratios
# printed, so a machine whose speed drifts moves both sides of a pair
# alike. Not part of the test suite: run it by hand on a quiet machine.
#
#   meson setup _build && ninja -C _build
#   tests/interop/install-peers.sh _build        # the 2.x server, pinned
#   tests/bench/bench-era.py _build [--count 2000] [--pairs 5] [--procs 8]
#
# What is measured, for each transport:
#   sequential   `tether-cli ping --count N`: N requests one after another
#                in one run, on one connection. A 2026 server has no ping:
#                Tether sends server/discover, a full stateless request
#                (per-request _meta and, over HTTP, the Mcp-* headers); a
#                2025 server gets ping inside its session. Time per request.
#   in flight    the same with --inflight 16: requests per second.
#   CPU          user + system time per request of the sequential run:
#                over HTTP tether-cli's alone, over stdio with the node
#                server's (tether-cli's child) in it.
#   one call     a whole `tether-cli call add` process: era detection (a
#                2025 server costs server/discover, then initialize), the
#                call, the shutdown. Wall time (stdio: the node server's
#                start-up is in both).
#   calls at     --procs `tether-cli call add` processes started at once,
#   once         wall time until the last ends.
#
# Copyright 2026 The Tether authors
# SPDX-License-Identifier: GPL-3.0-or-later

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bench import TIME, run  # noqa: E402

here = os.path.dirname(os.path.abspath(__file__))
peer = os.path.join(here, "..", "interop", "server2x.mjs")
ERAS = ("2026", "2025")
PROTOCOL = {"2026": "2026-07-28", "2025": "2025-11-25"}


class HttpPeer:
    """server2x.mjs over Streamable HTTP on a free port of 127.0.0.1."""

    def __init__(self, node, peers, era):
        self.proc = subprocess.Popen([node, peer, peers, "--era", era, "--port", "0"],
                                     stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        line = self.proc.stdout.readline().decode().strip()
        if not line.startswith("listening http://127.0.0.1:"):
            self.stop()
            sys.exit(f"bench: server2x.mjs --era {era} did not listen ({line!r}): "
                     f"{self.proc.stderr.read().decode(errors='replace')}")
        self.url = line.split()[1]

    def stop(self):
        self.proc.terminate()
        self.proc.wait(timeout=10)


def cpu_run(argv):
    """Run argv under GNU time; return (stdout, user + system seconds of
    the process and of the children it waited for)."""
    proc = subprocess.run([TIME, "-f", "@@cpu %U %S"] + argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    err = proc.stderr.decode(errors="replace")
    if proc.returncode != 0:
        sys.exit(f"bench: {' '.join(argv)} failed ({proc.returncode}):\n{err}")
    for line in err.splitlines():
        if line.startswith("@@cpu "):
            return proc.stdout.decode(), sum(float(x) for x in line.split()[1:])
    sys.exit(f"bench: no CPU time for {' '.join(argv)}")


def batch(argvs):
    """Start every argv at once; the wall time until the last has ended."""
    start = time.perf_counter()
    procs = [subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE) for argv in argvs]
    for proc, argv in zip(procs, argvs):
        err = proc.communicate()[1]
        if proc.returncode != 0:
            sys.exit(f"bench: {' '.join(argv)} failed ({proc.returncode}):\n{err.decode(errors='replace')}")
    return time.perf_counter() - start


def paired(pairs, measure):
    """measure(era) for 2026 then 2025, `pairs` times. measure returns a
    tuple of figures; for each, the median of each era's values and the
    median, min and max of the pairs' ratios 2026/2025."""
    figures = {era: [] for era in ERAS}
    for _ in range(pairs):
        for era in ERAS:
            figures[era].append(measure(era))
    out = []
    for i in range(len(figures["2026"][0])):
        a = [f[i] for f in figures["2026"]]
        b = [f[i] for f in figures["2025"]]
        ratios = [x / y for x, y in zip(a, b)]
        out.append((statistics.median(a), statistics.median(b),
                    statistics.median(ratios), min(ratios), max(ratios)))
    return out


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("builddir")
    parser.add_argument("--count", type=int, default=2000, help="requests per ping run")
    parser.add_argument("--pairs", type=int, default=5, help="pairs of runs per figure (the median is kept)")
    parser.add_argument("--procs", type=int, default=8, help="tether-cli processes started at once")
    args = parser.parse_args()

    build = os.path.abspath(args.builddir)
    cli = os.path.join(build, "src", "cli", "tether-cli")
    peers = os.path.join(build, "peers")
    node = shutil.which("node")
    if not os.path.exists(cli):
        sys.exit(f"bench: tether-cli is missing ({cli}): build with ninja -C {args.builddir}")
    if node is None:
        sys.exit("bench: node not found: build-aux/deps.sh test")
    if TIME is None:
        sys.exit("bench: GNU time is needed for CPU times: apt-get install time")
    if not os.path.isdir(os.path.join(peers, "node_modules", "@modelcontextprotocol", "server")):
        sys.exit(f"bench: the 2.x server is not installed: tests/interop/install-peers.sh {args.builddir}")

    http = {era: HttpPeer(node, peers, era) for era in ERAS}
    try:
        targets = {
            "stdio": lambda era: ["--", node, peer, peers, "--era", era],
            "HTTP": lambda era: ["--url", http[era].url, "--transport", "http"],
        }

        def cli_argv(transport, era, command):
            target = targets[transport](era)
            if target[0] == "--":
                return [cli] + command + target
            return [cli] + target + command

        # Each server answers in the era it is meant to: else the figures
        # compare nothing.
        for transport in targets:
            for era in ERAS:
                out, _, _ = run(cli_argv(transport, era, ["--json", "info"]))
                got = json.loads(out)["protocolVersion"]
                if got != PROTOCOL[era]:
                    sys.exit(f"bench: {transport} {era}: Tether spoke {got}, not {PROTOCOL[era]}")

        def ping(transport, inflight):
            """Time per request, requests per second, CPU per request."""
            def measure(era):
                out, cpu = cpu_run(cli_argv(transport, era, ["--json", "ping", "--count", str(args.count),
                                                             "--inflight", str(inflight)]))
                data = json.loads(out)
                return (data["elapsed_s"] / data["count"] * 1e6, data["requests_per_second"],
                        cpu / data["count"] * 1e6)
            return measure

        def one_call(transport):
            def measure(era):
                return (run(cli_argv(transport, era, ["call", "add", '{"a":1,"b":2}']))[1] * 1000,)
            return measure

        def calls_at_once(transport):
            def measure(era):
                return (batch([cli_argv(transport, era, ["call", "add", '{"a":1,"b":2}'])
                               for _ in range(args.procs)]) * 1000,)
            return measure

        rows = []
        for transport in targets:
            seq_time, _, seq_cpu = paired(args.pairs, ping(transport, 1))
            _, par_rate, _ = paired(args.pairs, ping(transport, 16))
            rows.append((transport, "sequential", "µs/request", "time", seq_time))
            rows.append((transport, "16 in flight", "requests/s", "throughput", par_rate))
            # Over HTTP the server is not tether-cli's child: this is
            # Tether's own cost; over stdio the node server's is in it.
            rows.append((transport, "CPU, sequential", "µs/request", "time", seq_cpu))
            rows.append((transport, "one call", "ms/process", "time", paired(args.pairs, one_call(transport))[0]))
            rows.append((transport, f"{args.procs} calls at once", "ms/batch", "time",
                         paired(args.pairs, calls_at_once(transport))[0]))
    finally:
        for srv in http.values():
            srv.stop()

    print(f"server2x.mjs (@modelcontextprotocol/server 2.4.0): 2026-07-28 stateless against 2025-11-25, "
          f"through tether-cli; {args.count} requests per ping run, median of {args.pairs} pairs\n")
    print(f"{'transport':<10}{'figure':<18}{'unit':<12}{'2026':>10}{'2025':>10}"
          f"{'ratio 2026/2025':>17}{'(min–max)':>16}")
    for transport, figure, unit, kind, (a, b, ratio, low, high) in rows:
        print(f"{transport:<10}{figure:<18}{unit:<12}{a:>10.1f}{b:>10.1f}{ratio:>15.2f}× "
              f"{low:>7.2f}–{high:.2f}  ({'lower' if kind == 'time' else 'higher'} is faster)")


if __name__ == "__main__":
    main()
