#!/usr/bin/env python3
# bench-hub.py — what going through the Tether hub costs, measured in one
# run. Not part of the test suite: run it by hand on a quiet machine.
#
#   meson setup _build && ninja -C _build
#   tests/interop/install-peers.sh _build        # the SDK, pinned
#   tests/bench/bench-hub.py _build [--count 2000] [--repeat 3]
#
# The same client (the official TypeScript SDK 1.x) calls the fake
# server's `echo`:
#   stdio  directly, the fake server as its child (stdio);
#   bare   directly, a bare Streamable HTTP MCP server on loopback (the fake
#          HTTP server, JSON replies): one loopback HTTP MCP round trip;
#   hub    through `tether-cli serve` (HTTP to the hub, stdio to the fake).
# Goal: hub ≤ bare + 1.3 × stdio, sequential and with 32 calls in flight.
# Then the same 2.x SDK client through the hub speaking each era (2026-07-28
# stateless requests vs an initialize-era session), as a ratio of one run.
# Then the hub's RSS with 20 servers and 2 000 tools, and 50 clients at once.
#
# Copyright 2026 The Tether authors
# SPDX-License-Identifier: GPL-3.0-or-later

import argparse
import json
import os
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request

here = os.path.dirname(os.path.abspath(__file__))


def rss_kib(pid):
    values = {}
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            key, _, value = line.partition(":")
            if key in ("VmRSS", "VmHWM"):
                values[key] = int(value.split()[0])
    return values


class Hub:
    """tether-cli serve over a configuration, until stop()."""

    def __init__(self, build, servers, tmp):
        self.env = dict(os.environ, XDG_CONFIG_HOME=os.path.join(tmp, "config"),
                        XDG_RUNTIME_DIR=os.path.join(tmp, "run"))
        os.makedirs(self.env["XDG_CONFIG_HOME"], mode=0o700, exist_ok=True)
        os.makedirs(self.env["XDG_RUNTIME_DIR"], mode=0o700, exist_ok=True)
        self.config = os.path.join(tmp, "servers.json")
        with open(self.config, "w") as f:
            json.dump({"mcpServers": servers}, f)
        self.proc = subprocess.Popen([os.path.join(build, "src/cli/tether-cli"), "--config", self.config,
                                      "serve", "--listen", "127.0.0.1:0"],
                                     stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=self.env)
        self.url = self.proc.stdout.readline().decode().strip()
        with open(os.path.join(self.env["XDG_CONFIG_HOME"], "tether", "hub-token")) as f:
            self.token = f.read().strip()

    def post(self, body, session=None):
        headers = {"Authorization": f"Bearer {self.token}", "Content-Type": "application/json",
                   "Accept": "application/json, text/event-stream"}
        if session:
            headers["Mcp-Session-Id"] = session
        request = urllib.request.Request(self.url, data=json.dumps(body).encode(), headers=headers)
        with urllib.request.urlopen(request, timeout=60) as reply:
            return reply.headers.get("Mcp-Session-Id"), reply.read()

    def count_tools(self):
        session, _ = self.post({"jsonrpc": "2.0", "id": 1, "method": "initialize",
                                "params": {"protocolVersion": "2025-11-25", "capabilities": {},
                                           "clientInfo": {"name": "bench", "version": "1"}}})
        _, body = self.post({"jsonrpc": "2.0", "id": 2, "method": "tools/list"}, session)
        return len(json.loads(body)["result"]["tools"])

    def wait_tools(self, n, timeout=120):
        deadline = time.time() + timeout
        while time.time() < deadline:
            if self.count_tools() >= n:
                return True
            time.sleep(0.2)
        return False

    def stop(self):
        self.proc.send_signal(signal.SIGTERM)
        self.proc.wait(timeout=30)


def client(build, args, extra, era=None):
    node = shutil.which("node")
    env = dict(os.environ, BENCH_ERA=era) if era else None
    out = subprocess.run([node, os.path.join(here, "hub-client.cjs"), os.path.join(build, "peers")] + args + extra,
                         check=True, capture_output=True, text=True, env=env).stdout
    return json.loads(out.strip().splitlines()[-1])


def median_of(build, args, extra, repeat, key, era=None):
    runs = [client(build, args, extra, era) for _ in range(repeat)]
    return statistics.median(r[key] for r in runs)


def eras(build, hub, count, repeat):
    """The 2.x client through the hub in each era, interleaved runs."""
    print("tools/call fake__echo through the hub, the same SDK 2.x client in each era, "
          "median of %d runs of %d calls" % (repeat, count))
    for inflight, key in ((1, "median_us"), (32, "per_call_us")):
        figures = {"2025": [], "2026": []}
        for _ in range(repeat):
            for era in ("2025", "2026"):
                figures[era].append(client(build, ["calls", str(count), str(inflight), "fake__echo", "--url",
                                                   hub.url, hub.token], [], era)[key])
        old = statistics.median(figures["2025"])
        new = statistics.median(figures["2026"])
        what = "sequential (median per call)" if inflight == 1 else "32 in flight (time per call)"
        print(f"  {what}: 2025-11-25 session {old:8.1f} µs, 2026-07-28 stateless {new:8.1f} µs, "
              f"2026 / 2025 = {new / old:.2f}")


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("builddir")
    parser.add_argument("--count", type=int, default=2000, help="calls per measurement")
    parser.add_argument("--repeat", type=int, default=3, help="runs per figure (the median is kept)")
    parser.add_argument("--eras-only", action="store_true",
                        help="only the 2026 client against the 2025 client through the hub")
    args = parser.parse_args()
    build = os.path.abspath(args.builddir)
    fake = os.path.join(build, "tests/fake-mcp-server")
    fake_http = os.path.join(build, "tests/fake-http-mcp-server")

    with tempfile.TemporaryDirectory() as tmp:
        if args.eras_only:
            hub = Hub(build, {"fake": {"command": fake}}, os.path.join(tmp, "eras"))
            try:
                hub.wait_tools(1)
                eras(build, hub, args.count, args.repeat)
            finally:
                hub.stop()
            return

        bare = subprocess.Popen([fake_http], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        bare_url = bare.stdout.readline().decode().strip()
        hub = Hub(build, {"fake": {"command": fake}}, os.path.join(tmp, "one"))
        hub.wait_tools(1)
        try:
            print("tools/call echo, the same SDK 1.x client, median of %d runs of %d calls" % (args.repeat, args.count))
            for inflight, key in ((1, "median_us"), (32, "per_call_us")):
                stdio = median_of(build, ["calls", str(args.count), str(inflight), "echo", "--stdio", fake], [],
                                  args.repeat, key)
                direct = median_of(build, ["calls", str(args.count), str(inflight), "echo", "--url", bare_url], [],
                                   args.repeat, key)
                through = median_of(build, ["calls", str(args.count), str(inflight), "fake__echo", "--url", hub.url,
                                            hub.token], [], args.repeat, key)
                goal = direct + 1.3 * stdio
                what = "sequential (median per call)" if inflight == 1 else "32 in flight (time per call)"
                print(f"  {what}:")
                print(f"    stdio, direct        {stdio:8.1f} µs")
                print(f"    bare HTTP, direct    {direct:8.1f} µs")
                print(f"    through the hub      {through:8.1f} µs   added {through - stdio:8.1f} µs over stdio")
                print(f"    goal bare + 1.3×stdio {goal:7.1f} µs   hub / goal = {through / goal:.2f}"
                      f"  ({'met' if through <= goal else 'NOT met'})")
            eras(build, hub, args.count, args.repeat)
            rss = rss_kib(hub.proc.pid)
            print(f"  hub RSS with 1 server: {rss['VmRSS']} KiB (peak {rss['VmHWM']} KiB)")
        finally:
            hub.stop()
            bare.stdin.close()
            bare.wait(timeout=10)

        # 20 servers, 2 000 tools (10 fixed + 90 generated each)
        servers = {f"s{i:02d}": {"command": fake, "args": ["--tools", "90"]} for i in range(20)}
        hub = Hub(build, servers, os.path.join(tmp, "twenty"))
        try:
            ready = hub.wait_tools(2000)
            rss = rss_kib(hub.proc.pid)
            print(f"20 servers, {hub.count_tools()} tools{'' if ready else ' (not all came up)'}: "
                  f"hub RSS {rss['VmRSS']} KiB (peak {rss['VmHWM']} KiB)")
            result = client(build, ["clients", "50", "20", "s00__echo", "--url", hub.url, hub.token], [])
            rss = rss_kib(hub.proc.pid)
            print(f"50 clients at once, 20 calls each: {result['failed']} failed, connected in "
                  f"{result['connect_s']:.2f} s, all done in {result['elapsed_s']:.2f} s, median call "
                  f"{result['median_of_medians_us']:.0f} µs; hub RSS {rss['VmRSS']} KiB (peak {rss['VmHWM']} KiB)")
        finally:
            hub.stop()


if __name__ == "__main__":
    main()
