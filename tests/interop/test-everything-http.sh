#!/bin/sh
# test-everything-http.sh — tether-cli against the reference
# @modelcontextprotocol/server-everything over Streamable HTTP and over the
# legacy HTTP+SSE transport (TAP).
#
# Usage: test-everything-http.sh BUILDDIR
#
# server-everything listens on every interface, so it runs, with tether-cli,
# only inside a private network namespace that has nothing but loopback.
# Needs node and the peers that tests/interop/install-peers.sh puts in
# BUILDDIR/peers; when anything is missing this fails, saying what to do: it
# never skips. The servers are run from their installed entry file (never
# npx) and stopped by the PIDs this script started.
#
# Copyright 2026 The Tether authors
# SPDX-License-Identifier: GPL-3.0-or-later
set -u

here=$(cd "$(dirname "$0")" && pwd)
. "$here/netns.sh"
. "$here/everything-use.sh"

builddir=${1:?usage: test-everything-http.sh BUILDDIR}
builddir=$(cd "$builddir" && pwd)
cli=$builddir/src/cli/tether-cli
session_client=$builddir/tests/interop-session-client
entry=$builddir/peers/node_modules/@modelcontextprotocol/server-everything/dist/index.js

if [ "${TETHER_INTEROP_NETNS:-}" != 1 ]; then
  if ! command -v node >/dev/null 2>&1; then
    echo "Bail out! node not found: run build-aux/deps.sh test (Debian: apt-get install nodejs npm)"
    exit 1
  fi
  if [ ! -f "$entry" ]; then
    echo "Bail out! server-everything is not installed: run tests/interop/install-peers.sh $builddir"
    exit 1
  fi
fi
enter_netns "$0" "$@"

tmp=$(mktemp -d)
trap 'stop_server; rm -rf "$tmp"' EXIT
trap 'exit 1' INT TERM HUP PIPE

echo "1..$((20 + EVERYTHING_USE_TESTS))"
ok "only loopback in the test's network namespace"

# start_server MODE PORT READY-TEXT: server-everything in MODE on PORT.
start_server () {
  PORT=$2 node "$entry" "$1" >"$tmp/server.out" 2>"$tmp/server.err" &
  server_pid=$!
  if ! wait_for_text "$tmp/server.err" "$3" 20; then
    echo "Bail out! server-everything $1 did not start within 20 s"
    sed 's/^/# /' "$tmp/server.err"
    exit 1
  fi
}

# cli ARGS…: tether-cli with ARGS against $url; sets $rc, output in $tmp/out
# and $tmp/err.
cli () {
  "$cli" --url "$url" "$@" >"$tmp/out" 2>"$tmp/err"
  rc=$?
}

has () { grep -q -- "$1" "$tmp/$2"; }
json_len () { node -e "const d=JSON.parse(require('fs').readFileSync('$tmp/out','utf8')); console.log(d['$1'].length)"; }
json_names () { node -e "const d=JSON.parse(require('fs').readFileSync('$tmp/out','utf8')); console.log(d['$1'].map(x => x.name).sort().join(' '))"; }

# Everything a user does, through one transport.
exercise () {
  mode=$1
  transport=$2

  cli --transport "$transport" info
  if [ $rc -eq 0 ] && has "mcp-servers/everything" out && has "Protocol:     2025-11-25" out; then
    ok "$mode: info negotiated 2025-11-25"
  else not_ok "$mode: info (rc $rc)" "$tmp/out" "$tmp/err"; fi

  cli --transport "$transport" --json tools
  if [ $rc -eq 0 ] && [ "$(json_len tools)" -ge 12 ]; then
    names=$(json_names tools)
    missing=""
    for t in echo get-sum get-env get-tiny-image get-structured-content trigger-long-running-operation \
             toggle-simulated-logging get-resource-links get-resource-reference get-annotated-message; do
      case " $names " in *" $t "*) ;; *) missing="$missing $t" ;; esac
    done
    if [ -z "$missing" ]; then ok "$mode: tools: $(json_len tools) listed"; else not_ok "$mode: tools: missing$missing" "$tmp/err"; fi
  else not_ok "$mode: tools (rc $rc)" "$tmp/out" "$tmp/err"; fi

  cli --transport "$transport" --json prompts
  if [ $rc -eq 0 ] && [ "$(json_names prompts)" = "args-prompt completable-prompt resource-prompt simple-prompt" ]; then
    ok "$mode: prompts: all four listed"
  else not_ok "$mode: prompts (rc $rc)" "$tmp/out" "$tmp/err"; fi

  cli --transport "$transport" --json resources
  if [ $rc -eq 0 ] && [ "$(json_len resources)" -ge 7 ] && [ "$(json_len resourceTemplates)" -eq 2 ]; then
    ok "$mode: resources: $(json_len resources) and 2 templates listed"
  else not_ok "$mode: resources (rc $rc)" "$tmp/out" "$tmp/err"; fi

  cli --transport "$transport" call echo '{"message":"hello over http"}'
  a=$rc; cp "$tmp/out" "$tmp/echo"
  cli --transport "$transport" call get-sum '{"a":2,"b":40}'
  b=$rc; cp "$tmp/out" "$tmp/sum"
  cli --transport "$transport" call get-tiny-image
  if [ $a -eq 0 ] && grep -q "Echo: hello over http" "$tmp/echo" && [ $b -eq 0 ] && grep -q "is 42" "$tmp/sum" &&
     [ $rc -eq 0 ] && has "\[image image/png" out; then
    ok "$mode: call echo, get-sum and get-tiny-image"
  else not_ok "$mode: calls (rc $a $b $rc)" "$tmp/echo" "$tmp/sum" "$tmp/out" "$tmp/err"; fi

  cli --transport "$transport" call trigger-long-running-operation '{"duration":2,"steps":4}'
  if [ $rc -eq 0 ] && has "Long running operation completed" out && has "progress 4/4" err; then
    ok "$mode: long-running operation with progress"
  else not_ok "$mode: long-running operation with progress (rc $rc)" "$tmp/out" "$tmp/err"; fi

  start=$(date +%s)
  G_MESSAGES_DEBUG=mcp-client cli --transport "$transport" --timeout 1500 \
    call trigger-long-running-operation '{"duration":120,"steps":1}'
  took=$(( $(date +%s) - start ))
  if [ $rc -eq 1 ] && has "tools/call timed out" err && has "sent notifications/cancelled" err && [ $took -lt 15 ]; then
    ok "$mode: a call that times out is cancelled (exit 1 after ${took} s)"
  else not_ok "$mode: timeout and cancel (rc $rc, ${took} s)" "$tmp/err"; fi

  cli --transport "$transport" --json ping --count 200 --inflight 8
  if [ $rc -eq 0 ] && has '"count" : 200' out; then
    ok "$mode: 200 pings, 8 in flight"
  else not_ok "$mode: ping (rc $rc)" "$tmp/out" "$tmp/err"; fi
}

# Streamable HTTP
start_server streamableHttp 3101 "listening on port 3101"
url=http://127.0.0.1:3101/mcp
exercise "Streamable HTTP" http
use_everything "Streamable HTTP"

# The session ends behind the client's back (DELETE by someone else):
# server-everything answers 400, the client starts one new session and
# sends the request again, once.
before=$(grep -c "Session initialized with ID:" "$tmp/server.out")
rm -f "$tmp/go"
mkfifo "$tmp/go"
"$session_client" "$url" <"$tmp/go" >"$tmp/out" 2>"$tmp/err" &
client_pid=$!
exec 8>"$tmp/go"
if wait_for_text "$tmp/out" "ready" 20; then
  sid=$(grep "Session initialized with ID:" "$tmp/server.out" | tail -n 1 | sed 's/.*ID: *//')
  status=$(node -e "fetch('$url', { method: 'DELETE', headers: { 'mcp-session-id': process.argv[1] } })
                    .then(r => console.log(r.status), e => console.log(e.message))" "$sid")
else
  status="(the client did not get ready)"
fi
echo go >&8
exec 8>&-
wait "$client_pid"
client_rc=$?
sessions=$(( $(grep -c "Session initialized with ID:" "$tmp/server.out") - before ))
if [ "$status" = 200 ] && [ $client_rc -eq 0 ] && has "after expiry" out &&
   has "ended the session (HTTP 400)" err && [ "$sessions" -eq 2 ]; then
  ok "Streamable HTTP: after the session was deleted, one new session and the call sent again"
else
  not_ok "Streamable HTTP: session expiry (DELETE $status, rc $client_rc, $sessions sessions)" "$tmp/out" "$tmp/err"
fi

# A new user's first try: just the URL.
"$cli" tools --url "$url" >"$tmp/out" 2>"$tmp/err"
rc=$?
if [ $rc -eq 0 ] && has "^echo" out && has "^get-sum" out; then
  ok "Streamable HTTP: tether-cli tools --url $url"
else not_ok "Streamable HTTP: tools --url (rc $rc)" "$tmp/out" "$tmp/err"; fi
stop_server

# Legacy HTTP+SSE
start_server sse 3102 "running on port 3102"
url=http://127.0.0.1:3102/sse
exercise "HTTP+SSE" sse

# Found by itself from the /sse URL: the POST is refused, the event stream
# names the endpoint.
G_MESSAGES_DEBUG=mcp-transport "$cli" tools --url "$url" >"$tmp/out" 2>"$tmp/err"
rc=$?
if [ $rc -eq 0 ] && has "^echo" out && has "trying the legacy HTTP+SSE transport" err; then
  ok "HTTP+SSE: tether-cli tools --url $url finds the legacy transport"
else not_ok "HTTP+SSE: tools --url, auto (rc $rc)" "$tmp/out" "$tmp/err"; fi
stop_server

exit $tap_failed
