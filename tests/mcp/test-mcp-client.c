/* test-mcp-client.c — JSON-RPC routing of McpClient over an in-memory transport:
 * the handshake and its versions, answers by id, errors, malformed input,
 * what the server asks and tells
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The requests' timeouts, cancels, progress and send errors are in
 * test-mcp-client-requests.c; paging and list_changed in
 * test-mcp-client-lists.c; the helpers they share in client-harness.c.
 */

#include "config.h"

#include "client-harness.h"
#include "mcp-client.h"
#include "mcp-error.h"
#include "mcp-test-transport.h"
#include "test-util.h"

static void
test_connect (void)
{
  g_autoptr(McpTestTransport) transport = NULL;
  g_autoptr(McpClient) client = connect_with_core_era (NULL, MCP_ERA_UNKNOWN, &transport);
  JsonObject *init = mcp_test_transport_find_sent (transport, "initialize");
  JsonObject *params = json_object_get_object_member (init, "params");
  GPtrArray *sent = mcp_test_transport_get_sent (transport);
  JsonObject *last;

  g_assert_cmpstr (json_object_get_string_member (params, "protocolVersion"), ==, "2025-11-25");
  g_assert_cmpstr (json_object_get_string_member (json_object_get_object_member (params, "clientInfo"), "name"),
                   ==, "tether");
  g_assert_true (json_object_has_member (params, "capabilities"));

  /* The era is asked first; this server does not know server/discover,
   * so it gets initialize, and initialized follows the answer, as a
   * notification. */
  g_assert_cmpuint (sent->len, ==, 3);
  g_assert_cmpstr (json_object_get_string_member (json_node_get_object (g_ptr_array_index (sent, 0)), "method"),
                   ==, "server/discover");
  g_assert_cmpint (mcp_client_get_era (client), ==, MCP_ERA_LEGACY);
  last = json_node_get_object (g_ptr_array_index (sent, 2));
  g_assert_cmpstr (json_object_get_string_member (last, "method"), ==, "notifications/initialized");
  g_assert_false (json_object_has_member (last, "id"));

  g_assert_cmpstr (mcp_client_get_protocol_version (client), ==, "2025-11-25");
  g_assert_cmpstr (mcp_client_get_server_name (client), ==, "fake-mcp-server");
  g_assert_cmpstr (mcp_client_get_server_title (client), ==, "Fake MCP Server");
  g_assert_cmpstr (mcp_client_get_server_version (client), ==, "1.0.0");
  g_assert_cmpstr (mcp_client_get_instructions (client), ==, "A fake server for Tether's tests.");
  g_assert_true (mcp_client_has_capability (client, "tools"));
  g_assert_true (mcp_client_has_capability (client, "logging"));
  g_assert_true (mcp_client_has_capability (client, "completions"));
  g_assert_false (mcp_client_has_capability (client, "experimental"));

  close_client (client);
  g_assert_true (mcp_client_is_closed (client));
}

static void
test_responses_by_id (void)
{
  g_autoptr(McpTestTransport) transport = NULL;
  g_autoptr(McpClient) client = connect_by_hand (&transport);
  GAsyncResult *results[3] = { NULL, NULL, NULL };
  gint64 ids[3];

  for (guint i = 0; i < 3; i++)
    mcp_client_request_async (client, "test/echo", NULL, NULL, NULL, test_store_result, &results[i]);
  iterate_pending ();

  for (guint i = 0; i < 3; i++)
    ids[i] = sent_id (transport, 2 + i);
  g_assert_cmpint (ids[0], !=, ids[1]);
  g_assert_cmpint (ids[1], !=, ids[2]);

  /* Answer in reverse order; members in an unusual order. */
  for (int i = 2; i >= 0; i--)
    {
      g_autofree char *text = g_strdup_printf ("{\"result\":{\"n\":%d},\"id\":%" G_GINT64_FORMAT ",\"jsonrpc\":\"2.0\"}",
                                               i, ids[i]);
      mcp_test_transport_receive (transport, text);
    }

  for (guint i = 0; i < 3; i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(JsonNode) reply = NULL;

      test_wait_for (&results[i]);
      reply = mcp_client_request_finish (client, results[i], &error);
      g_assert_no_error (error);
      g_assert_cmpint (json_object_get_int_member (json_node_get_object (reply), "n"), ==, i);
      g_clear_object (&results[i]);
    }

  close_client (client);
}

static void
test_rpc_error (void)
{
  g_autoptr(McpTestTransport) transport = NULL;
  g_autoptr(McpClient) client = connect_by_hand (&transport);
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) reply = NULL;
  g_autofree char *text = NULL;

  mcp_client_request_async (client, "test/fail", NULL, NULL, NULL, test_store_result, &result);
  iterate_pending ();
  text = g_strdup_printf ("{\"jsonrpc\":\"2.0\",\"id\":%" G_GINT64_FORMAT ",\"error\":{\"code\":-32602,"
                          "\"message\":\"Invalid params: x\",\"data\":{\"field\":\"x\"}}}",
                          sent_id (transport, 2));
  mcp_test_transport_receive (transport, text);
  test_wait_for (&result);

  reply = mcp_client_request_finish (client, result, &error);
  g_assert_null (reply);
  g_assert_error (error, MCP_RPC_ERROR, -32602);
  g_assert_cmpstr (error->message, ==, "Invalid params: x");
  g_assert_cmpstr (mcp_rpc_error_get_data (error), ==, "{\"field\":\"x\"}");

  close_client (client);
}

static void
test_unknown_ids (void)
{
  g_autoptr(McpTestTransport) transport = NULL;
  g_autoptr(McpClient) client = connect_by_hand (&transport);
  g_autoptr(GPtrArray) events = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(JsonNode) reply = NULL;
  g_autofree char *text = NULL;

  g_signal_connect (client, "event", G_CALLBACK (collect_event), events);
  mcp_client_request_async (client, "test/wait", NULL, NULL, NULL, test_store_result, &result);
  iterate_pending ();

  mcp_test_transport_receive (transport, "{\"jsonrpc\":\"2.0\",\"id\":999,\"result\":{}}");
  mcp_test_transport_receive (transport, "{\"jsonrpc\":\"2.0\",\"id\":\"2\",\"result\":{}}");
  mcp_test_transport_receive (transport, "{\"jsonrpc\":\"2.0\",\"id\":null,\"error\":{\"code\":-32700,\"message\":\"Parse error\"}}");
  iterate_pending ();
  g_assert_true (events_contain (events, "request 999, which is not pending"));
  g_assert_true (events_contain (events, "with id \"2\""));
  g_assert_true (events_contain (events, "with id null"));
  g_assert_null (result);

  text = g_strdup_printf ("{\"jsonrpc\":\"2.0\",\"id\":%" G_GINT64_FORMAT ",\"result\":{\"ok\":true}}",
                          sent_id (transport, 2));
  mcp_test_transport_receive (transport, text);
  test_wait_for (&result);
  reply = mcp_client_request_finish (client, result, NULL);
  g_assert_nonnull (reply);

  close_client (client);
}

/* An answer that is not UTF-8 fails its request at once, with that reason,
 * when its id can be read: small ones parsed at once, large ones on a
 * thread. One whose id cannot be read is a protocol error in the log. */
static void
test_invalid_utf8_answer (void)
{
  g_autoptr(McpTestTransport) transport = NULL;
  g_autoptr(McpClient) client = connect_by_hand (&transport);
  g_autoptr(GPtrArray) events = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *padding = g_strnfill (300 * 1024, 'x');
  const char *texts[] = { "caf\xe9", "\xff", padding };

  g_signal_connect (client, "event", G_CALLBACK (collect_event), events);

  for (guint i = 0; i < G_N_ELEMENTS (texts); i++)
    {
      g_autoptr(GAsyncResult) result = NULL;
      g_autoptr(GError) error = NULL;
      g_autoptr(JsonNode) reply = NULL;
      g_autofree char *text = NULL;
      McpRequestOptions options = { .timeout_ms = 600000 };

      mcp_client_request_async (client, "tools/call", NULL, &options, NULL, test_store_result, &result);
      iterate_pending ();
      text = g_strdup_printf ("{\"jsonrpc\":\"2.0\",\"id\":%" G_GINT64_FORMAT ",\"result\":{\"content\":"
                              "[{\"type\":\"text\",\"text\":\"%s%s\"}]}}",
                              sent_id (transport, i + 2), texts[i], i == 2 ? "\xc3(" : "");
      mcp_test_transport_receive (transport, text);
      test_wait_for (&result);

      reply = mcp_client_request_finish (client, result, &error);
      g_assert_null (reply);
      g_assert_error (error, MCP_ERROR, MCP_ERROR_INVALID_RESPONSE);
      g_test_message ("%s", error->message);
      g_assert_true (g_str_has_prefix (error->message, "The server’s answer to tools/call cannot be read: "
                                                       "it is not valid UTF-8 (byte "));
    }
  g_assert_true (events_contain (events, "an answer that is not valid UTF-8 (byte 71)"));

  /* No id to tell: noted, and the session goes on. */
  {
    g_autoptr(GAsyncResult) result = NULL;
    g_autofree char *text = NULL;
    g_autoptr(JsonNode) reply = NULL;

    mcp_client_request_async (client, "test/wait", NULL, NULL, NULL, test_store_result, &result);
    iterate_pending ();
    mcp_test_transport_receive (transport, "{\"jsonrpc\":\"2.0\",\"id\":\xff" "5,\"result\":{}}");
    iterate_pending ();
    g_assert_true (events_contain (events, "protocol error: not valid UTF-8 at byte 22"));
    g_assert_null (result);

    text = g_strdup_printf ("{\"jsonrpc\":\"2.0\",\"id\":%" G_GINT64_FORMAT ",\"result\":{}}",
                            sent_id (transport, 5));
    mcp_test_transport_receive (transport, text);
    test_wait_for (&result);
    reply = mcp_client_request_finish (client, result, NULL);
    g_assert_nonnull (reply);
  }

  close_client (client);
}

static void
test_malformed (void)
{
  g_autoptr(McpTestTransport) transport = NULL;
  g_autoptr(McpClient) client = connect_by_hand (&transport);
  g_autoptr(GPtrArray) events = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;

  g_signal_connect (client, "event", G_CALLBACK (collect_event), events);
  mcp_client_request_async (client, "test/odd", NULL, NULL, NULL, test_store_result, &result);
  iterate_pending ();

  mcp_test_transport_receive (transport, "this is not JSON");
  mcp_test_transport_receive (transport, "{}");
  mcp_test_transport_receive (transport, "42");
  mcp_test_transport_receive (transport, "{\"jsonrpc\":\"2.0\",\"method\":7}");
  g_assert_cmpuint (events->len, >=, 4);
  g_assert_true (events_contain (events, "this is not JSON"));
  g_assert_false (mcp_client_is_closed (client));
  g_assert_null (result);

  /* An answer with neither result nor error is not JSON-RPC either; one
   * with a non-object error fails the call clearly. */
  text = g_strdup_printf ("{\"jsonrpc\":\"2.0\",\"id\":%" G_GINT64_FORMAT ",\"error\":\"boom\"}",
                          sent_id (transport, 2));
  mcp_test_transport_receive (transport, text);
  test_wait_for (&result);
  g_assert_null (mcp_client_request_finish (client, result, &error));
  g_assert_error (error, MCP_ERROR, MCP_ERROR_INVALID_RESPONSE);

  close_client (client);
}

static void
test_server_requests (void)
{
  g_autoptr(McpTestTransport) transport = NULL;
  g_autoptr(McpClient) client = connect_by_hand (&transport);
  GPtrArray *sent = mcp_test_transport_get_sent (transport);
  JsonObject *answer;
  guint before = sent->len;

  mcp_test_transport_receive (transport, "{\"jsonrpc\":\"2.0\",\"id\":0,\"method\":\"ping\"}");
  mcp_test_transport_receive (transport, "{\"jsonrpc\":\"2.0\",\"id\":\"r1\",\"method\":\"roots/list\",\"params\":{}}");
  mcp_test_transport_receive (transport, "{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"sampling/createMessage\",\"params\":{}}");
  mcp_test_transport_receive (transport, "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/unknown\"}");
  iterate_pending ();

  g_assert_cmpuint (sent->len, ==, before + 3);

  answer = json_node_get_object (g_ptr_array_index (sent, before));
  g_assert_cmpint (json_object_get_int_member (answer, "id"), ==, 0);
  g_assert_cmpuint (json_object_get_size (json_object_get_object_member (answer, "result")), ==, 0);

  answer = json_node_get_object (g_ptr_array_index (sent, before + 1));
  g_assert_cmpstr (json_object_get_string_member (answer, "id"), ==, "r1");
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (json_object_get_object_member (answer, "result"), "roots")), ==, 0);

  answer = json_node_get_object (g_ptr_array_index (sent, before + 2));
  g_assert_cmpint (json_object_get_int_member (answer, "id"), ==, 7);
  g_assert_cmpint (json_object_get_int_member (json_object_get_object_member (answer, "error"), "code"), ==, -32601);

  close_client (client);
}

typedef struct
{
  guint     asked;
  char     *method;
  gpointer  tag;
  JsonNode *id;
  guint     cancelled;
} Asked;

static gboolean
on_server_request (McpClient  *client,
                   JsonNode   *id,
                   const char *method,
                   JsonObject *params,
                   gpointer    tag,
                   Asked      *asked)
{
  asked->asked++;
  g_free (asked->method);
  asked->method = g_strdup (method);
  asked->tag = tag;
  g_clear_pointer (&asked->id, json_node_unref);
  asked->id = json_node_copy (id);

  return TRUE;
}

static void
on_request_cancelled (McpClient *client,
                      JsonNode  *id,
                      Asked     *asked)
{
  asked->cancelled++;
}

/* What the server asks goes up, with the tag of the request it belongs
 * to; ping stays an answer of the protocol's. */
static void
test_server_requests_handed_up (void)
{
  g_autoptr(McpTestTransport) transport = mcp_test_transport_new ();
  g_autoptr(McpClient) client = mcp_client_new (MCP_TRANSPORT (transport));
  g_autoptr(JsonObject) capabilities = json_object_new ();
  g_autoptr(JsonNode) result_node = json_from_string ("{\"action\":\"accept\",\"content\":{\"n\":1}}", NULL);
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(GAsyncResult) call_result = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *related = NULL;
  McpRequestOptions options = { 0, };
  GPtrArray *sent = mcp_test_transport_get_sent (transport);
  Asked asked = { 0, };
  JsonObject *init;
  JsonObject *answer;
  int marker;
  gint64 call_id;
  guint before;

  json_object_set_object_member (capabilities, "elicitation", json_object_new ());
  mcp_client_set_capabilities (client, capabilities);
  g_signal_connect (client, "server-request", G_CALLBACK (on_server_request), &asked);
  g_signal_connect (client, "request-cancelled", G_CALLBACK (on_request_cancelled), &asked);

  /* Answered by hand as an initialize-era server. */
  mcp_client_set_era (client, MCP_ERA_LEGACY);
  mcp_client_connect_async (client, NULL, test_store_result, &result);
  while ((init = mcp_test_transport_find_sent (transport, "initialize")) == NULL)
    g_main_context_iteration (NULL, TRUE);
  g_assert_true (json_object_has_member (json_object_get_object_member (json_object_get_object_member (init, "params"),
                                                                        "capabilities"), "elicitation"));
  mcp_test_transport_receive (transport,
                              "{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{\"protocolVersion\":\"2025-11-25\","
                              "\"capabilities\":{},\"serverInfo\":{\"name\":\"by-hand\",\"version\":\"0\"}}}");
  test_wait_for (&result);
  g_assert_true (mcp_client_connect_finish (client, result, &error));

  options.tag = &marker;
  mcp_client_request_async (client, "tools/call", NULL, &options, NULL, test_store_result, &call_result);
  iterate_pending ();
  call_id = sent_id (transport, sent->len - 1);

  /* ping: answered here, never handed up */
  before = sent->len;
  mcp_test_transport_receive (transport, "{\"jsonrpc\":\"2.0\",\"id\":0,\"method\":\"ping\"}");
  iterate_pending ();
  g_assert_cmpuint (asked.asked, ==, 0);
  g_assert_cmpuint (sent->len, ==, before + 1);

  /* a question whose _meta names our call: handed up with its tag */
  related = g_strdup_printf ("{\"jsonrpc\":\"2.0\",\"id\":\"e1\",\"method\":\"elicitation/create\","
                             "\"params\":{\"message\":\"?\",\"_meta\":{\"" MCP_META_RELATED_REQUEST "\":%" G_GINT64_FORMAT "}}}",
                             call_id);
  mcp_test_transport_receive (transport, related);
  iterate_pending ();
  g_assert_cmpuint (asked.asked, ==, 1);
  g_assert_cmpstr (asked.method, ==, "elicitation/create");
  g_assert_true (asked.tag == &marker);
  /* nothing is answered until the handler does */
  g_assert_cmpuint (sent->len, ==, before + 1);
  mcp_client_reply (client, asked.id, result_node);
  iterate_pending ();
  g_assert_cmpuint (sent->len, ==, before + 2);
  answer = json_node_get_object (g_ptr_array_index (sent, before + 1));
  g_assert_cmpstr (json_object_get_string_member (answer, "id"), ==, "e1");
  g_assert_cmpstr (json_object_get_string_member (json_object_get_object_member (answer, "result"), "action"), ==, "accept");

  /* one that says nothing: no tag; an error answer */
  mcp_test_transport_receive (transport, "{\"jsonrpc\":\"2.0\",\"id\":5,\"method\":\"roots/list\"}");
  iterate_pending ();
  g_assert_cmpuint (asked.asked, ==, 2);
  g_assert_null (asked.tag);
  mcp_client_reply_error (client, asked.id, -1, "no");
  iterate_pending ();
  answer = json_node_get_object (g_ptr_array_index (sent, sent->len - 1));
  g_assert_cmpint (json_object_get_int_member (json_object_get_object_member (answer, "error"), "code"), ==, -1);

  /* the server gives up a question of its own */
  mcp_test_transport_receive (transport, "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/cancelled\",\"params\":{\"requestId\":\"e2\"}}");
  iterate_pending ();
  g_assert_cmpuint (asked.cancelled, ==, 1);

  close_client (client);
  test_wait_for (&call_result);
  g_free (asked.method);
  g_clear_pointer (&asked.id, json_node_unref);
}

typedef struct
{
  guint tools, prompts, resources;
  char *updated;
  char *level, *logger, *data;
} Notes;

static void on_tools (McpClient *c, Notes *n) { n->tools++; }
static void on_prompts (McpClient *c, Notes *n) { n->prompts++; }
static void on_resources (McpClient *c, Notes *n) { n->resources++; }

static void
on_updated (McpClient  *c,
            const char *uri,
            Notes      *n)
{
  g_free (n->updated);
  n->updated = g_strdup (uri);
}

static void
on_log (McpClient  *c,
        const char *level,
        const char *logger,
        JsonNode   *data,
        Notes      *n)
{
  n->level = g_strdup (level);
  n->logger = g_strdup (logger);
  n->data = json_to_string (data, FALSE);
}

static void
test_notifications (void)
{
  g_autoptr(McpTestTransport) transport = NULL;
  g_autoptr(McpClient) client = connect_by_hand (&transport);
  Notes n = { 0 };

  g_signal_connect (client, "tools-changed", G_CALLBACK (on_tools), &n);
  g_signal_connect (client, "prompts-changed", G_CALLBACK (on_prompts), &n);
  g_signal_connect (client, "resources-changed", G_CALLBACK (on_resources), &n);
  g_signal_connect (client, "resource-updated", G_CALLBACK (on_updated), &n);
  g_signal_connect (client, "log-message", G_CALLBACK (on_log), &n);

  mcp_test_transport_receive (transport, "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/tools/list_changed\"}");
  mcp_test_transport_receive (transport, "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/tools/list_changed\"}");
  mcp_test_transport_receive (transport, "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/prompts/list_changed\",\"params\":{}}");
  mcp_test_transport_receive (transport, "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/resources/list_changed\"}");
  mcp_test_transport_receive (transport, "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/resources/updated\",\"params\":{\"uri\":\"file:///x\"}}");
  mcp_test_transport_receive (transport, "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/message\",\"params\":{\"level\":\"warning\",\"logger\":\"db\",\"data\":{\"n\":1}}}");
  mcp_test_transport_receive (transport, "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/progress\",\"params\":{\"progressToken\":12345,\"progress\":1}}");

  g_assert_cmpuint (n.tools, ==, 2);
  g_assert_cmpuint (n.prompts, ==, 1);
  g_assert_cmpuint (n.resources, ==, 1);
  g_assert_cmpstr (n.updated, ==, "file:///x");
  g_assert_cmpstr (n.level, ==, "warning");
  g_assert_cmpstr (n.logger, ==, "db");
  g_assert_cmpstr (n.data, ==, "{\"n\":1}");
  g_free (n.updated);
  g_free (n.level);
  g_free (n.logger);
  g_free (n.data);

  close_client (client);
}

static void
connect_expect_error (const FakeMcpOptions  *options,
                      GError               **error)
{
  g_autoptr(McpTestTransport) transport = mcp_test_transport_new_with_core (options);
  g_autoptr(McpClient) client = mcp_client_new (MCP_TRANSPORT (transport));
  g_autoptr(GAsyncResult) result = NULL;

  /* Answered by hand as an initialize-era server. */
  mcp_client_set_era (client, MCP_ERA_LEGACY);
  mcp_client_connect_async (client, NULL, test_store_result, &result);
  test_wait_for (&result);
  g_assert_false (mcp_client_connect_finish (client, result, error));
  iterate_pending ();
  g_assert_true (mcp_client_is_closed (client));
  g_assert_null (mcp_test_transport_find_sent (transport, "notifications/initialized"));
}

static void
test_unsupported_version (void)
{
  FakeMcpOptions fake = { .protocol_version = "1999-01-01" };
  g_autoptr(GError) error = NULL;

  connect_expect_error (&fake, &error);
  g_assert_error (error, MCP_ERROR, MCP_ERROR_UNSUPPORTED_VERSION);
  g_assert_nonnull (strstr (error->message, "1999-01-01"));
  g_assert_nonnull (strstr (error->message, "2025-11-25"));
}

static void
test_modern_only (void)
{
  FakeMcpOptions fake = { .modern_only = TRUE };
  g_autoptr(GError) error = NULL;

  connect_expect_error (&fake, &error);
  g_assert_error (error, MCP_RPC_ERROR, -32022);
  g_assert_nonnull (strstr (error->message, "Unsupported protocol version: 2025-11-25"));
  g_assert_nonnull (strstr (error->message, "server requires protocol 2026-07-28"));
  g_assert_cmpstr (mcp_rpc_error_get_data (error), ==, "{\"supported\":[\"2026-07-28\"]}");
}

static void
test_older_versions (void)
{
  const char *versions[] = { "2025-06-18", "2025-03-26", "2024-11-05" };

  for (guint i = 0; i < G_N_ELEMENTS (versions); i++)
    {
      FakeMcpOptions fake = { .protocol_version = versions[i] };
      g_autoptr(McpClient) client = connect_with_core (&fake, NULL);

      g_assert_cmpstr (mcp_client_get_protocol_version (client), ==, versions[i]);
      close_client (client);
    }
}

static void
test_server_request_roundtrip (void)
{
  g_autoptr(McpClient) client = connect_with_core (NULL, NULL);
  g_autoptr(JsonObject) args = json_object_new ();
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) reply = NULL;
  const char *text;

  /* The fake server asks us for elicitation, which we do not offer. */
  json_object_set_string_member (args, "method", "elicitation/create");
  mcp_client_call_tool_async (client, "ask", args, NULL, NULL, test_store_result, &result);
  test_wait_for (&result);
  reply = mcp_client_call_tool_finish (client, result, &error);
  g_assert_no_error (error);
  text = json_object_get_string_member (json_array_get_object_element (
    json_object_get_array_member (json_node_get_object (reply), "content"), 0), "text");
  g_assert_nonnull (strstr (text, "-32601"));

  close_client (client);
}

static void
record_method_cb (McpTransport *transport,
                  JsonNode     *message,
                  GPtrArray    *seen)
{
  JsonObject *object = json_node_get_object (message);
  const char *method = json_object_get_string_member (object, "method");
  JsonNode *params = json_object_get_member (object, "params");

  /* The large one is told by the size of its data. */
  if (params != NULL && json_object_has_member (json_node_get_object (params), "data"))
    g_ptr_array_add (seen, g_strdup_printf ("%s %zu", method,
                                            strlen (json_object_get_string_member (json_node_get_object (params),
                                                                                   "data"))));
  else
    g_ptr_array_add (seen, g_strdup (method));
}

static void
record_closed_cb (McpTransport *transport,
                  const GError *error,
                  GPtrArray    *seen)
{
  g_ptr_array_add (seen, g_strdup ("closed"));
}

/* A large message is parsed off the main thread, and what
 * arrives after it — another message, the end of the connection — still
 * comes after it. */
static void
test_large_message_in_order (void)
{
  g_autoptr(McpTestTransport) transport = mcp_test_transport_new ();
  g_autoptr(GPtrArray) seen = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GString) large = g_string_new ("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/message\",\"params\":{\"data\":\"");
  gint64 deadline;
  gint64 start;

  for (guint i = 0; i < 2 * 1024 * 1024; i++)
    g_string_append_c (large, 'a' + i % 26);
  g_string_append (large, "\"}}");

  g_signal_connect (transport, "message-received", G_CALLBACK (record_method_cb), seen);
  g_signal_connect (transport, "closed", G_CALLBACK (record_closed_cb), seen);

  mcp_test_transport_receive (transport, "{\"jsonrpc\":\"2.0\",\"method\":\"first\"}");
  start = g_get_monotonic_time ();
  mcp_test_transport_receive (transport, large->str);
  g_test_message ("handing over 2 MB took %.1f ms", (g_get_monotonic_time () - start) / 1000.0);
  mcp_test_transport_receive (transport, "{\"jsonrpc\":\"2.0\",\"method\":\"after\"}");
  mcp_test_transport_receive (transport, "not json");
  mcp_test_transport_close_with_error (transport, NULL);

  /* Small messages come at once; the large one later, and the rest after it. */
  g_assert_cmpuint (seen->len, ==, 1);
  g_assert_cmpstr (g_ptr_array_index (seen, 0), ==, "first");
  g_assert_false (mcp_transport_is_closed (MCP_TRANSPORT (transport)));

  deadline = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;
  while (!mcp_transport_is_closed (MCP_TRANSPORT (transport)) && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, TRUE);

  g_assert_cmpuint (seen->len, ==, 4);
  g_assert_cmpstr (g_ptr_array_index (seen, 1), ==, "notifications/message 2097152");
  g_assert_cmpstr (g_ptr_array_index (seen, 2), ==, "after");
  g_assert_cmpstr (g_ptr_array_index (seen, 3), ==, "closed");
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/Mcp/Client/connect", test_connect);
  g_test_add_func ("/Mcp/Client/responses-by-id", test_responses_by_id);
  g_test_add_func ("/Mcp/Client/rpc-error-keeps-data", test_rpc_error);
  g_test_add_func ("/Mcp/Client/unknown-ids-dropped", test_unknown_ids);
  g_test_add_func ("/Mcp/Client/malformed-messages", test_malformed);
  g_test_add_func ("/Mcp/Client/invalid-utf8-answer", test_invalid_utf8_answer);
  g_test_add_func ("/Mcp/Client/server-requests", test_server_requests);
  g_test_add_func ("/Mcp/Client/server-requests-handed-up", test_server_requests_handed_up);
  g_test_add_func ("/Mcp/Client/server-request-roundtrip", test_server_request_roundtrip);
  g_test_add_func ("/Mcp/Client/notifications", test_notifications);
  g_test_add_func ("/Mcp/Client/unsupported-version", test_unsupported_version);
  g_test_add_func ("/Mcp/Client/modern-only-server", test_modern_only);
  g_test_add_func ("/Mcp/Client/older-versions", test_older_versions);
  g_test_add_func ("/Mcp/Transport/large-message-in-order", test_large_message_in_order);
  client_test_add_requests ();
  client_test_add_lists ();

  return g_test_run ();
}
