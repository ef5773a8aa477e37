#!/usr/bin/env python3
# bench-memory.py — `tether-cli tools` on a server with 10,000 tools (a
# tools/list answer of about 9 MB) against the official TypeScript SDK
# client listing the same server: peak RSS and wall time of the whole
# process (spawn, initialize, tools/list, print, shutdown), in pairs run
# one after the other so that the ratios hold on a machine whose speed
# drifts. Not part of the test suite: run it by hand.
#
#   meson setup _build && ninja -C _build
#   tests/interop/install-peers.sh _build        # the SDK, pinned
#   tests/bench/bench-memory.py _build [--tools 10000] [--repeat 5]
#                                      [--against OTHER/tether-cli] [--json]
#
# --json times `tether-cli --json tools` (the SDK client prints only the
# count either way).
#
# --against pairs a second tether-cli (say, a build of main) in the same
# run. The fixture is generated at run time in a temporary directory; the
# server is a small shell loop that answers with it, so that its own
# memory stays far below the clients' (GNU time reports the largest
# process waited for).
#
# Targets (issue 19): peak RSS ≤ 60 MB (MB = 1000 KiB, as GNU time's %M
# reports) and ≤ 0.3× the SDK client's; wall time ≤ 0.5× the SDK's.
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
import tempfile
import time

here = os.path.dirname(os.path.abspath(__file__))
TIME = "/usr/bin/time"

SERVER = r"""#!/bin/sh
# Answers initialize, tools/list (with the file $1 as the result) and ping;
# any other request gets -32601.
while IFS= read -r line; do
  id=$(printf '%s' "$line" | sed -n 's/.*"id":\("[^"]*"\|[0-9][0-9]*\).*/\1/p')
  case "$line" in
    *'"method":"initialize"'*)
      printf '{"jsonrpc":"2.0","id":%s,"result":{"protocolVersion":"2025-06-18",' "$id"
      printf '"capabilities":{"tools":{}},"serverInfo":{"name":"big","version":"1"}}}\n' ;;
    *'"method":"tools/list"'*)
      printf '{"jsonrpc":"2.0","id":%s,"result":' "$id"; cat "$1"; printf '}\n' ;;
    *'"method":"ping"'*)
      printf '{"jsonrpc":"2.0","id":%s,"result":{}}\n' "$id" ;;
    *'"method":"notifications/'*) ;;
    *)
      # Any other request gets "method not found", as every SDK's server
      # answers (tether-cli asks server/discover first; an older server
      # that said nothing would cost it the probe's timeout).
      [ -n "$id" ] && printf '{"jsonrpc":"2.0","id":%s,"error":{"code":-32601,"message":"Method not found"}}\n' "$id" ;;
  esac
done
"""


def tool(i):
    """One tool of about 920 bytes: a schema of five arguments, one nested."""
    return {
        "name": f"tool-{i:05d}",
        "title": f"Generated tool {i}",
        "description": f"Tool number {i} of a large catalogue: it looks things up, "
                       "transforms them and reports what it found.",
        "inputSchema": {
            "type": "object",
            "properties": {
                "query": {"type": "string",
                          "description": "What to look for, as free text; an empty query matches everything."},
                "limit": {"type": "integer", "minimum": 1, "maximum": 1000 + i, "default": 20,
                          "description": "How many results at most."},
                "mode": {"type": "string", "enum": ["fast", "thorough", "exhaustive"],
                         "description": "How hard to look."},
                "tags": {"type": "array", "items": {"type": "string"},
                         "description": "Only results with all of these tags."},
                "options": {"type": "object",
                            "properties": {"caseSensitive": {"type": "boolean", "default": False},
                                           "regex": {"type": "boolean", "default": False}},
                            "additionalProperties": False},
            },
            "required": ["query"],
            "additionalProperties": False,
        },
        "annotations": {"readOnlyHint": True, "openWorldHint": False},
    }


def run(argv):
    """Run argv under GNU time; return (wall seconds, peak RSS in KiB)."""
    start = time.perf_counter()
    proc = subprocess.run([TIME, "-f", "@@maxrss %M"] + argv,
                          stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    wall = time.perf_counter() - start
    err = proc.stderr.decode(errors="replace")
    if proc.returncode != 0:
        sys.exit(f"bench: {' '.join(argv)} failed ({proc.returncode}):\n{err[-2000:]}")
    rss = [int(line.split()[1]) for line in err.splitlines() if line.startswith("@@maxrss ")]
    return wall, rss[-1]


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("builddir")
    parser.add_argument("--tools", type=int, default=10000, help="tools in the list")
    parser.add_argument("--repeat", type=int, default=5, help="pairs of runs (the median is kept)")
    parser.add_argument("--against", help="another tether-cli to pair in the same run (a build of main)")
    parser.add_argument("--json", action="store_true", help="time `tether-cli --json tools` instead")
    args = parser.parse_args()

    build = os.path.abspath(args.builddir)
    cli = os.path.join(build, "src", "cli", "tether-cli")
    peers = os.path.join(build, "peers")
    node = shutil.which("node")
    if not os.access(TIME, os.X_OK):
        sys.exit("bench: GNU time is missing: apt-get install time")
    if not os.path.exists(cli):
        sys.exit(f"bench: tether-cli is missing ({cli}): build with ninja -C {args.builddir}")
    if node is None:
        sys.exit("bench: node not found: build-aux/deps.sh test")
    if not os.path.isdir(os.path.join(peers, "node_modules", "@modelcontextprotocol", "sdk")):
        sys.exit(f"bench: the SDK is not installed: tests/interop/install-peers.sh {args.builddir}")

    with tempfile.TemporaryDirectory(prefix="bench-memory-") as tmp:
        fixture = os.path.join(tmp, "tools.json")
        with open(fixture, "w") as f:
            json.dump({"tools": [tool(i) for i in range(args.tools)]}, f, separators=(",", ":"))
        script = os.path.join(tmp, "server.sh")
        with open(script, "w") as f:
            f.write(SERVER)
        os.chmod(script, 0o755)
        server = ["/bin/sh", script, fixture]
        size = os.path.getsize(fixture)

        command = ["--json", "tools"] if args.json else ["tools"]
        clients = {"tether-cli": [cli] + command + ["--"] + server}
        if args.against:
            clients["tether-cli (against)"] = [os.path.abspath(args.against)] + command + ["--"] + server
        clients["TS SDK"] = [node, os.path.join(here, "sdk-client.cjs"), peers, "tools", "--"] + server

        samples = {name: [] for name in clients}
        for name, argv in clients.items():
            run(argv)  # a warm-up, not counted
        for _ in range(args.repeat):
            for name, argv in clients.items():
                samples[name].append(run(argv))

    sdk = samples["TS SDK"]
    print(f"`{'--json ' if args.json else ''}tools` on {args.tools} tools ({size / 1e6:.1f} MB answer), whole process, "
          f"{args.repeat} rounds (median; pairs run in turn)\n")
    print(f"{'client':<24}{'wall ms':>10}{'peak RSS MB':>14}{'wall / SDK':>12}{'RSS / SDK':>11}")
    figures = {}
    for name, runs in samples.items():
        wall = statistics.median(w for w, _ in runs)
        rss = statistics.median(r for _, r in runs)
        wall_ratio = statistics.median(w / s[0] for (w, _), s in zip(runs, sdk))
        rss_ratio = statistics.median(r / s[1] for (_, r), s in zip(runs, sdk))
        figures[name] = (wall, rss, wall_ratio, rss_ratio)
        print(f"{name:<24}{wall * 1000:>10.0f}{rss / 1000:>14.1f}{wall_ratio:>11.2f}×{rss_ratio:>10.2f}×")

    def verdict(ok):
        return "met" if ok else "NOT met"

    wall, rss, wall_ratio, rss_ratio = figures["tether-cli"]
    print("\ntargets (tether-cli):")
    print(f"  peak RSS           {rss / 1000:6.1f} MB   target ≤ 60 MB    {verdict(rss / 1000 <= 60)}")
    print(f"  peak RSS / SDK     {rss_ratio:6.2f}×     target ≤ 0.30×    {verdict(rss_ratio <= 0.3)}")
    print(f"  wall time / SDK    {wall_ratio:6.2f}×     target ≤ 0.50×    {verdict(wall_ratio <= 0.5)}")


if __name__ == "__main__":
    main()
