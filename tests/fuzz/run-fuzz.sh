#!/bin/sh
# run-fuzz.sh — build every libFuzzer target with clang and run each for a
# bounded time, under memory and time limits.
#
# Usage: tests/fuzz/run-fuzz.sh [SECONDS] [BUILDDIR]
#   SECONDS   how long each target runs (default 60)
#   BUILDDIR  the clang build, the grown corpora and any finding
#             (default _build-fuzz, git-ignored)
#
# Meson's compiler is usually gcc, which has no libFuzzer, so this script
# configures a build of its own with clang: the libraries instrumented for
# coverage (-fsanitize=fuzzer-no-link) under AddressSanitizer and
# UndefinedBehaviorSanitizer, the targets linked with libFuzzer
# (tests/fuzz/meson.build). Every target meson defines is run.
#
# Each run starts from the checked-in seeds (tests/fuzz/corpus/NAME, read
# only: libFuzzer writes new inputs to the first folder it is given, which
# is BUILDDIR/corpus/NAME) and stops with a failure on a crash, a leak, an
# input slower than TIMEOUT seconds (default 10) or RSS past RSS_LIMIT_MB
# (default 512): a memory blow-up fails, it is not a slow pass. The input
# is left in BUILDDIR/artifacts. Fails too if the seeds changed.
set -eu
top=$(cd "$(dirname "$0")/../.." && pwd)
seconds=${1:-60}
out=${2:-$top/_build-fuzz}
rss_limit_mb=${RSS_LIMIT_MB:-512}
timeout=${TIMEOUT:-10}

command -v clang >/dev/null 2>&1 || { echo "run-fuzz: clang is not installed" >&2; exit 1; }

if [ ! -f "$out/build.ninja" ]; then
  echo "run-fuzz: configuring a clang build in $out"
  setup_log=$(mktemp)
  CC=clang meson setup "$out" "$top" \
    --buildtype=debugoptimized \
    -Dfuzzing=enabled \
    -Db_sanitize=address,undefined \
    -Db_lundef=false \
    -Dc_args="-fsanitize=fuzzer-no-link -fno-sanitize-recover=undefined" > "$setup_log" 2>&1 ||
    { cat "$setup_log" >&2; rm -f "$setup_log"; echo "run-fuzz: meson setup failed" >&2; exit 1; }
  rm -f "$setup_log"
fi

targets=$(meson introspect "$out" --targets | python3 -c '
import json, sys
for target in json.load(sys.stdin):
    name = target["name"]
    if name.startswith("fuzz-") and not name.endswith("-replay") and target["type"] == "executable":
        print(name)')
[ -n "$targets" ] || { echo "run-fuzz: meson defines no libFuzzer target (is $out a clang build?)" >&2; exit 1; }

# shellcheck disable=SC2046
meson compile -C "$out" $(for name in $targets; do printf 'tests/fuzz/%s ' "$name"; done) > "$out/fuzz-build.log" 2>&1 ||
  { tail -n 60 "$out/fuzz-build.log" >&2; echo "run-fuzz: the build failed" >&2; exit 1; }

# handle_sigtrap: a target that fails with g_error() (a breakpoint trap) is
# reported like a crash, so that libFuzzer keeps the input in artifacts/.
export ASAN_OPTIONS="detect_leaks=1:abort_on_error=1:quarantine_size_mb=64:handle_sigtrap=1"
export LSAN_OPTIONS="suppressions=$top/build-aux/lsan.supp:print_suppressions=0"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1"
export G_SLICE=always-malloc

seeds_state () {
  (cd "$top/tests/fuzz/corpus" && find . -type f -exec cksum {} + | sort)
}
seeds_before=$(seeds_state)

mkdir -p "$out/artifacts"
rm -f "$out"/artifacts/*
failed=""
for name in $targets; do
  short=${name#fuzz-}
  seeds="$top/tests/fuzz/corpus/$short"
  corpus="$out/corpus/$short"
  log="$out/$name.log"
  [ -d "$seeds" ] || { echo "run-fuzz: $name has no seeds in $seeds" >&2; exit 1; }
  mkdir -p "$corpus"
  case "$name" in
    fuzz-sse-parser) max_len=4096 ;;
    *) max_len=8192 ;;
  esac

  echo "run-fuzz: $name for $seconds s (RSS limit $rss_limit_mb MB, $timeout s per input)"
  status=0
  "$out/tests/fuzz/$name" \
    -max_total_time="$seconds" \
    -max_len="$max_len" \
    -timeout="$timeout" \
    -rss_limit_mb="$rss_limit_mb" \
    -malloc_limit_mb="$rss_limit_mb" \
    -print_final_stats=1 \
    -artifact_prefix="$out/artifacts/$name-" \
    "$corpus" "$seeds" > "$log" 2>&1 || status=$?
  if [ "$status" -ne 0 ]; then
    tail -n 60 "$log" >&2
    echo "run-fuzz: $name failed (exit $status); the input is in $out/artifacts" >&2
    failed="$failed $name"
    continue
  fi
  execs=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log")
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
  peak=$(sed -n 's/^stat::peak_rss_mb: *//p' "$log")
  echo "run-fuzz: $name: no finding; $runs inputs, $execs execs/s, peak RSS $peak MB, corpus $(ls "$corpus" | wc -l) inputs"
done

if [ "$(seeds_state)" != "$seeds_before" ]; then
  echo "run-fuzz: the checked-in seeds in tests/fuzz/corpus changed; a run must only read them" >&2
  exit 1
fi

if [ -n "$failed" ]; then
  echo "run-fuzz: findings in:$failed" >&2
  exit 1
fi
