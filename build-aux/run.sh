#!/bin/sh
# run.sh — install what is needed, build, and run Tether on the demo
# configuration (never the user's own servers.json).
#
# Usage: build-aux/run.sh [extra tether arguments]
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top"

build-aux/deps.sh run
[ -f _build/build.ninja ] || meson setup _build
meson compile -C _build

config=$(build-aux/demo-config.sh _build)

export GSETTINGS_SCHEMA_DIR="$top/_build/data"
# The demo's flaky server dies every 20 s: count each of its runs as healthy,
# so it is brought back every time rather than given up on.
export TETHER_TIMINGS="${TETHER_TIMINGS:-healthy_after_ms=10000}"
exec _build/src/tether --standalone --config "$config" "$@"
