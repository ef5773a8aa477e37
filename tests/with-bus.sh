#!/bin/sh
# with-bus.sh — run a test on a session bus of its own.
#
# tests/test-world.sh has taken the user's bus out of reach; a test that
# talks to or owns a name on a session bus (the window's fake portal and
# notification server, flatpak-session-helper for the host backend) gets a
# private one here, which ends with it. A missing dbus-run-session is a
# failure, never a skip.
set -eu
command -v dbus-run-session >/dev/null 2>&1 || {
  echo "with-bus: dbus-run-session not found (apt-get install dbus)" >&2; exit 1; }
TETHER_TEST_PRIVATE_BUS=1 exec dbus-run-session -- "$@"
