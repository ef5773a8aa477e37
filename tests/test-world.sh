#!/bin/sh
# test-world.sh — run one test in a world of its own.
#
# Every test runs through this script (the exe_wrapper of the test setups in
# tests/meson.build), so no test reaches the user's session:
#  - HOME, every XDG_*_HOME, XDG_RUNTIME_DIR and TMPDIR are folders of a
#    fresh world, made for this test and removed after it;
#  - the settings are a keyfile in that world (GSETTINGS_BACKEND=keyfile),
#    with the hub on port 0, any free port, never the user's;
#  - the user's session bus and display are out of reach: a test that needs
#    a bus or a display starts its own (tests/with-bus.sh,
#    tests/with-display.sh).
# After the test, whatever it left in the world's TMPDIR, and any process
# group still written in its ledger ($XDG_RUNTIME_DIR/tether/groups), fail
# it, naming what was left. A world that outlives its test (the test was
# killed) names the build it belongs to; tests/check-leftovers.sh finds it.
set -eu

[ $# -gt 0 ] || { echo "usage: test-world.sh COMMAND [ARGUMENT…]" >&2; exit 2; }

# Where the worlds are: tests/check-leftovers.sh looks there too.
export TETHER_TEST_WORLDS="${TETHER_TEST_WORLDS:-${TMPDIR:-/tmp}}"
world=$(mktemp -d "$TETHER_TEST_WORLDS/tether-test.XXXXXX")
export TETHER_TEST_WORLD="$world"
cleanup () {
  chmod -R u+rwx "$world" 2>/dev/null || true
  rm -rf "$world"
}
trap 'cleanup; exit 130' INT
trap 'cleanup; exit 143' TERM

printf '%s\n' "${TETHER_BUILD_ROOT:-}" > "$world/build-root"
printf '%s\n' "$*" > "$world/command"
mkdir -m 700 "$world/home" "$world/config" "$world/cache" "$world/data" "$world/state" \
  "$world/runtime" "$world/tmp"

export HOME="$world/home"
export XDG_CONFIG_HOME="$world/config"
export XDG_CACHE_HOME="$world/cache"
export XDG_DATA_HOME="$world/data"
export XDG_STATE_HOME="$world/state"
export XDG_RUNTIME_DIR="$world/runtime"
export TMPDIR="$world/tmp"
# What the flatpak tells a sandboxed app about the host's folders
unset HOST_XDG_CONFIG_HOME HOST_XDG_DATA_HOME HOST_XDG_CACHE_HOME HOST_XDG_STATE_HOME

mkdir -p "$XDG_CONFIG_HOME/glib-2.0/settings"
cat > "$XDG_CONFIG_HOME/glib-2.0/settings/keyfile" <<'EOF'
[io/github/tethermcp/Tether]
hub-port=uint32 0

[io/github/tethermcp/Tether/Devel]
hub-port=uint32 0
EOF
export GSETTINGS_BACKEND=keyfile

unset DBUS_SESSION_BUS_ADDRESS DISPLAY WAYLAND_DISPLAY XAUTHORITY

status=0
"$@" || status=$?

left=$(find "$TMPDIR" -mindepth 1 -maxdepth 1 2>/dev/null; \
       find "$XDG_RUNTIME_DIR/tether/groups" -mindepth 1 -maxdepth 1 2>/dev/null) || true
if [ -n "$left" ]; then
  echo "test-world: the test left behind (in its world's TMPDIR or its ledger of process groups):" >&2
  printf '%s\n' "$left" | sed "s|^$world/|  |" >&2
  [ "$status" -ne 0 ] || status=1
fi

cleanup
exit "$status"
