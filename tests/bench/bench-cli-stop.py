#!/usr/bin/env python3
# bench-cli-stop.py — how long one `tether-cli call` takes against a
# server that exits when its input closes and against one that keeps
# running (as a server with a timer does), and how long Ctrl-C takes to
# end a call in flight. Prints the medians and the ratio of the two calls.
# Not part of the test suite: run it by hand, on the build before and
# after a change, to compare.
#
#   meson setup _build && ninja -C _build
#   tests/bench/bench-cli-stop.py _build [--count 20]
#
# Copyright 2026 The Tether authors
# SPDX-License-Identifier: GPL-3.0-or-later

import argparse
import os
import signal
import statistics
import subprocess
import tempfile
import time


def call_ms(cli, server, extra):
    start = time.monotonic()
    subprocess.run([cli, "call", "add", '{"a":1,"b":2}', "--", server] + extra,
                   check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return (time.monotonic() - start) * 1000


def count(path, method):
    try:
        with open(path) as f:
            for line in f:
                name, _, n = line.rpartition(" ")
                if name == method:
                    return int(n)
    except FileNotFoundError:
        pass
    return 0


def interrupt_ms(cli, server):
    """Ctrl-C during a slow call on a server that ignores its input closing."""
    with tempfile.TemporaryDirectory() as tmp:
        counts = os.path.join(tmp, "counts")
        proc = subprocess.Popen([cli, "call", "slow", '{"ms":600000}', "--", server,
                                 "--count-file", counts, "--ignore-stdin-eof"],
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 60
        while count(counts, "tools/call") < 1 and time.monotonic() < deadline:
            time.sleep(0.01)
        start = time.monotonic()
        proc.send_signal(signal.SIGINT)
        proc.wait()
        return (time.monotonic() - start) * 1000, count(counts, "notifications/cancelled")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("builddir")
    parser.add_argument("--count", type=int, default=20)
    args = parser.parse_args()

    cli = os.path.join(args.builddir, "src", "cli", "tether-cli")
    server = os.path.abspath(os.path.join(args.builddir, "tests", "fake-mcp-server"))

    quits = [call_ms(cli, server, []) for _ in range(args.count)]
    stays = [call_ms(cli, server, ["--ignore-stdin-eof"]) for _ in range(args.count)]
    interrupts = [interrupt_ms(cli, server) for _ in range(max(3, args.count // 4))]

    q = statistics.median(quits)
    s = statistics.median(stays)
    i = statistics.median(ms for ms, _ in interrupts)
    print(f"call, server exits when its input closes: median {q:.0f} ms")
    print(f"call, server keeps running (a timer):     median {s:.0f} ms  ({s / q:.1f}× the first)")
    print(f"Ctrl-C during a call to exit:             median {i:.0f} ms, "
          f"notifications/cancelled received {sum(n for _, n in interrupts)} of {len(interrupts)}")


if __name__ == "__main__":
    main()
