/* test-http-transport.c — McpHttpTransport against an in-process server:
 * the exchange of Streamable HTTP (replies as JSON or SSE, sessions and
 * their expiry, timeouts, cancels, bad replies, bounds, TLS, headers)
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Every test runs a FakeHttpServer on 127.0.0.1 with one fault, drives the
 * transport with raw JSON-RPC messages, and checks the right result or a
 * clear error within a bounded time. Teardown checks that no fd is left and
 * that no session id or header value reached an event or an error message.
 *
 * The GET stream and its resumption are in test-http-stream.c, the legacy
 * SSE transport in test-http-legacy.c, McpClient over HTTP in
 * test-http-client.c.
 */

#include "config.h"

#include <string.h>

#include "mcp/mcp-client.h"

#include "http-test-fixture.h"
#include "http-transport-tests.h"
#include "test-util.h"

static void
test_json_replies (Fixture       *f,
                   gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  FakeHttpRequest *seen;
  JsonObject *answer;

  make_transport (f, MCP_HTTP_MODE_AUTO);
  open_and_initialize (f);

  error = send_json (f, "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}", MCP_SEND_FLAGS_IDEMPOTENT);
  g_assert_no_error (error);
  answer = wait_answer (f, 1);
  g_assert_true (json_object_has_member (answer, "result"));

  g_assert_cmpint (mcp_http_transport_get_detected_mode (f->transport), ==, MCP_HTTP_MODE_STREAMABLE_HTTP);
  g_assert_cmpstr (mcp_http_transport_get_protocol_version (f->transport), ==, "2025-06-18");

  /* initialize: no session, no version; both media types accepted. */
  seen = fake_http_server_find (f->server, "POST", "initialize", 0);
  g_assert_nonnull (seen);
  g_assert_null (seen->session_id);
  g_assert_null (seen->protocol_version);
  g_assert_cmpstr (seen->content_type, ==, "application/json");
  g_assert_nonnull (strstr (seen->accept, "application/json"));
  g_assert_nonnull (strstr (seen->accept, "text/event-stream"));
  g_assert_cmpstr (seen->authorization, ==, SECRET_TOKEN);

  /* Everything after: the session id and the negotiated version. */
  seen = fake_http_server_find (f->server, "POST", "ping", 0);
  g_assert_cmpstr (seen->session_id, ==, f->server->session_id);
  g_assert_cmpstr (seen->protocol_version, ==, "2025-06-18");
  g_assert_cmpstr (seen->authorization, ==, SECRET_TOKEN);
  seen = fake_http_server_find (f->server, "POST", "notifications/initialized", 0);
  g_assert_cmpstr (seen->session_id, ==, f->server->session_id);

  /* The GET stream is tried after initialized, and 405 is normal. */
  WAIT_FOR (some_event_contains (f, "405"));
  seen = fake_http_server_find (f->server, "GET", NULL, 0);
  g_assert_nonnull (seen);
  g_assert_cmpstr (seen->accept, ==, "text/event-stream");
  g_assert_cmpstr (seen->session_id, ==, f->server->session_id);
  g_assert_cmpstr (seen->authorization, ==, SECRET_TOKEN);
  g_assert_cmpuint (f->n_closed, ==, 0);

  /* Close ends the session with DELETE. */
  {
    g_autofree char *session = g_strdup (f->server->session_id);

    error = close_transport (f);
    g_assert_no_error (error);
    seen = fake_http_server_find (f->server, "DELETE", NULL, 0);
    g_assert_nonnull (seen);
    g_assert_cmpstr (seen->session_id, ==, session);
    g_assert_cmpstr (seen->authorization, ==, SECRET_TOKEN);
    g_assert_cmpuint (f->n_closed, ==, 1);
    g_assert_null (f->closed_error);
  }
}

static void
test_sse_replies (Fixture       *f,
                  gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  JsonObject *notification;
  JsonObject *answer;
  guint notification_index = G_MAXUINT;
  guint answer_index = G_MAXUINT;

  f->server->reply = FAKE_REPLY_SSE;
  make_transport (f, MCP_HTTP_MODE_STREAMABLE_HTTP);
  open_and_initialize (f);

  error = send_json (f, "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"test/notify-first\"}", MCP_SEND_FLAGS_NONE);
  g_assert_no_error (error);
  answer = wait_answer (f, 2);
  g_assert_cmpstr (json_object_get_string_member (json_object_get_object_member (answer, "result"), "after"),
                   ==, "notification");

  /* The notification on the stream came first, and in that order. */
  notification = find_notification (f, "notifications/message");
  g_assert_nonnull (notification);
  for (guint i = 0; i < f->messages->len; i++)
    {
      JsonObject *object = json_node_get_object (g_ptr_array_index (f->messages, i));

      if (object == notification)
        notification_index = i;
      if (object == answer)
        answer_index = i;
    }
  g_assert_cmpuint (notification_index, <, answer_index);

  /* Priming events (id + empty data) produced no message. */
  g_assert_cmpuint (f->invalid->len, ==, 0);
  g_assert_cmpuint (count_answers (f, 0), ==, 1);
}

static void
expiry_test (Fixture *f,
             guint    status)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *old_session = NULL;
  FakeHttpRequest *retried;
  JsonObject *answer;

  f->server->expiry_status = status;
  make_transport (f, MCP_HTTP_MODE_AUTO);
  open_and_initialize (f);
  WAIT_FOR (some_event_contains (f, "405"));
  old_session = g_strdup (f->server->session_id);

  /* The server forgets the session before the next request. */
  f->server->expire_times = 1;
  error = send_json (f, "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"test/echo\",\"params\":{\"v\":42}}",
                     MCP_SEND_FLAGS_NONE);
  g_assert_no_error (error);
  answer = wait_answer (f, 2);
  g_assert_cmpint (json_object_get_int_member (json_object_get_object_member (answer, "result"), "v"), ==, 42);

  /* One new initialize and initialized, without the old session id; the
   * request again in the new session; the client saw one initialize answer. */
  g_assert_cmpuint (f->server->n_initialize, ==, 2);
  g_assert_null (fake_http_server_find (f->server, "POST", "initialize", 1)->session_id);
  g_assert_cmpuint (fake_http_server_count (f->server, "POST", "notifications/initialized"), ==, 2);
  g_assert_cmpuint (fake_http_server_count (f->server, "POST", "test/echo"), ==, 2);
  retried = fake_http_server_find (f->server, "POST", "test/echo", 1);
  g_assert_cmpstr (retried->session_id, ==, f->server->session_id);
  g_assert_cmpstr (retried->session_id, !=, old_session);
  g_assert_cmpuint (count_answers (f, 0), ==, 1);
  g_assert_true (some_event_contains (f, "ended the session"));
  g_assert_cmpuint (f->n_closed, ==, 0);

  /* And the new session works on. */
  error = send_json (f, "{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"ping\"}", MCP_SEND_FLAGS_IDEMPOTENT);
  g_assert_no_error (error);
  wait_answer (f, 3);
}

static void
test_expiry_404 (Fixture       *f,
                 gconstpointer  data)
{
  expiry_test (f, SOUP_STATUS_NOT_FOUND);
}

static void
test_expiry_400 (Fixture       *f,
                 gconstpointer  data)
{
  expiry_test (f, SOUP_STATUS_BAD_REQUEST);
}

static void
test_expiry_sse (Fixture       *f,
                 gconstpointer  data)
{
  f->server->reply = FAKE_REPLY_SSE;
  expiry_test (f, SOUP_STATUS_BAD_REQUEST);
}

static void
test_expiry_retried_once (Fixture       *f,
                          gconstpointer  data)
{
  g_autoptr(GError) error = NULL;

  make_transport (f, MCP_HTTP_MODE_AUTO);
  open_and_initialize (f);

  /* Expired again right after the new session: sent twice, no more. */
  error = send_json (f, "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"test/always-expired\"}", MCP_SEND_FLAGS_NONE);
  g_assert_error (error, MCP_ERROR, MCP_ERROR_SESSION_EXPIRED);
  g_assert_nonnull (strstr (error->message, "test/always-expired"));
  g_assert_cmpuint (fake_http_server_count (f->server, "POST", "test/always-expired"), ==, 2);
  g_assert_cmpuint (f->server->n_initialize, ==, 2);
  g_assert_cmpuint (f->n_closed, ==, 0);
}

static void
test_expiry_reinit_fails (Fixture       *f,
                          gconstpointer  data)
{
  g_autoptr(GError) error = NULL;

  make_transport (f, MCP_HTTP_MODE_AUTO);
  open_and_initialize (f);
  WAIT_FOR (some_event_contains (f, "405"));

  /* The request expires, and so does the new session's initialized. */
  f->server->expire_times = 2;
  error = send_json (f, "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"ping\"}", MCP_SEND_FLAGS_IDEMPOTENT);
  g_assert_nonnull (error);
  WAIT_FOR (f->n_closed == 1);
  g_assert_error (f->closed_error, MCP_ERROR, MCP_ERROR_SESSION_EXPIRED);
  g_assert_nonnull (strstr (f->closed_error->message, "starting a new one failed"));
}

static void
test_http_500 (Fixture       *f,
               gconstpointer  data)
{
  g_autoptr(GError) error = NULL;

  make_transport (f, MCP_HTTP_MODE_AUTO);
  open_and_initialize (f);

  error = send_json (f, "{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"test/500\"}", MCP_SEND_FLAGS_NONE);
  g_assert_error (error, MCP_ERROR, MCP_ERROR_HTTP_STATUS);
  g_assert_nonnull (strstr (error->message, "HTTP 500"));
  g_assert_nonnull (strstr (error->message, "the fake server broke"));
  g_assert_nonnull (strstr (error->message, "test/500"));
  g_clear_error (&error);

  /* A 500 is one failed request, not a dead server. */
  error = send_json (f, "{\"jsonrpc\":\"2.0\",\"id\":4,\"method\":\"ping\"}", MCP_SEND_FLAGS_IDEMPOTENT);
  g_assert_no_error (error);
  wait_answer (f, 4);
  g_assert_cmpuint (f->n_closed, ==, 0);
}

static void
test_rpc_error_400 (Fixture       *f,
                    gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  JsonObject *answer;

  make_transport (f, MCP_HTTP_MODE_AUTO);
  open_and_initialize (f);

  error = send_json (f, "{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"test/rpc-error-400\"}", MCP_SEND_FLAGS_NONE);
  g_assert_error (error, MCP_ERROR, MCP_ERROR_HTTP_STATUS);
  g_assert_nonnull (strstr (error->message, "bad params for the fake"));

  /* The JSON-RPC error for this id reached the client as a message too. */
  answer = find_answer (f, 3);
  g_assert_nonnull (answer);
  g_assert_true (json_object_has_member (answer, "error"));
}

static void
test_no_reply_timeout (Fixture       *f,
                       gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  gint64 start;

  make_transport (f, MCP_HTTP_MODE_AUTO);
  open_and_initialize (f);
  mcp_http_transport_set_request_timeout (f->transport, 300);

  start = g_get_monotonic_time ();
  error = send_json (f, "{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"test/hang\"}", MCP_SEND_FLAGS_NONE);
  g_assert_error (error, MCP_ERROR, MCP_ERROR_TIMEOUT);
  g_assert_nonnull (strstr (error->message, "0.3 s"));
  g_assert_cmpint (g_get_monotonic_time () - start, >=, 290 * 1000);
  g_assert_cmpint (g_get_monotonic_time () - start, <, 5 * G_USEC_PER_SEC);

  /* The connection was dropped, and the transport is still usable. */
  WAIT_FOR (f->server->n_abandoned == 1);
  g_clear_error (&error);
  error = send_json (f, "{\"jsonrpc\":\"2.0\",\"id\":4,\"method\":\"ping\"}", MCP_SEND_FLAGS_IDEMPOTENT);
  g_assert_no_error (error);
}

static void
test_no_reply_cancel (Fixture       *f,
                      gconstpointer  data)
{
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  Result r = { 0 };
  gint64 cancelled_at;

  make_transport (f, MCP_HTTP_MODE_AUTO);
  open_and_initialize (f);
  mcp_http_transport_set_request_timeout (f->transport, 0);

  send_start (f, "{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"test/hang\"}", MCP_SEND_FLAGS_NONE, cancellable, &r);
  WAIT_FOR (fake_http_server_count (f->server, "POST", "test/hang") == 1);
  test_iterate_for (50);
  g_assert_false (r.done);
  cancelled_at = g_get_monotonic_time ();
  g_cancellable_cancel (cancellable);
  WAIT_FOR (r.done);
  g_assert_error (r.error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_assert_cmpint (r.finished_us - cancelled_at, <, G_USEC_PER_SEC / 2);
  g_clear_error (&r.error);

  /* The server sees the request go away. */
  WAIT_FOR (f->server->n_abandoned == 1);
}

static void
test_cancelled_notification (Fixture       *f,
                             gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  Result r = { 0 };

  f->server->reply = FAKE_REPLY_SSE;
  make_transport (f, MCP_HTTP_MODE_AUTO);
  open_and_initialize (f);

  /* McpClient cancels by sending notifications/cancelled, not by
   * cancelling the send: the request's open stream is closed too. */
  error = send_json (f, "{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"test/sse-hang\"}", MCP_SEND_FLAGS_NONE);
  g_assert_no_error (error);
  test_iterate_for (50);
  g_assert_cmpuint (f->server->n_abandoned, ==, 0);
  error = send_json (f, "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/cancelled\","
                        "\"params\":{\"requestId\":3,\"reason\":\"timed out\"}}", MCP_SEND_FLAGS_NONE);
  g_assert_no_error (error);
  WAIT_FOR (f->server->n_abandoned == 1);

  /* The same for a request whose POST has no answer yet. */
  send_start (f, "{\"jsonrpc\":\"2.0\",\"id\":4,\"method\":\"test/hang\"}", MCP_SEND_FLAGS_NONE, NULL, &r);
  WAIT_FOR (fake_http_server_count (f->server, "POST", "test/hang") == 1);
  error = send_json (f, "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/cancelled\","
                        "\"params\":{\"requestId\":4}}", MCP_SEND_FLAGS_NONE);
  g_assert_no_error (error);
  WAIT_FOR (r.done);
  g_assert_error (r.error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_clear_error (&r.error);
  WAIT_FOR (f->server->n_abandoned == 2);
  g_assert_cmpuint (f->n_closed, ==, 0);
}

static void
test_slow_trickle (Fixture       *f,
                   gconstpointer  data)
{
  g_autoptr(GError) error = NULL;

  make_transport (f, MCP_HTTP_MODE_AUTO);
  open_and_initialize (f);

  /* About 60 bytes at 2 ms each: slow, but within the deadline. */
  error = send_json (f, "{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"test/trickle\",\"params\":{\"delay\":2}}",
                     MCP_SEND_FLAGS_NONE);
  g_assert_no_error (error);
  g_assert_true (json_object_get_boolean_member (json_object_get_object_member (wait_answer (f, 3), "result"), "slow"));

  /* The same event stream, CRLF line ends, byte by byte. */
  error = send_json (f, "{\"jsonrpc\":\"2.0\",\"id\":4,\"method\":\"test/sse-trickle\",\"params\":{\"delay\":2}}",
                     MCP_SEND_FLAGS_NONE);
  g_assert_no_error (error);
  wait_answer (f, 4);

  /* Slower than the deadline: a timeout, not a hang. */
  mcp_http_transport_set_request_timeout (f->transport, 150);
  error = send_json (f, "{\"jsonrpc\":\"2.0\",\"id\":5,\"method\":\"test/trickle\",\"params\":{\"delay\":20}}",
                     MCP_SEND_FLAGS_NONE);
  g_assert_error (error, MCP_ERROR, MCP_ERROR_TIMEOUT);
  g_assert_null (find_answer (f, 5));
  g_assert_cmpuint (f->n_closed, ==, 0);
}

static void
test_wrong_content_type (Fixture       *f,
                         gconstpointer  data)
{
  g_autoptr(GError) error = NULL;

  make_transport (f, MCP_HTTP_MODE_AUTO);
  open_and_initialize (f);

  error = send_json (f, "{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"test/html\"}", MCP_SEND_FLAGS_NONE);
  g_assert_error (error, MCP_ERROR, MCP_ERROR_INVALID_RESPONSE);
  g_assert_nonnull (strstr (error->message, "text/html"));
  g_assert_cmpuint (f->n_closed, ==, 0);
}

static void
test_invalid_json (Fixture       *f,
                   gconstpointer  data)
{
  g_autoptr(GError) error = NULL;

  make_transport (f, MCP_HTTP_MODE_AUTO);
  open_and_initialize (f);

  error = send_json (f, "{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"test/invalid-json\"}", MCP_SEND_FLAGS_NONE);
  g_assert_error (error, MCP_ERROR, MCP_ERROR_INVALID_RESPONSE);
  g_assert_nonnull (strstr (error->message, "not a JSON-RPC message"));
  g_assert_cmpuint (f->invalid->len, ==, 1);
  g_clear_error (&error);

  error = send_json (f, "{\"jsonrpc\":\"2.0\",\"id\":4,\"method\":\"test/wrong-id\"}", MCP_SEND_FLAGS_NONE);
  g_assert_error (error, MCP_ERROR, MCP_ERROR_INVALID_RESPONSE);
  g_assert_nonnull (strstr (error->message, "does not answer it"));
  g_assert_cmpuint (f->n_closed, ==, 0);
}

/* A JSON reply that is not UTF-8 fails its request, saying so. */
static void
test_invalid_utf8 (Fixture       *f,
                   gconstpointer  data)
{
  g_autoptr(GError) error = NULL;

  make_transport (f, MCP_HTTP_MODE_AUTO);
  open_and_initialize (f);

  f->server->reply = FAKE_REPLY_JSON;
  error = send_json (f, "{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"tools/call\","
                        "\"params\":{\"name\":\"bad-utf8\"}}", MCP_SEND_FLAGS_NONE);
  g_assert_error (error, MCP_ERROR, MCP_ERROR_INVALID_RESPONSE);
  g_assert_cmpstr (error->message, ==, "The server's reply to “tools/call” is not valid UTF-8");
  g_assert_cmpuint (f->invalid->len, ==, 1);
  g_assert_nonnull (strstr (g_ptr_array_index (f->invalid, 0), "not valid UTF-8"));
  g_assert_cmpuint (f->n_closed, ==, 0);
}

static void
test_too_large (Fixture       *f,
                gconstpointer  data)
{
  g_autoptr(GError) error = NULL;

  make_transport (f, MCP_HTTP_MODE_AUTO);
  mcp_transport_set_max_message_size (MCP_TRANSPORT (f->transport), 4096);
  open_and_initialize (f);

  /* A JSON body over the limit fails that request. */
  error = send_json (f, "{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"test/big-json\",\"params\":{\"size\":10000}}",
                     MCP_SEND_FLAGS_NONE);
  g_assert_error (error, MCP_ERROR, MCP_ERROR_MESSAGE_TOO_LARGE);
  g_assert_nonnull (strstr (error->message, "4096"));
  g_clear_error (&error);
  g_assert_cmpuint (f->n_closed, ==, 0);

  /* Under the limit is fine. */
  error = send_json (f, "{\"jsonrpc\":\"2.0\",\"id\":4,\"method\":\"test/big\",\"params\":{\"size\":3000}}",
                     MCP_SEND_FLAGS_NONE);
  g_assert_no_error (error);
  wait_answer (f, 4);

  /* An event over the limit on a stream loses its answer: closed. */
  error = send_json (f, "{\"jsonrpc\":\"2.0\",\"id\":5,\"method\":\"test/big\",\"params\":{\"size\":10000}}",
                     MCP_SEND_FLAGS_NONE);
  g_assert_no_error (error);
  WAIT_FOR (f->n_closed == 1);
  g_assert_error (f->closed_error, MCP_ERROR, MCP_ERROR_MESSAGE_TOO_LARGE);
  g_assert_nonnull (strstr (f->closed_error->message, "test/big"));
}

static void
test_concurrent (Fixture       *f,
                 gconstpointer  data)
{
  Result results[32] = { { 0 } };

  f->server->reply = FAKE_REPLY_SSE;
  make_transport (f, MCP_HTTP_MODE_AUTO);
  open_and_initialize (f);

  for (guint i = 0; i < G_N_ELEMENTS (results); i++)
    {
      g_autofree char *json = g_strdup_printf ("{\"jsonrpc\":\"2.0\",\"id\":%u,\"method\":\"test/echo\","
                                               "\"params\":{\"n\":%u}}", 100 + i, i);

      send_start (f, json, MCP_SEND_FLAGS_IDEMPOTENT, NULL, &results[i]);
    }

  for (guint i = 0; i < G_N_ELEMENTS (results); i++)
    {
      JsonObject *answer;

      WAIT_FOR (results[i].done);
      g_assert_no_error (results[i].error);
      answer = wait_answer (f, 100 + i);
      g_assert_cmpint (json_object_get_int_member (json_object_get_object_member (answer, "result"), "n"), ==, i);
    }
}

static void
test_close_in_flight (Fixture       *f,
                      gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  Result r = { 0 };

  make_transport (f, MCP_HTTP_MODE_AUTO);
  open_and_initialize (f);

  send_start (f, "{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"test/hang\"}", MCP_SEND_FLAGS_NONE, NULL, &r);
  WAIT_FOR (fake_http_server_count (f->server, "POST", "test/hang") == 1);
  error = close_transport (f);
  g_assert_no_error (error);
  WAIT_FOR (r.done);
  g_assert_error (r.error, MCP_ERROR, MCP_ERROR_CLOSED);
  g_clear_error (&r.error);
  g_assert_cmpuint (f->n_closed, ==, 1);
  g_assert_null (f->closed_error);
  g_assert_cmpuint (fake_http_server_count (f->server, "DELETE", NULL), ==, 1);

  /* Closed is closed. */
  error = send_json (f, "{\"jsonrpc\":\"2.0\",\"id\":4,\"method\":\"ping\"}", MCP_SEND_FLAGS_IDEMPOTENT);
  g_assert_error (error, MCP_ERROR, MCP_ERROR_CLOSED);
}

static void
test_delete_405 (Fixture       *f,
                 gconstpointer  data)
{
  g_autoptr(GError) error = NULL;

  f->server->delete_status = SOUP_STATUS_METHOD_NOT_ALLOWED;
  make_transport (f, MCP_HTTP_MODE_AUTO);
  open_and_initialize (f);

  error = close_transport (f);
  g_assert_no_error (error);
  g_assert_cmpuint (fake_http_server_count (f->server, "DELETE", NULL), ==, 1);
  g_assert_cmpuint (f->n_closed, ==, 1);
  g_assert_null (f->closed_error);
}

static void
test_sessionless (Fixture       *f,
                  gconstpointer  data)
{
  g_autoptr(GError) error = NULL;

  /* Like the SDK's stateless servers: no session id, GET answered 404,
   * notifications answered 200 with a body. */
  f->server->sessionless = TRUE;
  f->server->get_status = SOUP_STATUS_NOT_FOUND;
  f->server->notification_body = g_strdup ("{\"jsonrpc\":\"2.0\",\"result\":{},\"id\":null}");
  g_free (f->server->version);
  f->server->version = g_strdup ("2025-03-26");
  make_transport (f, MCP_HTTP_MODE_AUTO);
  open_and_initialize (f);

  error = send_json (f, "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\",\"params\":{\"name\":\"echo\"}}",
                     MCP_SEND_FLAGS_NONE);
  g_assert_no_error (error);
  wait_answer (f, 1);
  g_assert_null (fake_http_server_find (f->server, "POST", "tools/call", 0)->session_id);
  g_assert_cmpstr (fake_http_server_find (f->server, "POST", "tools/call", 0)->protocol_version, ==, "2025-03-26");
  WAIT_FOR (some_event_contains (f, "404"));

  /* Nothing to DELETE without a session. */
  error = close_transport (f);
  g_assert_no_error (error);
  g_assert_cmpuint (fake_http_server_count (f->server, "DELETE", NULL), ==, 0);
  g_assert_cmpuint (f->messages->len, ==, 2);
}

static void
test_refused (Fixture       *f,
              gconstpointer  data)
{
  g_autoptr(GSocket) socket = NULL;
  g_autoptr(GSocketAddress) address = NULL;
  g_autoptr(GInetAddress) loopback = g_inet_address_new_loopback (G_SOCKET_FAMILY_IPV4);
  g_autoptr(GError) error = NULL;
  g_autofree char *url = NULL;
  guint port;
  gint64 start;

  /* A port that was free a moment ago, and has no listener now. */
  socket = g_socket_new (G_SOCKET_FAMILY_IPV4, G_SOCKET_TYPE_STREAM, G_SOCKET_PROTOCOL_TCP, &error);
  g_assert_no_error (error);
  address = g_inet_socket_address_new (loopback, 0);
  g_assert_true (g_socket_bind (socket, address, FALSE, &error));
  g_clear_object (&address);
  address = g_socket_get_local_address (socket, &error);
  port = g_inet_socket_address_get_port (G_INET_SOCKET_ADDRESS (address));
  g_socket_close (socket, NULL);
  url = g_strdup_printf ("http://127.0.0.1:%u/mcp", port);

  make_transport_for (f, url, MCP_HTTP_MODE_AUTO);
  error = open_transport (f);
  g_assert_no_error (error);

  start = g_get_monotonic_time ();
  error = send_json (f, "{\"jsonrpc\":\"2.0\",\"id\":0,\"method\":\"initialize\",\"params\":{}}", MCP_SEND_FLAGS_NONE);
  g_assert_error (error, MCP_ERROR, MCP_ERROR_NOT_SENT);
  g_assert_nonnull (strstr (error->message, "Could not reach"));
  g_assert_cmpint (g_get_monotonic_time () - start, <, 5 * G_USEC_PER_SEC);
  WAIT_FOR (f->n_closed == 1);
  g_assert_error (f->closed_error, MCP_ERROR, MCP_ERROR_NOT_SENT);
}

static void
test_tls_verified (Fixture       *f,
                   gconstpointer  data)
{
  g_autofree char *cert = g_test_build_filename (G_TEST_DIST, "fixtures", "tls", "test-cert.pem", NULL);
  g_autofree char *key = g_test_build_filename (G_TEST_DIST, "fixtures", "tls", "test-key.pem", NULL);
  g_autoptr(GTlsCertificate) certificate = NULL;
  g_autoptr(FakeHttpServer) https = NULL;
  g_autoptr(GError) error = NULL;

  certificate = g_tls_certificate_new_from_files (cert, key, &error);
  g_assert_no_error (error);
  https = fake_http_server_new_https (certificate);
  g_assert_true (g_str_has_prefix (https->url, "https://"));

  /* A certificate nobody vouches for is refused before anything is sent. */
  make_transport_for (f, https->url, MCP_HTTP_MODE_AUTO);
  mcp_http_transport_set_request_timeout (f->transport, 120000);
  error = open_transport (f);
  g_assert_no_error (error);
  error = send_json (f, "{\"jsonrpc\":\"2.0\",\"id\":0,\"method\":\"initialize\",\"params\":{}}", MCP_SEND_FLAGS_NONE);
  g_assert_error (error, MCP_ERROR, MCP_ERROR_NOT_SENT);
  g_assert_nonnull (strstr (error->message, "https://127.0.0.1"));
  WAIT_FOR (f->n_closed == 1);
  g_assert_cmpuint (https->requests->len, ==, 0);
}

static void
test_invalid_url (Fixture       *f,
                  gconstpointer  data)
{
  g_autoptr(GError) error = NULL;

  g_assert_false (mcp_http_check_url ("ftp://example.com/mcp", &error));
  g_assert_error (error, MCP_ERROR, MCP_ERROR_INVALID_URL);
  g_assert_nonnull (strstr (error->message, "“ftp”"));
  g_clear_error (&error);

  g_assert_false (mcp_http_check_url ("/usr/bin/server", &error));
  g_assert_error (error, MCP_ERROR, MCP_ERROR_INVALID_URL);
  g_clear_error (&error);

  g_assert_false (mcp_http_check_url ("http://", &error));
  g_assert_error (error, MCP_ERROR, MCP_ERROR_INVALID_URL);
  g_clear_error (&error);

  g_assert_true (mcp_http_check_url ("https://example.com/mcp?token=x", NULL));
  g_assert_true (mcp_http_check_url ("HTTP://127.0.0.1:3001/mcp", NULL));

  /* Opening refuses it too, names the scheme and closes. */
  make_transport_for (f, "file:///etc/passwd", MCP_HTTP_MODE_AUTO);
  error = open_transport (f);
  g_assert_error (error, MCP_ERROR, MCP_ERROR_INVALID_URL);
  g_assert_nonnull (strstr (error->message, "“file”"));
  g_assert_cmpuint (f->n_closed, ==, 1);
  g_assert_cmpuint (f->server->requests->len, ==, 0);
}

static void
test_headers (Fixture       *f,
              gconstpointer  data)
{
  g_autoptr(McpHttpTransport) transport = mcp_http_transport_new (f->server->url, MCP_HTTP_MODE_AUTO);
  g_autoptr(GError) error = NULL;
  McpHttpMode mode;

  g_assert_false (mcp_http_transport_add_header (transport, "Bad Name", "x", &error));
  g_assert_error (error, MCP_ERROR, MCP_ERROR_FAILED);
  g_clear_error (&error);

  g_assert_false (mcp_http_transport_add_header (transport, "X-Token", "a\r\nX-Evil: 1", &error));
  g_assert_error (error, MCP_ERROR, MCP_ERROR_FAILED);
  g_assert_null (strstr (error->message, "X-Evil"));
  g_clear_error (&error);

  g_assert_false (mcp_http_transport_add_header (transport, "mcp-session-id", "x", &error));
  g_assert_error (error, MCP_ERROR, MCP_ERROR_FAILED);
  g_clear_error (&error);

  g_assert_true (mcp_http_transport_add_header (transport, "X-Api-Key", "k e y", &error));
  g_assert_no_error (error);

  g_assert_true (mcp_http_mode_from_string ("sse", &mode));
  g_assert_cmpint (mode, ==, MCP_HTTP_MODE_LEGACY_SSE);
  g_assert_true (mcp_http_mode_from_string ("HTTP", &mode));
  g_assert_cmpint (mode, ==, MCP_HTTP_MODE_STREAMABLE_HTTP);
  g_assert_false (mcp_http_mode_from_string ("websocket", &mode));
  g_assert_cmpstr (mcp_http_mode_to_string (MCP_HTTP_MODE_AUTO), ==, "auto");
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  warm_up ();

#define ADD(path, func) \
  g_test_add ("/Mcp/HttpTransport/" path, Fixture, NULL, fixture_setup, func, fixture_teardown)

  ADD ("json-replies", test_json_replies);
  ADD ("sse-replies", test_sse_replies);
  ADD ("expiry-404", test_expiry_404);
  ADD ("expiry-400", test_expiry_400);
  ADD ("expiry-sse", test_expiry_sse);
  ADD ("expiry-retried-once", test_expiry_retried_once);
  ADD ("expiry-reinit-fails", test_expiry_reinit_fails);
  ADD ("http-500", test_http_500);
  ADD ("rpc-error-400", test_rpc_error_400);
  ADD ("no-reply-timeout", test_no_reply_timeout);
  ADD ("no-reply-cancel", test_no_reply_cancel);
  ADD ("cancelled-notification", test_cancelled_notification);
  ADD ("slow-trickle", test_slow_trickle);
  ADD ("wrong-content-type", test_wrong_content_type);
  ADD ("invalid-json", test_invalid_json);
  ADD ("invalid-utf8", test_invalid_utf8);
  ADD ("too-large", test_too_large);
  ADD ("concurrent", test_concurrent);
  ADD ("close-in-flight", test_close_in_flight);
  ADD ("delete-405", test_delete_405);
  ADD ("sessionless", test_sessionless);
  ADD ("refused", test_refused);
  ADD ("tls-verified", test_tls_verified);
  ADD ("invalid-url", test_invalid_url);
  ADD ("headers", test_headers);
  http_test_add_stream ();
  http_test_add_legacy ();
  http_test_add_client ();

#undef ADD

  return g_test_run ();
}
