#!/bin/sh
# screenshot.sh OUT.png [tether arguments…] — run the built app under Xvfb and
# save a picture of its main window (for data/screenshots/ and for looking at
# a change as a user would). Env: DELAY (s, default 3), SIZE (default 1100x760),
# SCREENSHOT_ACTIONS (a shell snippet run with $WID set before the capture,
# e.g. xdotool key presses), SCREENSHOT_WINDOW (the title of the window to
# capture, default Tether: another one the actions opened, such as a
# prompt's).
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
out=$1; shift
export GSETTINGS_SCHEMA_DIR="$top/_build/data" GSETTINGS_BACKEND=memory GTK_A11Y=none GDK_BACKEND=x11
export TETHER_SCREENSHOT_OUT="$out" TETHER_TOP="$top"
export DELAY="${DELAY:-3}"
exec dbus-run-session -- xvfb-run -a -s "-screen 0 ${SIZE:-1100x760}x24 -nolisten tcp" sh -c '
  "$TETHER_TOP/_build/src/tether" --standalone "$@" &
  app=$!
  sleep "$DELAY"
  WID=$(xdotool search --name "^Tether" | tail -1)
  if [ -n "${SCREENSHOT_ACTIONS:-}" ]; then eval "$SCREENSHOT_ACTIONS"; sleep 1; fi
  geo=$(xwininfo -root -tree | awk -v t="\"${SCREENSHOT_WINDOW:-Tether}\"" "index(\$0, t) {print \$(NF-1); exit}")
  import -window root -crop "$geo" +repage "$TETHER_SCREENSHOT_OUT"
  kill $app; wait $app 2>/dev/null || true
' sh "$@"
