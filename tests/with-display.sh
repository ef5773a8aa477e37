#!/bin/sh
# with-display.sh — run a ui test with a display and a session bus.
#
# Under the README's test command the whole suite already runs inside
# dbus-run-session and xvfb-run; a bare `meson test` gets its own here.
# A missing Xvfb is a failure, never a skip.
set -eu

# --own: a session bus and a display of this test's own, even inside the
# suite's. The window's tests run in parallel, each running the application:
# they must not share a clipboard, bus names or a notification server.
if [ "${1:-}" = "--own" ]; then
  shift
  unset DBUS_SESSION_BUS_ADDRESS DISPLAY XAUTHORITY
fi

if [ -z "${DBUS_SESSION_BUS_ADDRESS:-}" ]; then
  command -v dbus-run-session >/dev/null 2>&1 || {
    echo "with-display: dbus-run-session not found (apt-get install dbus)" >&2; exit 1; }
  exec dbus-run-session -- "$0" "$@"
fi

if [ -z "${DISPLAY:-}" ]; then
  command -v xvfb-run >/dev/null 2>&1 || {
    echo "with-display: xvfb-run not found (apt-get install xvfb xauth)" >&2; exit 1; }
  exec xvfb-run -a -s "-screen 0 1280x1024x24 -nolisten tcp" "$@"
fi

exec "$@"
