#!/bin/sh
# install-peers.sh — install the pinned npm peers of the interop tests and
# the benchmark into BUILDDIR/peers (npm ci from package-lock.json).
#
# Usage: tests/interop/install-peers.sh BUILDDIR
#
# Idempotent: does nothing when BUILDDIR/peers already holds exactly this
# lock file's packages. Safe to run concurrently (a lock file serialises
# runs). Needs node and npm, and the npm registry the first time.
set -eu

here=$(cd "$(dirname "$0")" && pwd)
builddir=${1:?usage: install-peers.sh BUILDDIR}
mkdir -p "$builddir"
peers=$(cd "$builddir" && pwd)/peers

for tool in node npm; do
  if ! command -v "$tool" >/dev/null 2>&1; then
    echo "install-peers: $tool not found; install it with: build-aux/deps.sh test (Debian: apt-get install nodejs npm)" >&2
    exit 1
  fi
done

mkdir -p "$peers"
exec 9>"$peers/.install.lock"
if command -v flock >/dev/null 2>&1; then
  flock 9
fi

stamp="$peers/.installed-lock.sha256"
want=$(sha256sum "$here/package-lock.json" | cut -d' ' -f1)
if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ] && [ -d "$peers/node_modules" ]; then
  echo "install-peers: peers in $peers are up to date"
  exit 0
fi

cp "$here/package.json" "$here/package-lock.json" "$peers/"
echo "install-peers: npm ci in $peers"
(cd "$peers" && npm ci --no-audit --no-fund --loglevel=error)
echo "$want" > "$stamp"
echo "install-peers: installed $(ls "$peers/node_modules" | wc -l) top-level packages"
