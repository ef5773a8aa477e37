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

export GSETTINGS_SCHEMA_DIR="$top/_build/data"
exec _build/src/tether --standalone "$@"
