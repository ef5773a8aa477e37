/* tether-request-policy.c — how long a request may take, and what follows its failure
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The connection rules in src/README.md, rules 3 and 4, in one place, for
 * the lists a server keeps current and for the requests and tool calls
 * asked of it:
 *
 *  3. Every request is bounded: lists, gets and reads by the list timeout,
 *     a ping by the ping timeout, a tool call by the call timeout, which
 *     progress may stretch up to a hard maximum.
 *  4. A request that fails on a timeout or a broken transport causes one
 *     reconnect and one retry. A tools/call that reached the server is
 *     never sent again; only one that provably never left is.
 *
 * Pure: no I/O and no state, so that a test can ask it every case.
 */

#define G_LOG_DOMAIN "tether-request-policy"

#include "config.h"

#include "mcp-error.h"
#include "tether-request-policy.h"

/**
 * tether_request_kind_for_method:
 * @method: a request's method
 *
 * Returns: the kind of request @method is
 */
TetherRequestKind
tether_request_kind_for_method (const char *method)
{
  g_return_val_if_fail (method != NULL, TETHER_REQUEST_KIND_CALL);

  if (g_str_equal (method, "tools/call"))
    return TETHER_REQUEST_KIND_CALL;

  if (g_str_equal (method, "ping"))
    return TETHER_REQUEST_KIND_PING;

  return TETHER_REQUEST_KIND_READ;
}

/**
 * tether_request_policy_options:
 * @timings: the server's durations
 * @kind: the kind of request
 * @options: (out caller-allocates): where to set the bounds and the flags;
 *   its progress members are left as they were
 *
 * Rule 3: how long a request of @kind may take, and whether it may be
 * delivered twice.
 */
void
tether_request_policy_options (const TetherServerTimings *timings,
                               TetherRequestKind          kind,
                               McpRequestOptions         *options)
{
  g_return_if_fail (timings != NULL);
  g_return_if_fail (options != NULL);

  switch (kind)
    {
    case TETHER_REQUEST_KIND_CALL:
      options->timeout_ms = timings->call_timeout_ms;
      options->max_timeout_ms = timings->call_timeout_max_ms;
      options->flags = MCP_SEND_FLAGS_NONE;
      break;

    case TETHER_REQUEST_KIND_PING:
      options->timeout_ms = timings->ping_timeout_ms;
      options->max_timeout_ms = timings->ping_timeout_ms;
      options->flags = MCP_SEND_FLAGS_IDEMPOTENT;
      break;

    case TETHER_REQUEST_KIND_READ:
    default:
      options->timeout_ms = timings->list_timeout_ms;
      options->max_timeout_ms = timings->list_timeout_ms;
      options->flags = MCP_SEND_FLAGS_IDEMPOTENT;
      break;
    }
}

/* A timeout or a broken transport: what another session may not meet. */
static gboolean
error_means_broken_session (const GError *error)
{
  return g_error_matches (error, MCP_ERROR, MCP_ERROR_TIMEOUT) ||
         g_error_matches (error, MCP_ERROR, MCP_ERROR_CLOSED) ||
         g_error_matches (error, MCP_ERROR, MCP_ERROR_NOT_SENT) ||
         g_error_matches (error, MCP_ERROR, MCP_ERROR_SESSION_EXPIRED);
}

/**
 * tether_request_policy_retry:
 * @kind: the kind of request that failed
 * @error: why it failed
 * @retried: whether it was sent again already
 *
 * Rule 4: what follows the failure of a request. Only a timeout or a
 * broken transport is worth another try, and only once. A tool call is
 * tried again only if it provably never left (%MCP_ERROR_NOT_SENT): one
 * that may have reached the server could run twice.
 *
 * Returns: what to do
 */
TetherRequestRetry
tether_request_policy_retry (TetherRequestKind  kind,
                             const GError      *error,
                             gboolean           retried)
{
  g_return_val_if_fail (error != NULL, TETHER_REQUEST_RETRY_NO);

  if (retried || !error_means_broken_session (error))
    return TETHER_REQUEST_RETRY_NO;

  if (kind == TETHER_REQUEST_KIND_CALL && !g_error_matches (error, MCP_ERROR, MCP_ERROR_NOT_SENT))
    return TETHER_REQUEST_RETRY_NOT_RESENT;

  /* The connection is gone already: the server reconnects by itself. */
  if (g_error_matches (error, MCP_ERROR, MCP_ERROR_CLOSED) ||
      g_error_matches (error, MCP_ERROR, MCP_ERROR_NOT_SENT))
    return TETHER_REQUEST_RETRY_NEXT_SESSION;

  return TETHER_REQUEST_RETRY_RECONNECT;
}

/**
 * tether_request_policy_ends_session:
 * @error: why a request failed
 *
 * Rule 5: a server that takes none of its input is hung. Its transport
 * refuses messages past a bound (%MCP_ERROR_PEER_NOT_READING); the session
 * dies of it, and the request that met the refusal is not sent again.
 *
 * A server that wants a sign-in its token provider could not give
 * (%MCP_ERROR_AUTHORIZATION: the sign-in expired and could not be
 * refreshed) ends the session too: connecting again shows that a sign-in
 * is required.
 *
 * Returns: whether @error ends the session it happened in
 */
gboolean
tether_request_policy_ends_session (const GError *error)
{
  g_return_val_if_fail (error != NULL, FALSE);

  return g_error_matches (error, MCP_ERROR, MCP_ERROR_PEER_NOT_READING) ||
         g_error_matches (error, MCP_ERROR, MCP_ERROR_AUTHORIZATION);
}
