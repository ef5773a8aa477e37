#!/bin/sh
# with-display.sh — run a ui test with a display and a session bus.
#
# Under the README's test command the whole suite already runs inside
# dbus-run-session and xvfb-run; a bare `meson test` gets its own here.
# A missing Xvfb is a failure, never a skip.
set -eu

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
