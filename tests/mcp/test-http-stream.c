/* test-http-stream.c — McpHttpTransport's SSE streams: the GET stream, a
 * broken stream resumed from the last event, and its bounds
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Against a FakeHttpServer on 127.0.0.1 (http-test-fixture.h).
 */

#include "config.h"

#include <string.h>

#include "mcp/mcp-client.h"

#include "http-test-fixture.h"
#include "http-transport-tests.h"
#include "test-util.h"

static void
test_get_stream (Fixture       *f,
                 gconstpointer  data)
{
  FakeHttpRequest *seen;

  f->server->get_status = 0;
  f->server->get_retry = 30;
  make_transport (f, MCP_HTTP_MODE_AUTO);
  open_and_initialize (f);

  WAIT_FOR (fake_http_server_n_streams (f->server) == 1);
  fake_http_server_notify (f->server, "notifications/tools/list_changed");
  WAIT_FOR (find_notification (f, "notifications/tools/list_changed") != NULL);

  /* The server ends the stream: it is reopened after its retry, resuming
   * from the last event id. */
  fake_http_server_end_streams (f->server);
  WAIT_FOR (fake_http_server_count (f->server, "GET", NULL) == 2 && fake_http_server_n_streams (f->server) == 1);
  seen = fake_http_server_find (f->server, "GET", NULL, 1);
  g_assert_nonnull (seen->last_event_id);
  g_assert_true (g_str_has_prefix (seen->last_event_id, "get-"));
  g_assert_true (some_event_contains (f, "reopening"));

  fake_http_server_notify (f->server, "notifications/prompts/list_changed");
  WAIT_FOR (find_notification (f, "notifications/prompts/list_changed") != NULL);

  /* An answer may come on the GET stream, even to a POST answered 202. */
  {
    g_autoptr(GError) error = send_json (f, "{\"jsonrpc\":\"2.0\",\"id\":9,\"method\":\"test/answer-on-get\"}",
                                         MCP_SEND_FLAGS_NONE);

    g_assert_no_error (error);
    g_assert_cmpstr (json_object_get_string_member (json_object_get_object_member (wait_answer (f, 9), "result"), "via"),
                     ==, "get");
  }
  g_assert_cmpuint (f->n_closed, ==, 0);
}

static void
test_get_stream_409 (Fixture       *f,
                     gconstpointer  data)
{
  g_autoptr(GError) error = NULL;

  f->server->get_status = SOUP_STATUS_CONFLICT;
  make_transport (f, MCP_HTTP_MODE_AUTO);
  open_and_initialize (f);

  WAIT_FOR (some_event_contains (f, "409"));
  error = send_json (f, "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}", MCP_SEND_FLAGS_IDEMPOTENT);
  g_assert_no_error (error);
  wait_answer (f, 1);
  g_assert_cmpuint (fake_http_server_count (f->server, "GET", NULL), ==, 1);
  g_assert_cmpuint (f->n_closed, ==, 0);
}

/* Sends @json (request @id) to a server whose SSE stream for it breaks
 * before the answer: the answer must come once, through a GET that resumed
 * from the id that starts with @id_prefix and ends in "-1". Returns the
 * answer's result; *@get_out is that GET. */
static JsonObject *
resumed_answer (Fixture          *f,
                const char       *json,
                gint64            id,
                const char       *id_prefix,
                FakeHttpRequest **get_out)
{
  g_autoptr(GError) error = NULL;
  FakeHttpRequest *get;
  JsonObject *answer;

  f->server->reply = FAKE_REPLY_SSE;
  make_transport (f, MCP_HTTP_MODE_AUTO);
  open_and_initialize (f);

  error = send_json (f, json, MCP_SEND_FLAGS_NONE);
  g_assert_no_error (error);
  answer = wait_answer (f, id);
  g_assert_nonnull (find_notification (f, "notifications/progress"));
  g_assert_cmpuint (count_answers (f, id), ==, 1);
  g_assert_cmpuint (f->n_closed, ==, 0);

  for (guint i = 0; (get = fake_http_server_find (f->server, "GET", NULL, i)) != NULL; i++)
    {
      if (get->last_event_id != NULL)
        break;
    }
  g_assert_nonnull (get);
  g_assert_true (g_str_has_prefix (get->last_event_id, id_prefix));
  g_assert_true (g_str_has_suffix (get->last_event_id, "-1"));
  *get_out = get;

  return json_object_get_object_member (answer, "result");
}

static void
test_resumption (Fixture       *f,
                 gconstpointer  data)
{
  FakeHttpRequest *post;
  FakeHttpRequest *get;
  JsonObject *result;

  /* The stream ends after a priming event (retry 150 ms) and a progress
   * notification, without the answer. */
  result = resumed_answer (f, "{\"jsonrpc\":\"2.0\",\"id\":5,\"method\":\"test/drop\",\"params\":{\"retry\":150}}",
                           5, "drop-", &get);
  g_assert_true (json_object_get_boolean_member (result, "resumed"));

  /* Resumed with GET + Last-Event-ID of the last event, after the retry. */
  post = fake_http_server_find (f->server, "POST", "test/drop", 0);
  g_assert_cmpstr (get->session_id, ==, f->server->session_id);
  g_assert_cmpint (get->time_us - post->time_us, >=, 140 * 1000);
  g_assert_true (some_event_contains (f, "resuming"));
}

/* A stream that breaks inside an event resumes from the last event it
 * delivered, not from the id of the broken one: the server replays the
 * answer after event 1, and would replay nothing after event 2. */
static void
test_resumption_mid_event (Fixture       *f,
                           gconstpointer  data)
{
  FakeHttpRequest *get;
  JsonObject *result;

  result = resumed_answer (f, "{\"jsonrpc\":\"2.0\",\"id\":8,\"method\":\"test/drop-mid-event\"}",
                           8, "mid-", &get);
  g_assert_cmpstr (json_object_get_string_member (result, "resumed"), ==, "mid-event");
}

static void
test_resumption_without_id (Fixture       *f,
                            gconstpointer  data)
{
  g_autoptr(GError) error = NULL;

  f->server->reply = FAKE_REPLY_SSE;
  make_transport (f, MCP_HTTP_MODE_AUTO);
  open_and_initialize (f);

  error = send_json (f, "{\"jsonrpc\":\"2.0\",\"id\":6,\"method\":\"test/drop-noid\"}", MCP_SEND_FLAGS_NONE);
  g_assert_no_error (error);

  /* The answer is lost for good: the transport says so and closes. */
  WAIT_FOR (f->n_closed == 1);
  g_assert_error (f->closed_error, MCP_ERROR, MCP_ERROR_CLOSED);
  g_assert_nonnull (strstr (f->closed_error->message, "test/drop-noid"));
  g_assert_nonnull (strstr (f->closed_error->message, "cannot be resumed"));
}

static void
test_resumption_exhausted (Fixture       *f,
                           gconstpointer  data)
{
  g_autoptr(GError) error = NULL;

  f->server->reply = FAKE_REPLY_SSE;
  make_transport (f, MCP_HTTP_MODE_AUTO);
  mcp_http_transport_set_max_reconnect_attempts (f->transport, 2);
  open_and_initialize (f);

  error = send_json (f, "{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"test/drop-forever\"}", MCP_SEND_FLAGS_NONE);
  g_assert_no_error (error);

  WAIT_FOR (f->n_closed == 1);
  g_assert_error (f->closed_error, MCP_ERROR, MCP_ERROR_CLOSED);
  g_assert_nonnull (strstr (f->closed_error->message, "2 attempts"));
  g_assert_cmpuint (fake_http_server_count (f->server, "GET", NULL), >=, 2);
}

/* The waits before a stream is resumed are the transport's to set, so that
 * tests, and TetherServerTimings, can shorten them: the growing wait stops
 * at McpHttpTransport:reconnect-delay-max, a server's `retry` is capped by
 * McpHttpTransport:retry-delay-max. */
static void
test_resumption_delays (Fixture       *f,
                        gconstpointer  data)
{
  g_autoptr(GError) error = NULL;

  f->server->reply = FAKE_REPLY_SSE;
  f->server->get_status = 0;
  make_transport (f, MCP_HTTP_MODE_AUTO);
  mcp_http_transport_set_reconnect_delay_max (f->transport, 70);
  mcp_http_transport_set_retry_delay_max (f->transport, 40);
  g_assert_cmpuint (mcp_http_transport_get_reconnect_delay_max (f->transport), ==, 70);
  g_assert_cmpuint (mcp_http_transport_get_retry_delay_max (f->transport), ==, 40);
  open_and_initialize (f);

  /* No retry from the server: 50 ms, then 100 ms capped at 70. */
  WAIT_FOR (fake_http_server_n_streams (f->server) == 1);
  fake_http_server_end_streams (f->server);
  WAIT_FOR (fake_http_server_count (f->server, "GET", NULL) == 2 && fake_http_server_n_streams (f->server) == 1);
  fake_http_server_end_streams (f->server);
  WAIT_FOR (fake_http_server_count (f->server, "GET", NULL) == 3 && fake_http_server_n_streams (f->server) == 1);
  g_assert_true (some_event_contains (f, "reopening it in 50 ms"));
  g_assert_true (some_event_contains (f, "reopening it in 70 ms"));
  g_assert_false (some_event_contains (f, "reopening it in 100 ms"));

  /* A retry of ten minutes: 40 ms. */
  error = send_json (f, "{\"jsonrpc\":\"2.0\",\"id\":5,\"method\":\"test/drop\",\"params\":{\"retry\":600000}}",
                     MCP_SEND_FLAGS_NONE);
  g_assert_no_error (error);
  g_assert_true (json_object_get_boolean_member (json_object_get_object_member (wait_answer (f, 5), "result"),
                                                 "resumed"));
  g_assert_true (some_event_contains (f, "resuming it in 40 ms"));
  g_assert_cmpuint (f->n_closed, ==, 0);
}

static gboolean
cancel_later (gpointer data)
{
  g_cancellable_cancel (data);
  return G_SOURCE_REMOVE;
}

static void
test_sse_cancel_closes_stream (Fixture       *f,
                               gconstpointer  data)
{
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  Result r = { 0 };

  f->server->reply = FAKE_REPLY_SSE;
  make_transport (f, MCP_HTTP_MODE_AUTO);
  open_and_initialize (f);

  /* The POST is answered with a stream (the send completes); cancelling
   * afterwards closes that stream. */
  send_start (f, "{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"test/sse-hang\"}", MCP_SEND_FLAGS_NONE, cancellable, &r);
  WAIT_FOR (r.done);
  g_assert_no_error (r.error);
  test_iterate_for (50);
  g_assert_cmpuint (f->server->n_abandoned, ==, 0);
  g_timeout_add (10, cancel_later, cancellable);
  WAIT_FOR (f->server->n_abandoned == 1);
  g_assert_cmpuint (f->n_closed, ==, 0);
}

void
http_test_add_stream (void)
{
#define ADD(path, func) \
  g_test_add ("/Mcp/HttpTransport/" path, Fixture, NULL, fixture_setup, func, fixture_teardown)

  ADD ("get-stream", test_get_stream);
  ADD ("get-stream-409", test_get_stream_409);
  ADD ("resumption", test_resumption);
  ADD ("resumption-mid-event", test_resumption_mid_event);
  ADD ("resumption-without-id", test_resumption_without_id);
  ADD ("resumption-exhausted", test_resumption_exhausted);
  ADD ("resumption-delays", test_resumption_delays);
  ADD ("sse-cancel-closes-stream", test_sse_cancel_closes_stream);

#undef ADD
}
