#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
#
# flatpak-smoke.sh APP_ID SCREENSHOT LOGDIR — smoke-test an installed flatpak
# of Tether. build-aux/flatpak-ci.sh runs it inside dbus-run-session and
# xvfb-run, with HOME a fresh directory of its own, XDG_RUNTIME_DIR a fresh
# 0700 directory, and in the environment the fake servers built for the host:
#   FAKE_MCP_SERVER       tests/fake/fake-mcp-server (stdio)
#   FAKE_HTTP_MCP_SERVER  tests/fake/fake-http-mcp-server (HTTP on 127.0.0.1)
#
# 1. Inside the sandbox: /app/bin/tether resolves every library (libyaml from
#    /app/lib, the manifest's module), and /.flatpak-info grants host commands.
# 2. Servers on the host. HOME gets a .profile that puts $HOME/tools/bin in
#    PATH, with the fake stdio server in it (only the login shell finds it),
#    a Claude Desktop config in ~/.config/Claude, and the app's servers.json:
#    that server (with two grandchildren) and the fake HTTP server, which
#    runs on the host.
#    a. `tether-cli diagnostics` in the sandbox: the login shell ran on the
#       host, its PATH finds the command on the host, and the Claude file is
#       found in the real home directory.
#    b. `flatpak run`: the window, both servers `connected`, the stdio
#       server's process group alive on the host; a screenshot. `flatpak
#       kill`: no process of the instance and none of the server's on the
#       host is left (the session helper watched our bus name).
#    c. `flatpak run` again, then the app's quit action: the servers stop
#       the normal way, and again nothing is left, here or on the host.
# 3. Without the permission (`flatpak override --no-talk-name`): diagnostics
#    gives the exact command that grants it; the stdio server goes to
#    `error` at once, with that command, and the HTTP server connects.
set -euo pipefail

app_id=$1 shot=$2 logs=$3

die () {
  echo "flatpak-smoke: FAIL: $*" >&2
  # Leave nothing running, whatever failed.
  flatpak kill "$app_id" 2>/dev/null || true
  flatpak override --user --reset "$app_id" 2>/dev/null || true
  exec 7>&- 2>/dev/null || true
  exit 1
}

[ -n "${DISPLAY:-}" ] || die "no DISPLAY: run under xvfb-run"
[ -n "${DBUS_SESSION_BUS_ADDRESS:-}" ] || die "no session bus: run under dbus-run-session"
for tool in flatpak xdotool import identify gdbus python3; do
  command -v "$tool" >/dev/null 2>&1 || die "$tool not found (build-aux/deps.sh ci)"
done
for fake in "${FAKE_MCP_SERVER:-}" "${FAKE_HTTP_MCP_SERVER:-}"; do
  [ -x "$fake" ] || die "FAKE_MCP_SERVER and FAKE_HTTP_MCP_SERVER must name the fake servers built for the host"
done
case "$HOME" in /root|/home/*|"") die "HOME must be a directory of the smoke test's own, not $HOME" ;; *) ;; esac

# 1. Inside the sandbox.
flatpak run --command=ldd "$app_id" /app/bin/tether > "$logs/ldd.log" 2>&1 \
  || die "ldd /app/bin/tether failed in the sandbox: $(cat "$logs/ldd.log")"
if grep -q 'not found' "$logs/ldd.log"; then
  die "unresolved libraries in the sandbox: $(grep 'not found' "$logs/ldd.log")"
fi
if grep -q 'libyaml' "$logs/ldd.log" && ! grep -q 'libyaml.* => /app/lib/' "$logs/ldd.log"; then
  die "libyaml does not come from the manifest's module: $(grep libyaml "$logs/ldd.log")"
fi
echo "  ok: /app/bin/tether resolves all $(grep -c '=>' "$logs/ldd.log") libraries in the sandbox"
flatpak run --command=cat "$app_id" /.flatpak-info > "$logs/flatpak-info.log" 2>&1 \
  || die "cannot read /.flatpak-info in the sandbox"
grep -qx 'org.freedesktop.Flatpak=talk' "$logs/flatpak-info.log" \
  || die "/.flatpak-info does not grant org.freedesktop.Flatpak (host commands)"
echo "  ok: /.flatpak-info grants org.freedesktop.Flatpak"

descendants () {  # PID — it and every process below it, as "pid starttime name"
  ps -eo pid=,ppid= | awk -v root="$1" '
    { parent[$1] = $2 }
    END { for (p in parent) { q = p; while (q != root && (q in parent) && q > 1) q = parent[q]; if (q == root) print p } }' |
  while read -r p; do
    st=$(sed 's/.*) //' "/proc/$p/stat" 2>/dev/null | cut -d' ' -f20) && echo "$p $st $(cat "/proc/$p/comm" 2>/dev/null)"
  done
}

sandboxed () {  # every live process whose environment names this app
  local d
  for d in /proc/[0-9]*; do
    if grep -qxz "FLATPAK_ID=$app_id" "$d/environ" 2>/dev/null; then
      echo "${d#/proc/} $(tr '\0' ' ' < "$d/cmdline" 2>/dev/null)"
    fi
  done
}

# Live processes of flatpak instances in this session (the proxy is reparented
# to init, so it is not below `flatpak run`; zombies have ended already).
session=$(ps -o sid= -p $$ | tr -d ' ')
stray () {
  ps -eo pid=,sid=,stat=,comm=,args= | awk -v sid="$session" '
    $2 == sid && $3 !~ /^Z/ && ($4 == "bwrap" || $4 == "xdg-dbus-proxy" || $4 == "tether")'
}
settled () {  # wait up to 10 s for no stray process
  for _ in $(seq 1 50); do
    [ -z "$(stray)" ] && return 0
    sleep 0.2
  done
  return 1
}
settled || die "processes of the sandbox left by flatpak run --command: $(stray)"
instances () { flatpak ps --columns=application | grep -cx "$app_id" || true; }

# 2. Servers on the host -----------------------------------------------------

tools=$HOME/tools/bin
mkdir -p "$tools" "$HOME/.config/Claude" "$HOME/.var/app/$app_id/config/tether"
cp "$FAKE_MCP_SERVER" "$tools/fake-mcp-server"
# The login shell (bash or sh, -l) reads it; a GUI's environment would not.
cat > "$HOME/.profile" <<'EOF'
PATH="$HOME/tools/bin:$PATH"
export PATH
EOF
command -v fake-mcp-server >/dev/null 2>&1 && die "fake-mcp-server is already in this PATH: $PATH"

host_processes () {  # live processes on the host that run from $tools
  ps -eo pid=,stat=,args= | awk -v dir="$tools" 'index($0, dir) > 0 && $2 !~ /^Z/ && $3 != "awk"'
}
# The server's process group on the host also holds Tether's watchdog
# (`sh -c … tether-host-watchdog`, see src/spawn/tether-host-process.c),
# which stops what is left of the group once Tether is gone.
server_group=""
group_processes () {  # live processes in the server's group, the watchdog too
  [ -n "$server_group" ] || return 0
  ps -eo pid=,pgid=,stat=,args= | awk -v g="$server_group" '$2 == g && $3 !~ /^Z/'
}
no_host_processes () {  # wait up to 10 s for none, the watchdog included
  for _ in $(seq 1 50); do
    [ -z "$(host_processes)" ] && [ -z "$(group_processes)" ] && return 0
    sleep 0.2
  done
  return 1
}

# The HTTP server runs on the host until its stdin (fd 7) closes.
rm -f "$logs/http.fifo"
mkfifo "$logs/http.fifo"
"$FAKE_HTTP_MCP_SERVER" < "$logs/http.fifo" > "$logs/http.url" 2> "$logs/http.log" &
http_pid=$!
exec 7> "$logs/http.fifo"
for _ in $(seq 1 50); do
  [ -s "$logs/http.url" ] && break
  sleep 0.1
done
url=$(head -1 "$logs/http.url")
case "$url" in http://127.0.0.1:*/mcp) ;; *) die "the fake HTTP server gave no URL: $(cat "$logs/http.log")" ;; esac
echo "  ok: the fake HTTP server listens on the host at $url"

cat > "$HOME/.var/app/$app_id/config/tether/servers.json" <<EOF
{
  "mcpServers": {
    "host-stdio": { "command": "fake-mcp-server", "args": ["--grandchildren", "2"] },
    "host-http": { "type": "http", "url": "$url" }
  }
}
EOF
cat > "$HOME/.config/Claude/claude_desktop_config.json" <<'EOF'
{ "mcpServers": { "memory": { "command": "npx", "args": ["-y", "@modelcontextprotocol/server-memory"] },
                  "time": { "command": "uvx", "args": ["mcp-server-time"] } } }
EOF

# 2a. Diagnostics from inside the sandbox.
flatpak run --command=tether-cli "$app_id" diagnostics --json > "$logs/diagnostics.json" 2> "$logs/diagnostics.log" \
  || die "tether-cli diagnostics failed in the sandbox: $(cat "$logs/diagnostics.log")"
flatpak run --command=tether-cli "$app_id" diagnostics > "$logs/diagnostics.txt" 2>&1 || true
login_ms=$(python3 - "$logs/diagnostics.json" "$tools" "$HOME" "$app_id" <<'PY'
import json, sys
report, tools, home, app_id = sys.argv[1:]
d = json.load(open(report))
def check(ok, what):
    if not ok:
        sys.exit(f"diagnostics: {what}\n{json.dumps(d, indent=2)}")
check(d["sandbox"]["flatpak"] and d["sandbox"]["appId"] == app_id, "not in the sandbox of " + app_id)
check(d["sandbox"]["hostCommands"], "host commands not allowed")
shell = d["loginShell"]
check(shell["fromLoginShell"] and shell["onHost"], "the login shell did not run on the host: %s" % shell["note"])
check(shell["path"].startswith(tools + ":"), "the login shell's PATH lacks %s first" % tools)
servers = {s["name"]: s for s in d["servers"]}
check(servers["host-stdio"].get("resolved") == tools + "/fake-mcp-server",
      "fake-mcp-server not found on the host: %s" % servers["host-stdio"].get("error"))
check(servers["host-http"]["kind"] == "http", "host-http is not an HTTP server")
check(d["discovered"]["home"] == home, "discovery looked in %s, not the real home" % d["discovered"]["home"])
files = {f["file"]: f for f in d["discovered"]["files"]}
claude = home + "/.config/Claude/claude_desktop_config.json"
check(claude in files and files[claude]["servers"] == 2, "the Claude Desktop config was not found in the real home")
print(shell["elapsedMs"])
PY
) || die "$login_ms"
echo "  ok: diagnostics in the sandbox: login shell $(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["loginShell"]["shell"])' "$logs/diagnostics.json") on the host in $login_ms ms, fake-mcp-server found at $tools, the Claude Desktop config found in $HOME"
echo "$login_ms" > "$logs/login-shell-ms"

# Runs the app with the state changes in its log; $1 names the run.
start_app () {
  flatpak run --env=G_MESSAGES_DEBUG=tether-server,mcp-client --env=TETHER_TIMINGS=stop_grace_ms=500 \
    "$app_id" > "$logs/app-$1.log" 2>&1 &
  run_pid=$!
}
wait_for_line () {  # RUN PATTERN SECONDS — a line of the app's log
  local i
  for i in $(seq 1 $(($3 * 5))); do
    grep -qE "$2" "$logs/app-$1.log" && return 0
    kill -0 "$run_pid" 2>/dev/null || return 1
    sleep 0.2
  done
  return 1
}
wait_connected () {  # RUN
  wait_for_line "$1" 'host-stdio: connecting → connected' 30 \
    || die "host-stdio did not connect ($1): $(grep -E 'tether-server|mcp-client' "$logs/app-$1.log" | tail -5)"
  wait_for_line "$1" 'host-http: connecting → connected' 30 \
    || die "host-http did not connect ($1): $(grep -E 'tether-server|mcp-client' "$logs/app-$1.log" | tail -5)"
  # The server and its two grandchildren, on the host
  for _ in $(seq 1 25); do
    [ "$(host_processes | wc -l)" -ge 3 ] && break
    sleep 0.2
  done
  [ "$(host_processes | wc -l)" -eq 3 ] || die "expected the server and 2 grandchildren on the host ($1): $(host_processes)"
  server_group=$(ps -o pgid= -p "$(host_processes | awk 'NR == 1 {print $1}')" | tr -d ' ')
  [ "$(group_processes | wc -l)" -eq 4 ] && group_processes | grep -q ' tether-host-watchdog$' \
    || die "expected the server, 2 grandchildren and the watchdog in group $server_group ($1): $(group_processes)"
}
wait_run_ended () {  # RUN — flatpak run exits, and nothing of the instance is left
  for _ in $(seq 1 50); do
    kill -0 "$run_pid" 2>/dev/null || break
    sleep 0.2
  done
  kill -0 "$run_pid" 2>/dev/null && die "flatpak run (pid $run_pid) still running 10 s after $1"
  run_status=0
  wait "$run_pid" 2>/dev/null || run_status=$?
  settled || die "sandbox processes left in this session after $1: $(stray)"
  local left
  left=$(sandboxed)
  [ -z "$left" ] || die "processes with FLATPAK_ID=$app_id left after $1: $left"
  # flatpak ps forgets an instance once its lock is released; give it a moment.
  for _ in $(seq 1 25); do
    [ "$(instances)" -eq 0 ] && break
    sleep 0.2
  done
  [ "$(instances)" -eq 0 ] || die "flatpak ps still lists $app_id 5 s after $1"
}

# 2b. The window, both servers connected, then flatpak kill.
start_app kill
wid=""
for _ in $(seq 1 150); do
  wid=$(xdotool search --onlyvisible --name '^Tether$' 2>/dev/null | head -1 || true)
  [ -n "$wid" ] && break
  kill -0 "$run_pid" 2>/dev/null || die "flatpak run exited before a window appeared: $(cat "$logs/app-kill.log")"
  sleep 0.2
done
[ -n "$wid" ] || die "no window named Tether within 30 s: $(cat "$logs/app-kill.log")"
echo "  ok: window $wid \"$(xdotool getwindowname "$wid")\" $(xdotool getwindowgeometry "$wid" | awk '/Geometry:/ {print $2}')"
[ "$(instances)" -ge 1 ] || die "flatpak ps does not list $app_id"
wait_connected kill
echo "  ok: host-stdio (on the host, found through the login shell's PATH) and host-http connected from the sandbox"
echo "  ok: on the host: $(host_processes | awk '{print $1}' | paste -sd' ') ($(host_processes | awk '{print $3}' | sort -u))"
processes=$(descendants "$run_pid")
sleep 1.5   # let it finish drawing
import -window root "$shot"
colors=$(identify -format '%k' "$shot")
[ "$colors" -ge 16 ] || die "the screenshot has $colors colours: nothing drawn"
echo "  ok: screenshot $shot ($colors colours)"

flatpak kill "$app_id" || die "flatpak kill $app_id failed"
wait_run_ended "flatpak kill"
left=""
while read -r p st _; do
  [ -n "$p" ] || continue
  now=$(sed 's/.*) //' "/proc/$p/stat" 2>/dev/null | cut -d' ' -f20 || true)
  if [ -n "$now" ] && [ "$now" = "$st" ]; then
    left="$left
  pid $p: $(tr '\0' ' ' < "/proc/$p/cmdline" 2>/dev/null)"
  fi
done <<< "$processes"
[ -z "$left" ] || die "processes of the instance left after flatpak kill:$left"
no_host_processes || die "host processes of the stdio server left after flatpak kill: $(host_processes) $(group_processes)"
echo "  ok: flatpak kill stopped the instance's $(echo "$processes" | grep -c .) processes ($(echo "$processes" | awk '{print $3}' | sort | paste -sd' ')) and the server's 3 and its watchdog on the host; none left"

# 2c. Again, and quit the way a user does: the servers stop properly.
start_app quit
wait_connected quit
object_path="/$(echo "$app_id" | tr . /)"
gdbus call --session --dest "$app_id" --object-path "$object_path" \
  --method org.gtk.Actions.Activate quit '[]' '{}' > /dev/null \
  || die "could not activate the app's quit action"
wait_run_ended "the quit action"
[ "$run_status" -eq 0 ] || die "flatpak run exited with status $run_status after the quit action"
no_host_processes || die "host processes of the stdio server left after quitting: $(host_processes) $(group_processes)"
grep -q 'host-stdio: connected → disconnected' "$logs/app-quit.log" \
  || die "host-stdio was not stopped on quit: $(grep tether-server "$logs/app-quit.log" | tail -3)"
echo "  ok: the quit action stopped both servers (host-stdio: connected → disconnected); nothing left on the host"

# 3. Without the permission --------------------------------------------------

flatpak override --user --no-talk-name=org.freedesktop.Flatpak "$app_id"
flatpak run --command=cat "$app_id" /.flatpak-info > "$logs/flatpak-info-denied.log" 2>&1 \
  || die "cannot read /.flatpak-info in the sandbox"
grep -q 'org.freedesktop.Flatpak=talk' "$logs/flatpak-info-denied.log" \
  && die "the override did not take the permission away"
override="flatpak override --user --talk-name=org.freedesktop.Flatpak $app_id"

flatpak run --command=tether-cli "$app_id" diagnostics --json > "$logs/diagnostics-denied.json" 2> "$logs/diagnostics-denied.log" \
  || die "tether-cli diagnostics failed in the sandbox: $(cat "$logs/diagnostics-denied.log")"
python3 - "$logs/diagnostics-denied.json" "$override" <<'PY' || die "diagnostics without the permission"
import json, sys
report, override = sys.argv[1:]
d = json.load(open(report))
s = d["sandbox"]
assert s["hostCommands"] is False, s
assert s["overrideCommand"] == override, s
stdio = [x for x in d["servers"] if x["name"] == "host-stdio"][0]
assert override in stdio["error"], stdio
PY
echo "  ok: diagnostics without the permission: “$override”"

start_app denied
wait_for_line denied 'host-stdio: connecting → error' 15 \
  || die "host-stdio did not go to error without the permission: $(grep tether-server "$logs/app-denied.log" | tail -5)"
wait_for_line denied 'host-http: connecting → connected' 30 \
  || die "host-http did not connect without the permission: $(grep -E 'tether-server|mcp-client' "$logs/app-denied.log" | tail -5)"
grep -qF "$override" "$logs/app-denied.log" || die "the error does not give “$override”"
grep -q 'host-stdio: .* → waiting' "$logs/app-denied.log" && die "host-stdio was retried without the permission"
[ "$(grep -c 'host-stdio: .* → connecting' "$logs/app-denied.log")" -eq 1 ] || die "host-stdio was tried more than once"
[ -z "$(host_processes)" ] || die "something ran on the host without the permission: $(host_processes)"
echo "  ok: without the permission host-stdio went to error at once, with the command; host-http connected"
flatpak kill "$app_id" || die "flatpak kill $app_id failed"
wait_run_ended "flatpak kill"
flatpak override --user --reset "$app_id"

# The HTTP server ends with its input.
exec 7>&-
wait "$http_pid" || die "the fake HTTP server failed: $(cat "$logs/http.log")"

# The app said nothing alarming.
if grep -E -- '-(CRITICAL|WARNING) \*\*' "$logs"/app-*.log; then
  die "the app logged warnings or criticals (above; all output in $logs/app-*.log)"
fi
echo "  ok: no warning or critical in the app's output"
