/* test-request-policy.c — rules 3 and 4: a request's bounds and its one retry
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The one policy that the lists a server keeps and the requests and tool
 * calls asked of it both follow, every case of it. test-server.c runs it
 * against real fake servers.
 */

#include "config.h"

#include "mcp-error.h"
#include "tether-request-policy.h"

static void
test_kind_for_method (void)
{
  g_assert_cmpint (tether_request_kind_for_method ("tools/call"), ==, TETHER_REQUEST_KIND_CALL);
  g_assert_cmpint (tether_request_kind_for_method ("ping"), ==, TETHER_REQUEST_KIND_PING);
  g_assert_cmpint (tether_request_kind_for_method ("tools/list"), ==, TETHER_REQUEST_KIND_READ);
  g_assert_cmpint (tether_request_kind_for_method ("resources/read"), ==, TETHER_REQUEST_KIND_READ);
  g_assert_cmpint (tether_request_kind_for_method ("prompts/get"), ==, TETHER_REQUEST_KIND_READ);
  g_assert_cmpint (tether_request_kind_for_method ("completion/complete"), ==, TETHER_REQUEST_KIND_READ);
}

/* Rule 3: each kind has its own bounds; only what is safe to repeat may be
 * delivered twice; progress settings are the caller's. */
static void
test_options (void)
{
  TetherServerTimings timings;
  McpRequestOptions options = { 0, };
  int progress_data;

  tether_server_timings_init_defaults (&timings);
  timings.list_timeout_ms = 111;
  timings.ping_timeout_ms = 222;
  timings.call_timeout_ms = 333;
  timings.call_timeout_max_ms = 444;

  tether_request_policy_options (&timings, TETHER_REQUEST_KIND_READ, &options);
  g_assert_cmpuint (options.timeout_ms, ==, 111);
  g_assert_cmpuint (options.max_timeout_ms, ==, 111);
  g_assert_cmpint (options.flags, ==, MCP_SEND_FLAGS_IDEMPOTENT);

  tether_request_policy_options (&timings, TETHER_REQUEST_KIND_PING, &options);
  g_assert_cmpuint (options.timeout_ms, ==, 222);
  g_assert_cmpuint (options.max_timeout_ms, ==, 222);
  g_assert_cmpint (options.flags, ==, MCP_SEND_FLAGS_IDEMPOTENT);

  options.progress_data = &progress_data;
  tether_request_policy_options (&timings, TETHER_REQUEST_KIND_CALL, &options);
  g_assert_cmpuint (options.timeout_ms, ==, 333);
  g_assert_cmpuint (options.max_timeout_ms, ==, 444);
  g_assert_cmpint (options.flags, ==, MCP_SEND_FLAGS_NONE);
  g_assert_true (options.progress_data == &progress_data);
}

typedef struct
{
  GQuark             domain;
  int                code;
  TetherRequestRetry read;      /* a list, get or read, the first time */
  TetherRequestRetry call;      /* a tools/call, the first time */
} RetryCase;

/* Rule 4, every error a request can meet. */
static void
test_retry (void)
{
  const RetryCase cases[] = {
    /* stuck: a reconnect, then once more; a call may have run */
    { MCP_ERROR, MCP_ERROR_TIMEOUT, TETHER_REQUEST_RETRY_RECONNECT, TETHER_REQUEST_RETRY_NOT_RESENT },
    { MCP_ERROR, MCP_ERROR_SESSION_EXPIRED, TETHER_REQUEST_RETRY_RECONNECT, TETHER_REQUEST_RETRY_NOT_RESENT },
    /* the connection is gone already: once more on the next session */
    { MCP_ERROR, MCP_ERROR_CLOSED, TETHER_REQUEST_RETRY_NEXT_SESSION, TETHER_REQUEST_RETRY_NOT_RESENT },
    /* it provably never left: even a call goes once more */
    { MCP_ERROR, MCP_ERROR_NOT_SENT, TETHER_REQUEST_RETRY_NEXT_SESSION, TETHER_REQUEST_RETRY_NEXT_SESSION },
    /* what another session would meet the same way */
    { MCP_ERROR, MCP_ERROR_PEER_NOT_READING, TETHER_REQUEST_RETRY_NO, TETHER_REQUEST_RETRY_NO },
    { MCP_ERROR, MCP_ERROR_INVALID_RESPONSE, TETHER_REQUEST_RETRY_NO, TETHER_REQUEST_RETRY_NO },
    { MCP_ERROR, MCP_ERROR_MESSAGE_TOO_LARGE, TETHER_REQUEST_RETRY_NO, TETHER_REQUEST_RETRY_NO },
    { MCP_ERROR, MCP_ERROR_HTTP_STATUS, TETHER_REQUEST_RETRY_NO, TETHER_REQUEST_RETRY_NO },
    { MCP_ERROR, MCP_ERROR_FAILED, TETHER_REQUEST_RETRY_NO, TETHER_REQUEST_RETRY_NO },
    { MCP_RPC_ERROR, MCP_RPC_METHOD_NOT_FOUND, TETHER_REQUEST_RETRY_NO, TETHER_REQUEST_RETRY_NO },
    { MCP_RPC_ERROR, MCP_RPC_INVALID_PARAMS, TETHER_REQUEST_RETRY_NO, TETHER_REQUEST_RETRY_NO },
    /* the caller's own choice */
    { G_IO_ERROR, G_IO_ERROR_CANCELLED, TETHER_REQUEST_RETRY_NO, TETHER_REQUEST_RETRY_NO },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GError) error = g_error_new_literal (cases[i].domain, cases[i].code, "failed");

      g_test_message ("case %u: %s %d", i, g_quark_to_string (cases[i].domain), cases[i].code);
      g_assert_cmpint (tether_request_policy_retry (TETHER_REQUEST_KIND_READ, error, FALSE), ==, cases[i].read);
      g_assert_cmpint (tether_request_policy_retry (TETHER_REQUEST_KIND_PING, error, FALSE), ==, cases[i].read);
      g_assert_cmpint (tether_request_policy_retry (TETHER_REQUEST_KIND_CALL, error, FALSE), ==, cases[i].call);

      /* Once only: a request sent again is never sent a third time. */
      g_assert_cmpint (tether_request_policy_retry (TETHER_REQUEST_KIND_READ, error, TRUE), ==,
                       TETHER_REQUEST_RETRY_NO);
      g_assert_cmpint (tether_request_policy_retry (TETHER_REQUEST_KIND_CALL, error, TRUE), ==,
                       TETHER_REQUEST_RETRY_NO);
    }
}

/* Rule 5: only a transport that refuses messages to a server reading none
 * of them ends the session from a request's failure. */
static void
test_ends_session (void)
{
  g_autoptr(GError) not_reading = g_error_new_literal (MCP_ERROR, MCP_ERROR_PEER_NOT_READING, "hung");
  g_autoptr(GError) timeout = g_error_new_literal (MCP_ERROR, MCP_ERROR_TIMEOUT, "slow");
  g_autoptr(GError) closed = g_error_new_literal (MCP_ERROR, MCP_ERROR_CLOSED, "gone");

  g_assert_true (tether_request_policy_ends_session (not_reading));
  g_assert_false (tether_request_policy_ends_session (timeout));
  g_assert_false (tether_request_policy_ends_session (closed));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/Tether/RequestPolicy/kind-for-method", test_kind_for_method);
  g_test_add_func ("/Tether/RequestPolicy/options", test_options);
  g_test_add_func ("/Tether/RequestPolicy/retry", test_retry);
  g_test_add_func ("/Tether/RequestPolicy/ends-session", test_ends_session);

  return g_test_run ();
}
