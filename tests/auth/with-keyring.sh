#!/bin/sh
# with-keyring.sh — run a test in a private D-Bus session with a real
# gnome-keyring-daemon (unlocked, secrets only), or in one where no Secret
# Service can be started.
#
# Usage: with-keyring.sh keyring|none PROGRAM [ARGS…]
#
# HOME, XDG_DATA_HOME and XDG_RUNTIME_DIR point into a fresh directory, so
# the user's keyring is never touched. The test learns the mode from
# TETHER_TEST_KEYRING. Without dbus-run-session or gnome-keyring-daemon the
# test fails: build-aux/deps.sh test installs them.
#
# Copyright 2026 The Tether authors
# SPDX-License-Identifier: GPL-3.0-or-later
set -eu

mode=${1:?usage: with-keyring.sh keyring|none PROGRAM [ARGS…]}
shift

for tool in dbus-run-session dbus-daemon gdbus; do
  command -v "$tool" >/dev/null 2>&1 || { echo "Bail out! $tool is missing: run build-aux/deps.sh test"; exit 1; }
done

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -m 700 "$tmp/home" "$tmp/data" "$tmp/runtime"
export HOME="$tmp/home" XDG_DATA_HOME="$tmp/data" XDG_RUNTIME_DIR="$tmp/runtime"
export TETHER_TEST_KEYRING="$mode"
unset SECRET_BACKEND

case "$mode" in
  keyring)
    if ! command -v gnome-keyring-daemon >/dev/null 2>&1; then
      echo "Bail out! gnome-keyring-daemon is missing: run build-aux/deps.sh test"
      exit 1
    fi
    # The daemon in the foreground, so that its pid is ours to stop. Not
    # exec'd: the trap removes the folder afterwards.
    rc=0
    dbus-run-session -- sh -c '
      printf test | gnome-keyring-daemon --foreground --unlock --components=secrets >/dev/null 2>&1 &
      daemon=$!
      if ! gdbus wait --session --timeout 10 org.freedesktop.secrets; then
        echo "Bail out! gnome-keyring-daemon did not come up on the private bus"
        kill $daemon 2>/dev/null
        exit 1
      fi
      "$@"
      rc=$?
      kill $daemon 2>/dev/null
      wait $daemon 2>/dev/null
      exit $rc' sh "$@" || rc=$?
    exit $rc ;;
  none)
    # A session bus with no service files at all: org.freedesktop.secrets
    # cannot be activated, as on a bare session or in CI.
    cat > "$tmp/bus.conf" <<CONF
<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig>
  <type>session</type>
  <listen>unix:dir=$tmp/runtime</listen>
  <policy context="default">
    <allow send_destination="*" eavesdrop="true"/>
    <allow eavesdrop="true"/>
    <allow own="*"/>
  </policy>
</busconfig>
CONF
    dbus-run-session --config-file="$tmp/bus.conf" -- "$@" ;;
  *)
    echo "usage: with-keyring.sh keyring|none PROGRAM [ARGS…]" >&2
    exit 2 ;;
esac
