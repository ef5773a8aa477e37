#!/bin/sh
# fake-browser.sh — the browser, for tests: fetches the authorization URL
# and follows its redirects, as a user who approves would, ending at
# Tether's loopback listener. Usage (as $BROWSER): fake-browser.sh URL
#
# Copyright 2026 The Tether authors
# SPDX-License-Identifier: GPL-3.0-or-later
exec curl --silent --show-error --location --max-redirs 5 --max-time 20 --output /dev/null "$1"
