#!/bin/sh
# validate-manifest.sh MANIFEST — validate a flatpak manifest offline.
# flatpak-builder only warns (rc 0) on an unknown property, so any WARNING fails.
set -u
command -v flatpak-builder >/dev/null 2>&1 || {
  echo "validate-manifest: flatpak-builder not found (apt-get install flatpak-builder)" >&2; exit 1; }
err=$(flatpak-builder --show-manifest "$1" 2>&1 >/dev/null)
rc=$?
if [ $rc -ne 0 ] || printf '%s' "$err" | grep -qi 'warning'; then
  echo "validate-manifest: $1 is not valid (rc $rc):" >&2
  printf '%s\n' "$err" >&2
  exit 1
fi
echo "validate-manifest: $1 OK"
