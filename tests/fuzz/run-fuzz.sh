#!/bin/sh
# run-fuzz.sh — build the libFuzzer targets with clang and run each for a
# bounded time.
#
# Usage: tests/fuzz/run-fuzz.sh [SECONDS] [BUILDDIR]
#   SECONDS   how long each target runs (default 60)
#   BUILDDIR  where the binaries, the grown corpus and any crash go
#             (default _build-fuzz, git-ignored)
#
# Meson's compiler is usually gcc, which has no libFuzzer, so the targets are
# built here, directly, with `clang -fsanitize=fuzzer,address,undefined`.
# Fails if clang or libFuzzer is missing (install them with
# `build-aux/deps.sh ci`), if the build fails, or if a target finds a crash;
# the crashing input is left in BUILDDIR as crash-*.
set -eu
top=$(cd "$(dirname "$0")/../.." && pwd)
seconds=${1:-60}
out=${2:-$top/_build-fuzz}

command -v clang >/dev/null 2>&1 || { echo "run-fuzz: clang is not installed" >&2; exit 1; }
mkdir -p "$out"

# The sources include config.h for GETTEXT_PACKAGE; the rest of meson's
# config does not matter to them.
cat > "$out/config.h" <<'H'
#pragma once
#define GETTEXT_PACKAGE "tether"
H

floors="-DGLIB_VERSION_MIN_REQUIRED=GLIB_VERSION_2_74 -DGLIB_VERSION_MAX_ALLOWED=GLIB_VERSION_2_74"

export ASAN_OPTIONS="detect_leaks=1:abort_on_error=1"
export LSAN_OPTIONS="suppressions=$top/build-aux/lsan.supp:print_suppressions=0"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1"
export G_SLICE=always-malloc

rm -f "$out"/crash-* "$out"/leak-* "$out"/timeout-* "$out"/oom-*

# fuzz NAME PKG-CONFIG-MODULES SOURCES…: build the target fuzz-NAME from
# tests/fuzz/fuzz-NAME.c and the sources, run it over its seed corpus
# (tests/fuzz/corpus/NAME) for $seconds, and stop at the first crash.
fuzz () {
  name=$1
  modules=$2
  shift 2

  # shellcheck disable=SC2046,SC2086
  clang -g -O1 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined \
    -Wall -Wextra -Wno-unused-parameter -Werror $floors \
    -I"$out" -I"$top/src/mcp" -I"$top/src/servers" $(pkg-config --cflags $modules) \
    "$top/tests/fuzz/fuzz-$name.c" "$@" \
    $(pkg-config --libs $modules) \
    -o "$out/fuzz-$name"

  corpus="$out/corpus-$name"
  mkdir -p "$corpus"

  echo "run-fuzz: fuzz-$name for $seconds s"
  status=0
  "$out/fuzz-$name" \
    -max_total_time="$seconds" \
    -max_len=4096 \
    -timeout=10 \
    -rss_limit_mb=1024 \
    -print_final_stats=1 \
    -artifact_prefix="$out/" \
    "$corpus" "$top/tests/fuzz/corpus/$name" > "$out/fuzz-$name.log" 2>&1 || status=$?
  if [ "$status" -ne 0 ]; then
    tail -n 60 "$out/fuzz-$name.log" >&2
    echo "run-fuzz: fuzz-$name failed (exit $status); the input is in $out (crash-*, leak-*, timeout-*, oom-*)" >&2
    exit 1
  fi
  grep -E '^(Done|stat::number_of_executed_units|stat::average_exec_per_sec|stat::new_units_added|stat::peak_rss_mb)' "$out/fuzz-$name.log" || true
  echo "run-fuzz: fuzz-$name: no crash, corpus $(ls "$corpus" | wc -l) inputs"
}

fuzz sse-parser gobject-2.0 "$top/src/mcp/mcp-sse-parser.c" "$top/src/mcp/mcp-error.c"
fuzz text json-glib-1.0 "$top/src/servers/tether-text.c"
