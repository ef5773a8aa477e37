#!/bin/sh
# test-everything-stdio.sh — tether-cli against the reference
# @modelcontextprotocol/server-everything over stdio (TAP).
#
# Usage: test-everything-stdio.sh BUILDDIR
#
# Needs node and the peers that tests/interop/install-peers.sh puts in
# BUILDDIR/peers (build-aux/test.sh runs it). When either is missing this
# fails, saying how to get them: it never skips. The server is run from its
# installed entry file (never npx, which would consult the registry) and,
# where namespaces are allowed, in a network namespace with loopback only.
set -u

here=$(cd "$(dirname "$0")" && pwd)
. "$here/everything-use.sh"

builddir=${1:?usage: test-everything-stdio.sh BUILDDIR}
builddir=$(cd "$builddir" && pwd)
cli=$builddir/src/cli/tether-cli
entry=$builddir/peers/node_modules/@modelcontextprotocol/server-everything/dist/index.js
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

echo "1..$((9 + EVERYTHING_USE_TESTS))"

if ! command -v node >/dev/null 2>&1; then
  echo "Bail out! node not found: run build-aux/deps.sh test (Debian: apt-get install nodejs npm)"
  exit 1
fi
if [ ! -f "$entry" ]; then
  echo "Bail out! server-everything is not installed: run tests/interop/install-peers.sh $builddir"
  exit 1
fi

# Loopback only, when we may; stdio needs no network at all.
netns=""
if unshare -n sh -c 'ip link set lo up' >/dev/null 2>&1; then
  netns="unshare -n sh -c 'ip link set lo up; exec \"\$@\"' sh"
fi

n=0
ok () { n=$((n + 1)); echo "ok $n - $1"; }
not_ok () {
  n=$((n + 1)); echo "not ok $n - $1"
  sed 's/^/# stdout: /' "$tmp/out"; sed 's/^/# stderr: /' "$tmp/err"
  failed=1
}
failed=0

# cli ARGS… -- runs tether-cli against server-everything; sets $rc.
cli () {
  eval "$netns" '"$cli"' '"$@"' -- node '"$entry"' stdio >"$tmp/out" 2>"$tmp/err"
  rc=$?
}

has () { grep -q -- "$1" "$tmp/$2"; }
json_len () { node -e "const d=JSON.parse(require('fs').readFileSync('$tmp/out','utf8')); console.log(d['$1'].length)"; }
json_names () { node -e "const d=JSON.parse(require('fs').readFileSync('$tmp/out','utf8')); console.log(d['$1'].map(x => x.name).sort().join(' '))"; }

cli info
if [ $rc -eq 0 ] && has "mcp-servers/everything" out && has "Protocol:     2025-11-25" out; then
  ok "info: initialize negotiated 2025-11-25 with server-everything"
else not_ok "info"; fi

cli --json tools
if [ $rc -eq 0 ] && [ "$(json_len tools)" -ge 12 ]; then
  names=$(json_names tools)
  missing=""
  for t in echo get-sum get-env get-tiny-image get-structured-content trigger-long-running-operation \
           toggle-simulated-logging get-resource-links get-resource-reference get-annotated-message; do
    case " $names " in *" $t "*) ;; *) missing="$missing $t" ;; esac
  done
  if [ -z "$missing" ]; then ok "tools: $(json_len tools) tools listed"; else not_ok "tools: missing$missing"; fi
else not_ok "tools"; fi

cli --json prompts
if [ $rc -eq 0 ] && [ "$(json_names prompts)" = "args-prompt completable-prompt resource-prompt simple-prompt" ]; then
  ok "prompts: all four listed"
else not_ok "prompts"; fi

cli --json resources
if [ $rc -eq 0 ] && [ "$(json_len resources)" -ge 7 ] && [ "$(json_len resourceTemplates)" -eq 2 ]; then
  ok "resources: $(json_len resources) resources and 2 templates listed"
else not_ok "resources"; fi

cli call echo '{"message":"hello from tether"}'
if [ $rc -eq 0 ] && has "Echo: hello from tether" out; then ok "call echo"; else not_ok "call echo"; fi

cli call get-sum '{"a":2,"b":40}'
if [ $rc -eq 0 ] && has "is 42" out; then ok "call get-sum"; else not_ok "call get-sum"; fi

use_everything stdio

# The environment is the allow-list plus nothing else of ours.
TETHER_INTEROP_NOT_ALLOWED=secret-value cli call get-env
if [ $rc -eq 0 ] && has '"HOME"' out && ! has TETHER_INTEROP_NOT_ALLOWED out && ! has secret-value out; then
  ok "get-env: only allow-listed variables reach the server"
else not_ok "get-env"; fi

cli call trigger-long-running-operation '{"duration":2,"steps":4}'
if [ $rc -eq 0 ] && has "Long running operation completed" out && has "progress 4/4" err; then
  ok "long-running operation with progress"
else not_ok "long-running operation with progress"; fi

start=$(date +%s)
G_MESSAGES_DEBUG=mcp-client cli --timeout 1500 call trigger-long-running-operation '{"duration":120,"steps":1}'
took=$(( $(date +%s) - start ))
if [ $rc -eq 1 ] && has "tools/call timed out" err && has "sent notifications/cancelled" err && [ $took -lt 15 ]; then
  ok "a call that times out is cancelled (exit 1 after ${took} s)"
else not_ok "timeout and cancel (rc $rc, ${took} s)"; fi

exit $failed
