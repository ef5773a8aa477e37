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

# One session bus and one X server for the whole run; the ui tests find them.
exec dbus-run-session -- \
  xvfb-run -a -s "-screen 0 1280x1024x24 -nolisten tcp" \
  meson test -C "$builddir" --print-errorlogs --num-processes 2
