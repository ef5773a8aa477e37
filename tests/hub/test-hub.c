/* test-hub.c — the hub, in process, with fake servers behind it
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */


#include "config.h"

#include <glib/gstdio.h>
#include <sys/stat.h>

#include "hub-fixture.h"
#include "hub-test-client.h"
#include "tether-hub.h"
#include "tether-hub-activity.h"
#include "tether-hub-session.h"
#include "test-server-util.h"
#include "test-fake-server.h"
#include "test-util.h"

/* Two fake servers, alpha and beta, counting alpha's calls. */
static char *
two_servers (Fixture    *fixture,
             const char *extra)
{
  g_autofree char *beta_counts = g_build_filename (fixture->dir, "beta-counts", NULL);
  g_autofree char *alpha = test_fake_server_entry (fixture->counts, NULL, NULL);
  g_autofree char *beta = test_fake_server_entry (beta_counts, "\"--tools\", \"2\"", NULL);

  return g_strdup_printf ("{\"mcpServers\": {\"alpha\": %s, \"beta\": %s}%s}",
                          alpha, beta, extra != NULL ? extra : "");
}


static JsonObject *
list_tools (Fixture      *fixture,
            HubTestReply **keep)
{
  *keep = hub_test_client_post (fixture->client, "{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"tools/list\"}", NULL);
  g_assert_cmpuint ((*keep)->status, ==, 200);

  return hub_test_reply_result (*keep, 7);
}

/* ---------------------------------------------------------------------- */

static void
test_security (Fixture       *fixture,
               gconstpointer  data)
{
  g_autofree char *contents = two_servers (fixture, NULL);
  g_autoptr(HubTestClient) anonymous = NULL;
  g_autoptr(HubTestClient) wrong = NULL;
  g_autoptr(HubTestReply) reply = NULL;
  g_autofree GSocketAddress **addresses = NULL;
  g_autofree char *hub_json = NULL;
  const char *init = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":\"2025-11-25\",\"capabilities\":{},\"clientInfo\":{\"name\":\"x\",\"version\":\"1\"}}}";
  const char * const evil_origin[] = { "Origin", "https://evil.example.com", NULL };
  const char * const good_origin[] = { "Origin", "http://localhost:5173", NULL };
  const char * const evil_host[] = { "Host", "evil.example.com", NULL };
  guint n_addresses = 0;
  struct stat st;

  hub_fixture_start (fixture, contents);

  /* no token, wrong token: 401 with a Bearer challenge */
  anonymous = hub_test_client_new (tether_hub_get_url (fixture->hub), NULL);
  reply = hub_test_client_post (anonymous, init, NULL);
  g_assert_cmpuint (reply->status, ==, 401);
  g_assert_true (g_str_has_prefix (soup_message_headers_get_one (reply->headers, "WWW-Authenticate"), "Bearer"));
  g_assert_null (soup_message_headers_get_one (reply->headers, "Mcp-Session-Id"));
  g_clear_pointer (&reply, hub_test_reply_free);

  wrong = hub_test_client_new (tether_hub_get_url (fixture->hub), "not-the-token-at-all-not-the-token-at-all");
  reply = hub_test_client_post (wrong, init, NULL);
  g_assert_cmpuint (reply->status, ==, 401);
  g_assert_true (g_str_has_prefix (soup_message_headers_get_one (reply->headers, "WWW-Authenticate"), "Bearer"));
  g_clear_pointer (&reply, hub_test_reply_free);

  /* a web page elsewhere: 403; a loopback one passes */
  reply = hub_test_client_post (fixture->client, init, evil_origin);
  g_assert_cmpuint (reply->status, ==, 403);
  g_clear_pointer (&reply, hub_test_reply_free);
  reply = hub_test_client_post (fixture->client, init, good_origin);
  g_assert_cmpuint (reply->status, ==, 200);
  g_clear_pointer (&reply, hub_test_reply_free);

  /* DNS rebinding: a foreign Host */
  reply = hub_test_client_post (fixture->client, init, evil_host);
  g_assert_cmpuint (reply->status, ==, 421);
  g_clear_pointer (&reply, hub_test_reply_free);

  /* bound to loopback only */
  addresses = tether_hub_dup_addresses (fixture->hub, &n_addresses);
  g_assert_cmpuint (n_addresses, >=, 1);
  for (guint i = 0; i < n_addresses; i++)
    {
      GInetAddress *address = g_inet_socket_address_get_address (G_INET_SOCKET_ADDRESS (addresses[i]));
      g_autofree char *text = g_inet_address_to_string (address);

      g_test_message ("bound to %s", text);
      g_assert_true (g_inet_address_get_is_loopback (address));
      g_assert_true (g_str_equal (text, "127.0.0.1") || g_str_equal (text, "::1"));
      g_assert_cmpuint (g_inet_socket_address_get_port (G_INET_SOCKET_ADDRESS (addresses[i])), ==,
                        tether_hub_get_port (fixture->hub));
      g_object_unref (addresses[i]);
    }

  /* the token file and hub.json are private */
  g_assert_cmpint (g_stat (fixture->token_path, &st), ==, 0);
  g_assert_cmpint (st.st_mode & 0777, ==, 0600);
  g_assert_cmpint (g_stat (fixture->runtime_file, &st), ==, 0);
  g_assert_cmpint (st.st_mode & 0777, ==, 0600);
  g_assert_true (g_file_get_contents (fixture->runtime_file, &hub_json, NULL, NULL));
  g_assert_nonnull (strstr (hub_json, tether_hub_get_url (fixture->hub)));
  g_assert_null (strstr (hub_json, tether_hub_get_token (fixture->hub)));
}

static void
test_sessions (Fixture       *fixture,
               gconstpointer  data)
{
  g_autofree char *contents = two_servers (fixture, NULL);
  g_autoptr(HubTestReply) reply = NULL;
  g_autoptr(HubTestReply) stream = NULL;
  g_autoptr(HubTestReply) second = NULL;
  g_autofree char *session = NULL;
  const char *list = "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/list\"}";
  const char * const bad_version[] = { "MCP-Protocol-Version", "1999-01-01", NULL };
  GListModel *sessions;

  hub_fixture_start (fixture, contents);
  sessions = tether_hub_get_sessions (fixture->hub);

  /* no session id: 400 */
  reply = hub_test_client_post (fixture->client, list, NULL);
  g_assert_cmpuint (reply->status, ==, 400);
  g_clear_pointer (&reply, hub_test_reply_free);

  /* an unknown one: 404 */
  hub_test_client_set_session (fixture->client, "00112233445566778899aabbccddeeff");
  reply = hub_test_client_post (fixture->client, list, NULL);
  g_assert_cmpuint (reply->status, ==, 404);
  g_clear_pointer (&reply, hub_test_reply_free);

  hub_test_client_initialize (fixture->client, NULL);
  session = g_strdup (hub_test_client_get_session (fixture->client));
  g_assert_cmpuint (strlen (session), ==, 64);
  g_assert_cmpuint (g_list_model_get_n_items (sessions), ==, 1);
  {
    g_autoptr(TetherHubSession) item = g_list_model_get_item (sessions, 0);

    g_assert_cmpstr (tether_hub_session_get_client_name (item), ==, "hub-test");
    g_assert_cmpstr (tether_hub_session_get_protocol_version (item), ==, "2025-11-25");
  }

  reply = hub_test_client_post (fixture->client, list, bad_version);
  g_assert_cmpuint (reply->status, ==, 400);
  g_clear_pointer (&reply, hub_test_reply_free);

  reply = hub_test_client_post (fixture->client, list, NULL);
  g_assert_cmpuint (reply->status, ==, 200);
  g_clear_pointer (&reply, hub_test_reply_free);

  /* one GET stream per session */
  g_test_message ("opening the stream");
  stream = hub_test_client_open_stream (fixture->client);
  second = hub_test_client_open_stream (fixture->client);
  hub_test_reply_wait (second);
  g_assert_cmpuint (second->status, ==, 409);
  g_test_message ("deleting");

  /* DELETE ends it: its stream ends, its id is unknown from then on */
  reply = hub_test_client_request (fixture->client, "DELETE", NULL, NULL);
  hub_test_reply_wait (reply);
  g_assert_cmpuint (reply->status, ==, 200);
  g_clear_pointer (&reply, hub_test_reply_free);
  hub_test_reply_wait (stream);
  g_assert_cmpuint (g_list_model_get_n_items (sessions), ==, 0);

  reply = hub_test_client_post (fixture->client, list, NULL);
  g_assert_cmpuint (reply->status, ==, 404);
}

static void
test_aggregate (Fixture       *fixture,
                gconstpointer  data)
{
  g_autofree char *contents = two_servers (fixture, NULL);
  g_autoptr(HubTestReply) reply = NULL;
  g_autofree char *text = NULL;
  JsonObject *result;
  JsonArray *items;
  guint alpha_echo = 0;

  hub_fixture_start (fixture, contents);
  hub_test_client_initialize (fixture->client, NULL);

  result = list_tools (fixture, &reply);
  g_assert_true (hub_fixture_has_tool (result, "alpha__echo"));
  g_assert_true (hub_fixture_has_tool (result, "beta__echo"));
  g_assert_true (hub_fixture_has_tool (result, "beta__tool-00002"));
  items = json_object_get_array_member (result, "tools");
  /* 10 fixed tools each, and beta's 2 generated ones */
  g_assert_cmpuint (json_array_get_length (items), ==, 22);
  for (guint i = 0; i < json_array_get_length (items); i++)
    {
      JsonObject *tool = json_array_get_object_element (items, i);

      if (g_str_equal (json_object_get_string_member (tool, "name"), "alpha__echo"))
        {
          alpha_echo++;
          g_assert_cmpstr (json_object_get_string_member (tool, "title"), ==, "Echo");
          g_assert_cmpstr (json_object_get_string_member (tool, "description"), ==,
                           "[alpha] Returns the message it is given.");
          g_assert_true (json_object_has_member (tool, "inputSchema"));
        }
      if (g_str_equal (json_object_get_string_member (tool, "name"), "alpha__fail"))
        g_assert_cmpstr (json_object_get_string_member (tool, "title"), ==, "fail");
    }
  g_assert_cmpuint (alpha_echo, ==, 1);
  g_clear_pointer (&reply, hub_test_reply_free);

  /* a call reaches the right server, with its own name for the tool */
  reply = hub_test_client_post (fixture->client,
                                "{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"tools/call\",\"params\":"
                                "{\"name\":\"alpha__echo\",\"arguments\":{\"message\":\"through the hub\"}}}", NULL);
  g_assert_cmpuint (reply->status, ==, 200);
  g_assert_cmpstr (soup_message_headers_get_content_type (reply->headers, NULL), ==, "text/event-stream");
  text = hub_test_result_text (hub_test_reply_result (reply, 3));
  g_assert_cmpstr (text, ==, "through the hub");
  g_assert_cmpuint (test_read_count (fixture->counts, "tools/call"), ==, 1);
  g_clear_pointer (&reply, hub_test_reply_free);

  /* an unknown tool: a JSON-RPC error */
  reply = hub_test_client_post (fixture->client,
                                "{\"jsonrpc\":\"2.0\",\"id\":4,\"method\":\"tools/call\",\"params\":{\"name\":\"echo\"}}", NULL);
  g_assert_true (json_object_has_member (hub_test_reply_find_id (reply, 4), "error"));
  g_clear_pointer (&reply, hub_test_reply_free);

  /* prompts */
  reply = hub_test_client_post (fixture->client, "{\"jsonrpc\":\"2.0\",\"id\":5,\"method\":\"prompts/list\"}", NULL);
  items = json_object_get_array_member (hub_test_reply_result (reply, 5), "prompts");
  g_assert_cmpuint (json_array_get_length (items), ==, 4);
  g_assert_cmpstr (json_object_get_string_member (json_array_get_object_element (items, 0), "name"), ==,
                   "alpha__greeting");
  g_clear_pointer (&reply, hub_test_reply_free);

  reply = hub_test_client_post (fixture->client,
                                "{\"jsonrpc\":\"2.0\",\"id\":6,\"method\":\"prompts/get\",\"params\":"
                                "{\"name\":\"beta__greeting\",\"arguments\":{\"name\":\"Ada\"}}}", NULL);
  result = hub_test_reply_result (reply, 6);
  {
    g_autofree char *messages = json_to_string (json_object_get_member (result, "messages"), FALSE);

    g_assert_nonnull (strstr (messages, "Say hello to Ada."));
  }
  g_clear_pointer (&reply, hub_test_reply_free);

  /* resources: a URI both offer is listed once (the first server's) */
  reply = hub_test_client_post (fixture->client, "{\"jsonrpc\":\"2.0\",\"id\":8,\"method\":\"resources/list\"}", NULL);
  items = json_object_get_array_member (hub_test_reply_result (reply, 8), "resources");
  g_assert_cmpuint (json_array_get_length (items), ==, 2);
  g_assert_cmpstr (json_object_get_string_member (json_array_get_object_element (items, 0), "uri"), ==,
                   "fake://static/readme");
  g_clear_pointer (&reply, hub_test_reply_free);

  reply = hub_test_client_post (fixture->client, "{\"jsonrpc\":\"2.0\",\"id\":9,\"method\":\"resources/templates/list\"}", NULL);
  items = json_object_get_array_member (hub_test_reply_result (reply, 9), "resourceTemplates");
  g_assert_cmpuint (json_array_get_length (items), ==, 1);
  g_clear_pointer (&reply, hub_test_reply_free);

  /* a URI no list names goes to the server whose template matches */
  reply = hub_test_client_post (fixture->client,
                                "{\"jsonrpc\":\"2.0\",\"id\":10,\"method\":\"resources/read\",\"params\":"
                                "{\"uri\":\"fake://dynamic/42\"}}", NULL);
  result = hub_test_reply_result (reply, 10);
  g_assert_cmpstr (json_object_get_string_member (json_array_get_object_element (json_object_get_array_member (result, "contents"), 0), "text"),
                   ==, "dynamic resource 42");
  g_clear_pointer (&reply, hub_test_reply_free);

  /* the activity: every request, its server and tool, no arguments */
  {
    GListModel *activity = tether_hub_get_activity (fixture->hub);
    gboolean found = FALSE;

    for (guint i = 0; i < g_list_model_get_n_items (activity); i++)
      {
        g_autoptr(TetherHubRecord) record = g_list_model_get_item (activity, i);
        g_autoptr(JsonNode) node = tether_hub_record_to_json (record);
        g_autofree char *json = json_to_string (node, FALSE);

        g_assert_null (strstr (json, "through the hub"));
        g_assert_null (strstr (json, "Ada"));
        if (g_strcmp0 (tether_hub_record_get_item (record), "echo") == 0 &&
            g_strcmp0 (tether_hub_record_get_server (record), "alpha") == 0)
          {
            found = TRUE;
            g_assert_cmpstr (tether_hub_record_get_client (record), ==, "hub-test");
            g_assert_cmpstr (tether_hub_record_get_outcome (record), ==, "ok");
            g_assert_cmpint (tether_hub_record_get_duration (record), >=, 0);
          }
      }
    g_assert_true (found);
  }
}

static void
test_list_changed (Fixture       *fixture,
                   gconstpointer  data)
{
  g_autofree char *contents = two_servers (fixture, NULL);
  g_autoptr(HubTestClient) other = NULL;
  g_autoptr(HubTestReply) stream = NULL;
  g_autoptr(HubTestReply) other_stream = NULL;
  g_autoptr(HubTestReply) reply = NULL;
  g_autoptr(GError) error = NULL;
  guint seen = 0, other_seen = 0;
  TetherServer *alpha;
  JsonObject *result;

  hub_fixture_start (fixture, contents);
  alpha = hub_fixture_server_named (fixture, "alpha");
  hub_test_client_initialize (fixture->client, NULL);
  stream = hub_test_client_open_stream (fixture->client);
  other = hub_test_client_new (tether_hub_get_url (fixture->hub), tether_hub_get_token (fixture->hub));
  hub_test_client_initialize (other, NULL);
  other_stream = hub_test_client_open_stream (other);

  /* disabling a server: every session hears of it, and its tools go */
  g_assert_true (tether_config_store_set_enabled (fixture->store, "beta", FALSE, &error));
  g_assert_no_error (error);
  hub_test_reply_wait_message (stream, "notifications/tools/list_changed", &seen);
  hub_test_reply_wait_message (other_stream, "notifications/tools/list_changed", &other_seen);
  result = list_tools (fixture, &reply);
  g_assert_false (hub_fixture_has_tool (result, "beta__echo"));
  g_assert_true (hub_fixture_has_tool (result, "alpha__echo"));
  g_clear_pointer (&reply, hub_test_reply_free);

  /* enabling it again: they hear again, and its tools are back once it
   * is connected (never listed before: the hub lists only what it can
   * call) */
  g_assert_true (tether_config_store_set_enabled (fixture->store, "beta", TRUE, &error));
  test_wait_until (hub_fixture_all_connected, fixture->manager, "beta connects again");
  hub_test_reply_wait_message (stream, "notifications/tools/list_changed", &seen);
  hub_test_reply_wait_message (other_stream, "notifications/tools/list_changed", &other_seen);
  result = list_tools (fixture, &reply);
  g_assert_true (hub_fixture_has_tool (result, "beta__echo"));
  g_clear_pointer (&reply, hub_test_reply_free);

  /* a crash: the tools go at once, come back when it reconnects */
  reply = hub_test_client_post (fixture->client,
                                "{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"tools/call\",\"params\":{\"name\":\"alpha__crash\"}}", NULL);
  g_assert_true (json_object_get_boolean_member_with_default (hub_test_reply_result (reply, 3), "isError", FALSE));
  g_clear_pointer (&reply, hub_test_reply_free);
  hub_test_reply_wait_message (stream, "notifications/tools/list_changed", &seen);
  hub_test_reply_wait_message (other_stream, "notifications/tools/list_changed", &other_seen);
  if (tether_server_get_state (alpha) != TETHER_SERVER_STATE_CONNECTED)
    {
      result = list_tools (fixture, &reply);
      g_assert_false (hub_fixture_has_tool (result, "alpha__echo"));
      g_clear_pointer (&reply, hub_test_reply_free);
    }
  test_wait_until (hub_fixture_all_connected, fixture->manager, "alpha reconnects");
  hub_test_reply_wait_message (stream, "notifications/tools/list_changed", &seen);
  result = list_tools (fixture, &reply);
  g_assert_true (hub_fixture_has_tool (result, "alpha__echo"));

  /* the crashing call was never sent again */
  g_assert_cmpuint (test_read_count (fixture->counts, "tools/call"), ==, 1);
  g_assert_cmpuint (test_read_count (fixture->counts, "initialize"), ==, 2);
}

static void
test_reconnecting_fails_fast (Fixture       *fixture,
                              gconstpointer  data)
{
  g_autofree char *contents = two_servers (fixture, NULL);
  g_autoptr(HubTestReply) reply = NULL;
  g_autofree char *text = NULL;
  TetherServer *alpha;
  JsonObject *result;

  hub_fixture_start (fixture, contents);
  alpha = hub_fixture_server_named (fixture, "alpha");
  hub_test_client_initialize (fixture->client, NULL);

  reply = hub_test_client_post (fixture->client,
                                "{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"tools/call\",\"params\":{\"name\":\"alpha__crash\"}}", NULL);
  g_clear_pointer (&reply, hub_test_reply_free);
  g_assert_cmpint (tether_server_get_state (alpha), !=, TETHER_SERVER_STATE_CONNECTED);

  /* alpha waits 1.5 s before it reconnects: a call meanwhile does not wait */
  reply = hub_test_client_post (fixture->client,
                                "{\"jsonrpc\":\"2.0\",\"id\":4,\"method\":\"tools/call\",\"params\":"
                                "{\"name\":\"alpha__echo\",\"arguments\":{\"message\":\"x\"}}}", NULL);
  g_assert_cmpint (tether_server_get_state (alpha), !=, TETHER_SERVER_STATE_CONNECTED);
  result = hub_test_reply_result (reply, 4);
  g_assert_true (json_object_get_boolean_member_with_default (result, "isError", FALSE));
  text = hub_test_result_text (result);
  g_test_message ("%s", text);
  g_assert_nonnull (strstr (text, "“alpha”"));
  g_assert_true (strstr (text, "waiting") != NULL || strstr (text, "connecting") != NULL);
  /* it never reached a server */
  g_assert_cmpuint (test_read_count (fixture->counts, "tools/call"), ==, 1);
}

static void
test_progress_and_cancel (Fixture       *fixture,
                          gconstpointer  data)
{
  g_autofree char *contents = two_servers (fixture, NULL);
  g_autoptr(HubTestReply) reply = NULL;
  g_autoptr(HubTestReply) slow = NULL;
  g_autoptr(HubTestReply) cancel = NULL;
  JsonObject *progress;
  guint seen = 0;
  guint n_progress = 0;

  hub_fixture_start (fixture, contents);
  hub_test_client_initialize (fixture->client, NULL);

  /* progress comes back under the client's own token */
  reply = hub_test_client_post (fixture->client,
                                "{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"tools/call\",\"params\":"
                                "{\"name\":\"alpha__slow\",\"arguments\":{\"ms\":200,\"steps\":4},"
                                "\"_meta\":{\"progressToken\":\"client-token-A\"}}}", NULL);
  for (guint i = 0; i < reply->messages->len; i++)
    {
      JsonObject *message = g_ptr_array_index (reply->messages, i);

      if (g_strcmp0 (json_object_get_string_member_with_default (message, "method", ""), "notifications/progress") == 0)
        {
          JsonObject *params = json_object_get_object_member (message, "params");

          g_assert_cmpstr (json_object_get_string_member (params, "progressToken"), ==, "client-token-A");
          n_progress++;
          g_assert_cmpint (json_object_get_int_member (params, "progress"), ==, n_progress);
          g_assert_cmpint (json_object_get_int_member (params, "total"), ==, 4);
        }
    }
  g_assert_cmpuint (n_progress, ==, 4);
  hub_test_reply_result (reply, 3);
  g_clear_pointer (&reply, hub_test_reply_free);

  /* the client cancels: the server is told, the client gets no answer */
  slow = hub_test_client_post_async (fixture->client,
                                     "{\"jsonrpc\":\"2.0\",\"id\":\"call-B\",\"method\":\"tools/call\",\"params\":"
                                     "{\"name\":\"alpha__slow\",\"arguments\":{\"ms\":100000,\"steps\":1000},"
                                     "\"_meta\":{\"progressToken\":7}}}", NULL);
  progress = hub_test_reply_wait_message (slow, "notifications/progress", &seen);
  g_assert_cmpint (json_object_get_int_member (json_object_get_object_member (progress, "params"), "progressToken"), ==, 7);
  g_assert_cmpuint (test_read_count (fixture->counts, "notifications/cancelled"), ==, 0);

  cancel = hub_test_client_post (fixture->client,
                                 "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/cancelled\",\"params\":"
                                 "{\"requestId\":\"call-B\",\"reason\":\"the user changed their mind\"}}", NULL);
  g_assert_cmpuint (cancel->status, ==, 202);
  hub_test_reply_wait (slow);
  for (guint i = 0; i < slow->messages->len; i++)
    g_assert_false (json_object_has_member (g_ptr_array_index (slow->messages, i), "result"));
  {
    g_autofree char *counts = fixture->counts;

    while (test_read_count (counts, "notifications/cancelled") == 0)
      g_main_context_iteration (NULL, TRUE);
    fixture->counts = g_steal_pointer (&counts);
  }
  g_assert_cmpuint (test_read_count (fixture->counts, "notifications/cancelled"), ==, 1);

  /* the server is fine afterwards */
  reply = hub_test_client_post (fixture->client,
                                "{\"jsonrpc\":\"2.0\",\"id\":5,\"method\":\"tools/call\",\"params\":"
                                "{\"name\":\"alpha__echo\",\"arguments\":{\"message\":\"still here\"}}}", NULL);
  hub_test_reply_result (reply, 5);
}

/* The fake's "ask" tool asks the client (elicitation/create here) and
 * returns the answer it got as its result. */
static void
test_elicitation (Fixture       *fixture,
                  gconstpointer  data)
{
  g_autofree char *contents = two_servers (fixture, NULL);
  g_autoptr(HubTestClient) plain = NULL;
  g_autoptr(HubTestReply) call = NULL;
  g_autoptr(HubTestReply) answer = NULL;
  g_autoptr(HubTestReply) reply = NULL;
  g_autoptr(HubTestReply) stream = NULL;
  g_autofree char *text = NULL;
  g_autofree char *answer_json = NULL;
  JsonObject *question;
  guint seen = 0;

  hub_fixture_start (fixture, contents);
  hub_test_client_initialize (fixture->client, "{\"elicitation\":{}}");
  stream = hub_test_client_open_stream (fixture->client);

  /* the calling session that can elicit is asked, on the call's stream */
  call = hub_test_client_post_async (fixture->client,
                                     "{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"tools/call\",\"params\":"
                                     "{\"name\":\"alpha__ask\",\"arguments\":{\"method\":\"elicitation/create\"}}}", NULL);
  question = hub_test_reply_wait_message (call, "elicitation/create", &seen);
  g_assert_true (g_str_has_prefix (json_object_get_string_member (question, "id"), "tether-"));

  answer_json = g_strdup_printf ("{\"jsonrpc\":\"2.0\",\"id\":\"%s\",\"result\":{\"action\":\"accept\","
                                 "\"content\":{\"name\":\"octocat\"}}}",
                                 json_object_get_string_member (question, "id"));
  answer = hub_test_client_post (fixture->client, answer_json, NULL);
  g_assert_cmpuint (answer->status, ==, 202);
  hub_test_reply_wait (call);
  text = hub_test_result_text (hub_test_reply_result (call, 3));
  g_assert_nonnull (strstr (text, "\"action\":\"accept\""));
  g_assert_nonnull (strstr (text, "octocat"));
  g_clear_pointer (&text, g_free);

  /* two calls in flight on alpha: a question that says nothing is
   * ambiguous and declined; one whose _meta names its call is forwarded */
  {
    g_autoptr(HubTestReply) busy = NULL;
    g_autoptr(HubTestReply) ambiguous = NULL;
    g_autoptr(HubTestReply) named = NULL;
    g_autoptr(HubTestReply) named_answer = NULL;
    g_autofree char *named_json = NULL;
    g_autofree char *ambiguous_text = NULL;
    g_autofree char *named_text = NULL;
    guint busy_seen = 0, named_seen = 0;

    busy = hub_test_client_post_async (fixture->client,
                                       "{\"jsonrpc\":\"2.0\",\"id\":20,\"method\":\"tools/call\",\"params\":"
                                       "{\"name\":\"alpha__slow\",\"arguments\":{\"ms\":100000,\"steps\":1000},"
                                       "\"_meta\":{\"progressToken\":20}}}", NULL);
    hub_test_reply_wait_message (busy, "notifications/progress", &busy_seen);

    ambiguous = hub_test_client_post (fixture->client,
                                      "{\"jsonrpc\":\"2.0\",\"id\":21,\"method\":\"tools/call\",\"params\":"
                                      "{\"name\":\"alpha__ask\",\"arguments\":{\"method\":\"elicitation/create\"}}}", NULL);
    ambiguous_text = hub_test_result_text (hub_test_reply_result (ambiguous, 21));
    g_assert_nonnull (strstr (ambiguous_text, "\"action\":\"decline\""));

    named = hub_test_client_post_async (fixture->client,
                                        "{\"jsonrpc\":\"2.0\",\"id\":22,\"method\":\"tools/call\",\"params\":"
                                        "{\"name\":\"alpha__ask\",\"arguments\":{\"method\":\"elicitation/create\","
                                        "\"related\":true}}}", NULL);
    question = hub_test_reply_wait_message (named, "elicitation/create", &named_seen);
    named_json = g_strdup_printf ("{\"jsonrpc\":\"2.0\",\"id\":\"%s\",\"result\":{\"action\":\"cancel\"}}",
                                  json_object_get_string_member (question, "id"));
    named_answer = hub_test_client_post (fixture->client, named_json, NULL);
    hub_test_reply_wait (named);
    named_text = hub_test_result_text (hub_test_reply_result (named, 22));
    g_assert_nonnull (strstr (named_text, "\"action\":\"cancel\""));

    g_clear_pointer (&reply, hub_test_reply_free);
    reply = hub_test_client_post (fixture->client,
                                  "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/cancelled\",\"params\":{\"requestId\":20}}", NULL);
    hub_test_reply_wait (busy);
    g_clear_pointer (&reply, hub_test_reply_free);
  }

  /* a session that did not declare elicitation: declined for it */
  plain = hub_test_client_new (tether_hub_get_url (fixture->hub), tether_hub_get_token (fixture->hub));
  hub_test_client_initialize (plain, NULL);
  reply = hub_test_client_post (plain,
                                "{\"jsonrpc\":\"2.0\",\"id\":4,\"method\":\"tools/call\",\"params\":"
                                "{\"name\":\"alpha__ask\",\"arguments\":{\"method\":\"elicitation/create\"}}}", NULL);
  text = hub_test_result_text (hub_test_reply_result (reply, 4));
  g_assert_nonnull (strstr (text, "\"action\":\"decline\""));
  for (guint i = 0; i < reply->messages->len; i++)
    g_assert_cmpstr (json_object_get_string_member_with_default (g_ptr_array_index (reply->messages, i), "method", ""), !=,
                     "elicitation/create");
  g_clear_pointer (&reply, hub_test_reply_free);
  g_clear_pointer (&text, g_free);

  /* a question nobody's call caused (sampling, unasked): refused, not hung */
  reply = hub_test_client_post (plain,
                                "{\"jsonrpc\":\"2.0\",\"id\":5,\"method\":\"tools/call\",\"params\":"
                                "{\"name\":\"alpha__ask\",\"arguments\":{\"method\":\"sampling/createMessage\"}}}", NULL);
  text = hub_test_result_text (hub_test_reply_result (reply, 5));
  g_assert_nonnull (strstr (text, "\"error\""));
}

/* A server's log messages reach the clients, named by server; sampling
 * goes to the calling session that declared it. */
static void
test_logs_and_sampling (Fixture       *fixture,
                        gconstpointer  data)
{
  g_autofree char *contents = two_servers (fixture, NULL);
  g_autoptr(HubTestReply) stream = NULL;
  g_autoptr(HubTestReply) call = NULL;
  g_autoptr(HubTestReply) answer = NULL;
  g_autoptr(HubTestReply) reply = NULL;
  g_autofree char *answer_json = NULL;
  g_autofree char *text = NULL;
  JsonObject *message;
  JsonObject *params;
  guint seen = 0, call_seen = 0;

  hub_fixture_start (fixture, contents);
  hub_test_client_initialize (fixture->client, "{\"sampling\":{}}");
  stream = hub_test_client_open_stream (fixture->client);

  reply = hub_test_client_post (fixture->client,
                                "{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"tools/call\",\"params\":"
                                "{\"name\":\"beta__log\",\"arguments\":{\"level\":\"warning\",\"message\":\"disk low\"}}}", NULL);
  hub_test_reply_result (reply, 3);
  message = hub_test_reply_wait_message (stream, "notifications/message", &seen);
  params = json_object_get_object_member (message, "params");
  g_assert_cmpstr (json_object_get_string_member (params, "level"), ==, "warning");
  g_assert_cmpstr (json_object_get_string_member (params, "logger"), ==, "beta/fake");
  g_assert_cmpstr (json_object_get_string_member (params, "data"), ==, "disk low");

  /* sampling: forwarded to the caller, its answer back to the server */
  call = hub_test_client_post_async (fixture->client,
                                     "{\"jsonrpc\":\"2.0\",\"id\":4,\"method\":\"tools/call\",\"params\":"
                                     "{\"name\":\"alpha__ask\",\"arguments\":{\"method\":\"sampling/createMessage\","
                                     "\"params\":{\"messages\":[],\"maxTokens\":5}}}}", NULL);
  message = hub_test_reply_wait_message (call, "sampling/createMessage", &call_seen);
  g_assert_cmpint (json_object_get_int_member (json_object_get_object_member (message, "params"), "maxTokens"), ==, 5);
  answer_json = g_strdup_printf ("{\"jsonrpc\":\"2.0\",\"id\":\"%s\",\"result\":{\"role\":\"assistant\","
                                 "\"model\":\"m\",\"content\":{\"type\":\"text\",\"text\":\"sampled\"}}}",
                                 json_object_get_string_member (message, "id"));
  answer = hub_test_client_post (fixture->client, answer_json, NULL);
  g_assert_cmpuint (answer->status, ==, 202);
  hub_test_reply_wait (call);
  text = hub_test_result_text (hub_test_reply_result (call, 4));
  g_assert_nonnull (strstr (text, "sampled"));
}

static void
test_profiles_and_disabled_tools (Fixture       *fixture,
                                  gconstpointer  data)
{
  g_autofree char *alpha = test_fake_server_entry (NULL, NULL, "\"disabledTools\": [\"crash\", \"hang\"]");
  g_autofree char *beta = test_fake_server_entry (NULL, NULL, NULL);
  g_autofree char *contents = g_strdup_printf ("{\"mcpServers\": {\"alpha\": %s, \"beta\": %s},"
                                               "\"profiles\": {\"coding\": {\"servers\": [\"beta\"],"
                                               "\"tools\": {\"beta\": [\"echo\", \"add\"]}}}}",
                                               alpha, beta);
  g_autoptr(HubTestClient) coding = NULL;
  g_autoptr(HubTestClient) missing = NULL;
  g_autoptr(HubTestReply) reply = NULL;
  g_autofree char *url = NULL;
  g_autofree char *bad_url = NULL;
  JsonObject *result;

  hub_fixture_start (fixture, contents);
  hub_test_client_initialize (fixture->client, NULL);

  result = list_tools (fixture, &reply);
  g_assert_true (hub_fixture_has_tool (result, "alpha__echo"));
  g_assert_false (hub_fixture_has_tool (result, "alpha__crash"));
  g_assert_false (hub_fixture_has_tool (result, "alpha__hang"));
  g_assert_true (hub_fixture_has_tool (result, "beta__crash"));
  g_clear_pointer (&reply, hub_test_reply_free);
  g_assert_cmpuint (tether_hub_count_tools (fixture->hub, NULL), ==, 18);
  g_assert_cmpuint (tether_hub_count_tools (fixture->hub, "coding"), ==, 2);

  /* a disabled tool cannot be called either */
  reply = hub_test_client_post (fixture->client,
                                "{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"tools/call\",\"params\":{\"name\":\"alpha__crash\"}}", NULL);
  g_assert_true (json_object_has_member (hub_test_reply_find_id (reply, 3), "error"));
  g_clear_pointer (&reply, hub_test_reply_free);

  /* the profile's own endpoint */
  url = tether_hub_dup_profile_url (fixture->hub, "coding");
  coding = hub_test_client_new (url, tether_hub_get_token (fixture->hub));
  hub_test_client_initialize (coding, NULL);
  reply = hub_test_client_post (coding, "{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"tools/list\"}", NULL);
  result = hub_test_reply_result (reply, 7);
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (result, "tools")), ==, 2);
  g_assert_true (hub_fixture_has_tool (result, "beta__echo"));
  g_assert_true (hub_fixture_has_tool (result, "beta__add"));
  g_clear_pointer (&reply, hub_test_reply_free);
  reply = hub_test_client_post (coding,
                                "{\"jsonrpc\":\"2.0\",\"id\":8,\"method\":\"tools/call\",\"params\":"
                                "{\"name\":\"alpha__echo\",\"arguments\":{\"message\":\"x\"}}}", NULL);
  g_assert_true (json_object_has_member (hub_test_reply_find_id (reply, 8), "error"));
  g_clear_pointer (&reply, hub_test_reply_free);

  /* a profile that is not there */
  bad_url = tether_hub_dup_profile_url (fixture->hub, "nope");
  missing = hub_test_client_new (bad_url, tether_hub_get_token (fixture->hub));
  reply = hub_test_client_post (missing,
                                "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":\"2025-11-25\",\"capabilities\":{}}}", NULL);
  g_assert_cmpuint (reply->status, ==, 404);
  g_assert_nonnull (strstr (reply->body, "nope"));
}

/* Posts @request, answered with a result that has @member and no
 * `resultType`; returns its text, if it has any. */
static char *
post_without_result_type (Fixture    *fixture,
                          const char *request,
                          gint64      id,
                          const char *member)
{
  g_autoptr(HubTestReply) reply = hub_test_client_post (fixture->client, request, NULL);
  JsonObject *result = hub_test_reply_result (reply, id);

  g_assert_true (json_object_has_member (result, member));
  g_assert_false (json_object_has_member (result, "resultType"));

  return g_str_equal (member, "content") ? hub_test_result_text (result) : NULL;
}

/* A server of the stateless revision behind the hub: its results say
 * `resultType`, which the hub's clients (of the initialize era) are not
 * passed. */
static void
test_stateless_result_type (Fixture       *fixture,
                            gconstpointer  data)
{
  g_autofree char *entry = test_fake_server_entry (fixture->counts, "\"--era\", \"2026\"", NULL);
  g_autofree char *contents = g_strdup_printf ("{\"mcpServers\": {\"alpha\": %s}}", entry);
  g_autofree char *text = NULL;

  hub_fixture_start (fixture, contents);
  g_assert_cmpstr (tether_server_get_protocol_version (hub_fixture_server_named (fixture, "alpha")), ==, "2026-07-28");
  hub_test_client_initialize (fixture->client, NULL);

  text = post_without_result_type (fixture,
                                   "{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"tools/call\",\"params\":"
                                   "{\"name\":\"alpha__echo\",\"arguments\":{\"message\":\"stateless\"}}}",
                                   3, "content");
  g_assert_cmpstr (text, ==, "stateless");
  g_assert_cmpuint (test_read_count (fixture->counts, "tools/call"), ==, 1);

  g_free (post_without_result_type (fixture,
                                    "{\"jsonrpc\":\"2.0\",\"id\":4,\"method\":\"prompts/get\",\"params\":"
                                    "{\"name\":\"alpha__greeting\",\"arguments\":{\"name\":\"Ada\"}}}",
                                    4, "messages"));
  g_free (post_without_result_type (fixture,
                                    "{\"jsonrpc\":\"2.0\",\"id\":5,\"method\":\"resources/read\",\"params\":"
                                    "{\"uri\":\"fake://static/readme\"}}",
                                    5, "contents"));
}

/* A tool that requires a task is offered as a plain tool, and a plain
 * call of it through the hub runs it as a task. */
static void
test_task_tool (Fixture       *fixture,
                gconstpointer  data)
{
  g_autofree char *alpha = test_fake_server_entry (fixture->counts, "\"--use-tasks\"", NULL);
  g_autofree char *contents = g_strdup_printf ("{\"mcpServers\": {\"alpha\": %s}}", alpha);
  g_autoptr(HubTestReply) reply = NULL;
  g_autofree char *text = NULL;
  JsonObject *result;
  JsonArray *items;
  guint seen = 0;

  hub_fixture_start (fixture, contents);
  hub_test_client_initialize (fixture->client, NULL);

  result = list_tools (fixture, &reply);
  items = json_object_get_array_member (result, "tools");
  for (guint i = 0; i < json_array_get_length (items); i++)
    {
      JsonObject *tool = json_array_get_object_element (items, i);

      if (g_str_equal (json_object_get_string_member (tool, "name"), "alpha__research"))
        {
          seen++;
          g_assert_false (json_object_has_member (tool, "execution"));
        }
    }
  g_assert_cmpuint (seen, ==, 1);
  g_clear_pointer (&reply, hub_test_reply_free);

  reply = hub_test_client_post (fixture->client,
                                "{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"tools/call\",\"params\":"
                                "{\"name\":\"alpha__research\",\"arguments\":{\"topic\":\"tides\"}}}", NULL);
  text = hub_test_result_text (hub_test_reply_result (reply, 3));
  g_assert_cmpstr (text, ==, "research done: tides");
  g_assert_cmpuint (test_read_count (fixture->counts, "tasks/get"), >=, 1);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

#define ADD(path, func) \
  g_test_add ("/Tether/Hub/" path, Fixture, NULL, hub_fixture_setup, func, hub_fixture_teardown)

  ADD ("security", test_security);
  ADD ("sessions", test_sessions);
  ADD ("aggregate", test_aggregate);
  ADD ("stateless-result-type", test_stateless_result_type);
  ADD ("list-changed", test_list_changed);
  ADD ("reconnecting-fails-fast", test_reconnecting_fails_fast);
  ADD ("progress-and-cancel", test_progress_and_cancel);
  ADD ("elicitation", test_elicitation);
  ADD ("logs-and-sampling", test_logs_and_sampling);
  ADD ("profiles-and-disabled-tools", test_profiles_and_disabled_tools);
  ADD ("task-tool", test_task_tool);

#undef ADD

  return g_test_run ();
}
