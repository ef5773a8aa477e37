# netns.sh — sourced by the interop tests whose npm peers bind every
# interface (server-everything over HTTP, the conformance runner). Those
# peers, and the client under test, run only inside a private network
# namespace that has nothing but loopback.
#
# Copyright 2026 The Tether authors
# SPDX-License-Identifier: GPL-3.0-or-later

# enter_netns SCRIPT ARGS…: run SCRIPT again inside a new network namespace
# with only lo, up; inside it, check that lo is all there is. Never returns
# outside the namespace; fails loudly when one cannot be made.
#
# The namespace has its own PIDs and /proc too, and SCRIPT is its first
# process: when SCRIPT ends, however it ends (even killed by a test
# timeout, which kills unshare and so, with --kill-child, SCRIPT), every
# process it started dies with it. No peer outlives its test.
enter_netns () {
  if [ "${TETHER_INTEROP_NETNS:-}" = 1 ]; then
    links=$(ip -o link show | awk -F': ' '{ print $2 }' | tr '\n' ' ')
    if [ "$links" != "lo " ]; then
      echo "Bail out! the private network namespace has more than loopback: $links"
      exit 1
    fi
    return 0
  fi

  for tool in unshare ip; do
    if ! command -v "$tool" >/dev/null 2>&1; then
      echo "Bail out! $tool not found: run build-aux/deps.sh test (Debian: util-linux, iproute2)"
      exit 1
    fi
  done

  # As root, or as a user where user namespaces are allowed.
  # Its own /proc too, which LeakSanitizer reads by the namespace's PIDs.
  for flags in -npfm -rnpfm; do
    if unshare $flags --mount-proc --kill-child sh -c 'ip link set lo up' >/dev/null 2>&1; then
      TETHER_INTEROP_NETNS=1 exec unshare $flags --mount-proc --kill-child \
        sh -c 'ip link set lo up; exec "$@"' sh "$@"
    fi
  done

  echo "Bail out! cannot make a private network namespace (unshare -n): these peers bind every interface and never run outside one; run as root or allow user namespaces"
  exit 1
}

# stop_server: stop the peer the sourcing script started in the
# background and whose PID it put in $server_pid, if any, and wait for it.
server_pid=""
stop_server () {
  if [ -n "$server_pid" ]; then
    kill "$server_pid" 2>/dev/null
    wait "$server_pid" 2>/dev/null
    server_pid=""
  fi
}

# TAP
tap_n=0
tap_failed=0
ok () { tap_n=$((tap_n + 1)); echo "ok $tap_n - $1"; }
not_ok () {
  tap_n=$((tap_n + 1)); echo "not ok $tap_n - $1"; tap_failed=1
  shift
  for file in "$@"; do
    [ -f "$file" ] && sed "s|^|# $(basename "$file"): |" "$file" | tail -40
  done
}

# wait_for_text FILE TEXT SECONDS: until FILE holds TEXT; fails after SECONDS.
wait_for_text () {
  deadline=$(( $(date +%s) + $3 ))
  while ! grep -q -- "$2" "$1" 2>/dev/null; do
    [ "$(date +%s)" -ge "$deadline" ] && return 1
    sleep 0.05
  done
  return 0
}
