/* test-http-legacy.c — McpHttpTransport with a legacy SSE server (the
 * 2024-11-05 transport): found by itself or forced, and its faults
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
test_legacy_auto (Fixture       *f,
                  gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  FakeHttpRequest *seen;
  JsonObject *answer;

  f->server->legacy = TRUE;
  make_transport (f, MCP_HTTP_MODE_AUTO);
  open_and_initialize (f);

  g_assert_cmpint (mcp_http_transport_get_detected_mode (f->transport), ==, MCP_HTTP_MODE_LEGACY_SSE);
  g_assert_true (some_event_contains (f, "legacy"));

  error = send_json (f, "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"test/echo\",\"params\":{\"v\":\"sse\"}}",
                     MCP_SEND_FLAGS_NONE);
  g_assert_no_error (error);
  answer = wait_answer (f, 2);
  g_assert_cmpstr (json_object_get_string_member (json_object_get_object_member (answer, "result"), "v"), ==, "sse");

  /* POST /mcp refused, GET /mcp for the stream, POSTs to the endpoint. */
  seen = fake_http_server_find (f->server, "POST", "initialize", 0);
  g_assert_cmpstr (seen->path, ==, "/mcp");
  seen = fake_http_server_find (f->server, "GET", NULL, 0);
  g_assert_cmpstr (seen->accept, ==, "text/event-stream");
  g_assert_cmpstr (seen->authorization, ==, SECRET_TOKEN);
  seen = fake_http_server_find (f->server, "POST", "initialize", 1);
  g_assert_cmpstr (seen->path, ==, "/message");
  g_assert_cmpstr (seen->authorization, ==, SECRET_TOKEN);
  seen = fake_http_server_find (f->server, "POST", "test/echo", 0);
  g_assert_cmpstr (seen->path, ==, "/message");
  g_assert_cmpuint (f->server->n_initialize, ==, 1);
  g_assert_cmpuint (count_answers (f, 0), ==, 1);

  /* Close ends the stream; no DELETE in this transport. */
  error = close_transport (f);
  g_assert_no_error (error);
  WAIT_FOR (f->server->n_abandoned == 1);
  g_assert_cmpuint (fake_http_server_count (f->server, "DELETE", NULL), ==, 0);
}

static void
test_legacy_forced (Fixture       *f,
                    gconstpointer  data)
{
  g_autoptr(GError) error = NULL;

  f->server->legacy = TRUE;
  make_transport (f, MCP_HTTP_MODE_LEGACY_SSE);
  open_and_initialize (f);

  /* Straight to the stream: no POST to the SSE URL first. */
  g_assert_cmpstr (fake_http_server_find (f->server, "POST", "initialize", 0)->path, ==, "/message");
  g_assert_cmpint (mcp_http_transport_get_detected_mode (f->transport), ==, MCP_HTTP_MODE_LEGACY_SSE);

  error = send_json (f, "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"ping\"}", MCP_SEND_FLAGS_IDEMPOTENT);
  g_assert_no_error (error);
  wait_answer (f, 2);
}

static void
test_legacy_other_origin (Fixture       *f,
                          gconstpointer  data)
{
  g_autoptr(GError) error = NULL;

  f->server->legacy = TRUE;
  f->server->legacy_endpoint = g_strdup_printf ("http://127.0.0.2:%u/message?sessionId=x", f->server->port);
  make_transport (f, MCP_HTTP_MODE_LEGACY_SSE);

  error = open_transport (f);
  g_assert_error (error, MCP_ERROR, MCP_ERROR_INVALID_URL);
  g_assert_nonnull (strstr (error->message, "another origin"));
  g_assert_nonnull (strstr (error->message, "127.0.0.2"));
  g_assert_cmpuint (f->n_closed, ==, 1);
  g_assert_cmpuint (fake_http_server_count (f->server, "POST", NULL), ==, 0);
}

static void
test_legacy_other_origin_auto (Fixture       *f,
                               gconstpointer  data)
{
  g_autoptr(GError) error = NULL;

  f->server->legacy = TRUE;
  f->server->legacy_endpoint = g_strdup ("https://elsewhere.example/message");
  make_transport (f, MCP_HTTP_MODE_AUTO);
  error = open_transport (f);
  g_assert_no_error (error);

  /* The initialize is refused, and says both what happened to the POST
   * and why the SSE fallback failed. */
  error = send_json (f, "{\"jsonrpc\":\"2.0\",\"id\":0,\"method\":\"initialize\",\"params\":{}}", MCP_SEND_FLAGS_NONE);
  g_assert_error (error, MCP_ERROR, MCP_ERROR_INVALID_URL);
  g_assert_nonnull (strstr (error->message, "HTTP 405"));
  g_assert_nonnull (strstr (error->message, "another origin"));
  WAIT_FOR (f->n_closed == 1);
}

static void
test_legacy_no_endpoint (Fixture       *f,
                         gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  gint64 start = g_get_monotonic_time ();

  f->server->legacy = TRUE;
  f->server->legacy_no_endpoint = TRUE;
  make_transport (f, MCP_HTTP_MODE_LEGACY_SSE);
  mcp_http_transport_set_request_timeout (f->transport, 300);

  error = open_transport (f);
  g_assert_error (error, MCP_ERROR, MCP_ERROR_TIMEOUT);
  g_assert_nonnull (strstr (error->message, "endpoint"));
  g_assert_cmpint (g_get_monotonic_time () - start, <, 5 * G_USEC_PER_SEC);
  WAIT_FOR (f->server->n_abandoned == 1);
}

/* Told to use SSE with a Streamable HTTP server: the error says what to
 * choose instead. */
static void
test_legacy_forced_on_streamable (Fixture       *f,
                                  gconstpointer  data)
{
  g_autoptr(GError) error = NULL;

  make_transport (f, MCP_HTTP_MODE_LEGACY_SSE);
  mcp_http_transport_set_request_timeout (f->transport, 300);

  error = open_transport (f);
  g_assert_nonnull (error);
  g_test_message ("%s", error->message);
  g_assert_nonnull (strstr (error->message, "use the transport “http” or “auto”"));
}

static void
test_legacy_open_cancelled (Fixture       *f,
                            gconstpointer  data)
{
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  Result r = { .finish = mcp_transport_open_finish };
  gint64 cancelled_at;

  /* Disabling a server while it connects stops the attempt at once. */
  f->server->legacy = TRUE;
  f->server->legacy_no_endpoint = TRUE;
  make_transport (f, MCP_HTTP_MODE_LEGACY_SSE);
  mcp_transport_open_async (MCP_TRANSPORT (f->transport), cancellable, on_done, &r);
  WAIT_FOR (fake_http_server_n_streams (f->server) == 1);
  cancelled_at = g_get_monotonic_time ();
  g_cancellable_cancel (cancellable);
  WAIT_FOR (r.done);
  g_assert_error (r.error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_clear_error (&r.error);
  g_assert_cmpint (r.finished_us - cancelled_at, <, G_USEC_PER_SEC);
  WAIT_FOR (f->server->n_abandoned == 1);
  g_assert_cmpuint (f->n_closed, ==, 1);
}

static void
test_legacy_post_hangs (Fixture       *f,
                        gconstpointer  data)
{
  g_autoptr(GError) error = NULL;

  f->server->legacy = TRUE;
  make_transport (f, MCP_HTTP_MODE_AUTO);
  open_and_initialize (f);
  mcp_http_transport_set_request_timeout (f->transport, 300);

  /* A real server leaves a POST to an unknown session hanging. */
  error = send_json (f, "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"test/hang\"}", MCP_SEND_FLAGS_NONE);
  g_assert_error (error, MCP_ERROR, MCP_ERROR_TIMEOUT);
  g_clear_error (&error);

  error = send_json (f, "{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"ping\"}", MCP_SEND_FLAGS_IDEMPOTENT);
  g_assert_no_error (error);
  wait_answer (f, 3);
}

static void
test_legacy_stream_closed (Fixture       *f,
                           gconstpointer  data)
{
  f->server->legacy = TRUE;
  make_transport (f, MCP_HTTP_MODE_AUTO);
  open_and_initialize (f);

  fake_http_server_end_streams (f->server);
  WAIT_FOR (f->n_closed == 1);
  g_assert_error (f->closed_error, MCP_ERROR, MCP_ERROR_CLOSED);
  g_assert_nonnull (strstr (f->closed_error->message, "event stream"));
}

void
http_test_add_legacy (void)
{
#define ADD(path, func) \
  g_test_add ("/Mcp/HttpTransport/" path, Fixture, NULL, fixture_setup, func, fixture_teardown)

  ADD ("legacy-auto", test_legacy_auto);
  ADD ("legacy-forced", test_legacy_forced);
  ADD ("legacy-other-origin", test_legacy_other_origin);
  ADD ("legacy-other-origin-auto", test_legacy_other_origin_auto);
  ADD ("legacy-no-endpoint", test_legacy_no_endpoint);
  ADD ("legacy-forced-on-streamable", test_legacy_forced_on_streamable);
  ADD ("legacy-open-cancelled", test_legacy_open_cancelled);
  ADD ("legacy-post-hangs", test_legacy_post_hangs);
  ADD ("legacy-stream-closed", test_legacy_stream_closed);

#undef ADD
}
