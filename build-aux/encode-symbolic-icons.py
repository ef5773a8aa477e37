#!/usr/bin/env python3
# encode-symbolic-icons.py — turn Tether's symbolic SVG icons into the
# .symbolic.png form GTK recolours itself, at each size the window asks for,
# and write the GResource description that holds them.
#
# GTK loads a symbolic SVG through gdk-pixbuf's SVG loader (librsvg): some
# 7 MB of library and heap that stay mapped for the life of the process once
# one icon was drawn. A .symbolic.png is read by GTK's own PNG code and
# recoloured (foreground, success, warning, error) at draw time, as an SVG
# would be, so light and dark styles keep working.
#
# Usage (from meson):
#   encode-symbolic-icons.py ENCODER COMPILER OUTPUT.c PREFIX SIZES SVG…
# ENCODER is gtk4-encode-symbolic-svg, COMPILER glib-compile-resources,
# SIZES a comma-separated list of pixel sizes. Each SVG is encoded at each
# size and embedded as PREFIX/icons/SIZExSIZE/actions/NAME.symbolic.png in
# the C source OUTPUT.c, which registers the resource when the program
# starts. Names must have no dot but the extension's: GTK's icon theme
# does not find a .symbolic.png whose name has one (the application's icon,
# named after its id, stays an SVG).
#
# Copyright 2026 The Tether authors
# SPDX-License-Identifier: GPL-3.0-or-later

import os
import subprocess
import sys
import tempfile
from xml.sax.saxutils import escape, quoteattr


def main(argv):
    if len(argv) < 7:
        sys.exit("usage: encode-symbolic-icons.py ENCODER COMPILER OUTPUT.c PREFIX SIZES SVG…")
    encoder, compiler, output, prefix, sizes = argv[1:6]
    sizes = [int(s) for s in sizes.split(",")]
    entries = []
    outdir = output + ".d"
    os.makedirs(outdir, exist_ok=True)
    xml_path = os.path.join(outdir, "icons.gresource.xml")
    for svg in argv[6:]:
        name = os.path.basename(svg)
        if "." in name[:-len(".svg")]:
            sys.exit(f"encode-symbolic-icons: {svg}: GTK finds no .symbolic.png named with a dot")
        if not name.endswith("-symbolic.svg"):
            sys.exit(f"encode-symbolic-icons: {svg}: not a -symbolic.svg icon")
        stem = name[:-len(".svg")]
        for size in sizes:
            with tempfile.TemporaryDirectory(dir=outdir) as tmp:
                done = subprocess.run([encoder, "-o", tmp, svg, f"{size}x{size}"],
                                      capture_output=True, text=True)
                made = os.path.join(tmp, stem + ".symbolic.png")
                if done.returncode != 0 or not os.path.exists(made):
                    sys.exit(f"encode-symbolic-icons: {encoder} failed on {svg} at "
                             f"{size} px (exit {done.returncode}): {done.stderr.strip()}")
                flat = f"{stem}-{size}.symbolic.png"
                os.replace(made, os.path.join(outdir, flat))
            alias = f"icons/{size}x{size}/actions/{stem}.symbolic.png"
            entries.append((alias, flat))

    with open(xml_path + ".tmp", "w") as f:
        f.write('<?xml version="1.0" encoding="UTF-8"?>\n<gresources>\n')
        f.write(f"  <gresource prefix={quoteattr(prefix)}>\n")
        for alias, flat in entries:
            f.write(f"    <file alias={quoteattr(alias)}>{escape(flat)}</file>\n")
        f.write("  </gresource>\n</gresources>\n")
    os.replace(xml_path + ".tmp", xml_path)

    done = subprocess.run([compiler, "--generate-source", "--c-name", "tether_icons",
                           "--sourcedir", outdir, "--target", output, xml_path],
                          capture_output=True, text=True)
    if done.returncode != 0:
        sys.exit(f"encode-symbolic-icons: {compiler} failed (exit {done.returncode}): "
                 f"{done.stderr.strip()}")


if __name__ == "__main__":
    main(sys.argv)
