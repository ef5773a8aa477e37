/* test-mcp-client.c — JSON-RPC routing of McpClient over an in-memory transport
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "mcp-client.h"
#include "mcp-error.h"
#include "mcp-test-transport.h"
#include "test-util.h"

/* ---------------------------------------------------------------------- */
/* Helpers                                                                  */

static void
iterate_pending (void)
{
  while (g_main_context_iteration (NULL, FALSE))
    ;
}

static McpClient *
connect_with_core (const FakeMcpOptions  *options,
                   McpTestTransport     **transport_out)
{
  g_autoptr(McpTestTransport) transport = mcp_test_transport_new_with_core (options);
  g_autoptr(McpClient) client = mcp_client_new (MCP_TRANSPORT (transport));
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(GError) error = NULL;

  mcp_client_connect_async (client, NULL, test_store_result, &result);
  test_wait_for (&result);
  mcp_client_connect_finish (client, result, &error);
  g_assert_no_error (error);

  if (transport_out != NULL)
    *transport_out = g_object_ref (transport);

  return g_steal_pointer (&client);
}

static gint64
sent_id (McpTestTransport *transport,
         guint             index)
{
  GPtrArray *sent = mcp_test_transport_get_sent (transport);

  g_assert_cmpuint (index, <, sent->len);

  return json_object_get_int_member (json_node_get_object (g_ptr_array_index (sent, index)), "id");
}

static void
collect_event (McpClient  *client,
               const char *text,
               GPtrArray  *events)
{
  g_ptr_array_add (events, g_strdup (text));
}

static gboolean
events_contain (GPtrArray  *events,
                const char *needle)
{
  for (guint i = 0; i < events->len; i++)
    if (strstr (g_ptr_array_index (events, i), needle) != NULL)
      return TRUE;

  return FALSE;
}

/* ---------------------------------------------------------------------- */

static void
test_connect (void)
{
  g_autoptr(McpTestTransport) transport = NULL;
  g_autoptr(McpClient) client = connect_with_core (NULL, &transport);
  JsonObject *init = mcp_test_transport_find_sent (transport, "initialize");
  JsonObject *params = json_object_get_object_member (init, "params");
  GPtrArray *sent = mcp_test_transport_get_sent (transport);
  JsonObject *last;

  g_assert_cmpstr (json_object_get_string_member (params, "protocolVersion"), ==, "2025-11-25");
  g_assert_cmpstr (json_object_get_string_member (json_object_get_object_member (params, "clientInfo"), "name"),
                   ==, "tether");
  g_assert_true (json_object_has_member (params, "capabilities"));

  /* initialized follows the answer, and is a notification. */
  g_assert_cmpuint (sent->len, ==, 2);
  last = json_node_get_object (g_ptr_array_index (sent, 1));
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

  mcp_test_client_close (client);
  g_assert_true (mcp_client_is_closed (client));
}

static void
test_responses_by_id (void)
{
  g_autoptr(McpTestTransport) transport = NULL;
  g_autoptr(McpClient) client = mcp_test_client_connect_by_hand (&transport);
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

  mcp_test_client_close (client);
}

static void
test_rpc_error (void)
{
  g_autoptr(McpTestTransport) transport = NULL;
  g_autoptr(McpClient) client = mcp_test_client_connect_by_hand (&transport);
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

  mcp_test_client_close (client);
}

static void
test_unknown_ids (void)
{
  g_autoptr(McpTestTransport) transport = NULL;
  g_autoptr(McpClient) client = mcp_test_client_connect_by_hand (&transport);
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

  mcp_test_client_close (client);
}

/* An answer that is not UTF-8 fails its request at once, with that reason,
 * when its id can be read: small ones parsed at once, large ones on a
 * thread. One whose id cannot be read is a protocol error in the log. */
static void
test_invalid_utf8_answer (void)
{
  g_autoptr(McpTestTransport) transport = NULL;
  g_autoptr(McpClient) client = mcp_test_client_connect_by_hand (&transport);
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

  mcp_test_client_close (client);
}

static void
test_malformed (void)
{
  g_autoptr(McpTestTransport) transport = NULL;
  g_autoptr(McpClient) client = mcp_test_client_connect_by_hand (&transport);
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

  mcp_test_client_close (client);
}

static void
test_server_requests (void)
{
  g_autoptr(McpTestTransport) transport = NULL;
  g_autoptr(McpClient) client = mcp_test_client_connect_by_hand (&transport);
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

  mcp_test_client_close (client);
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

  mcp_test_client_close (client);
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
  g_autoptr(McpClient) client = mcp_test_client_connect_by_hand (&transport);
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

  mcp_test_client_close (client);
}

static void
test_timeout_sends_cancel (void)
{
  g_autoptr(McpTestTransport) transport = NULL;
  g_autoptr(McpClient) client = mcp_test_client_connect_by_hand (&transport);
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

  mcp_test_client_close (client);
}

static void
test_cancel_sends_cancel (void)
{
  g_autoptr(McpTestTransport) transport = NULL;
  g_autoptr(McpClient) client = mcp_test_client_connect_by_hand (&transport);
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

  mcp_test_client_close (client);
}

static void
test_initialize_never_cancelled (void)
{
  g_autoptr(McpTestTransport) transport = mcp_test_transport_new ();
  g_autoptr(McpClient) client = mcp_client_new (MCP_TRANSPORT (transport));
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(GError) error = NULL;

  mcp_client_set_request_timeout (client, 50);
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

static void
test_progress_extends_timeout (void)
{
  FakeMcpOptions fake = { 0 };
  g_autoptr(McpTestTransport) transport = NULL;
  g_autoptr(McpClient) client = connect_with_core (&fake, &transport);
  g_autoptr(JsonObject) args = json_object_new ();
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) reply = NULL;
  guint n_progress = 0;
  McpRequestOptions options = {
    .timeout_ms = 150, .max_timeout_ms = 5000,
    .progress_callback = count_progress, .progress_data = &n_progress,
  };

  /* 600 ms of work, progress every 40 ms: far past the 150 ms timeout. */
  json_object_set_int_member (args, "ms", 600);
  json_object_set_int_member (args, "steps", 15);
  mcp_client_call_tool_async (client, "slow", args, &options, NULL, test_store_result, &result);
  test_wait_for (&result);
  reply = mcp_client_call_tool_finish (client, result, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (n_progress, >=, 10);

  /* The token went out in _meta. */
  g_assert_true (json_object_has_member (json_object_get_object_member (json_object_get_object_member (
    mcp_test_transport_find_sent (transport, "tools/call"), "params"), "_meta"), "progressToken"));

  mcp_test_client_close (client);
}

static void
test_progress_hard_cap (void)
{
  g_autoptr(McpTestTransport) transport = NULL;
  g_autoptr(McpClient) client = connect_with_core (NULL, &transport);
  g_autoptr(JsonObject) args = json_object_new ();
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(GError) error = NULL;
  guint n_progress = 0;
  McpRequestOptions options = {
    /* a roomy wait between progress notes (every 40 ms), so that only the
     * hard limit can end it, even on a loaded machine */
    .timeout_ms = 400, .max_timeout_ms = 700,
    .progress_callback = count_progress, .progress_data = &n_progress,
  };
  gint64 start = g_get_monotonic_time ();
  double elapsed;

  json_object_set_int_member (args, "ms", 3000);
  json_object_set_int_member (args, "steps", 75);
  mcp_client_call_tool_async (client, "slow", args, &options, NULL, test_store_result, &result);
  test_wait_for (&result);
  elapsed = (g_get_monotonic_time () - start) / 1000.0;

  g_assert_null (mcp_client_call_tool_finish (client, result, &error));
  g_assert_error (error, MCP_ERROR, MCP_ERROR_TIMEOUT);
  g_assert_nonnull (strstr (error->message, "at most 700 ms"));
  g_assert_cmpfloat (elapsed, >=, 690);
  g_assert_cmpfloat (elapsed, <, 2500);
  g_assert_nonnull (mcp_test_transport_find_sent (transport, "notifications/cancelled"));

  mcp_test_client_close (client);
}

static void
count_signal (gpointer  instance,
              guint    *n)
{
  (*n)++;
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
  g_autoptr(McpClient) client = mcp_test_client_connect_by_hand (&transport);
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
  mcp_test_client_close (client);
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
  g_autoptr(McpClient) client = mcp_test_client_connect_by_hand (&transport);
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

  mcp_test_client_close (client);
}

/* Only NOT_SENT says a message never left. Whatever else went wrong while a
 * tools/call was on its way may have let it reach the server: it fails as
 * closed, outcome unknown, with the transport's reason. */
static void
test_send_errors_call_never_not_sent (void)
{
  g_autoptr(McpTestTransport) transport = NULL;
  g_autoptr(McpClient) client = mcp_test_client_connect_by_hand (&transport);
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
  mcp_test_client_close (client);
}

/* The transport's own deadline: the server may still be at it, so it is
 * told, and its late answer is dropped. */
static void
test_send_timeout_cancels (void)
{
  g_autoptr(McpTestTransport) transport = NULL;
  g_autoptr(McpClient) client = mcp_test_client_connect_by_hand (&transport);
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

  mcp_test_client_close (client);
}

static void
connect_expect_error (const FakeMcpOptions  *options,
                      GError               **error)
{
  g_autoptr(McpTestTransport) transport = mcp_test_transport_new_with_core (options);
  g_autoptr(McpClient) client = mcp_client_new (MCP_TRANSPORT (transport));
  g_autoptr(GAsyncResult) result = NULL;

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
      mcp_test_client_close (client);
    }
}

static GPtrArray *
list_tools (McpClient  *client,
            GError    **error)
{
  g_autoptr(GAsyncResult) result = NULL;

  mcp_client_list_tools_async (client, NULL, NULL, test_store_result, &result);
  test_wait_for (&result);

  return mcp_client_list_tools_finish (client, result, error);
}

static void
test_pagination (void)
{
  FakeMcpOptions fake = { .n_tools = 20, .page_size = 3 };
  g_autoptr(McpTestTransport) transport = NULL;
  g_autoptr(McpClient) client = connect_with_core (&fake, &transport);
  g_autoptr(GPtrArray) tools = NULL;
  g_autoptr(GPtrArray) templates = NULL;
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(GError) error = NULL;

  tools = list_tools (client, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (tools->len, ==, 30);
  g_assert_cmpstr (mcp_item_get_name (MCP_ITEM (g_ptr_array_index (tools, 0))), ==, "echo");
  g_assert_cmpstr (mcp_item_get_name (MCP_ITEM (g_ptr_array_index (tools, 29))), ==, "tool-00020");
  g_assert_cmpuint (fake_mcp_core_get_count (mcp_test_transport_get_core (transport), "tools/list"), ==, 10);

  /* Lists may be delivered twice: they are idempotent. */
  g_assert_true (mcp_test_transport_get_sent_flags (transport, 2) & MCP_SEND_FLAGS_IDEMPOTENT);

  mcp_client_list_resource_templates_async (client, NULL, NULL, test_store_result, &result);
  test_wait_for (&result);
  templates = mcp_client_list_resource_templates_finish (client, result, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (templates->len, ==, 1);
  g_assert_cmpstr (mcp_resource_get_uri_template (g_ptr_array_index (templates, 0)), ==, "fake://dynamic/{id}");
  g_assert_null (mcp_resource_get_uri (g_ptr_array_index (templates, 0)));

  mcp_test_client_close (client);
}

static void
test_repeating_cursor (void)
{
  FakeMcpOptions fake = { .n_tools = 20, .page_size = 3, .repeat_cursor = TRUE };
  g_autoptr(McpClient) client = connect_with_core (&fake, NULL);
  g_autoptr(GPtrArray) tools = NULL;
  g_autoptr(GError) error = NULL;

  tools = list_tools (client, &error);
  g_assert_null (tools);
  g_assert_error (error, MCP_ERROR, MCP_ERROR_INVALID_RESPONSE);
  g_assert_nonnull (strstr (error->message, "same cursor"));

  mcp_test_client_close (client);
}

static void
test_page_cap (void)
{
  FakeMcpOptions fake = { .n_tools = 20, .page_size = 3 };
  g_autoptr(McpClient) client = connect_with_core (&fake, NULL);
  g_autoptr(GPtrArray) tools = NULL;
  g_autoptr(GError) error = NULL;

  mcp_client_set_max_pages (client, 4);
  tools = list_tools (client, &error);
  g_assert_null (tools);
  g_assert_error (error, MCP_ERROR, MCP_ERROR_INVALID_RESPONSE);
  g_assert_nonnull (strstr (error->message, "past 4 pages"));

  mcp_test_client_close (client);
}

static void
test_list_changed_early (void)
{
  FakeMcpOptions fake = { .list_changed_early = TRUE };
  g_autoptr(McpTestTransport) transport = mcp_test_transport_new_with_core (&fake);
  g_autoptr(McpClient) client = mcp_client_new (MCP_TRANSPORT (transport));
  g_autoptr(GAsyncResult) result = NULL;
  guint n = 0;

  g_signal_connect (client, "tools-changed", G_CALLBACK (count_signal), &n);
  mcp_client_connect_async (client, NULL, test_store_result, &result);
  test_wait_for (&result);
  g_assert_true (mcp_client_connect_finish (client, result, NULL));
  iterate_pending ();
  g_assert_cmpuint (n, ==, 2);

  mcp_test_client_close (client);
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

  mcp_test_client_close (client);
}

static void
test_many_tools (void)
{
  FakeMcpOptions fake = { .n_tools = 10000 };
  g_autoptr(McpClient) client = connect_with_core (&fake, NULL);
  g_autoptr(GPtrArray) tools = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GAsyncResult) result = NULL;

  /* The in-process fake builds 10 000 tools on the main loop: under the
   * sanitizers on a busy machine that alone took more than a minute, so
   * neither the request's timeout nor test_wait_for()'s 15 s apply. */
  mcp_client_set_request_timeout (client, 600000);
  mcp_client_list_tools_async (client, NULL, NULL, test_store_result, &result);
  while (result == NULL)
    g_main_context_iteration (NULL, TRUE);
  tools = mcp_client_list_tools_finish (client, result, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (tools->len, ==, 10010);
  g_assert_cmpstr (mcp_item_get_name (MCP_ITEM (g_ptr_array_index (tools, 10009))), ==, "tool-10000");

  mcp_test_client_close (client);
}

static void
test_items (void)
{
  g_autoptr(McpClient) client = connect_with_core (NULL, NULL);
  g_autoptr(GPtrArray) tools = NULL;
  g_autoptr(GPtrArray) prompts = NULL;
  g_autoptr(GPtrArray) resources = NULL;
  g_autoptr(GAsyncResult) r1 = NULL;
  g_autoptr(GAsyncResult) r2 = NULL;
  g_autoptr(GAsyncResult) r3 = NULL;
  g_autoptr(GAsyncResult) r4 = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) prompt = NULL;
  g_autoptr(JsonObject) args = json_object_new ();
  g_autofree char *schema = NULL;
  McpTool *echo, *add, *fail;
  McpPrompt *greeting;
  JsonNode *arguments;
  char *title = NULL;

  tools = list_tools (client, &error);
  g_assert_no_error (error);
  echo = g_ptr_array_index (tools, 0);
  add = g_ptr_array_index (tools, 1);
  fail = g_ptr_array_index (tools, 3);

  /* label: title → annotations.title → name */
  g_assert_cmpstr (mcp_item_get_label (MCP_ITEM (echo)), ==, "Echo");
  g_assert_cmpstr (mcp_item_get_label (MCP_ITEM (add)), ==, "Add numbers");
  g_assert_cmpstr (mcp_item_get_label (MCP_ITEM (fail)), ==, "fail");
  schema = json_to_string (mcp_tool_get_input_schema (echo), FALSE);
  g_assert_nonnull (strstr (schema, "\"required\":[\"message\"]"));
  g_assert_nonnull (mcp_tool_get_output_schema (add));
  g_assert_null (mcp_tool_get_output_schema (echo));
  g_object_get (echo, "title", &title, NULL);
  g_assert_cmpstr (title, ==, "Echo");
  g_free (title);

  mcp_client_list_prompts_async (client, NULL, NULL, test_store_result, &r1);
  test_wait_for (&r1);
  prompts = mcp_client_list_prompts_finish (client, r1, &error);
  g_assert_no_error (error);
  greeting = g_ptr_array_index (prompts, 0);
  arguments = mcp_prompt_get_arguments (greeting);
  g_assert_cmpuint (json_array_get_length (json_node_get_array (arguments)), ==, 2);

  mcp_client_list_resources_async (client, NULL, NULL, test_store_result, &r2);
  test_wait_for (&r2);
  resources = mcp_client_list_resources_finish (client, r2, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (resources->len, ==, 2);
  g_assert_cmpstr (mcp_resource_get_mime_type (g_ptr_array_index (resources, 0)), ==, "text/markdown");
  g_assert_cmpstr (mcp_item_get_label (MCP_ITEM (g_ptr_array_index (resources, 1))), ==, "pixel");

  json_object_set_string_member (args, "name", "Ada");
  mcp_client_get_prompt_async (client, "greeting", args, NULL, NULL, test_store_result, &r3);
  test_wait_for (&r3);
  prompt = mcp_client_get_prompt_finish (client, r3, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (json_node_get_object (prompt), "messages")), ==, 1);

  mcp_client_read_resource_async (client, "fake://nowhere", NULL, NULL, test_store_result, &r4);
  test_wait_for (&r4);
  g_assert_null (mcp_client_read_resource_finish (client, r4, &error));
  g_assert_error (error, MCP_RPC_ERROR, -32002);

  mcp_test_client_close (client);
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

  mcp_test_client_close (client);
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

/* An answer that arrived in time but is still being parsed when the
 * request's time runs out is the answer, not a timeout. */
static void
test_timeout_waits_for_parse (void)
{
  g_autoptr(McpTestTransport) transport = NULL;
  g_autoptr(McpClient) client = mcp_test_client_connect_by_hand (&transport);
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
  g_test_add_func ("/Mcp/Client/timeout-sends-cancel", test_timeout_sends_cancel);
  g_test_add_func ("/Mcp/Client/cancel-sends-cancel", test_cancel_sends_cancel);
  g_test_add_func ("/Mcp/Client/initialize-never-cancelled", test_initialize_never_cancelled);
  g_test_add_func ("/Mcp/Client/progress-extends-timeout", test_progress_extends_timeout);
  g_test_add_func ("/Mcp/Client/progress-hard-cap", test_progress_hard_cap);
  g_test_add_func ("/Mcp/Client/close-fails-pending", test_close_fails_pending);
  g_test_add_func ("/Mcp/Client/send-errors-kept", test_send_errors_kept);
  g_test_add_func ("/Mcp/Client/send-errors-call-never-not-sent", test_send_errors_call_never_not_sent);
  g_test_add_func ("/Mcp/Client/send-timeout-cancels", test_send_timeout_cancels);
  g_test_add_func ("/Mcp/Client/unsupported-version", test_unsupported_version);
  g_test_add_func ("/Mcp/Client/modern-only-server", test_modern_only);
  g_test_add_func ("/Mcp/Client/older-versions", test_older_versions);
  g_test_add_func ("/Mcp/Client/pagination", test_pagination);
  g_test_add_func ("/Mcp/Client/repeating-cursor", test_repeating_cursor);
  g_test_add_func ("/Mcp/Client/page-cap", test_page_cap);
  g_test_add_func ("/Mcp/Client/list-changed-early", test_list_changed_early);
  g_test_add_func ("/Mcp/Client/call-tool-never-idempotent", test_call_tool_never_idempotent);
  g_test_add_func ("/Mcp/Client/ten-thousand-tools", test_many_tools);
  g_test_add_func ("/Mcp/Client/items", test_items);
  g_test_add_func ("/Mcp/Transport/large-message-in-order", test_large_message_in_order);
  g_test_add_func ("/Mcp/Client/timeout-waits-for-parse", test_timeout_waits_for_parse);

  return g_test_run ();
}
