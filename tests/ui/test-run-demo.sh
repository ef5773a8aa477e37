#!/bin/sh
# test-run-demo.sh SOURCE_ROOT BUILD_ROOT — build-aux/run.sh as the README
# tells a newcomer to run it, on the build under test.
#
# Run by tests/with-display.sh (an Xvfb and a session bus of its own) in
# the test's world (tests/test-world.sh: HOME and the XDG folders are the
# world's). run.sh runs the build in BUILD_ROOT as it is (TETHER_RUN_BUILD:
# nothing installed or compiled) on its demo configuration. Then, as a user
# would see it: the X server shows a window titled "Tether" of that
# process, the demo's two fake servers ("example" and "flaky") run under it,
# Ctrl+Q typed into the window quits it with status 0, and neither the
# servers nor a process group in the ledger nor anything in HOME is left.
# Fails, saying what happened, if run.sh, its demo configuration or the
# binary does not get that far.
set -eu

src=${1:?usage: test-run-demo.sh SOURCE_ROOT BUILD_ROOT}
build=${2:?usage: test-run-demo.sh SOURCE_ROOT BUILD_ROOT}
run_sh=$src/build-aux/run.sh
fake=$build/tests/fake-mcp-server
# Generous: the sanitized build on a busy machine. Only ever a deadline for
# something that should happen, never a figure asserted.
wait_s=240

fail () {
  echo "test-run-demo: $*" >&2
  if [ -s "$log/err" ]; then
    echo "--- what run.sh and tether said on stderr (last 40 lines):" >&2
    tail -n 40 "$log/err" >&2
  fi
  exit 1
}

log=$(mktemp -d "${TMPDIR:-/tmp}/test-run-demo.XXXXXX")
pid=
cleanup () {
  if [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null; then
    kill -TERM "$pid" 2>/dev/null || true
    wait "$pid" 2>/dev/null || true
  fi
  rm -rf "$log"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

for tool in xdotool xwininfo ps import convert; do
  command -v "$tool" >/dev/null 2>&1 ||
    fail "$tool not found (apt-get install xdotool x11-utils procps imagemagick, or build-aux/deps.sh test)"
done
[ -n "${DISPLAY:-}" ] || fail "no display: run it through tests/with-display.sh"
[ -x "$run_sh" ] || fail "$run_sh is missing or not executable"
[ -n "${HOME:-}" ] && [ -d "$HOME" ] || fail "no HOME folder"
[ -z "$(ls -A "$HOME")" ] || fail "HOME ($HOME) is not the test world's empty one"

TETHER_RUN_BUILD=$build "$run_sh" >"$log/out" 2>"$log/err" &
pid=$!
echo "# run.sh started as process $pid"

# Until "$@" succeeds, every 200 ms; fails with WHAT if run.sh ends
# meanwhile or nothing happens within the deadline.
wait_until () {
  what=$1
  shift
  deadline=$(( $(date +%s) + wait_s ))
  until "$@"; do
    if ! kill -0 "$pid" 2>/dev/null; then
      status=0
      wait "$pid" || status=$?
      pid=
      fail "run.sh ended with status $status while waiting for $what"
    fi
    [ "$(date +%s)" -lt "$deadline" ] || fail "no $what within $wait_s s"
    sleep 0.2
  done
}

# run.sh ends by exec'ing the binary: the process is tether itself.
is_tether () {
  [ "$(readlink "/proc/$pid/exe" 2>/dev/null)" = "$(readlink -f "$build/src/tether")" ]
}
wait_until "tether from $build/src" is_tether

# A window titled "Tether" of that process, mapped and viewable, as the X
# server itself tells it.
window=
find_window () {
  window=$(xdotool search --all --onlyvisible --pid "$pid" --name '^Tether$' 2>/dev/null | head -n 1) || true
  [ -n "$window" ]
}
wait_until "window titled “Tether”" find_window
xwininfo -id "$window" | grep -q 'Map State: IsViewable' || fail "the window $window is not viewable"
echo "# the window $window is shown"

# The demo configuration's servers: the build's fake MCP server, run by
# tether for "example" (--stderr-flood) and "flaky" (--crash-after-ms).
servers=
demo_servers_run () {
  children=$(ps -o pid=,args= --ppid "$pid" 2>/dev/null | grep -F " $fake " || true)
  servers=$(printf '%s\n' "$children" | awk 'NF { print $1 }' | tr '\n' ' ')
  printf '%s\n' "$children" | grep -q -e '--stderr-flood' &&
    printf '%s\n' "$children" | grep -q -e '--crash-after-ms'
}
wait_until "demo servers “example” and “flaky” running" demo_servers_run
echo "# the demo's servers run: $servers"

# The window drew its sidebar (the connected server's green dot is on the
# screen, as the X server shows it), and no icon it drew loaded librsvg:
# every icon the window shows at start is a PNG (Tether's own are encoded
# at build time), and an SVG drawn once keeps librsvg loaded for the life
# of the process, some 7 MB. The X server is asked, so that no frame of
# the app's own can be trusted blindly; the dot is the success colour of
# the light style, within a margin for antialiasing.
shot=$log/window.png
sidebar_drawn () {
  import -window "$window" "$shot" 2>/dev/null &&
    [ "$(convert "$shot" -fuzz 6% -fill black +opaque '#1b8553' -fill white -opaque '#1b8553' \
           -format '%[fx:maxima.r]' info: 2>/dev/null)" = 1 ]
}
wait_until "the sidebar drawn with the connected server's icon" sidebar_drawn
no_svg_loader () {
  if grep -E 'librsvg|libpixbufloader-svg' "/proc/$pid/maps" >&2; then
    fail "the window loaded librsvg at start (the maps above): an icon it drew was an SVG"
  fi
}
no_svg_loader
echo "# the window is drawn without librsvg"

# Ctrl+Q, typed as a user types it into the focused window. Xvfb has no
# window manager: the focus is given by hand, again at every try.
quit_deadline=$(( $(date +%s) + wait_s ))
while kill -0 "$pid" 2>/dev/null; do
  [ "$(date +%s)" -lt "$quit_deadline" ] || fail "Ctrl+Q did not quit tether within $wait_s s"
  xdotool windowfocus "$window" 2>/dev/null || true
  xdotool key --clearmodifiers ctrl+q 2>/dev/null || true
  tries=0
  while kill -0 "$pid" 2>/dev/null && [ "$tries" -lt 25 ]; do
    sleep 0.2
    tries=$(( tries + 1 ))
  done
done
status=0
wait "$pid" || status=$?
pid=
[ "$status" -eq 0 ] || fail "tether exited with status $status after Ctrl+Q"
echo "# Ctrl+Q quit tether with status 0"

# Nothing left behind: the servers, their process groups, HOME.
for server in $servers; do
  if kill -0 "$server" 2>/dev/null &&
     tr '\0' ' ' < "/proc/$server/cmdline" 2>/dev/null | grep -q -F "$fake "; then
    fail "the demo's server $server outlived tether: $(tr '\0' ' ' < "/proc/$server/cmdline")"
  fi
done
ledger=${XDG_RUNTIME_DIR:?}/tether/groups
if [ -d "$ledger" ] && [ -n "$(ls -A "$ledger")" ]; then
  fail "process groups left in the ledger: $(ls -A "$ledger" | tr '\n' ' ')"
fi
[ -z "$(ls -A "$HOME")" ] || fail "run.sh wrote into HOME: $(ls -A "$HOME" | tr '\n' ' ')"
if grep -E 'CRITICAL|ERROR:|AddressSanitizer|runtime error:' "$log/err" >&2; then
  fail "tether reported an error on stderr (above)"
fi
echo "# nothing left behind"
