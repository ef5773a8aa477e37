/* test-mcp-era.c — McpClient with servers of either era: which one it
 * finds, and the stateless revision's _meta, headers and input rounds
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "fake-http-server.h"
#include "mcp-client.h"
#include "mcp-error.h"
#include "mcp-http-transport.h"
#include "mcp-test-transport.h"
#include "test-util.h"

static McpClient *
connect_client (McpTransport *transport,
                GError      **error)
{
  g_autoptr(McpClient) client = mcp_client_new (transport);
  g_autoptr(GAsyncResult) result = NULL;

  mcp_client_connect_async (client, NULL, test_store_result, &result);
  test_wait_for (&result);
  if (!mcp_client_connect_finish (client, result, error))
    return NULL;

  return g_steal_pointer (&client);
}

static void
close_client (McpClient *client)
{
  g_autoptr(GAsyncResult) result = NULL;

  mcp_client_close_async (client, NULL, test_store_result, &result);
  test_wait_for (&result);
  g_assert_true (mcp_client_close_finish (client, result, NULL));
}

static JsonNode *
call_tool (McpClient   *client,
           const char  *name,
           const char  *arguments,
           GError     **error)
{
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(JsonNode) args = arguments != NULL ? json_from_string (arguments, NULL) : NULL;

  mcp_client_call_tool_async (client, name, args != NULL ? json_node_get_object (args) : NULL, NULL, NULL,
                              test_store_result, &result);
  test_wait_for (&result);

  return mcp_client_call_tool_finish (client, result, error);
}

static const char *
result_text (JsonNode *result)
{
  JsonArray *content = json_object_get_array_member (json_node_get_object (result), "content");

  return json_object_get_string_member (json_array_get_object_element (content, 0), "text");
}

static void
assert_stateless_meta (JsonObject *params)
{
  JsonObject *meta;

  g_assert_nonnull (params);
  meta = json_object_get_object_member (params, "_meta");
  g_assert_nonnull (meta);
  g_assert_cmpstr (json_object_get_string_member (meta, MCP_META_PROTOCOL_VERSION), ==, "2026-07-28");
  g_assert_true (JSON_NODE_HOLDS_OBJECT (json_object_get_member (meta, MCP_META_CLIENT_CAPABILITIES)));
  g_assert_cmpstr (json_object_get_string_member (json_object_get_object_member (meta, MCP_META_CLIENT_INFO),
                                                  "name"), ==, "tether");
}

/* A server of the stateless revision is asked server/discover, never
 * initialize, and every request says who we are. */
static void
test_discover (void)
{
  FakeMcpOptions options = { .era_2026 = TRUE };
  g_autoptr(McpTestTransport) transport = mcp_test_transport_new_with_core (&options);
  g_autoptr(McpClient) client = NULL;
  g_autoptr(JsonNode) result = NULL;
  g_autoptr(GError) error = NULL;
  FakeMcpCore *core = mcp_test_transport_get_core (transport);

  client = connect_client (MCP_TRANSPORT (transport), &error);
  g_assert_no_error (error);

  g_assert_cmpint (mcp_client_get_era (client), ==, MCP_ERA_STATELESS);
  g_assert_cmpstr (mcp_client_get_protocol_version (client), ==, "2026-07-28");
  g_assert_cmpstr (mcp_client_get_server_title (client), ==, "Fake Stateless Server");
  g_assert_cmpstr (mcp_client_get_server_version (client), ==, "2.0.0");
  g_assert_cmpstr (mcp_client_get_instructions (client), ==, "A fake stateless server.");
  g_assert_true (mcp_client_has_capability (client, "tools"));
  g_assert_cmpuint (fake_mcp_core_get_count (core, "server/discover"), ==, 1);
  g_assert_cmpuint (fake_mcp_core_get_count (core, "initialize"), ==, 0);
  g_assert_cmpuint (fake_mcp_core_get_count (core, "notifications/initialized"), ==, 0);

  result = call_tool (client, "echo", "{\"message\": \"hi\"}", &error);
  g_assert_no_error (error);
  g_assert_cmpstr (result_text (result), ==, "hi");
  assert_stateless_meta (fake_mcp_core_get_last_params (core));

  close_client (client);
}

/* An initialize-era server answers server/discover -32601: it gets
 * initialize, and no request after it carries the stateless _meta. */
static void
test_legacy_fallback (void)
{
  g_autoptr(McpTestTransport) transport = mcp_test_transport_new_with_core (NULL);
  g_autoptr(McpClient) client = NULL;
  g_autoptr(JsonNode) result = NULL;
  g_autoptr(GError) error = NULL;
  FakeMcpCore *core = mcp_test_transport_get_core (transport);
  JsonObject *params;

  client = connect_client (MCP_TRANSPORT (transport), &error);
  g_assert_no_error (error);
  g_assert_cmpint (mcp_client_get_era (client), ==, MCP_ERA_LEGACY);
  g_assert_cmpstr (mcp_client_get_protocol_version (client), ==, "2025-11-25");
  g_assert_cmpuint (fake_mcp_core_get_count (core, "initialize"), ==, 1);

  result = call_tool (client, "echo", "{\"message\": \"hi\"}", &error);
  g_assert_no_error (error);
  params = fake_mcp_core_get_last_params (core);
  g_assert_false (json_object_has_member (params, "_meta"));

  close_client (client);
}

static gboolean
answer_login (McpClient  *client,
              JsonNode   *id,
              const char *method,
              JsonObject *params,
              gpointer    tag,
              guint      *asked)
{
  g_autoptr(JsonNode) answer = json_from_string ("{\"action\":\"accept\",\"content\":{\"name\":\"octocat\"}}", NULL);

  g_assert_cmpstr (method, ==, "elicitation/create");
  g_assert_cmpstr (json_object_get_string_member (params, "message"), ==, "User?");
  (*asked)++;
  mcp_client_reply (client, id, answer);

  return TRUE;
}

/* input_required: the question goes to the server-request handlers, the
 * call is sent again under a new id with the answers and the state byte
 * for byte; nothing of it reaches the wire as a response. */
static void
test_input_required (void)
{
  FakeMcpOptions options = { .era_2026 = TRUE };
  g_autoptr(McpTestTransport) transport = mcp_test_transport_new_with_core (&options);
  g_autoptr(McpClient) client = NULL;
  g_autoptr(JsonNode) result = NULL;
  g_autoptr(GError) error = NULL;
  FakeMcpCore *core = mcp_test_transport_get_core (transport);
  GPtrArray *sent = mcp_test_transport_get_sent (transport);
  JsonObject *first = NULL, *retry = NULL;
  guint asked = 0;

  client = connect_client (MCP_TRANSPORT (transport), &error);
  g_assert_no_error (error);
  g_signal_connect (client, "server-request", G_CALLBACK (answer_login), &asked);

  result = call_tool (client, "confirm", "{}", &error);
  g_assert_no_error (error);
  g_assert_cmpuint (asked, ==, 1);
  g_assert_false (json_object_get_boolean_member_with_default (json_node_get_object (result), "isError", FALSE));
  g_assert_cmpstr (result_text (result), ==, "{\"login\":{\"action\":\"accept\",\"content\":{\"name\":\"octocat\"}}}");
  g_assert_cmpuint (fake_mcp_core_get_count (core, "tools/call"), ==, 2);

  for (guint i = 0; i < sent->len; i++)
    {
      JsonObject *object = json_node_get_object (g_ptr_array_index (sent, i));

      /* Only requests went out: the answer stayed inside the client. */
      g_assert_true (json_object_has_member (object, "method"));
      if (g_strcmp0 (json_object_get_string_member (object, "method"), "tools/call") != 0)
        continue;
      if (first == NULL)
        first = object;
      else
        retry = object;
    }
  g_assert_nonnull (retry);
  g_assert_cmpint (json_object_get_int_member (first, "id"), !=, json_object_get_int_member (retry, "id"));
  g_assert_false (json_object_has_member (json_object_get_object_member (first, "params"), "requestState"));
  g_assert_cmpstr (json_object_get_string_member (json_object_get_object_member (retry, "params"), "requestState"),
                   ==, "st\xc3\xa4te-1");
  assert_stateless_meta (json_object_get_object_member (retry, "params"));

  /* The next call carries none of it. */
  g_clear_pointer (&result, json_node_unref);
  result = call_tool (client, "echo", "{\"message\": \"again\"}", &error);
  g_assert_no_error (error);
  g_assert_false (json_object_has_member (fake_mcp_core_get_last_params (core), "requestState"));
  g_assert_false (json_object_has_member (fake_mcp_core_get_last_params (core), "inputResponses"));

  close_client (client);
}

static guint
list_tools (McpClient *client)
{
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(GPtrArray) tools = NULL;
  g_autoptr(GError) error = NULL;

  mcp_client_list_tools_async (client, NULL, NULL, test_store_result, &result);
  test_wait_for (&result);
  tools = mcp_client_list_tools_finish (client, result, &error);
  g_assert_no_error (error);

  return tools->len;
}

static gboolean
listen_granted (gpointer data)
{
  return mcp_client_get_listen_granted (data) != NULL;
}

/* A list still fresh by its ttlMs is not fetched again; list_changed
 * always wins; a list with no time to live is fetched each time. */
static void
test_list_cache (void)
{
  FakeMcpOptions options = { .era_2026 = TRUE, .list_ttl_ms = 3600000, .page_size = 2, .n_tools = 3,
                             .list_public = TRUE };
  g_autoptr(McpTestTransport) transport = mcp_test_transport_new_with_core (&options);
  g_autoptr(McpClient) client = NULL;
  g_autoptr(JsonNode) result = NULL;
  g_autoptr(GError) error = NULL;
  FakeMcpCore *core = mcp_test_transport_get_core (transport);
  gint64 ttl_ms = -1;
  gboolean is_public = FALSE;
  guint pages;
  guint n;

  client = connect_client (MCP_TRANSPORT (transport), &error);
  g_assert_no_error (error);

  /* no hints before a list, none for what is no list */
  g_assert_false (mcp_client_get_list_hints (client, "prompts/list", &ttl_ms, &is_public));
  g_assert_cmpint (ttl_ms, ==, 0);
  g_assert_false (mcp_client_get_list_hints (client, "tools/call", NULL, NULL));

  n = list_tools (client);
  pages = fake_mcp_core_get_count (core, "tools/list");
  g_assert_cmpuint (pages, >, 1);

  /* the hints of the whole list, every page of it public: its time to
   * live, less what has passed since it was fetched */
  g_assert_true (mcp_client_get_list_hints (client, "tools/list", &ttl_ms, &is_public));
  g_assert_cmpint (ttl_ms, >, 0);
  g_assert_cmpint (ttl_ms, <=, 3600000);
  g_assert_true (is_public);
  g_usleep (50 * 1000);
  g_assert_true (mcp_client_get_list_hints (client, "tools/list", &ttl_ms, &is_public));
  g_assert_cmpint (ttl_ms, <, 3600000);

  /* Fresh: the same list, nothing asked. */
  g_assert_cmpuint (list_tools (client), ==, n);
  g_assert_cmpuint (list_tools (client), ==, n);
  g_assert_cmpuint (fake_mcp_core_get_count (core, "tools/list"), ==, pages);

  /* The server says its tools changed (to the subscription it tells such
   * things to): fetched afresh, then kept again. */
  mcp_client_listen (client, NULL);
  test_wait_until (listen_granted, client, "the subscription's acknowledgement");
  result = call_tool (client, "touch-list", "{}", &error);
  g_assert_no_error (error);
  /* the old list's hints went with it */
  g_assert_false (mcp_client_get_list_hints (client, "tools/list", &ttl_ms, &is_public));
  g_assert_cmpint (ttl_ms, ==, 0);
  g_assert_false (is_public);
  g_assert_cmpuint (list_tools (client), ==, n);
  g_assert_cmpuint (fake_mcp_core_get_count (core, "tools/list"), ==, 2 * pages);
  g_assert_true (mcp_client_get_list_hints (client, "tools/list", &ttl_ms, &is_public));
  g_assert_cmpint (ttl_ms, >, 0);
  g_assert_cmpuint (list_tools (client), ==, n);
  g_assert_cmpuint (fake_mcp_core_get_count (core, "tools/list"), ==, 2 * pages);

  close_client (client);
}

static void
test_list_no_cache (void)
{
  FakeMcpOptions options = { .era_2026 = TRUE, .list_ttl_ms = 0 };
  g_autoptr(McpTestTransport) transport = mcp_test_transport_new_with_core (&options);
  g_autoptr(McpClient) client = NULL;
  g_autoptr(GError) error = NULL;
  FakeMcpCore *core = mcp_test_transport_get_core (transport);
  gint64 ttl_ms = -1;
  gboolean is_public = TRUE;

  client = connect_client (MCP_TRANSPORT (transport), &error);
  g_assert_no_error (error);

  list_tools (client);
  list_tools (client);
  g_assert_cmpuint (fake_mcp_core_get_count (core, "tools/list"), ==, 2);
  /* the hints say so: not kept, and private */
  g_assert_true (mcp_client_get_list_hints (client, "tools/list", &ttl_ms, &is_public));
  g_assert_cmpint (ttl_ms, ==, 0);
  g_assert_false (is_public);

  /* A short time to live runs out: waiting longer than it can only make
   * the list staler. */
  fake_mcp_core_set_list_ttl (core, 1);
  list_tools (client);
  g_usleep (20 * 1000);
  list_tools (client);
  g_assert_cmpuint (fake_mcp_core_get_count (core, "tools/list"), ==, 4);

  close_client (client);
}

/* A server of the initialize era gives no hints, whatever its lists are:
 * 0 and private, as before any list. */
static void
test_list_hints_initialize_era (void)
{
  FakeMcpOptions options = { .era_2026 = FALSE, .list_ttl_ms = 3600000, .list_public = TRUE };
  g_autoptr(McpTestTransport) transport = mcp_test_transport_new_with_core (&options);
  g_autoptr(McpClient) client = NULL;
  g_autoptr(GError) error = NULL;
  gint64 ttl_ms = -1;
  gboolean is_public = TRUE;

  client = connect_client (MCP_TRANSPORT (transport), &error);
  g_assert_no_error (error);
  g_assert_cmpint (mcp_client_get_era (client), ==, MCP_ERA_LEGACY);

  g_assert_cmpuint (list_tools (client), >, 0);
  g_assert_false (mcp_client_get_list_hints (client, "tools/list", &ttl_ms, &is_public));
  g_assert_cmpint (ttl_ms, ==, 0);
  g_assert_false (is_public);

  close_client (client);
}

/* A resource that does not exist is said as such, naming it, in either
 * revision's words: -32002, or -32602 with data.uri. */
static void
test_resource_not_found (void)
{
  for (guint era_2026 = 0; era_2026 <= 1; era_2026++)
    {
      FakeMcpOptions options = { .era_2026 = era_2026 };
      g_autoptr(McpTestTransport) transport = mcp_test_transport_new_with_core (&options);
      g_autoptr(McpClient) client = NULL;
      g_autoptr(GAsyncResult) result = NULL;
      g_autoptr(JsonNode) reply = NULL;
      g_autoptr(GError) error = NULL;
      int code = era_2026 ? MCP_RPC_INVALID_PARAMS : MCP_RPC_RESOURCE_NOT_FOUND;

      client = connect_client (MCP_TRANSPORT (transport), &error);
      g_assert_no_error (error);
      g_assert_cmpint (mcp_client_get_era (client), ==, era_2026 ? MCP_ERA_STATELESS : MCP_ERA_LEGACY);

      mcp_client_read_resource_async (client, "fake://nowhere/x", NULL, NULL, test_store_result, &result);
      test_wait_for (&result);
      reply = mcp_client_read_resource_finish (client, result, &error);
      g_assert_null (reply);
      g_assert_error (error, MCP_RPC_ERROR, code);
      g_assert_true (mcp_error_is_resource_not_found (error));
      g_assert_nonnull (strstr (error->message, "No resource at fake://nowhere/x"));

      /* Other invalid params are not a missing resource. */
      {
        g_autoptr(GError) other = mcp_rpc_error_new (MCP_RPC_INVALID_PARAMS, "bad", "{\"field\":\"x\"}");
        g_autoptr(GError) bare = mcp_rpc_error_new (MCP_RPC_INVALID_PARAMS, "bad", NULL);

        g_assert_false (mcp_error_is_resource_not_found (other));
        g_assert_false (mcp_error_is_resource_not_found (bare));
      }

      close_client (client);
    }
}

/* A server that asks for ever is stopped after ten rounds: the call and
 * ten retries. */
static void
test_input_rounds_bounded (void)
{
  FakeMcpOptions options = { .era_2026 = TRUE };
  g_autoptr(McpTestTransport) transport = mcp_test_transport_new_with_core (&options);
  g_autoptr(McpClient) client = NULL;
  g_autoptr(JsonNode) result = NULL;
  g_autoptr(GError) error = NULL;
  FakeMcpCore *core = mcp_test_transport_get_core (transport);

  client = connect_client (MCP_TRANSPORT (transport), &error);
  g_assert_no_error (error);

  result = call_tool (client, "nag", "{}", &error);
  g_assert_error (error, MCP_ERROR, MCP_ERROR_INVALID_RESPONSE);
  g_assert_nonnull (strstr (error->message, "10 rounds"));
  g_assert_null (result);
  g_assert_cmpuint (fake_mcp_core_get_count (core, "tools/call"), ==, 11);

  close_client (client);
}

static void
test_header_values (void)
{
  struct { const char *value; const char *header; } cases[] = {
    { "my-hyphenated-tool", "my-hyphenated-tool" },
    { "file:///path/to/file%20name.txt", "file:///path/to/file%20name.txt" },
    { "us west 1", "us west 1" },
    { "", "" },
    { " padded ", "=?base64?IHBhZGRlZCA=?=" },
    { "Hello, \xe4\xb8\x96\xe7\x95\x8c", "=?base64?SGVsbG8sIOS4lueVjA==?=" },
    { "line1\r\nline2", "=?base64?bGluZTENCmxpbmUy?=" },
    { "\tindented", "=?base64?CWluZGVudGVk?=" },
    { "=?base64?abc?=", "=?base64?PT9iYXNlNjQ/YWJjPz0=?=" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *header = mcp_era_encode_header (cases[i].value);
      g_autofree char *decoded = mcp_era_decode_header (cases[i].header);

      g_assert_cmpstr (header, ==, cases[i].header);
      g_assert_cmpstr (decoded, ==, cases[i].value);
    }

  /* what a hub is sent: not base64, or not text, is no value */
  for (guint i = 0; i < 3; i++)
    {
      const char *bad[] = { "=?base64?not base64!?=", "=?base64?AGE=?=", "=?base64?/w==?=" };
      g_autofree char *decoded = mcp_era_decode_header (bad[i]);

      g_assert_null (decoded);
    }
}

static const char *
header_value (FakeHttpRequest *request,
              const char      *name)
{
  static char value[256];
  g_auto(GStrv) lines = g_strsplit (request->headers, "\n", -1);

  for (guint i = 0; lines[i] != NULL; i++)
    {
      const char *colon = strchr (lines[i], ':');

      if (colon != NULL && (gsize)(colon - lines[i]) == strlen (name) &&
          g_ascii_strncasecmp (lines[i], name, strlen (name)) == 0)
        {
          g_strlcpy (value, colon + 1 + (colon[1] == ' '), sizeof value);
          return value;
        }
    }

  return NULL;
}

/* Over HTTP: no initialize, no session, no GET stream; each POST repeats
 * the version, the method and the name in headers. */
static void
test_http_headers (void)
{
  g_autoptr(FakeHttpServer) http = fake_http_server_new ();
  g_autoptr(McpHttpTransport) transport = NULL;
  g_autoptr(McpClient) client = NULL;
  g_autoptr(JsonNode) result = NULL;
  g_autoptr(GError) error = NULL;
  FakeHttpRequest *request;

  fake_mcp_core_set_era_2026 (http->core, TRUE);
  http->sessionless = TRUE;
  g_free (http->version);
  http->version = g_strdup ("2026-07-28");
  transport = mcp_http_transport_new (http->url, MCP_HTTP_MODE_AUTO);
  client = connect_client (MCP_TRANSPORT (transport), &error);
  g_assert_no_error (error);
  g_assert_cmpint (mcp_client_get_era (client), ==, MCP_ERA_STATELESS);

  result = call_tool (client, "echo", "{\"message\": \"hi\"}", &error);
  g_assert_no_error (error);

  request = fake_http_server_find (http, "POST", "server/discover", 0);
  g_assert_nonnull (request);
  g_assert_cmpstr (header_value (request, "Mcp-Method"), ==, "server/discover");
  g_assert_cmpstr (header_value (request, "MCP-Protocol-Version"), ==, "2026-07-28");
  g_assert_null (header_value (request, "Mcp-Name"));

  request = fake_http_server_find (http, "POST", "tools/call", 0);
  g_assert_nonnull (request);
  g_assert_cmpstr (header_value (request, "Mcp-Method"), ==, "tools/call");
  g_assert_cmpstr (header_value (request, "Mcp-Name"), ==, "echo");
  g_assert_cmpstr (header_value (request, "MCP-Protocol-Version"), ==, "2026-07-28");
  g_assert_null (header_value (request, "Mcp-Session-Id"));

  g_assert_cmpuint (fake_http_server_count (http, "POST", "initialize"), ==, 0);
  g_assert_cmpuint (fake_http_server_count (http, "GET", NULL), ==, 0);

  close_client (client);
  g_assert_cmpuint (fake_http_server_count (http, "DELETE", NULL), ==, 0);
}

/* A stateless HTTP server for the tests of -32020. */
static FakeHttpServer *
stateless_http_server (void)
{
  FakeHttpServer *http = fake_http_server_new ();

  fake_mcp_core_set_era_2026 (http->core, TRUE);
  /* The tools stay fresh for an hour: only the -32020 lists them again. */
  fake_mcp_core_set_list_ttl (http->core, 3600000);
  http->sessionless = TRUE;
  g_free (http->version);
  http->version = g_strdup ("2026-07-28");

  return http;
}

/* A 400 -32020 (header mismatch) to a tools/call: the tools are listed
 * again, though the list was still fresh, and the call sent once more.
 * With @data, the server answers -32020 every time: one retry, never a
 * loop, and the error is the server's. */
static void
test_http_header_mismatch (gconstpointer data)
{
  gboolean always = GPOINTER_TO_INT (data);
  g_autoptr(FakeHttpServer) http = stateless_http_server ();
  g_autoptr(McpHttpTransport) transport = mcp_http_transport_new (http->url, MCP_HTTP_MODE_AUTO);
  g_autoptr(McpClient) client = NULL;
  g_autoptr(JsonNode) result = NULL;
  g_autoptr(GError) error = NULL;

  client = connect_client (MCP_TRANSPORT (transport), &error);
  g_assert_no_error (error);
  http->mismatch_method = g_strdup ("tools/call");
  http->mismatch_times = always ? 100 : 1;

  result = call_tool (client, "echo", "{\"message\": \"hi\"}", &error);
  if (always)
    {
      g_assert_error (error, MCP_RPC_ERROR, -32020);
      g_assert_null (result);
    }
  else
    {
      g_assert_no_error (error);
      g_assert_cmpstr (result_text (result), ==, "hi");
      g_assert_cmpuint (http->mismatch_times, ==, 0);
    }
  g_assert_cmpuint (fake_http_server_count (http, "POST", "tools/call"), ==, 2);
  /* Once before the first call (which arguments go in headers), once
   * after the mismatch. */
  g_assert_cmpuint (fake_http_server_count (http, "POST", "tools/list"), ==, 2);

  close_client (client);
}

/* An initialize-era HTTP server refuses the probe with 400 and no
 * JSON-RPC error of the new revision: it gets initialize. */
static void
test_http_legacy_fallback (void)
{
  g_autoptr(FakeHttpServer) http = fake_http_server_new ();
  g_autoptr(McpHttpTransport) transport = mcp_http_transport_new (http->url, MCP_HTTP_MODE_AUTO);
  g_autoptr(McpClient) client = NULL;
  g_autoptr(GError) error = NULL;

  client = connect_client (MCP_TRANSPORT (transport), &error);
  g_assert_no_error (error);
  g_assert_cmpint (mcp_client_get_era (client), ==, MCP_ERA_LEGACY);
  g_assert_cmpuint (fake_http_server_count (http, "POST", "server/discover"), ==, 1);
  g_assert_cmpuint (fake_http_server_count (http, "POST", "initialize"), ==, 1);

  close_client (client);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/mcp-era/discover", test_discover);
  g_test_add_func ("/mcp-era/legacy-fallback", test_legacy_fallback);
  g_test_add_func ("/mcp-era/input-required", test_input_required);
  g_test_add_func ("/mcp-era/input-rounds-bounded", test_input_rounds_bounded);
  g_test_add_func ("/mcp-era/list-cache", test_list_cache);
  g_test_add_func ("/mcp-era/resource-not-found", test_resource_not_found);
  g_test_add_func ("/mcp-era/list-no-cache", test_list_no_cache);
  g_test_add_func ("/mcp-era/list-hints-initialize-era", test_list_hints_initialize_era);
  g_test_add_func ("/mcp-era/header-values", test_header_values);
  g_test_add_func ("/mcp-era/http-headers", test_http_headers);
  g_test_add_data_func ("/mcp-era/http-header-mismatch", GINT_TO_POINTER (FALSE), test_http_header_mismatch);
  g_test_add_data_func ("/mcp-era/http-header-mismatch-always", GINT_TO_POINTER (TRUE), test_http_header_mismatch);
  g_test_add_func ("/mcp-era/http-legacy-fallback", test_http_legacy_fallback);

  return g_test_run ();
}
