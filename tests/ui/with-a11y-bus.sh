#!/bin/sh
# with-a11y-bus.sh — run a command with an accessibility bus of its own.
#
# Starts a private accessibility bus (dbus-daemon with at-spi2-core's
# configuration, its socket in a folder of its own) and the registry on it,
# points GTK and libatspi at it (AT_SPI_BUS_ADDRESS), turns GTK's AT-SPI
# backend on, runs the command, then stops the registry and the bus it
# started, by their process ids. A missing at-spi2-core is a failure.
set -eu

conf=/usr/share/defaults/at-spi2/accessibility.conf
registryd=/usr/libexec/at-spi2-registryd
for f in "$conf" "$registryd"; do
  [ -e "$f" ] || { echo "with-a11y-bus: $f not found (apt-get install at-spi2-core)" >&2; exit 1; }
done
command -v dbus-daemon >/dev/null 2>&1 || {
  echo "with-a11y-bus: dbus-daemon not found (apt-get install dbus)" >&2; exit 1; }

dir=$(mktemp -d "${TMPDIR:-/tmp}/tether-a11y-bus.XXXXXX")
bus_pid=""
registry_pid=""
stop () {
  [ -n "$registry_pid" ] && kill "$registry_pid" 2>/dev/null || true
  [ -n "$bus_pid" ] && kill "$bus_pid" 2>/dev/null || true
  [ -n "$registry_pid" ] && wait "$registry_pid" 2>/dev/null || true
  rm -rf "$dir"
}
trap stop EXIT
trap 'exit 1' INT TERM

out=$(dbus-daemon --config-file="$conf" --address="unix:dir=$dir" --fork \
        --print-address=1 --print-pid=1)
AT_SPI_BUS_ADDRESS=$(echo "$out" | sed -n 1p)
bus_pid=$(echo "$out" | sed -n 2p)
export AT_SPI_BUS_ADDRESS

"$registryd" >&2 &
registry_pid=$!

# Wait for the registry to own its name, so that the application does not
# have the bus start a second one that no one would stop.
tries=0
until dbus-send --bus="$AT_SPI_BUS_ADDRESS" --print-reply --dest=org.freedesktop.DBus \
        /org/freedesktop/DBus org.freedesktop.DBus.NameHasOwner string:org.a11y.atspi.Registry \
        2>/dev/null | grep -q 'boolean true'; do
  tries=$((tries + 1))
  if [ "$tries" -gt 600 ] || ! kill -0 "$registry_pid" 2>/dev/null; then
    echo "with-a11y-bus: the registry did not start on $AT_SPI_BUS_ADDRESS" >&2
    exit 1
  fi
  sleep 0.1
done

# GTK 4.8 exposes its tree unless GTK_A11Y is "none" (the suite's default).
export GTK_A11Y=atspi
unset NO_AT_BRIDGE

status=0
"$@" || status=$?
exit $status
