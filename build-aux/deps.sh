#!/bin/sh
# deps.sh — install the Debian 12 packages Tether needs, once.
#
# Usage: build-aux/deps.sh [run|test|ci]
#   run   what building and running the app needs
#   test  that plus what the test suite needs (Xvfb, D-Bus, node for the
#         interop peers, flatpak-builder to validate the manifest, openssl
#         to make the HTTPS tests' certificates)
#   ci    that plus clang for the fuzz targets and the sanitizer build, and
#         debootstrap and elfutils (eu-strip) for build-aux/flatpak-ci.sh
# Idempotent: packages already installed are not asked for again, and apt is
# not touched at all when nothing is missing. Runs apt-get as root or via sudo.
set -eu

what=${1:-run}

pkgs="build-essential meson ninja-build pkg-config gettext
      libglib2.0-dev libgtk-4-dev libadwaita-1-dev libjson-glib-dev libsoup-3.0-dev libyaml-dev
      libsecret-1-dev libgnutls28-dev libgtk-4-bin librsvg2-common
      desktop-file-utils appstream"
case "$what" in
  run) ;;
  test) pkgs="$pkgs xvfb xauth x11-utils dbus at-spi2-core imagemagick nodejs npm flatpak flatpak-builder
              iproute2 util-linux procps xdotool python3-gi gir1.2-atspi-2.0 gnome-keyring curl openssl" ;;
  ci)   pkgs="$pkgs xvfb xauth x11-utils dbus at-spi2-core imagemagick nodejs npm flatpak flatpak-builder
              iproute2 util-linux procps xdotool python3-gi gir1.2-atspi-2.0 gnome-keyring curl openssl clang libclang-rt-14-dev debootstrap elfutils" ;;
  *) echo "usage: $0 [run|test|ci]" >&2; exit 2 ;;
esac

missing=""
for p in $pkgs; do
  status=$(dpkg-query -W -f='${Status}' "$p" 2>/dev/null || true)
  case "$status" in
    *" installed") ;;
    *) missing="$missing $p" ;;
  esac
done

# node and npm may come from elsewhere (nodesource, nvm): accept them on PATH.
case "$missing" in
  *" nodejs"*|*" npm"*)
    if command -v node >/dev/null 2>&1 && command -v npm >/dev/null 2>&1; then
      missing=$(echo "$missing" | sed 's/ nodejs//; s/ npm//')
    fi ;;
  *) ;;
esac

if [ -z "$(echo "$missing" | tr -d ' ')" ]; then
  echo "deps: everything needed for '$what' is installed"
  exit 0
fi

if [ "$(id -u)" -eq 0 ]; then sudo=""; else sudo="sudo"; fi
echo "deps: installing$missing"
$sudo env DEBIAN_FRONTEND=noninteractive apt-get update -q
# shellcheck disable=SC2086
$sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends $missing
