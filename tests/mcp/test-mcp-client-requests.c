/* test-mcp-client-requests.c — McpClient's requests: timeouts, cancels,
 * progress, send errors and what is never retried
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "client-harness.h"
#include "mcp-client.h"
#include "mcp-error.h"
#include "mcp-test-transport.h"
#include "test-util.h"

static void
test_timeout_sends_cancel (void)
{
  g_autoptr(McpTestTransport) transport = NULL;
  g_autoptr(McpClient) client = connect_by_hand (&transport);
  g_autoptr(GPtrArray) events = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *late = NULL;
  McpRequestOptions options = { .timeout_ms = 50 };
  JsonObject *cancel;
  gint64 id;

  g_signal_connect (client, "event", G_CALLBACK (collect_event), events);
  mcp_client_request_async (client, "tools/call", NULL, &options, NULL, test_store_result, &result);
  iterate_pending ();
  id = sent_id (transport, 2);
  test_wait_for (&result);

  g_assert_null (mcp_client_request_finish (client, result, &error));
  g_assert_error (error, MCP_ERROR, MCP_ERROR_TIMEOUT);
  g_assert_nonnull (strstr (error->message, "tools/call"));
  g_assert_nonnull (strstr (error->message, "50 ms"));

  cancel = mcp_test_transport_find_sent (transport, "notifications/cancelled");
  g_assert_nonnull (cancel);
  g_assert_false (json_object_has_member (cancel, "id"));
  g_assert_cmpint (json_object_get_int_member (json_object_get_object_member (cancel, "params"), "requestId"), ==, id);

  late = g_strdup_printf ("{\"jsonrpc\":\"2.0\",\"id\":%" G_GINT64_FORMAT ",\"result\":{}}", id);
  mcp_test_transport_receive (transport, late);
  g_assert_true (events_contain (events, "late answer"));

  close_client (client);
}

static void
test_cancel_sends_cancel (void)
{
  g_autoptr(McpTestTransport) transport = NULL;
  g_autoptr(McpClient) client = connect_by_hand (&transport);
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(GError) error = NULL;
  JsonObject *cancel;

  mcp_client_request_async (client, "tools/call", NULL, NULL, cancellable, test_store_result, &result);
  iterate_pending ();
  g_cancellable_cancel (cancellable);
  test_wait_for (&result);

  g_assert_null (mcp_client_request_finish (client, result, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  cancel = mcp_test_transport_find_sent (transport, "notifications/cancelled");
  g_assert_nonnull (cancel);
  g_assert_cmpint (json_object_get_int_member (json_object_get_object_member (cancel, "params"), "requestId"),
                   ==, sent_id (transport, 2));

  close_client (client);
}

static void
test_initialize_never_cancelled (void)
{
  g_autoptr(McpTestTransport) transport = mcp_test_transport_new ();
  g_autoptr(McpClient) client = mcp_client_new (MCP_TRANSPORT (transport));
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(GError) error = NULL;

  mcp_client_set_request_timeout (client, 50);
  /* Answered by hand as an initialize-era server. */
  mcp_client_set_era (client, MCP_ERA_LEGACY);
  mcp_client_connect_async (client, NULL, test_store_result, &result);
  test_wait_for (&result);
  g_assert_false (mcp_client_connect_finish (client, result, &error));
  g_assert_error (error, MCP_ERROR, MCP_ERROR_TIMEOUT);
  g_assert_nonnull (strstr (error->message, "initialize"));
  g_assert_null (mcp_test_transport_find_sent (transport, "notifications/cancelled"));
  iterate_pending ();
  g_assert_true (mcp_client_is_closed (client));
}

static void
count_progress (double      progress,
                double      total,
                const char *message,
                gpointer    user_data)
{
  guint *n = user_data;

  g_assert_cmpfloat (total, >, 0);
  (*n)++;
}

/* The test plays the server: it sends the tools/call's progress notes by
 * hand, each after letting a stretch of time pass without running the main
 * loop, so that the client's timer can only fire after the note has been
 * read. What happens is ordered by the test, not raced against a timer: the
 * only wall-clock margin is between reading a note and the next iteration,
 * a few instructions against a timeout of a second. Returns the progress
 * token of the call. */
#define PROGRESS_TIMEOUT_MS 1000
#define PROGRESS_GAP_MS 900

static gint64
start_progress_call (McpClient          *client,
                     McpTestTransport   *transport,
                     McpRequestOptions  *options,
                     GAsyncResult      **result)
{
  JsonObject *call;
  JsonObject *meta;

  mcp_client_call_tool_async (client, "slow", NULL, options, NULL, test_store_result, result);
  iterate_pending ();
  call = mcp_test_transport_find_sent (transport, "tools/call");
  g_assert_nonnull (call);

  /* The token went out in _meta. */
  meta = json_object_get_object_member (json_object_get_object_member (call, "params"), "_meta");
  g_assert_nonnull (meta);
  g_assert_true (json_object_has_member (meta, "progressToken"));

  return json_object_get_int_member (meta, "progressToken");
}

/* Waits PROGRESS_GAP_MS with the main loop stopped, then sends a progress
 * note, which the client reads at once, then runs the main loop. */
static void
send_progress_after_gap (McpTestTransport *transport,
                         gint64            token,
                         guint             n,
                         guint            *n_progress)
{
  g_autofree char *note = g_strdup_printf ("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/progress\","
                                           "\"params\":{\"progressToken\":%lld,\"progress\":%u,\"total\":100}}",
                                           (long long)token, n);

  g_usleep (PROGRESS_GAP_MS * 1000);
  mcp_test_transport_receive (transport, note);
  g_assert_cmpuint (*n_progress, ==, n);
  iterate_pending ();
}

/* Progress restarts the wait: three notes, each just within the timeout of
 * the one before, carry the call far past its timeout to its answer. */
static void
test_progress_extends_timeout (void)
{
  g_autoptr(McpTestTransport) transport = NULL;
  g_autoptr(McpClient) client = connect_by_hand (&transport);
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) reply = NULL;
  g_autofree char *answer = NULL;
  guint n_progress = 0;
  McpRequestOptions options = {
    .timeout_ms = PROGRESS_TIMEOUT_MS, .max_timeout_ms = 600000,
    .progress_callback = count_progress, .progress_data = &n_progress,
  };
  gint64 token = start_progress_call (client, transport, &options, &result);
  gint64 started = g_get_monotonic_time ();

  for (guint i = 1; i <= 3; i++)
    {
      send_progress_after_gap (transport, token, i, &n_progress);
      g_assert_null (result);
    }
  g_assert_cmpint (g_get_monotonic_time () - started, >, 2 * PROGRESS_TIMEOUT_MS * 1000);

  answer = g_strdup_printf ("{\"jsonrpc\":\"2.0\",\"id\":%lld,\"result\":{\"content\":[]}}",
                            (long long)json_object_get_int_member (mcp_test_transport_find_sent (transport, "tools/call"),
                                                                   "id"));
  mcp_test_transport_receive (transport, answer);
  test_wait_for (&result);
  reply = mcp_client_call_tool_finish (client, result, &error);
  g_assert_no_error (error);
  g_assert_nonnull (reply);
  g_assert_cmpuint (n_progress, ==, 3);

  close_client (client);
}

/* Progress never carries a call past its hard limit: with notes every
 * PROGRESS_GAP_MS, the call ends at the third note at the latest (by then
 * 2 700 ms or more have passed, past the 2 500 ms limit), never before the
 * limit, with a notifications/cancelled to the server. */
static void
test_progress_hard_cap (void)
{
  g_autoptr(McpTestTransport) transport = NULL;
  g_autoptr(McpClient) client = connect_by_hand (&transport);
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(GError) error = NULL;
  guint n_progress = 0;
  McpRequestOptions options = {
    .timeout_ms = PROGRESS_TIMEOUT_MS, .max_timeout_ms = 2500,
    .progress_callback = count_progress, .progress_data = &n_progress,
  };
  gint64 token = start_progress_call (client, transport, &options, &result);
  gint64 started = g_get_monotonic_time ();
  double elapsed;
  guint sent = 0;

  while (result == NULL && sent < 10)
    send_progress_after_gap (transport, token, ++sent, &n_progress);
  elapsed = (g_get_monotonic_time () - started) / 1000.0;
  g_test_message ("ended after %u progress notes, %.0f ms", sent, elapsed);

  g_assert_nonnull (result);
  g_assert_cmpuint (sent, <=, 3);
  g_assert_cmpfloat (elapsed, >=, 2500);
  g_assert_null (mcp_client_call_tool_finish (client, result, &error));
  g_assert_error (error, MCP_ERROR, MCP_ERROR_TIMEOUT);
  g_assert_nonnull (strstr (error->message, "at most 2500 ms"));
  g_assert_nonnull (mcp_test_transport_find_sent (transport, "notifications/cancelled"));

  close_client (client);
}

static void
count_closed (McpClient    *client,
              const GError *error,
              guint        *n)
{
  g_assert_error (error, MCP_ERROR, MCP_ERROR_CLOSED);
  (*n)++;
}

static void
test_close_fails_pending (void)
{
  g_autoptr(McpTestTransport) transport = NULL;
  g_autoptr(McpClient) client = connect_by_hand (&transport);
  g_autoptr(GAsyncResult) call = NULL;
  g_autoptr(GAsyncResult) list = NULL;
  g_autoptr(GAsyncResult) unsent = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GError) reason = g_error_new_literal (MCP_ERROR, MCP_ERROR_CLOSED, "The server exited with status 3");
  g_autoptr(GError) not_sent = g_error_new_literal (MCP_ERROR, MCP_ERROR_NOT_SENT, "pipe closed");
  g_autoptr(GAsyncResult) after = NULL;
  guint closed = 0;

  g_signal_connect (client, "closed", G_CALLBACK (count_closed), &closed);

  mcp_client_request_async (client, "tools/call", NULL, NULL, NULL, test_store_result, &call);
  mcp_client_request_async (client, "tools/list", NULL, NULL, NULL, test_store_result, &list);
  iterate_pending ();

  /* This one is still on its way out when the transport closes. */
  mcp_test_transport_set_hold_sends (transport, TRUE);
  mcp_client_request_async (client, "tools/call", NULL, NULL, NULL, test_store_result, &unsent);
  iterate_pending ();

  mcp_test_transport_close_with_error (transport, reason);
  g_assert_cmpuint (closed, ==, 1);

  test_wait_for (&call);
  g_assert_null (mcp_client_request_finish (client, call, &error));
  g_assert_error (error, MCP_ERROR, MCP_ERROR_CLOSED);
  g_assert_nonnull (strstr (error->message, "outcome is unknown"));
  g_assert_nonnull (strstr (error->message, "status 3"));
  g_clear_error (&error);

  test_wait_for (&list);
  g_assert_null (mcp_client_request_finish (client, list, &error));
  g_assert_error (error, MCP_ERROR, MCP_ERROR_CLOSED);
  g_assert_null (strstr (error->message, "outcome is unknown"));
  g_clear_error (&error);

  g_assert_null (unsent);
  mcp_test_transport_release_sends (transport, not_sent);
  test_wait_for (&unsent);
  g_assert_null (mcp_client_request_finish (client, unsent, &error));
  g_assert_error (error, MCP_ERROR, MCP_ERROR_NOT_SENT);
  g_clear_error (&error);

  /* Nothing is sent any more. */
  mcp_client_request_async (client, "ping", NULL, NULL, NULL, test_store_result, &after);
  test_wait_for (&after);
  g_assert_null (mcp_client_request_finish (client, after, &error));
  g_assert_error (error, MCP_ERROR, MCP_ERROR_NOT_SENT);

  g_assert_true (mcp_client_is_closed (client));
  close_client (client);
}

/* A failed delivery fails its request with the transport's own error,
 * code and message: an HTTP status, a reply that is not MCP, an expired
 * session are kept as such, not turned into a generic closed connection. */
static GError *
request_failing_send (McpClient        *client,
                      McpTestTransport *transport,
                      const char       *method,
                      const GError     *send_error)
{
  g_autoptr(GAsyncResult) result = NULL;
  GError *error = NULL;

  mcp_test_transport_set_hold_sends (transport, TRUE);
  mcp_client_request_async (client, method, NULL, NULL, NULL, test_store_result, &result);
  iterate_pending ();
  g_assert_null (result);

  mcp_test_transport_set_hold_sends (transport, FALSE);
  mcp_test_transport_release_sends (transport, send_error);
  test_wait_for (&result);
  g_assert_null (mcp_client_request_finish (client, result, &error));
  g_assert_nonnull (error);

  return error;
}

static void
test_send_errors_kept (void)
{
  g_autoptr(McpTestTransport) transport = NULL;
  g_autoptr(McpClient) client = connect_by_hand (&transport);
  struct {
    const char *method;
    GQuark      domain;
    int         code;
    const char *message;
  } kept[] = {
    { "tools/list", MCP_ERROR, MCP_ERROR_HTTP_STATUS,
      "The server answered “tools/list” with HTTP 500 Internal Server Error: boom" },
    { "tools/call", MCP_ERROR, MCP_ERROR_HTTP_STATUS,
      "The server answered “tools/call” with HTTP 401 Unauthorized" },
    { "prompts/list", MCP_ERROR, MCP_ERROR_INVALID_RESPONSE,
      "The server answered “prompts/list” with content type “text/html”, not JSON or an event stream" },
    { "tools/call", MCP_ERROR, MCP_ERROR_SESSION_EXPIRED,
      "The server ended the session, and starting a new one failed: HTTP 404" },
    { "resources/read", MCP_ERROR, MCP_ERROR_MESSAGE_TOO_LARGE,
      "The server's reply to “resources/read” is larger than the limit of 16 bytes" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (kept); i++)
    {
      g_autoptr(GError) send_error = g_error_new_literal (kept[i].domain, kept[i].code, kept[i].message);
      g_autoptr(GError) error = request_failing_send (client, transport, kept[i].method, send_error);

      g_test_message ("%s: %s", kept[i].method, error->message);
      g_assert_error (error, kept[i].domain, kept[i].code);
      g_assert_cmpstr (error->message, ==, kept[i].message);
    }

  /* A failed request is not a failed session. */
  g_assert_false (mcp_client_is_closed (client));

  close_client (client);
}

/* Only NOT_SENT says a message never left. Whatever else went wrong while a
 * tools/call was on its way may have let it reach the server: it fails as
 * closed, outcome unknown, with the transport's reason. */
static void
test_send_errors_call_never_not_sent (void)
{
  g_autoptr(McpTestTransport) transport = NULL;
  g_autoptr(McpClient) client = connect_by_hand (&transport);
  g_autoptr(GError) not_sent = g_error_new_literal (MCP_ERROR, MCP_ERROR_NOT_SENT,
                                                    "Could not reach the server at http://127.0.0.1:9: Connection refused");
  g_autoptr(GError) broke = g_error_new_literal (MCP_ERROR, MCP_ERROR_CLOSED,
                                                 "The connection broke before the server answered “tools/call”");
  g_autoptr(GError) io = g_error_new_literal (G_IO_ERROR, G_IO_ERROR_CONNECTION_CLOSED, "Connection reset by peer");
  g_autoptr(GError) failed = g_error_new_literal (MCP_ERROR, MCP_ERROR_FAILED, "something odd");
  GError *errors[] = { broke, io, failed };
  g_autoptr(GError) error = NULL;

  error = request_failing_send (client, transport, "tools/call", not_sent);
  g_assert_error (error, MCP_ERROR, MCP_ERROR_NOT_SENT);
  g_assert_nonnull (strstr (error->message, "tools/call was not sent"));
  g_assert_nonnull (strstr (error->message, "Connection refused"));
  g_clear_error (&error);

  for (guint i = 0; i < G_N_ELEMENTS (errors); i++)
    {
      error = request_failing_send (client, transport, "tools/call", errors[i]);
      g_test_message ("%s", error->message);
      g_assert_error (error, MCP_ERROR, MCP_ERROR_CLOSED);
      g_assert_nonnull (strstr (error->message, "outcome is unknown"));
      g_assert_nonnull (strstr (error->message, errors[i]->message));
      g_clear_error (&error);

      /* Other requests: the transport's message, or "closed" with it. */
      error = request_failing_send (client, transport, "tools/list", errors[i]);
      g_assert_error (error, MCP_ERROR, MCP_ERROR_CLOSED);
      if (g_error_matches (errors[i], MCP_ERROR, MCP_ERROR_CLOSED))
        g_assert_cmpstr (error->message, ==, errors[i]->message);
      else
        {
          g_assert_nonnull (strstr (error->message, "tools/list was answered"));
          g_assert_nonnull (strstr (error->message, errors[i]->message));
        }
      g_clear_error (&error);
    }

  g_assert_false (mcp_client_is_closed (client));
  close_client (client);
}

/* The transport's own deadline: the server may still be at it, so it is
 * told, and its late answer is dropped. */
static void
test_send_timeout_cancels (void)
{
  g_autoptr(McpTestTransport) transport = NULL;
  g_autoptr(McpClient) client = connect_by_hand (&transport);
  g_autoptr(GPtrArray) events = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GError) timeout = g_error_new_literal (MCP_ERROR, MCP_ERROR_TIMEOUT,
                                                   "The server did not answer “tools/call” within 0.1 s");
  g_autoptr(GError) error = NULL;
  g_autofree char *late = NULL;
  JsonObject *cancel;
  gint64 id;

  g_signal_connect (client, "event", G_CALLBACK (collect_event), events);
  error = request_failing_send (client, transport, "tools/call", timeout);
  g_assert_error (error, MCP_ERROR, MCP_ERROR_TIMEOUT);
  g_assert_cmpstr (error->message, ==, timeout->message);

  id = sent_id (transport, 2);
  cancel = mcp_test_transport_find_sent (transport, "notifications/cancelled");
  g_assert_nonnull (cancel);
  g_assert_cmpint (json_object_get_int_member (json_object_get_object_member (cancel, "params"), "requestId"), ==, id);

  late = g_strdup_printf ("{\"jsonrpc\":\"2.0\",\"id\":%" G_GINT64_FORMAT ",\"result\":{}}", id);
  mcp_test_transport_receive (transport, late);
  g_assert_true (events_contain (events, "late answer"));

  close_client (client);
}

static void
test_call_tool_never_idempotent (void)
{
  g_autoptr(McpTestTransport) transport = NULL;
  g_autoptr(McpClient) client = connect_with_core (NULL, &transport);
  g_autoptr(JsonObject) args = json_object_new ();
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) reply = NULL;
  McpRequestOptions options = { .flags = MCP_SEND_FLAGS_IDEMPOTENT };
  GPtrArray *sent = mcp_test_transport_get_sent (transport);
  JsonObject *content;

  json_object_set_string_member (args, "message", "hello");
  mcp_client_call_tool_async (client, "echo", args, &options, NULL, test_store_result, &result);
  test_wait_for (&result);
  reply = mcp_client_call_tool_finish (client, result, &error);
  g_assert_no_error (error);
  content = json_array_get_object_element (json_object_get_array_member (json_node_get_object (reply), "content"), 0);
  g_assert_cmpstr (json_object_get_string_member (content, "text"), ==, "hello");
  g_assert_false (mcp_test_transport_get_sent_flags (transport, sent->len - 1) & MCP_SEND_FLAGS_IDEMPOTENT);

  close_client (client);
}

/* An answer that arrived in time but is still being parsed when the
 * request's time runs out is the answer, not a timeout. */
static void
test_timeout_waits_for_parse (void)
{
  g_autoptr(McpTestTransport) transport = NULL;
  g_autoptr(McpClient) client = connect_by_hand (&transport);
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(GPtrArray) tools = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GString) answer = NULL;
  McpRequestOptions options = { 0, };
  JsonObject *request;
  gint64 until;

  /* 8 MB: parsing takes far longer than the 20 ms left. */
  answer = g_string_new (NULL);
  g_string_append_printf (answer, "{\"jsonrpc\":\"2.0\",\"id\":%" G_GINT64_FORMAT ",\"result\":{\"tools\":["
                          "{\"name\":\"big\",\"inputSchema\":{\"type\":\"object\"},\"description\":\"",
                          (gint64) 2);
  for (guint i = 0; i < 8 * 1024 * 1024; i++)
    g_string_append_c (answer, 'a' + i % 26);
  g_string_append (answer, "\"}]}}");

  options.timeout_ms = 300;
  options.max_timeout_ms = 300;
  mcp_client_list_tools_async (client, &options, NULL, test_store_result, &result);
  request = mcp_test_transport_find_sent (transport, "tools/list");
  g_assert_nonnull (request);
  g_assert_cmpint (json_object_get_int_member (request, "id"), ==, 2);

  until = g_get_monotonic_time () + 280 * 1000;
  while (g_get_monotonic_time () < until)
    if (!g_main_context_iteration (NULL, FALSE))
      g_usleep (1000);
  g_assert_null (result);

  mcp_test_transport_receive (transport, answer->str);
  test_wait_for (&result);
  tools = mcp_client_list_tools_finish (client, result, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (tools->len, ==, 1);
}

void
client_test_add_requests (void)
{
  g_test_add_func ("/Mcp/Client/timeout-sends-cancel", test_timeout_sends_cancel);
  g_test_add_func ("/Mcp/Client/cancel-sends-cancel", test_cancel_sends_cancel);
  g_test_add_func ("/Mcp/Client/initialize-never-cancelled", test_initialize_never_cancelled);
  g_test_add_func ("/Mcp/Client/progress-extends-timeout", test_progress_extends_timeout);
  g_test_add_func ("/Mcp/Client/progress-hard-cap", test_progress_hard_cap);
  g_test_add_func ("/Mcp/Client/close-fails-pending", test_close_fails_pending);
  g_test_add_func ("/Mcp/Client/send-errors-kept", test_send_errors_kept);
  g_test_add_func ("/Mcp/Client/send-errors-call-never-not-sent", test_send_errors_call_never_not_sent);
  g_test_add_func ("/Mcp/Client/send-timeout-cancels", test_send_timeout_cancels);
  g_test_add_func ("/Mcp/Client/call-tool-never-idempotent", test_call_tool_never_idempotent);
  g_test_add_func ("/Mcp/Client/timeout-waits-for-parse", test_timeout_waits_for_parse);
}
