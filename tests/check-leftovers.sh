#!/bin/sh
# check-leftovers.sh — fail if a process started by the test suite is still alive.
#
# Runs last and alone (lowest priority, not parallel). Every process the tests
# start runs a program from the build tree (fake servers, tether-cli, test
# binaries, node peers installed under the build tree), so any live process
# whose executable or command line names the build root, and that is not this
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
    *"$root"*)
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

if [ "$left" -gt 0 ]; then
  echo "check-leftovers: $left process(es) started by the tests are still alive" >&2
  exit 1
fi
echo "check-leftovers: no process left behind under $root"
