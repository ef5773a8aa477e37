#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
#
# flatpak-ci.sh — build Tether as a flatpak against the stand-in GNOME runtime,
# run its unit and integration suites inside the build sandbox, export a
# .flatpak bundle, install it, and smoke-test the installed app under Xvfb.
#
# Usage (as root, on Debian 12):  build-aux/flatpak-ci.sh
# Environment:
#   TETHER_FLATPAK_WORK  work directory (default /var/tmp/tether-flatpak). It
#                        keeps the stand-in runtime repo (runtime/, rebuilt only
#                        when its inputs change) and flatpak-builder's download
#                        and module cache (state/) between runs; everything else
#                        in it is made afresh. The runtimes and the app are
#                        installed in its own flatpak user installation (user/,
#                        via FLATPAK_USER_DIR), never in the caller's.
#   TETHER_FLATPAK_MANIFEST  manifest to build (default the release one).
#
# The real org.gnome.Platform//50 cannot be downloaded here, so the build uses
# a temporary copy of the manifest with runtime-version 43, built against
# build-aux/stand-in-gnome-runtime (Debian 12's GNOME 43 libraries).
# Outputs in the work directory: tether.flatpak, smoke.png, logs/*.log.
set -euo pipefail

top=$(cd "$(dirname "$0")/.." && pwd)
work=${TETHER_FLATPAK_WORK:-/var/tmp/tether-flatpak}
manifest=${TETHER_FLATPAK_MANIFEST:-$top/flatpak/io.github.tethermcp.Tether.json}
branch=master

die () { echo "flatpak-ci: FAIL: $*" >&2; exit 1; }
log_tail () { echo "--- last lines of $1:" >&2; tail -40 "$1" >&2; }

[ "$(id -u)" -eq 0 ] || die "run as root (the stand-in runtime needs debootstrap and chroot)"
case "$work" in /?*) ;; *) die "TETHER_FLATPAK_WORK must be an absolute path" ;; esac

# The sanitizer settings of the CI steps before this one mean nothing here.
unset ASAN_OPTIONS UBSAN_OPTIONS LSAN_OPTIONS G_SLICE

"$top/build-aux/deps.sh" ci

mkdir -p "$work/logs" "$work/state"
export FLATPAK_USER_DIR="$work/user"
app_id=$(python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))["id"])' "$manifest")
start=$SECONDS

echo "=== flatpak-ci: stand-in GNOME runtime"
t=$SECONDS
"$top/build-aux/stand-in-gnome-runtime" "$work/runtime"
t_runtime=$((SECONDS - t))

echo "=== flatpak-ci: build $app_id (runtime-version 43), tests in the build sandbox"
# The copy lives outside the tree, so its "dir" source gets an absolute path.
python3 - "$manifest" "$work/manifest-43.json" "$top" <<'PY'
import json, sys
src, dst, top = sys.argv[1:]
m = json.load(open(src))
m["runtime-version"] = "43"
for module in m["modules"]:
    for source in module.get("sources", []):
        if source.get("type") == "dir":
            source["path"] = top
json.dump(m, open(dst, "w"), indent=4)
PY
t=$SECONDS
rm -rf "${work:?}/build"
# Archive sources come from their mirrors (Debian's archive) when the main URL
# is out of reach; the build itself runs with --disable-download.
flatpak-builder --user --download-only --state-dir="$work/state" \
  "$work/build" "$work/manifest-43.json" > "$work/logs/download.log" 2>&1 \
  || { log_tail "$work/logs/download.log"; die "downloading the manifest's sources failed"; }
flatpak-builder --user --force-clean --disable-download --disable-rofiles-fuse \
  --state-dir="$work/state" "$work/build" "$work/manifest-43.json" > "$work/logs/build.log" 2>&1 \
  || { log_tail "$work/logs/build.log"; die "flatpak-builder failed (the build or the tests in the sandbox)"; }
t_app=$((SECONDS - t))
# The suites did run in the sandbox, and passed.
sed -n '/^Running tests/,/^Full log written/p' "$work/logs/build.log"
grep -q '^Running: meson test .*--suite unit --suite integration' "$work/logs/build.log" \
  || die "the unit and integration suites did not run in the build sandbox"

echo "=== flatpak-ci: export and bundle"
t=$SECONDS
rm -rf "${work:?}/repo" "$work/tether.flatpak"
# Debug info stays out of the bundle, as flatpak-builder --repo leaves it out.
flatpak build-export --exclude='/lib/debug/*' "$work/repo" "$work/build" "$branch" > "$work/logs/export.log" 2>&1 \
  || { log_tail "$work/logs/export.log"; die "flatpak build-export failed"; }
flatpak build-bundle "${work:?}/repo" "${work:?}/tether.flatpak" "$app_id" "$branch"
bundle_size=$(stat -c %s "$work/tether.flatpak")
flatpak --user install -y --noninteractive --reinstall --bundle "$work/tether.flatpak" > "$work/logs/install.log" 2>&1 \
  || { log_tail "$work/logs/install.log"; die "installing the bundle failed"; }
t_bundle=$((SECONDS - t))

echo "=== flatpak-ci: the installed app has the manifest's permissions"
flatpak --user info --show-metadata "$app_id" > "$work/installed-metadata"
python3 - "$manifest" "$work/installed-metadata" <<'PY'
import configparser, json, sys
manifest, metadata = sys.argv[1:]
m = json.load(open(manifest))
meta = configparser.ConfigParser(interpolation=None, delimiters=("=",))
meta.optionxform = str
meta.read(metadata)
ctx = meta["Context"]
def listed(key):
    return [v for v in ctx.get(key, "").split(";") if v]
missing = []
for arg in m["finish-args"]:
    opt, _, value = arg[2:].partition("=")
    key = {"share": "shared", "socket": "sockets", "device": "devices",
           "filesystem": "filesystems"}.get(opt)
    if key is not None:
        ok = value in listed(key)
    elif opt == "talk-name":
        ok = meta.get("Session Bus Policy", value, fallback=None) == "talk"
    else:
        sys.exit(f"flatpak-ci: no check for finish-arg {arg}")
    print(("  ok      " if ok else "  MISSING ") + arg)
    if not ok:
        missing.append(arg)
if missing:
    sys.exit("flatpak-ci: FAIL: the installed app lacks " + ", ".join(missing))
PY

echo "=== flatpak-ci: smoke test under Xvfb"
t=$SECONDS
rm -rf "${work:?}/home" "$work/xdg" "$work/smoke.png"
mkdir -p "$work/home"
mkdir -m 0700 "$work/xdg"
HOME="$work/home" XDG_RUNTIME_DIR="$work/xdg" \
  dbus-run-session -- \
  xvfb-run -a -s "-screen 0 1280x800x24 -nolisten tcp" \
  "$top/build-aux/flatpak-smoke.sh" "$app_id" "$work/smoke.png" "$work/logs" \
  || die "smoke test failed (logs in $work/logs)"
# What the smoke session started (flatpak's session helper, the sandbox, the
# accessibility bus it activated) ends with it.
session=$(ps -o sid= -p $$ | tr -d ' ')
for _ in $(seq 1 25); do
  left=$(ps -eo pid=,sid=,stat=,comm=,args= | awk -v sid="$session" '
    $2 == sid && $3 !~ /^Z/ && $4 ~ /^(flatpak-session|at-spi|xdg-dbus-proxy|bwrap|tether)/')
  [ -z "$left" ] && break
  sleep 0.2
done
[ -z "$left" ] || die "processes of the smoke session left after it ended:
$left"
t_smoke=$((SECONDS - t))

echo "=== flatpak-ci: figures"
printf '  stand-in runtime:          %4d s (repo %s)\n' "$t_runtime" "$(du -sh "$work/runtime/repo" | cut -f1)"
printf '  app build + tests:         %4d s\n' "$t_app"
printf '  export + bundle + install: %4d s\n' "$t_bundle"
printf '  smoke test:                %4d s\n' "$t_smoke"
printf '  bundle: %s bytes (%s KiB) %s\n' "$bundle_size" "$((bundle_size / 1024))" "$work/tether.flatpak"
printf '  screenshot: %s\n' "$work/smoke.png"
echo "=== flatpak-ci: done in $((SECONDS - start)) s"
