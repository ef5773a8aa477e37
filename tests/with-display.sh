#!/bin/sh
# with-display.sh — run a ui test with a display and a session bus of its own.
#
# The window's tests run in parallel, each running the application: they
# must not share a clipboard, bus names or a notification server, and never
# the user's (tests/test-world.sh has taken the user's display and bus out
# of reach). Each gets a private session bus (tests/with-bus.sh) and an Xvfb
# of its own. A missing Xvfb is a failure, never a skip.
set -eu

# --own was the switch for what is now always so; still accepted.
[ "${1:-}" != "--own" ] || shift

if [ -z "${TETHER_TEST_PRIVATE_BUS:-}" ]; then
  exec "$(dirname "$0")/with-bus.sh" "$0" "$@"
fi

command -v xvfb-run >/dev/null 2>&1 || {
  echo "with-display: xvfb-run not found (apt-get install xvfb xauth)" >&2; exit 1; }
unset DISPLAY XAUTHORITY
exec xvfb-run -a -s "-screen 0 1280x1024x24 -nolisten tcp" "$@"
