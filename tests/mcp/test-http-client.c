/* test-http-client.c — McpClient over McpHttpTransport: HTTP failures as
 * the client reports them, progress over SSE and JSON, and the order of the
 * handshake
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

typedef struct
{
  gboolean  done;
  JsonNode *reply;
  GError   *error;
} ClientResult;

static void
client_result_clear (ClientResult *r)
{
  g_clear_pointer (&r->reply, json_node_unref);
  g_clear_error (&r->error);
  r->done = FALSE;
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (ClientResult, client_result_clear)

static void
on_client_done (GObject      *source,
                GAsyncResult *result,
                gpointer      user_data)
{
  ClientResult *r = user_data;

  if (g_async_result_is_tagged (result, mcp_client_connect_async))
    mcp_client_connect_finish (MCP_CLIENT (source), result, &r->error);
  else if (g_async_result_is_tagged (result, mcp_client_close_async))
    mcp_client_close_finish (MCP_CLIENT (source), result, &r->error);
  else
    r->reply = mcp_client_request_finish (MCP_CLIENT (source), result, &r->error);
  r->done = TRUE;
}

static void
collect_progress (double      progress,
                  double      total,
                  const char *message,
                  gpointer    user_data)
{
  guint *n = user_data;

  (*n)++;
}

static McpClient *
client_connect (Fixture *f)
{
  g_autoptr(McpClient) client = NULL;
  ClientResult r = { 0 };

  make_transport (f, MCP_HTTP_MODE_AUTO);
  client = mcp_client_new (MCP_TRANSPORT (f->transport));
  mcp_client_connect_async (client, NULL, on_client_done, &r);
  WAIT_FOR (r.done);
  g_assert_no_error (r.error);

  return g_steal_pointer (&client);
}

static void
client_request (McpClient               *client,
                const char              *method,
                const char              *params_json,
                const McpRequestOptions *options,
                ClientResult            *r)
{
  g_autoptr(JsonNode) params = params_json != NULL ? parse (params_json) : NULL;

  client_result_clear (r);
  mcp_client_request_async (client, method, params != NULL ? json_node_get_object (params) : NULL,
                            options, NULL, on_client_done, r);
  WAIT_FOR (r->done);
  if (r->error != NULL)
    g_test_message ("%s: %s", method, r->error->message);
}

static void
client_close (Fixture   *f,
              McpClient *client)
{
  ClientResult r = { 0 };

  mcp_client_close_async (client, NULL, on_client_done, &r);
  WAIT_FOR (r.done);
  g_assert_no_error (r.error);
}

/* An HTTP status is an HTTP status, not a closed connection; the session
 * goes on. */
static void
test_client_http_status (Fixture       *f,
                         gconstpointer  data)
{
  g_autoptr(McpClient) client = client_connect (f);
  g_auto(ClientResult) r = { 0 };

  client_request (client, "test/500", NULL, NULL, &r);
  g_assert_error (r.error, MCP_ERROR, MCP_ERROR_HTTP_STATUS);
  g_assert_nonnull (strstr (r.error->message, "HTTP 500"));
  g_assert_nonnull (strstr (r.error->message, "the fake server broke"));
  keep_error (f, r.error);

  client_request (client, "test/html", NULL, NULL, &r);
  g_assert_error (r.error, MCP_ERROR, MCP_ERROR_INVALID_RESPONSE);
  g_assert_nonnull (strstr (r.error->message, "text/html"));
  keep_error (f, r.error);

  client_request (client, "test/always-expired", NULL, NULL, &r);
  g_assert_error (r.error, MCP_ERROR, MCP_ERROR_SESSION_EXPIRED);
  keep_error (f, r.error);

  g_assert_false (mcp_client_is_closed (client));
  client_request (client, "ping", NULL, NULL, &r);
  g_assert_no_error (r.error);

  client_close (f, client);
}

/* A tools/call whose connection broke after the request went out may have
 * run: closed, outcome unknown, never NOT_SENT, and never sent twice. */
static void
test_client_call_broken (Fixture       *f,
                         gconstpointer  data)
{
  g_autoptr(McpClient) client = client_connect (f);
  g_auto(ClientResult) r = { 0 };

  client_request (client, "tools/call", "{\"name\":\"crash\"}", NULL, &r);
  g_assert_error (r.error, MCP_ERROR, MCP_ERROR_CLOSED);
  g_assert_nonnull (strstr (r.error->message, "outcome is unknown"));
  g_assert_nonnull (strstr (r.error->message, "broke before the server answered “tools/call”"));
  keep_error (f, r.error);
  g_assert_cmpuint (fake_mcp_core_get_count (f->server->core, "tools/call"), ==, 1);

  g_assert_false (mcp_client_is_closed (client));
  client_request (client, "tools/call", "{\"name\":\"echo\",\"arguments\":{\"message\":\"still here\"}}", NULL, &r);
  g_assert_no_error (r.error);
  g_assert_cmpuint (fake_mcp_core_get_count (f->server->core, "tools/call"), ==, 2);

  client_close (f, client);
}

/* The transport's deadline, shorter than the client's: its timeout error,
 * and the server is told to stop. */
static void
test_client_transport_timeout (Fixture       *f,
                               gconstpointer  data)
{
  g_autoptr(McpClient) client = client_connect (f);
  g_auto(ClientResult) r = { 0 };
  McpRequestOptions options = { .timeout_ms = 20000 };

  mcp_http_transport_set_request_timeout (f->transport, 300);
  client_request (client, "tools/call", "{\"name\":\"hang\"}", &options, &r);
  g_assert_error (r.error, MCP_ERROR, MCP_ERROR_TIMEOUT);
  g_assert_nonnull (strstr (r.error->message, "did not answer “tools/call” within 0.3 s"));
  keep_error (f, r.error);

  WAIT_FOR (fake_mcp_core_get_count (f->server->core, "notifications/cancelled") == 1);
  client_close (f, client);
}

/* An answer that is not UTF-8 as a JSON body: the call fails at once,
 * saying why; the session goes on. An event stream is decoded with
 * replacement, as its format says: there the answer arrives, with U+FFFD
 * for the byte. */
static void
test_client_invalid_utf8 (Fixture       *f,
                          gconstpointer  data)
{
  g_autoptr(McpClient) client = client_connect (f);
  g_auto(ClientResult) r = { 0 };
  McpRequestOptions options = { .timeout_ms = 600000, .max_timeout_ms = 600000 };
  JsonObject *block;

  f->server->reply = FAKE_REPLY_JSON;
  client_request (client, "tools/call", "{\"name\":\"bad-utf8\"}", &options, &r);
  g_assert_error (r.error, MCP_ERROR, MCP_ERROR_INVALID_RESPONSE);
  g_assert_true (g_str_has_prefix (r.error->message, "The server’s answer to tools/call cannot be read: "
                                                     "it is not valid UTF-8 (byte "));
  keep_error (f, r.error);

  f->server->reply = FAKE_REPLY_SSE;
  client_request (client, "tools/call", "{\"name\":\"bad-utf8\"}", &options, &r);
  g_assert_no_error (r.error);
  block = json_array_get_object_element (json_object_get_array_member (json_node_get_object (r.reply), "content"), 0);
  g_assert_cmpstr (json_object_get_string_member (block, "text"), ==, "not \xef\xbf\xbd UTF-8");

  g_assert_false (mcp_client_is_closed (client));
  client_request (client, "ping", NULL, NULL, &r);
  g_assert_no_error (r.error);

  client_close (f, client);
}

/* Connection refused while connecting: the transport's reason, not "closed
 * for no reason". */
static void
test_client_refused (Fixture       *f,
                     gconstpointer  data)
{
  g_autoptr(McpClient) client = NULL;
  g_autofree char *url = g_strdup (f->server->url);
  ClientResult r = { 0 };

  g_clear_pointer (&f->server, fake_http_server_free);
  f->server = fake_http_server_new ();
  make_transport_for (f, url, MCP_HTTP_MODE_AUTO);
  client = mcp_client_new (MCP_TRANSPORT (f->transport));
  mcp_client_connect_async (client, NULL, on_client_done, &r);
  WAIT_FOR (r.done);
  g_test_message ("%s", r.error->message);
  g_assert_error (r.error, MCP_ERROR, MCP_ERROR_NOT_SENT);
  g_assert_true (g_str_has_prefix (r.error->message, "Could not reach the server at "));
  keep_error (f, r.error);
  g_clear_error (&r.error);
}

/* What the fake core sends while it works reaches the client: progress on
 * the request's own event stream, a late answer on a held JSON reply. */
static void
test_client_progress (Fixture       *f,
                      gconstpointer  data)
{
  g_autoptr(McpClient) client = NULL;
  g_auto(ClientResult) r = { 0 };
  guint progress = 0;
  McpRequestOptions options = { .progress_callback = collect_progress, .progress_data = &progress };

  f->server->reply = data == NULL ? FAKE_REPLY_SSE : FAKE_REPLY_JSON;
  client = client_connect (f);

  client_request (client, "tools/call", "{\"name\":\"slow\",\"arguments\":{\"ms\":200,\"steps\":4}}", &options, &r);
  g_assert_no_error (r.error);
  g_assert_cmpstr (json_object_get_string_member (json_array_get_object_element (json_object_get_array_member (json_node_get_object (r.reply), "content"), 0), "text"), ==, "done");
  /* JSON replies have nowhere to put progress without a GET stream. */
  g_assert_cmpuint (progress, ==, data == NULL ? 4 : 0);

  client_close (f, client);
}

/* Like the SDKs: after notifications/initialized, nothing more goes out
 * until the server has taken it. */
static void
test_initialized_first (Fixture       *f,
                        gconstpointer  data)
{
  Result initialized = { 0 };
  Result ping = { 0 };
  FakeHttpRequest *seen_initialized;
  FakeHttpRequest *seen_ping;
  g_autoptr(GError) error = NULL;

  make_transport (f, MCP_HTTP_MODE_AUTO);
  error = open_transport (f);
  g_assert_no_error (error);
  error = send_json (f, "{\"jsonrpc\":\"2.0\",\"id\":0,\"method\":\"initialize\",\"params\":{}}", MCP_SEND_FLAGS_NONE);
  g_assert_no_error (error);
  wait_answer (f, 0);

  f->server->notification_delay_ms = 300;
  send_start (f, "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}", MCP_SEND_FLAGS_NONE, NULL, &initialized);
  send_start (f, "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}", MCP_SEND_FLAGS_IDEMPOTENT, NULL, &ping);
  WAIT_FOR (ping.done);
  g_assert_no_error (ping.error);
  g_assert_true (initialized.done);
  g_assert_no_error (initialized.error);
  wait_answer (f, 1);

  seen_initialized = fake_http_server_find (f->server, "POST", "notifications/initialized", 0);
  seen_ping = fake_http_server_find (f->server, "POST", "ping", 0);
  g_assert_nonnull (seen_initialized);
  g_assert_nonnull (seen_ping);
  g_assert_cmpint (seen_ping->time_us - seen_initialized->time_us, >=, 290 * 1000);
  g_assert_cmpint (initialized.finished_us, <=, ping.finished_us);
}

void
http_test_add_client (void)
{
#define ADD(path, func) \
  g_test_add ("/Mcp/HttpTransport/" path, Fixture, NULL, fixture_setup, func, fixture_teardown)

  ADD ("initialized-first", test_initialized_first);
  ADD ("client/http-status", test_client_http_status);
  ADD ("client/call-broken", test_client_call_broken);
  ADD ("client/transport-timeout", test_client_transport_timeout);
  ADD ("client/refused", test_client_refused);
  ADD ("client/invalid-utf8", test_client_invalid_utf8);
  ADD ("client/progress-sse", test_client_progress);
  g_test_add ("/Mcp/HttpTransport/client/progress-json", Fixture, "json",
              fixture_setup, test_client_progress, fixture_teardown);

#undef ADD
}
