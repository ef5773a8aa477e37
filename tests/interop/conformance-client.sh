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

here=$(cd "$(dirname "$0")" && pwd)
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
  request-metadata)
    # server/discover (refused once with -32022, asked again), then a
    # list: every request carries the stateless revision's _meta.
    exec "$cli" --url "$url" tools ;;
  http-standard-headers)
    # Mcp-Method on every POST, Mcp-Name on a call, a read and a prompt.
    "$cli" --url "$url" tools >/dev/null
    "$cli" --url "$url" call my-hyphenated-tool '{}' >/dev/null
    "$cli" --url "$url" resources >/dev/null
    "$cli" --url "$url" read 'file:///path/to/file%20name.txt' >/dev/null
    "$cli" --url "$url" prompts >/dev/null
    exec "$cli" --url "$url" prompt test_prompt '{}' ;;
  sep-2322-client-request-state)
    # Each tool answers input_required first: the elicitation is accepted,
    # the request sent again with the server's requestState (or none).
    "$cli" --url "$url" --elicit '{"confirmed": true}' call test_mrtr_echo_state >/dev/null
    "$cli" --url "$url" --elicit '{"confirmed": true}' call test_mrtr_no_state >/dev/null
    "$cli" --url "$url" --elicit '{"confirmed": true}' call test_mrtr_unrelated >/dev/null
    exec "$cli" --url "$url" --elicit '{"confirmed": true}' call test_mrtr_no_result_type ;;
  http-custom-headers)
    # The calls the scenario names: arguments marked x-mcp-header go in
    # Mcp-Param-* headers (the tools are listed first to learn which).
    calls=$(node -e 'const c = JSON.parse(process.env.MCP_CONFORMANCE_CONTEXT || "{}");
      for (const t of c.toolCalls || []) console.log(Buffer.from(JSON.stringify(t)).toString("base64"));')
    [ -n "$calls" ] || { echo "conformance-client: no toolCalls in MCP_CONFORMANCE_CONTEXT" >&2; exit 1; }
    for call in $calls; do
      name=$(node -e 'process.stdout.write(JSON.parse(Buffer.from(process.argv[1], "base64")).name)' "$call")
      arguments=$(node -e 'process.stdout.write(JSON.stringify(JSON.parse(Buffer.from(process.argv[1], "base64")).arguments || {}))' "$call")
      "$cli" --url "$url" call "$name" "$arguments" >/dev/null
    done ;;
  http-invalid-tool-headers)
    # The tools with invalid x-mcp-header marks are left out of the list;
    # the valid one is called.
    "$cli" --url "$url" tools >/dev/null
    exec "$cli" --url "$url" call valid_tool '{"region": "us-east1"}' ;;
  json-schema-ref-no-deref)
    # Listed, and the network $ref in a schema is never fetched.
    exec "$cli" --url "$url" tools ;;
  json-schema-2020-12-preservation)
    # The tool's own inputSchema, as listed, is echoed back verbatim.
    schema=$("$cli" --url "$url" --json tools |
      node -e 'let s = ""; process.stdin.on("data", d => s += d).on("end", () => {
        const tools = JSON.parse(s).tools || JSON.parse(s);
        const t = tools.find(t => t.name === "json_schema_2020_12_tool");
        process.stdout.write(JSON.stringify({ schema: t.inputSchema }));
      })')
    exec "$cli" --url "$url" call json_schema_echo "$schema" ;;
  auth/*)
    # Sign in with the browser stand-in, then initialize, list the tools
    # and call one. The suite's own URL is the client metadata document;
    # a context names a pre-registered client (its secret through the
    # environment, its key through a file of ours, never the command
    # line).
    export BROWSER="$here/fake-browser.sh"
    set -- --url "$url" --sign-in --client-metadata-url https://conformance-test.local/client-metadata.json
    if [ -n "${MCP_CONFORMANCE_CONTEXT:-}" ]; then
      context () {
        node -e 'const c = JSON.parse(process.env.MCP_CONFORMANCE_CONTEXT); process.stdout.write(c[process.argv[1]] || "")' "$1"
      }
      client_id=$(context client_id)
      TETHER_OAUTH_CLIENT_SECRET=$(context client_secret)
      export TETHER_OAUTH_CLIENT_SECRET
      [ -n "$client_id" ] && set -- "$@" --client-id "$client_id"
      keydir=$(mktemp -d)
      trap 'rm -rf "$keydir"' EXIT
      if [ -n "$(context private_key_pem)" ]; then
        (umask 077 && context private_key_pem > "$keydir/client-key.pem")
        set -- "$@" --client-key "$keydir/client-key.pem"
      fi
      # an ID token of the organisation's identity provider
      if [ -n "$(context idp_id_token)" ]; then
        (umask 077 && context idp_id_token > "$keydir/id-token.jwt")
        set -- "$@" --id-token "$keydir/id-token.jwt" --idp-token-endpoint "$(context idp_token_endpoint)"
      fi
      # a workload identity token, in a file as its platform would keep it
      if [ -n "$(context valid_jwt)" ]; then
        (umask 077 && context valid_jwt > "$keydir/workload.jwt")
        set -- "$@" --workload-token "$keydir/workload.jwt"
      fi
      case "$MCP_CONFORMANCE_SCENARIO" in
        auth/client-credentials-*) set -- "$@" --client-credentials ;;
      esac
    fi
    rc=0
    "$cli" "$@" call test-tool '{}' >/dev/null || rc=$?
    # The 2026-07-28 scenarios' servers are stateless and answer a legacy
    # initialize with 400 once signed in: the sign-in is what they check.
    if [ "${MCP_CONFORMANCE_PROTOCOL_VERSION:-}" = 2026-07-28 ]; then
      exit 0
    fi
    exit $rc ;;
  *)
    echo "conformance-client: no steps for scenario “${MCP_CONFORMANCE_SCENARIO:-}”" >&2
    exit 1 ;;
esac
