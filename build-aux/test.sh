#!/bin/sh
# test.sh — install what is needed, build, and run the whole test suite
# (unit, integration, ui under Xvfb, interop against the npm peers).
#
# Usage: build-aux/test.sh [BUILDDIR [meson setup options…]]
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top"

builddir=${1:-_build}
[ $# -gt 0 ] && shift

build-aux/deps.sh test
if [ -f "$builddir/build.ninja" ]; then
  [ $# -gt 0 ] && meson configure "$builddir" "$@"
else
  meson setup "$builddir" "$@"
fi
meson compile -C "$builddir"

# The interop suite's npm peers (pinned by tests/interop/package-lock.json)
# and the Node 22 the conformance runner needs (tests/interop/node22/).
# Without them the interop tests fail and say so; the other suites still run.
tests/interop/install-peers.sh "$builddir" ||
  echo "test.sh: could not install the npm peers; the interop tests will fail" >&2

# Every suite, interop included (--setup full; a bare `meson test` leaves it
# out). Each test runs in a world of its own and starts the session bus and
# the Xvfb it needs (tests/test-world.sh, tests/with-display.sh).
exec meson test -C "$builddir" --setup full --print-errorlogs --num-processes 2
