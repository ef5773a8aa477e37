#!/bin/sh
# test-hub-sdk.sh — the official TypeScript SDK clients (1.x and 2.x)
# against the Tether hub, over Streamable HTTP and through
# `tether-cli connect` over stdio, and the 2.x client speaking the
# 2026-07-28 revision over HTTP (TAP).
#
# Usage: test-hub-sdk.sh BUILDDIR
#
# `tether-cli serve` runs the hub over three fake servers (two of the
# initialize era, one of the 2026-07-28 revision), in a private network
# namespace with loopback only; tests/interop/hub-client.mjs drives each
# client and prints its checks. Last, `tether-cli connect` with no hub
# running starts Tether itself (`tether --gapplication-service`) and works
# through it. Needs node and the peers of install-peers.sh; fails, saying
# so, without them.
set -u

builddir=${1:?usage: test-hub-sdk.sh BUILDDIR}
builddir=$(cd "$builddir" && pwd)
here=$(cd "$(dirname "$0")" && pwd)
. "$here/netns.sh"
enter_netns "$0" "$@"

cli=$builddir/src/cli/tether-cli
app=$builddir/src/tether
fake=$builddir/tests/fake-mcp-server
peers=$builddir/peers
tmp=$(mktemp -d)
serve_pid=""
app_pid=""
cleanup () {
  [ -n "$serve_pid" ] && kill -TERM "$serve_pid" 2>/dev/null
  [ -n "$app_pid" ] && kill -TERM "$app_pid" 2>/dev/null
  wait 2>/dev/null
  rm -rf "$tmp"
}
trap cleanup EXIT

echo "1..9"

if ! command -v node >/dev/null 2>&1; then
  echo "Bail out! node not found: run build-aux/deps.sh test (Debian: apt-get install nodejs npm)"
  exit 1
fi
for package in @modelcontextprotocol/sdk @modelcontextprotocol/client; do
  if [ ! -d "$peers/node_modules/$package" ]; then
    echo "Bail out! $package is not installed: run tests/interop/install-peers.sh $builddir"
    exit 1
  fi
done

export XDG_RUNTIME_DIR=$tmp/run XDG_CONFIG_HOME=$tmp/config
mkdir -m 700 "$XDG_RUNTIME_DIR" "$XDG_CONFIG_HOME"
mkdir -m 700 "$XDG_CONFIG_HOME/tether"
config=$XDG_CONFIG_HOME/tether/servers.json
cat > "$config" <<JSON
{"mcpServers": {
  "alpha": {"command": "$fake", "args": ["--count-file", "$tmp/alpha-counts"]},
  "beta": {"command": "$fake"},
  "gamma": {"command": "$fake", "args": ["--era", "2026"]}
}}
JSON

# The hub, headless: the URL is the first line.
TETHER_TIMINGS=reconnect_delay_ms=200,list_changed_delay_ms=20 \
  "$cli" --config "$config" serve --listen 127.0.0.1:0 >"$tmp/serve.out" 2>"$tmp/serve.err" &
serve_pid=$!
if ! wait_for_text "$tmp/serve.out" "http://127.0.0.1:" 30; then
  not_ok "serve prints its URL" "$tmp/serve.err"; exit 1
fi
url=$(head -1 "$tmp/serve.out")
token=$(cat "$XDG_CONFIG_HOME/tether/hub-token")

checks="connect era list call call-2026-server prompts resources progress cancel elicitation input-2026-server
        list-changed-enable-disable list-changed-crash"

# run_client SDK TRANSPORT [ERA]: every check present and ok
run_client () {
  era=${3:-2025}
  out=$tmp/client-$1-$2-$era.out
  PEERS=$peers TETHER_CLI=$cli TETHER_CONFIG=$config HUB_URL=$url HUB_TOKEN=$token \
    timeout 120 node "$here/hub-client.mjs" "$1" "$2" "$era" >"$out" 2>"$tmp/client-$1-$2-$era.err"
  missing=""
  for check in $checks; do
    grep -q "\"check\":\"$check\",\"ok\":true" "$out" || missing="$missing $check"
  done
  if [ -z "$missing" ]; then
    ok "SDK $1.x over $2, $era era: $(echo $checks | wc -w) checks"
  else
    not_ok "SDK $1.x over $2, $era era: failed:$missing" "$out" "$tmp/client-$1-$2-$era.err" "$tmp/serve.err"
  fi
}

run_client 1 http
run_client 2 http
run_client 2 http 2026
run_client 1 stdio
run_client 2 stdio

# The token never reaches the output of any client or of the hub.
if grep -q -- "$token" "$tmp"/*.out "$tmp"/*.err; then
  not_ok "the token is never printed"
else
  ok "the token is never printed"
fi

# serve stops on SIGTERM, with status 0, and leaves no server behind.
kill -TERM "$serve_pid"
wait "$serve_pid"
rc=$?
serve_pid=""
sleep 0.2
if [ $rc -eq 0 ] && ! pgrep -f "$fake" >/dev/null && [ ! -e "$XDG_RUNTIME_DIR/tether/hub.json" ]; then
  ok "serve stops on SIGTERM: status 0, no server left, hub.json removed"
else
  not_ok "serve stops on SIGTERM (status $rc)" "$tmp/serve.err"
fi

# No hub: connect starts Tether in the background (tether
# --gapplication-service, the app's own hub on its default port, free in
# this namespace), and the SDK works through it as before.
TETHER_TIMINGS=reconnect_delay_ms=200,list_changed_delay_ms=20 GSETTINGS_BACKEND=memory \
  run_client 1 stdio
if [ -f "$XDG_RUNTIME_DIR/tether/hub.json" ]; then
  app_pid=$(node -e "console.log(JSON.parse(require('fs').readFileSync('$XDG_RUNTIME_DIR/tether/hub.json','utf8')).pid)")
fi
if [ -n "$app_pid" ] && tr '\0' ' ' < "/proc/$app_pid/cmdline" | grep -q -- "--gapplication-service"; then
  ok "connect with no hub started Tether (pid $app_pid) as a service"
else
  not_ok "connect with no hub started Tether as a service"
fi
if [ -n "$app_pid" ]; then
  kill -TERM "$app_pid"
  for _ in $(seq 100); do kill -0 "$app_pid" 2>/dev/null || break; sleep 0.1; done
  app_pid=""
fi

exit $tap_failed
