#!/bin/sh
# test-server2x.sh — tether-cli against the official 2.x TypeScript server
# SDK (tests/interop/server2x.mjs) in each era it offers, over stdio and
# Streamable HTTP (TAP).
#
# Usage: test-server2x.sh BUILDDIR
#
# For each era (2026: the 2026-07-28 revision only; dual: the SDK's default,
# both eras; 2025: a hand-wired 2025-era server) and each transport, the
# peer is named in a configuration (tether-cli add) and used through it:
# info (the revision Tether detected), tools, a plain call, a call that asks
# for input (answered with --elicit), prompts and a prompt, resources and a
# read of a resource and of a template. The peer's era://info resource says
# which era of the SDK answered, so a client that fell back to 2025 with a
# server that speaks both is caught too. Where the 2026 revision answers,
# interop-listen-client subscribes (subscriptions/listen) to era://info and
# must hear the tool "touch" announce a change of the tools and an update
# of era://info.
#
# Runs in a private network namespace with loopback only (netns.sh), whose
# end kills every process it started. Needs node and the peers that
# tests/interop/install-peers.sh puts in BUILDDIR/peers: when either is
# missing this fails, saying how to get them; it never skips.
#
# Copyright 2026 The Tether authors
# SPDX-License-Identifier: GPL-3.0-or-later
set -u

here=$(cd "$(dirname "$0")" && pwd)
. "$here/netns.sh"

builddir=${1:?usage: test-server2x.sh BUILDDIR}
builddir=$(cd "$builddir" && pwd)
cli=$builddir/src/cli/tether-cli
listen_client=$builddir/tests/interop-listen-client
peers=$builddir/peers
peer=$here/server2x.mjs

if [ "${TETHER_INTEROP_NETNS:-}" != 1 ]; then
  if ! command -v node >/dev/null 2>&1; then
    echo "Bail out! node not found: run build-aux/deps.sh test (Debian: apt-get install nodejs npm)"
    exit 1
  fi
  for package in server node; do
    if [ ! -f "$peers/node_modules/@modelcontextprotocol/$package/package.json" ]; then
      echo "Bail out! @modelcontextprotocol/$package is not installed: run tests/interop/install-peers.sh $builddir"
      exit 1
    fi
  done
fi
enter_netns "$0" "$@"

tmp=$(mktemp -d)
config=$tmp/servers.json
trap 'stop_server; rm -rf "$tmp"' EXIT
trap 'exit 1' INT TERM HUP PIPE

ERAS="2026 dual 2025"
TRANSPORTS="stdio http"
PER_RUN=9
# and the listen check where the 2026 revision answers (2026 and dual)
echo "1..$((1 + 3 * 2 * PER_RUN + 2 * 2))"
ok "only loopback in the test's network namespace"

# cli ARGS…: tether-cli on the test's configuration; sets $rc, output in
# $tmp/out and $tmp/err.
cli () {
  "$cli" --config "$config" "$@" >"$tmp/out" 2>"$tmp/err"
  rc=$?
}
has () { grep -q -- "$1" "$tmp/$2"; }
# json EXPRESSION: EXPRESSION of d, the JSON tether-cli printed.
json () { node -e "const d=JSON.parse(require('fs').readFileSync('$tmp/out','utf8')); console.log($1)"; }

# start_http ERA: the peer on a free port of 127.0.0.1; sets $url.
start_http () {
  node "$peer" "$peers" --era "$1" --port 0 >"$tmp/server.out" 2>"$tmp/server.err" &
  server_pid=$!
  if ! wait_for_text "$tmp/server.out" "listening http://" 20; then
    echo "Bail out! server2x.mjs --era $1 did not listen within 20 s"
    sed 's/^/# /' "$tmp/server.err"
    exit 1
  fi
  url=$(sed -n 's/^listening //p' "$tmp/server.out")
}

# exercise ERA TRANSPORT: add the peer to the configuration, use all it
# offers through it, remove it.
exercise () {
  era=$1 transport=$2
  name=s2x-$era-$transport
  label="$era era over $transport"
  case $era in
    2025) want=2025-11-25 served=legacy ;;
    *) want=2026-07-28 served=modern ;;
  esac

  if [ "$transport" = stdio ]; then
    cli add "$name" -- node "$peer" "$peers" --era "$era"
  else
    start_http "$era"
    cli add "$name" --url "$url" --transport http
  fi
  if [ $rc -ne 0 ]; then
    echo "Bail out! tether-cli add $name failed (rc $rc)"
    sed 's/^/# /' "$tmp/err"
    exit 1
  fi

  cli --json info "$name"
  if [ $rc -eq 0 ] && [ "$(json d.protocolVersion)" = "$want" ] &&
     [ "$(json d.serverInfo.name)" = tether-server2x ] && [ "$(json d.serverInfo.version)" = "era-$era" ]; then
    ok "$label: info: Tether detected $want"
  else not_ok "$label: info: want protocol $want (rc $rc)" "$tmp/out" "$tmp/err"; fi

  cli --json tools "$name"
  if [ $rc -eq 0 ] && [ "$(json "d.tools.map(t => t.name).sort().join(' ')")" = "add greet touch" ]; then
    ok "$label: tools: add, greet and touch"
  else not_ok "$label: tools (rc $rc)" "$tmp/out" "$tmp/err"; fi

  cli call "$name" add '{"a":2,"b":40}'
  if [ $rc -eq 0 ] && has "sum: 42" out; then
    ok "$label: call add"
  else not_ok "$label: call add (rc $rc)" "$tmp/out" "$tmp/err"; fi

  # The greeting rides the request state in 2026 (the server keeps it
  # nowhere else), and the name comes from --elicit.
  cli --elicit '{"name":"Ada"}' call "$name" greet '{"greeting":"Howdy"}'
  if [ $rc -eq 0 ] && has "Howdy, Ada!" out; then
    ok "$label: call greet, its question answered with --elicit"
  else not_ok "$label: call greet --elicit (rc $rc)" "$tmp/out" "$tmp/err"; fi

  # Unanswered, the question is declined (once: the tool then gives up),
  # and the tool never gets a name.
  cli call "$name" greet '{}' </dev/null
  if [ $rc -eq 1 ] && ! has "Hello, " out && [ "$(grep -c -- "declined: give it with --elicit" "$tmp/err")" -eq 1 ] &&
     has "answered with decline: nobody to greet" err; then
    ok "$label: call greet with nobody to answer: declined, and told how to answer"
  else not_ok "$label: call greet unanswered (rc $rc)" "$tmp/out" "$tmp/err"; fi

  cli --json prompts "$name"
  a=$rc; cp "$tmp/out" "$tmp/prompts"
  cli prompt "$name" haiku '{"topic":"tea"}'
  if [ $a -eq 0 ] && [ "$(node -e "console.log(JSON.parse(require('fs').readFileSync('$tmp/prompts','utf8')).prompts.map(p => p.name).join(' '))")" = haiku ] &&
     [ $rc -eq 0 ] && has "Write a haiku about tea." out; then
    ok "$label: prompts, and prompt haiku"
  else not_ok "$label: prompts (rc $a $rc)" "$tmp/prompts" "$tmp/out" "$tmp/err"; fi

  cli --json resources "$name"
  if [ $rc -eq 0 ] && [ "$(json "d.resources.map(r => r.uri).join(' ')")" = "era://info" ] &&
     [ "$(json "d.resourceTemplates.map(r => r.uriTemplate).join(' ')")" = "era://item/{id}" ]; then
    ok "$label: resources: era://info and the template era://item/{id}"
  else not_ok "$label: resources (rc $rc)" "$tmp/out" "$tmp/err"; fi

  # Which of the SDK's two eras answered: the one Tether detected.
  cli read "$name" era://info
  if [ $rc -eq 0 ] && has "served by the $served era of a $era server" out; then
    ok "$label: read era://info: the $served era of the SDK answered"
  else not_ok "$label: read era://info, want the $served era (rc $rc)" "$tmp/out" "$tmp/err"; fi

  cli read "$name" era://item/7
  if [ $rc -eq 0 ] && has "item number 7" out; then
    ok "$label: read era://item/7 from the template"
  else not_ok "$label: read era://item/7 (rc $rc)" "$tmp/out" "$tmp/err"; fi

  if [ "$served" = modern ]; then
    if [ "$transport" = stdio ]; then
      "$listen_client" era://info -- node "$peer" "$peers" --era "$era" >"$tmp/out" 2>"$tmp/err"
    else
      "$listen_client" era://info "$url" >"$tmp/out" 2>"$tmp/err"
    fi
    rc=$?
    if [ $rc -eq 0 ] && has "^era stateless" out && has '"resourceSubscriptions":\["era://info"\]' out &&
       has "^tools changed" out && has "^updated era://info" out; then
      ok "$label: subscriptions/listen: the tools change and the update of era://info heard"
    else not_ok "$label: subscriptions/listen (rc $rc)" "$tmp/out" "$tmp/err"; fi
  fi

  cli remove "$name"
  stop_server
}

for era in $ERAS; do
  for transport in $TRANSPORTS; do
    exercise "$era" "$transport"
  done
done

exit $tap_failed
