#!/bin/sh
# conformance-client.sh — what tether-cli does in each client scenario of
# the MCP conformance suite. The runner appends the scenario server's URL
# and names the scenario in MCP_CONFORMANCE_SCENARIO.
#
# Usage (by the runner): conformance-client.sh TETHER-CLI URL
#
# Copyright 2026 The Tether authors
# SPDX-License-Identifier: GPL-3.0-or-later
set -eu

cli=${1:?usage: conformance-client.sh TETHER-CLI URL}
url=${2:?usage: conformance-client.sh TETHER-CLI URL}

case "${MCP_CONFORMANCE_SCENARIO:-}" in
  initialize)
    # initialize, notifications/initialized, and the end of the session.
    exec "$cli" --url "$url" info ;;
  tools_call)
    exec "$cli" --url "$url" call add_numbers '{"a": 2, "b": 40}' ;;
  sse-retry)
    # The answer's stream closes early: resumed with GET + Last-Event-ID
    # after the server's retry.
    exec "$cli" --url "$url" call test_reconnection ;;
  elicitation-sep1034-client-defaults)
    # Accepted with nothing filled in: the schema's defaults are applied.
    exec "$cli" --url "$url" --elicit '{}' call test_client_elicitation_defaults ;;
  *)
    echo "conformance-client: no steps for scenario “${MCP_CONFORMANCE_SCENARIO:-}”" >&2
    exit 1 ;;
esac
