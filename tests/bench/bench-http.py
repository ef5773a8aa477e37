#!/usr/bin/env python3
# bench-http.py — `tether-cli ping` over Streamable HTTP against the
# official TypeScript SDK client and a minimal libsoup floor, all against
# the same fast local server (the fake HTTP server, with JSON replies and
# with SSE replies), measured in one run. Prints the figures, the ratios
# and the targets. Not part of the test suite: run it by hand on a quiet
# machine.
#
#   meson setup _build && ninja -C _build
#   tests/interop/install-peers.sh _build        # the SDK, pinned
#   tests/bench/bench-http.py _build [--count 10000] [--repeat 3] [--rss-count 100000]
#
# Peak RSS is read with GNU time (Debian package "time").
#
# Targets (issue 4): sequential ping time ≤ 0.6× the SDK's; 32 in flight
# throughput ≥ 1.5× the SDK's; RSS flat over 100 000 requests (the SDK's
# HTTP client grows: it adds an abort listener per request and never
# removes it, which also makes each request slower than the last).
#
# Copyright 2026 The Tether authors
# SPDX-License-Identifier: GPL-3.0-or-later

import argparse
import os
import shutil
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bench import TIME, median_run, run  # noqa: E402

here = os.path.dirname(os.path.abspath(__file__))


class Server:
    """fake-http-mcp-server, on 127.0.0.1, until stop()."""

    def __init__(self, path, sse):
        self.proc = subprocess.Popen([path] + (["--sse"] if sse else []),
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        self.url = self.proc.stdout.readline().decode().strip()
        if not self.url.startswith("http://127.0.0.1:"):
            self.stop()
            sys.exit(f"bench: the fake server did not start ({self.url!r})")

    def stop(self):
        self.proc.stdin.close()
        self.proc.wait(timeout=10)


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("builddir")
    parser.add_argument("--count", type=int, default=10000, help="pings per measurement")
    parser.add_argument("--repeat", type=int, default=3, help="runs per figure (the median is kept)")
    parser.add_argument("--rss-count", type=int, default=100000,
                        help="pings of the long run that shows whether memory grows")
    args = parser.parse_args()

    build = os.path.abspath(args.builddir)
    server = os.path.join(build, "tests", "fake-http-mcp-server")
    cli = os.path.join(build, "src", "cli", "tether-cli")
    floor = os.path.join(build, "tests", "floor-http-client")
    peers = os.path.join(build, "peers")
    node = shutil.which("node")
    for path, what in ((server, "the fake HTTP server"), (cli, "tether-cli"), (floor, "the libsoup floor client")):
        if not os.path.exists(path):
            sys.exit(f"bench: {what} is missing ({path}): build with ninja -C {args.builddir}")
    if node is None:
        sys.exit("bench: node not found: build-aux/deps.sh test")
    if not os.path.isdir(os.path.join(peers, "node_modules", "@modelcontextprotocol", "sdk")):
        sys.exit(f"bench: the SDK is not installed: tests/interop/install-peers.sh {args.builddir}")
    if TIME is None:
        sys.exit("bench: GNU time is needed for peak RSS: apt-get install time")

    sdk = [node, os.path.join(here, "sdk-client.cjs"), peers]
    clients = {
        "TS SDK 1.32.2": lambda n, k, url: sdk + ["ping", str(n), str(k), "--url", url],
        "tether-cli": lambda n, k, url: [cli, "--json", "--url", url, "ping", "--count", str(n), "--inflight", str(k)],
        "libsoup floor": lambda n, k, url: [floor, str(n), str(k), url],
    }

    n = args.count
    results = {}
    rss = {}
    for mode in ("JSON", "SSE"):
        srv = Server(server, sse=(mode == "SSE"))
        try:
            for name, argv in clients.items():
                for k in (1, 32):
                    _, data, _, peak = median_run(argv(n, k, srv.url), args.repeat, "elapsed_s")
                    results[(mode, name, k)] = (data, peak)
            if mode == "JSON":
                for name, argv in clients.items():
                    _, _, short = run(argv(n, 32, srv.url))
                    _, _, long = run(argv(args.rss_count, 32, srv.url))
                    rss[name] = (short, long)
        finally:
            srv.stop()

    print(f"ping over Streamable HTTP against the fake C server (libsoup), {n} pings per run, "
          f"median of {args.repeat} runs\n")
    for mode in ("JSON", "SSE"):
        print(f"{mode} replies:")
        print(f"  {'client':<16}{'sequential µs/ping':>20}{'median rtt':>12}{'p99 rtt':>11}"
              f"{'32 in flight req/s':>20}{'median rtt':>12}{'peak RSS':>11}")
        for name in clients:
            seq, rss1 = results[(mode, name, 1)]
            par, rss32 = results[(mode, name, 32)]
            print(f"  {name:<16}{seq['elapsed_s'] / seq['count'] * 1e6:>20.1f}{seq['median_us']:>10.0f}µs"
                  f"{seq['p99_us']:>9.0f}µs{par['requests_per_second']:>20.0f}{par['median_us']:>10.0f}µs"
                  f"{max(rss1, rss32) / 1024:>8.1f} MiB")
        print()

    print(f"peak RSS, 32 in flight, JSON replies: {n} pings → {args.rss_count} pings")
    for name, (short, long) in rss.items():
        print(f"  {name:<16}{short / 1024:>8.1f} MiB → {long / 1024:>8.1f} MiB   ({(long - short) / 1024:+.1f} MiB)")

    def verdict(ok):
        return "met" if ok else "NOT met"

    print("\nratios (tether-cli / TS SDK):")
    for mode in ("JSON", "SSE"):
        sdk_seq = results[(mode, "TS SDK 1.32.2", 1)][0]
        cli_seq = results[(mode, "tether-cli", 1)][0]
        sdk_par = results[(mode, "TS SDK 1.32.2", 32)][0]
        cli_par = results[(mode, "tether-cli", 32)][0]
        seq_ratio = (cli_seq["elapsed_s"] / cli_seq["count"]) / (sdk_seq["elapsed_s"] / sdk_seq["count"])
        par_ratio = cli_par["requests_per_second"] / sdk_par["requests_per_second"]
        print(f"  {mode + ':':<6}sequential time per ping  {seq_ratio:6.2f}×   target ≤ 0.60×   {verdict(seq_ratio <= 0.6)}")
        print(f"  {'':<6}32 in flight throughput   {par_ratio:6.2f}×   target ≥ 1.50×   {verdict(par_ratio >= 1.5)}")
    # `ping` keeps one 8-byte round-trip time per ping for its percentiles:
    # that much growth is the measurement, anything beyond it would be ours.
    short, long = rss["tether-cli"]
    kept = 8 * (args.rss_count - n) / 1024
    growth = (long - short - kept) / short
    print(f"  RSS growth over {args.rss_count} pings, less the {kept / 1024:.1f} MiB of round-trip times "
          f"kept: {growth * 100:+.0f}%   target flat (≤ +10%)   {verdict(growth <= 0.10)}")

    print("against the floor (tether-cli / libsoup floor):")
    for mode in ("JSON", "SSE"):
        floor_seq = results[(mode, "libsoup floor", 1)][0]
        cli_seq = results[(mode, "tether-cli", 1)][0]
        floor_par = results[(mode, "libsoup floor", 32)][0]
        cli_par = results[(mode, "tether-cli", 32)][0]
        print(f"  {mode + ':':<6}sequential time per ping  "
              f"{(cli_seq['elapsed_s'] / cli_seq['count']) / (floor_seq['elapsed_s'] / floor_seq['count']):6.2f}×")
        print(f"  {'':<6}32 in flight throughput   "
              f"{cli_par['requests_per_second'] / floor_par['requests_per_second']:6.2f}×")


if __name__ == "__main__":
    main()
