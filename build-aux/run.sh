#!/bin/sh
# run.sh — install what is needed, build, and run Tether on the demo
# configuration (never the user's own servers.json).
#
# Usage: build-aux/run.sh [extra tether arguments]
#
# TETHER_RUN_BUILD=DIR runs the build in DIR as it is: nothing is installed,
# set up or compiled (the test of this script, tests/ui/test-run-demo.sh,
# runs the build under test so).
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top"

if [ -n "${TETHER_RUN_BUILD:-}" ]; then
  build=$(cd "$TETHER_RUN_BUILD" && pwd)
else
  build=$top/_build
  build-aux/deps.sh run
  [ -f "$build/build.ninja" ] || meson setup "$build"
  meson compile -C "$build"
fi

config=$(build-aux/demo-config.sh "$build")

export GSETTINGS_SCHEMA_DIR="$build/data"
# The demo's flaky server dies every 20 s: count each of its runs as healthy,
# so it is brought back every time rather than given up on.
export TETHER_TIMINGS="${TETHER_TIMINGS:-healthy_after_ms=10000}"
exec "$build/src/tether" --standalone --config "$config" "$@"
