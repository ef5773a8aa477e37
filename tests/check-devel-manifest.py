#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
#
# check-devel-manifest.py RELEASE DEVEL — the .Devel flatpak manifest is the
# release one with only the app ID and -Ddevelopment=true changed, so the two
# cannot drift apart (a finish-arg or module added to one only).
import json
import sys


def fail(message):
    print(f"check-devel-manifest: {message}", file=sys.stderr)
    sys.exit(1)


release_path, devel_path = sys.argv[1:3]
try:
    release = json.load(open(release_path))
    devel = json.load(open(devel_path))
except (OSError, ValueError) as e:
    fail(f"cannot read the manifests: {e}")

if devel.get("id") != release.get("id", "") + ".Devel":
    fail(f"{devel_path}: id is {devel.get('id')!r}, expected {release.get('id', '')!r} + '.Devel'")

app_module = release["modules"][-1]["name"]
devel_app = devel["modules"][-1]
if devel_app.get("name") != app_module:
    fail(f"{devel_path}: the last module is {devel_app.get('name')!r}, expected {app_module!r}")
opts = devel_app.get("config-opts", [])
if "-Ddevelopment=true" not in opts:
    fail(f"{devel_path}: module {app_module} lacks config-opts -Ddevelopment=true")

# Undo the two intended differences; what remains must be identical.
devel["id"] = release["id"]
opts = [o for o in opts if o != "-Ddevelopment=true"]
if opts:
    devel_app["config-opts"] = opts
else:
    del devel_app["config-opts"]

if devel != release:
    for key in sorted(set(release) | set(devel)):
        if release.get(key) != devel.get(key):
            print(f"  {key}:\n    release: {json.dumps(release.get(key))}\n"
                  f"    devel:   {json.dumps(devel.get(key))}", file=sys.stderr)
    fail(f"{devel_path} differs from {release_path} beyond the app ID and -Ddevelopment=true")

print(f"check-devel-manifest: {devel_path} matches {release_path}")
