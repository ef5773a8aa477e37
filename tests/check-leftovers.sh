#!/bin/sh
# check-leftovers.sh — fail if a process started by the test suite is still
# alive, or a test's world is still there.
#
# Runs last and alone (lowest priority, not parallel). Every process the tests
# start runs a program from the build tree (fake servers, tether-cli, test
# binaries, node peers installed under the build tree), so any live process
# whose executable or command line names a path under the build root (so a
# sibling build such as _build-sanitize is not counted), and that is not this
# check or one of its ancestors, was left behind.
set -u
root=${TETHER_BUILD_ROOT:?TETHER_BUILD_ROOT is not set}

ancestors=" "
p=$$
while [ -n "$p" ] && [ "$p" -gt 1 ] 2>/dev/null; do
  ancestors="$ancestors$p "
  p=$(awk '/^PPid:/ {print $2}' "/proc/$p/status" 2>/dev/null)
done

left=0
for d in /proc/[0-9]*; do
  pid=${d#/proc/}
  case "$ancestors" in *" $pid "*) continue ;; esac
  [ "$pid" = "$$" ] && continue
  state=$(awk '/^State:/ {print $2}' "$d/status" 2>/dev/null) || continue
  exe=$(readlink "$d/exe" 2>/dev/null || true)
  cmd=$(tr '\0' ' ' < "$d/cmdline" 2>/dev/null || true)
  case "$exe $cmd" in
    *"$root/"*)
      # Our own pipeline (awk, tr, readlink) may carry the root in argv only
      # when it is this script; those are children of $$ and already gone.
      ppid=$(awk '/^PPid:/ {print $2}' "$d/status" 2>/dev/null)
      [ "$ppid" = "$$" ] && continue
      echo "left behind: pid $pid (state $state, parent $ppid): $cmd" >&2
      left=$((left + 1))
      ;;
    *) ;;
  esac
done

# Each test's world (tests/test-world.sh) is removed when its test ends,
# and the test fails if it left files in the world's TMPDIR; a world still
# there belongs to a test that was killed, or that wrote where it was not
# given a folder. Only this build's, and not the one this check runs in.
worlds=0
for w in "${TETHER_TEST_WORLDS:-${TMPDIR:-/tmp}}"/tether-test.*; do
  [ -d "$w" ] && [ "$w" != "${TETHER_TEST_WORLD:-}" ] || continue
  [ "$(cat "$w/build-root" 2>/dev/null)" = "$root" ] || continue
  echo "left behind: the world of \"$(cat "$w/command" 2>/dev/null)\": $w" >&2
  find "$w" -mindepth 1 -maxdepth 3 | sed 's/^/  /' | head -20 >&2
  worlds=$((worlds + 1))
done

if [ "$left" -gt 0 ] || [ "$worlds" -gt 0 ]; then
  [ "$left" -eq 0 ] || echo "check-leftovers: $left process(es) started by the tests are still alive" >&2
  [ "$worlds" -eq 0 ] || echo "check-leftovers: $worlds test world(s) left behind" >&2
  exit 1
fi
echo "check-leftovers: no process and no test world left behind under $root"
