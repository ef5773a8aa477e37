#!/bin/sh
# install-peers.sh — install the pinned npm peers of the interop tests and
# the benchmark into BUILDDIR/peers (npm ci from package-lock.json), and the
# Node 22 runtime the conformance runner needs into BUILDDIR/peers/node22
# (npm ci from node22/package-lock.json; Debian 12's node is 20).
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

# install_locked DIR LOCKDIR: npm ci of LOCKDIR's package.json and lock
# into DIR, unless DIR already holds exactly that lock's packages.
install_locked () {
  dir=$1
  lockdir=$2
  stamp="$dir/.installed-lock.sha256"
  want=$(sha256sum "$lockdir/package-lock.json" | cut -d' ' -f1)
  if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ] && [ -d "$dir/node_modules" ]; then
    echo "install-peers: $dir is up to date"
    return 0
  fi
  mkdir -p "$dir"
  cp "$lockdir/package.json" "$lockdir/package-lock.json" "$dir/"
  echo "install-peers: npm ci in $dir"
  (cd "$dir" && npm ci --no-audit --no-fund --loglevel=error)
  echo "$want" > "$stamp"
  echo "install-peers: installed $(ls "$dir/node_modules" | wc -l) top-level packages in $dir"
}

install_locked "$peers" "$here"

case "$(uname -m)" in
  x86_64) install_locked "$peers/node22" "$here/node22" ;;
  *) echo "install-peers: no Node 22 package for $(uname -m); the conformance test will fail" >&2
     exit 1 ;;
esac
