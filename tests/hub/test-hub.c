/* test-hub.c — the hub, in process, with fake servers behind it
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gstdio.h>
#include <sys/stat.h>

#include "hub-test-client.h"
#include "tether-hub.h"
#include "tether-hub-activity.h"
#include "tether-hub-session.h"
#include "test-server-util.h"
#include "test-fake-server.h"
#include "test-util.h"

typedef struct
{
  char                *dir;
  char                *path;
  char                *counts;
  char                *token_path;
  char                *runtime_file;
  TetherConfigStore   *store;
  TetherServerManager *manager;
  TetherHub           *hub;
  HubTestClient       *client;
  TetherServerTimings  timings;
  guint                fds_before;
} Fixture;

static void
fixture_setup (Fixture       *fixture,
               gconstpointer  data)
{
  fixture->fds_before = test_count_fds ();
  fixture->dir = g_dir_make_tmp ("tether-hub-XXXXXX", NULL);
  fixture->path = g_build_filename (fixture->dir, "servers.json", NULL);
  fixture->counts = g_build_filename (fixture->dir, "counts", NULL);
  fixture->token_path = g_build_filename (fixture->dir, "config", "hub-token", NULL);
  fixture->runtime_file = g_build_filename (fixture->dir, "run", "hub.json", NULL);

  tether_server_timings_init_defaults (&fixture->timings);
  fixture->timings.connect_retry_delay_ms = 50;
  fixture->timings.stop_grace_ms = 300;
  fixture->timings.list_changed_delay_ms = 20;
  /* a dead server stays down long enough to be called while reconnecting */
  fixture->timings.reconnect_delay_ms = 1500;
}

static void
fixture_teardown (Fixture       *fixture,
                  gconstpointer  data)
{
  g_clear_pointer (&fixture->client, hub_test_client_free);

  if (fixture->hub != NULL)
    {
      tether_hub_stop (fixture->hub);
      g_assert_false (g_file_test (fixture->runtime_file, G_FILE_TEST_EXISTS));
      test_assert_finalized (g_steal_pointer (&fixture->hub));
    }
  if (fixture->manager != NULL)
    {
      test_server_manager_shutdown (fixture->manager);
      test_assert_finalized (g_steal_pointer (&fixture->manager));
    }
  if (fixture->store != NULL)
    test_assert_finalized (g_steal_pointer (&fixture->store));

  test_assert_no_processes_matching (fixture->dir, 5000);

  /* the config, counts, token and runtime file, and what a test added */
  test_remove_tree (fixture->dir);
  g_clear_pointer (&fixture->dir, g_free);
  g_clear_pointer (&fixture->path, g_free);
  g_clear_pointer (&fixture->counts, g_free);
  g_clear_pointer (&fixture->token_path, g_free);
  g_clear_pointer (&fixture->runtime_file, g_free);
}

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

static gboolean
all_connected (gpointer data)
{
  TetherServerManager *manager = data;

  for (guint i = 0; i < g_list_model_get_n_items (G_LIST_MODEL (manager)); i++)
    {
      g_autoptr(TetherServer) server = g_list_model_get_item (G_LIST_MODEL (manager), i);

      if (tether_server_config_get_enabled (tether_server_get_config (server)) &&
          (tether_server_get_state (server) != TETHER_SERVER_STATE_CONNECTED || tether_server_get_busy (server)))
        return FALSE;
    }

  return TRUE;
}

static void
start (Fixture    *fixture,
       const char *contents)
{
  g_autoptr(GFile) file = g_file_new_for_path (fixture->path);
  g_autoptr(GError) error = NULL;

  g_assert_true (g_file_set_contents (fixture->path, contents, -1, NULL));
  fixture->store = tether_config_store_new (file);
  g_assert_true (tether_config_store_load (fixture->store, &error));
  g_assert_no_error (error);
  fixture->manager = tether_server_manager_new (fixture->store, &fixture->timings);
  fixture->hub = tether_hub_new (fixture->manager);
  tether_hub_set_port (fixture->hub, 0);
  tether_hub_set_token_path (fixture->hub, fixture->token_path);
  tether_hub_set_runtime_file (fixture->hub, fixture->runtime_file);
  g_assert_true (tether_hub_start (fixture->hub, &error));
  g_assert_no_error (error);
  tether_server_manager_start (fixture->manager);
  test_wait_until (all_connected, fixture->manager, "the servers connect");

  fixture->client = hub_test_client_new (tether_hub_get_url (fixture->hub), tether_hub_get_token (fixture->hub));
}

static TetherServer *
server_named (Fixture    *fixture,
              const char *name)
{
  TetherServer *server = tether_server_manager_lookup (fixture->manager, name, NULL);

  g_assert_nonnull (server);

  return server;
}

static gboolean
has_tool (JsonObject *result,
          const char *name)
{
  JsonArray *tools = json_object_get_array_member (result, "tools");

  for (guint i = 0; i < json_array_get_length (tools); i++)
    if (g_str_equal (json_object_get_string_member (json_array_get_object_element (tools, i), "name"), name))
      return TRUE;

  return FALSE;
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

  start (fixture, contents);

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

  start (fixture, contents);
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

  start (fixture, contents);
  hub_test_client_initialize (fixture->client, NULL);

  result = list_tools (fixture, &reply);
  g_assert_true (has_tool (result, "alpha__echo"));
  g_assert_true (has_tool (result, "beta__echo"));
  g_assert_true (has_tool (result, "beta__tool-00002"));
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

  start (fixture, contents);
  alpha = server_named (fixture, "alpha");
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
  g_assert_false (has_tool (result, "beta__echo"));
  g_assert_true (has_tool (result, "alpha__echo"));
  g_clear_pointer (&reply, hub_test_reply_free);

  /* enabling it again: they hear again, and its tools are back once it
   * is connected (never listed before: the hub lists only what it can
   * call) */
  g_assert_true (tether_config_store_set_enabled (fixture->store, "beta", TRUE, &error));
  test_wait_until (all_connected, fixture->manager, "beta connects again");
  hub_test_reply_wait_message (stream, "notifications/tools/list_changed", &seen);
  hub_test_reply_wait_message (other_stream, "notifications/tools/list_changed", &other_seen);
  result = list_tools (fixture, &reply);
  g_assert_true (has_tool (result, "beta__echo"));
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
      g_assert_false (has_tool (result, "alpha__echo"));
      g_clear_pointer (&reply, hub_test_reply_free);
    }
  test_wait_until (all_connected, fixture->manager, "alpha reconnects");
  hub_test_reply_wait_message (stream, "notifications/tools/list_changed", &seen);
  result = list_tools (fixture, &reply);
  g_assert_true (has_tool (result, "alpha__echo"));

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

  start (fixture, contents);
  alpha = server_named (fixture, "alpha");
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

  start (fixture, contents);
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

  start (fixture, contents);
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

  start (fixture, contents);
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

  start (fixture, contents);
  hub_test_client_initialize (fixture->client, NULL);

  result = list_tools (fixture, &reply);
  g_assert_true (has_tool (result, "alpha__echo"));
  g_assert_false (has_tool (result, "alpha__crash"));
  g_assert_false (has_tool (result, "alpha__hang"));
  g_assert_true (has_tool (result, "beta__crash"));
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
  g_assert_true (has_tool (result, "beta__echo"));
  g_assert_true (has_tool (result, "beta__add"));
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

  start (fixture, contents);
  g_assert_cmpstr (tether_server_get_protocol_version (server_named (fixture, "alpha")), ==, "2026-07-28");
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

/* ---------------------------------------------------------------------- */
/* Clients of the stateless revision (2026-07-28), on the same endpoint    */

#define ERA_META \
  "\"_meta\":{\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\"," \
  "\"io.modelcontextprotocol/clientInfo\":{\"name\":\"era-test\",\"version\":\"2\"}," \
  "\"io.modelcontextprotocol/clientCapabilities\":{}}"

/* A request of the stateless revision: @params_json is the rest of its
 * params (or ""), @headers any headers on top of the three it needs
 * (a NULL value removes one). */
static HubTestReply *
era_post_to (HubTestClient      *client,
             gint64              id,
             const char         *method,
             const char         *name,
             const char         *params_json,
             const char * const *headers)
{
  g_autofree char *body = g_strdup_printf ("{\"jsonrpc\":\"2.0\",\"id\":%" G_GINT64_FORMAT ",\"method\":\"%s\","
                                           "\"params\":{%s%s" ERA_META "}}",
                                           id, method, params_json, params_json[0] != '\0' ? "," : "");
  g_autoptr(GPtrArray) all = g_ptr_array_new ();

  g_ptr_array_add (all, (gpointer)"MCP-Protocol-Version");
  g_ptr_array_add (all, (gpointer)"2026-07-28");
  g_ptr_array_add (all, (gpointer)"Mcp-Method");
  g_ptr_array_add (all, (gpointer)method);
  if (name != NULL)
    {
      g_ptr_array_add (all, (gpointer)"Mcp-Name");
      g_ptr_array_add (all, (gpointer)name);
    }
  for (guint i = 0; headers != NULL && headers[i] != NULL; i += 2)
    {
      g_ptr_array_add (all, (gpointer)headers[i]);
      g_ptr_array_add (all, (gpointer)headers[i + 1]);
    }
  g_ptr_array_add (all, NULL);

  return hub_test_client_post (client, body, (const char * const *)all->pdata);
}

static HubTestReply *
era_post (Fixture            *fixture,
          gint64              id,
          const char         *method,
          const char         *name,
          const char         *params_json,
          const char * const *headers)
{
  return era_post_to (fixture->client, id, method, name, params_json, headers);
}

/* The JSON-RPC error code of a refused request, checking it names @id. */
static gint64
error_code (HubTestReply *reply,
            gint64        id,
            JsonObject  **data)
{
  g_autoptr(JsonParser) parser = json_parser_new ();
  JsonObject *message;
  JsonObject *error;

  g_assert_nonnull (reply->body);
  g_assert_true (json_parser_load_from_data (parser, reply->body, -1, NULL));
  message = json_node_get_object (json_parser_get_root (parser));
  g_assert_cmpint (json_object_get_int_member (message, "id"), ==, id);
  error = json_object_get_object_member (message, "error");
  g_assert_nonnull (error);
  if (data != NULL)
    *data = json_object_has_member (error, "data") ? json_node_dup_object (json_object_get_member (error, "data")) : NULL;

  return json_object_get_int_member (error, "code");
}

static void
assert_stateless_result (JsonObject *result,
                         gboolean    cacheable)
{
  JsonObject *meta = json_object_get_object_member (result, "_meta");

  g_assert_cmpstr (json_object_get_string_member (result, "resultType"), ==, "complete");
  g_assert_nonnull (meta);
  g_assert_cmpstr (json_object_get_string_member (json_object_get_object_member (meta, "io.modelcontextprotocol/serverInfo"),
                                                  "name"), ==, "tether");
  g_assert_cmpint (json_object_has_member (result, "ttlMs"), ==, cacheable);
  g_assert_cmpint (json_object_has_member (result, "cacheScope"), ==, cacheable);
}

/* A stateless call of @tool (an echo) answers @message. */
static void
era_echo (Fixture    *fixture,
          gint64      id,
          const char *tool,
          const char *message)
{
  g_autofree char *params = g_strdup_printf ("\"name\":\"%s\",\"arguments\":{\"message\":\"%s\"}", tool, message);
  g_autoptr(HubTestReply) reply = era_post (fixture, id, "tools/call", tool, params, NULL);
  JsonObject *result = hub_test_reply_result (reply, id);
  g_autofree char *text = NULL;

  assert_stateless_result (result, FALSE);
  text = hub_test_result_text (result);
  g_assert_cmpstr (text, ==, message);
}

/* Two servers, one of each era, and clients of both eras on one endpoint:
 * each request goes to each server in that server's own era. */
static char *
two_eras (Fixture *fixture)
{
  g_autofree char *gamma_counts = g_build_filename (fixture->dir, "gamma-counts", NULL);
  g_autofree char *alpha = test_fake_server_entry (fixture->counts, NULL, NULL);
  g_autofree char *gamma = test_fake_server_entry (gamma_counts, "\"--era\", \"2026\"", NULL);

  return g_strdup_printf ("{\"mcpServers\": {\"alpha\": %s, \"gamma\": %s}}", alpha, gamma);
}

static void
test_era_requests (Fixture       *fixture,
                   gconstpointer  data)
{
  g_autofree char *contents = two_eras (fixture);
  g_autoptr(HubTestReply) reply = NULL;
  JsonObject *result;
  JsonArray *versions;

  start (fixture, contents);
  g_assert_cmpstr (tether_server_get_protocol_version (server_named (fixture, "gamma")), ==, "2026-07-28");

  /* discover: no session minted, both eras offered */
  reply = era_post (fixture, 1, "server/discover", NULL, "", NULL);
  g_assert_cmpuint (reply->status, ==, 200);
  g_assert_null (soup_message_headers_get_one (reply->headers, "Mcp-Session-Id"));
  result = hub_test_reply_result (reply, 1);
  assert_stateless_result (result, TRUE);
  versions = json_object_get_array_member (result, "supportedVersions");
  g_assert_cmpstr (json_array_get_string_element (versions, 0), ==, "2026-07-28");
  g_assert_cmpstr (json_array_get_string_element (versions, 1), ==, "2025-11-25");
  g_assert_true (json_object_has_member (json_object_get_object_member (result, "capabilities"), "tools"));
  g_clear_pointer (&reply, hub_test_reply_free);

  /* lists and calls, to a server of each era */
  reply = era_post (fixture, 2, "tools/list", NULL, "", NULL);
  result = hub_test_reply_result (reply, 2);
  assert_stateless_result (result, TRUE);
  g_assert_true (has_tool (result, "alpha__echo"));
  g_assert_true (has_tool (result, "gamma__echo"));
  g_clear_pointer (&reply, hub_test_reply_free);

  era_echo (fixture, 3, "alpha__echo", "to 2025");
  era_echo (fixture, 4, "gamma__echo", "to 2026");

  reply = era_post (fixture, 5, "prompts/get", "gamma__greeting",
                    "\"name\":\"gamma__greeting\",\"arguments\":{\"name\":\"Ada\"}", NULL);
  assert_stateless_result (hub_test_reply_result (reply, 5), FALSE);
  g_clear_pointer (&reply, hub_test_reply_free);

  reply = era_post (fixture, 6, "resources/read", "fake://static/readme",
                    "\"uri\":\"fake://static/readme\"", NULL);
  assert_stateless_result (hub_test_reply_result (reply, 6), TRUE);
  g_clear_pointer (&reply, hub_test_reply_free);

  /* a name in the base64 form is compared decoded */
  {
    const char * const encoded[] = { "Mcp-Name", "=?base64?YWxwaGFfX2VjaG8=?=", NULL };

    reply = era_post (fixture, 7, "tools/call", NULL,
                      "\"name\":\"alpha__echo\",\"arguments\":{\"message\":\"b64\"}", encoded);
    g_assert_cmpuint (reply->status, ==, 200);
    hub_test_reply_result (reply, 7);
    g_clear_pointer (&reply, hub_test_reply_free);
  }

  /* each call reached its server once, in its own era */
  g_assert_cmpuint (test_read_count (fixture->counts, "tools/call"), ==, 2);

  /* none of this made a session: the client is listed as seen */
  g_assert_cmpuint (g_list_model_get_n_items (tether_hub_get_sessions (fixture->hub)), ==, 1);

  /* a client of the initialize era on the same endpoint, as before */
  hub_test_client_initialize (fixture->client, NULL);
  reply = hub_test_client_post (fixture->client,
                                "{\"jsonrpc\":\"2.0\",\"id\":8,\"method\":\"tools/call\",\"params\":"
                                "{\"name\":\"gamma__echo\",\"arguments\":{\"message\":\"old\"}}}", NULL);
  result = hub_test_reply_result (reply, 8);
  g_assert_false (json_object_has_member (result, "resultType"));
  g_assert_false (json_object_has_member (result, "_meta") &&
                  json_object_has_member (json_object_get_object_member (result, "_meta"),
                                          "io.modelcontextprotocol/serverInfo"));
  g_assert_cmpuint (g_list_model_get_n_items (tether_hub_get_sessions (fixture->hub)), ==, 2);
}

/* The cache hints of the answer to a stateless @method through @client. */
static void
assert_list_hints (HubTestClient *client,
                   const char    *method,
                   gint64         ttl_ms,
                   const char    *scope)
{
  g_autoptr(HubTestReply) reply = era_post_to (client, 1, method, NULL, "", NULL);
  JsonObject *result = hub_test_reply_result (reply, 1);

  assert_stateless_result (result, TRUE);
  g_assert_cmpint (json_object_get_int_member (result, "ttlMs"), ==, ttl_ms);
  g_assert_cmpstr (json_object_get_string_member (result, "cacheScope"), ==, scope);
}

/* A list to a stateless client carries the hints of the servers in it:
 * the shortest ttlMs, public only if all of them said public; a server of
 * the initialize era says nothing, which is 0. */
static void
test_era_cache_hints (Fixture       *fixture,
                      gconstpointer  data)
{
  g_autofree char *alpha = test_fake_server_entry (NULL, NULL, NULL);
  g_autofree char *gamma = test_fake_server_entry (NULL, "\"--era\", \"2026\", \"--list-ttl\", \"60000\", "
                                                   "\"--cache-scope\", \"public\"", NULL);
  g_autofree char *delta = test_fake_server_entry (NULL, "\"--era\", \"2026\", \"--list-ttl\", \"30000\", "
                                                   "\"--cache-scope\", \"public\"", NULL);
  g_autofree char *epsilon = test_fake_server_entry (NULL, "\"--era\", \"2026\", \"--list-ttl\", \"90000\", "
                                                     "\"--cache-scope\", \"private\"", NULL);
  g_autofree char *contents = g_strdup_printf ("{\"mcpServers\": {\"alpha\": %s, \"gamma\": %s, \"delta\": %s, "
                                               "\"epsilon\": %s}, \"profiles\": {"
                                               "\"shared\": {\"servers\": [\"gamma\", \"delta\"]},"
                                               "\"mixed\": {\"servers\": [\"gamma\", \"epsilon\"]}}}",
                                               alpha, gamma, delta, epsilon);
  g_autofree char *shared_url = NULL;
  g_autofree char *mixed_url = NULL;
  g_autoptr(HubTestClient) shared = NULL;
  g_autoptr(HubTestClient) mixed = NULL;
  g_autoptr(HubTestReply) reply = NULL;
  JsonObject *result;

  start (fixture, contents);
  shared_url = tether_hub_dup_profile_url (fixture->hub, "shared");
  shared = hub_test_client_new (shared_url, tether_hub_get_token (fixture->hub));
  mixed_url = tether_hub_dup_profile_url (fixture->hub, "mixed");
  mixed = hub_test_client_new (mixed_url, tether_hub_get_token (fixture->hub));

  /* two servers that said public: the shorter time, public */
  assert_list_hints (shared, "tools/list", 30000, "public");
  assert_list_hints (shared, "prompts/list", 30000, "public");
  /* one said private: private, the shorter time still */
  assert_list_hints (mixed, "tools/list", 60000, "private");
  /* a server of the initialize era said nothing: 0, private */
  assert_list_hints (fixture->client, "tools/list", 0, "private");

  /* a client of the initialize era gets no hints */
  hub_test_client_initialize (shared, NULL);
  reply = hub_test_client_post (shared, "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/list\"}", NULL);
  result = hub_test_reply_result (reply, 2);
  g_assert_true (has_tool (result, "gamma__echo"));
  g_assert_false (json_object_has_member (result, "ttlMs"));
  g_assert_false (json_object_has_member (result, "cacheScope"));
}

/* Calls the log tool @tool (on its stream) with `_meta` logLevel
 * @log_level (or none), asking it to log at @level; returns how many
 * notifications/message came on the call's stream before its answer. */
static guint
era_log_call (Fixture    *fixture,
              gint64      id,
              const char *tool,
              const char *log_level,
              const char *level)
{
  g_autofree char *level_meta = log_level != NULL ? g_strdup_printf ("\"io.modelcontextprotocol/logLevel\":\"%s\",", log_level)
                                                  : g_strdup ("");
  g_autofree char *body = g_strdup_printf ("{\"jsonrpc\":\"2.0\",\"id\":%" G_GINT64_FORMAT ",\"method\":\"tools/call\","
                                           "\"params\":{\"name\":\"%s\",\"arguments\":{\"level\":\"%s\","
                                           "\"message\":\"disk low\"},\"_meta\":{%s"
                                           "\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\","
                                           "\"io.modelcontextprotocol/clientCapabilities\":{}}}}",
                                           id, tool, level, level_meta);
  const char * const headers[] = { "MCP-Protocol-Version", "2026-07-28", "Mcp-Method", "tools/call",
                                   "Mcp-Name", tool, NULL };
  g_autoptr(HubTestReply) reply = hub_test_client_post (fixture->client, body, headers);
  guint n = 0;

  hub_test_reply_result (reply, id);
  for (guint i = 0; i < reply->messages->len; i++)
    {
      JsonObject *message = g_ptr_array_index (reply->messages, i);

      if (g_strcmp0 (json_object_get_string_member_with_default (message, "method", NULL), "notifications/message") == 0)
        {
          JsonObject *params = json_object_get_object_member (message, "params");

          g_assert_cmpstr (json_object_get_string_member (params, "level"), ==, level);
          g_assert_cmpstr (json_object_get_string_member (params, "data"), ==, "disk low");
          n++;
        }
    }

  return n;
}

/* A stateless tools/call hears its server's logs, at or above the level
 * its `_meta` names, on its own stream; without a level, none. Servers of
 * both eras. */
static void
test_era_log_level (Fixture       *fixture,
                    gconstpointer  data)
{
  g_autofree char *contents = two_eras (fixture);

  start (fixture, contents);

  g_assert_cmpuint (era_log_call (fixture, 1, "gamma__log", "warning", "error"), ==, 1);
  g_assert_cmpuint (era_log_call (fixture, 2, "alpha__log", "warning", "warning"), ==, 1);
  g_assert_cmpuint (era_log_call (fixture, 3, "gamma__log", "warning", "info"), ==, 0);
  g_assert_cmpuint (era_log_call (fixture, 4, "alpha__log", NULL, "error"), ==, 0);
  g_assert_cmpuint (era_log_call (fixture, 5, "gamma__log", NULL, "emergency"), ==, 0);
  /* an unknown level is none */
  g_assert_cmpuint (era_log_call (fixture, 6, "gamma__log", "loud", "emergency"), ==, 0);
}

/* The listed sessions that are clients of the stateless revision. */
static guint
count_stateless (GListModel *sessions)
{
  guint n = 0;

  for (guint i = 0; i < g_list_model_get_n_items (sessions); i++)
    {
      g_autoptr(TetherHubSession) item = g_list_model_get_item (sessions, i);

      n += tether_hub_session_is_stateless (item);
    }

  return n;
}

/* @reply answers @id with a result; then it is freed. */
static void
answered (HubTestReply *reply,
          gint64        id)
{
  hub_test_reply_result (reply, id);
  hub_test_reply_free (reply);
}

static gboolean
no_stateless (gpointer data)
{
  return count_stateless (data) == 0;
}

/* A stateless client has no session, yet the list shows it, by what its
 * `_meta` says, once however many requests it sends, until it has been
 * idle a while; sessions stay. */
static void
test_era_clients (Fixture       *fixture,
                  gconstpointer  data)
{
  g_autofree char *contents = two_eras (fixture);
  GListModel *sessions;
  const char * const other[] = { "MCP-Protocol-Version", "2026-07-28", "Mcp-Method", "tools/list", NULL };
  gint64 before = g_get_real_time ();

  start (fixture, contents);
  sessions = tether_hub_get_sessions (fixture->hub);
  answered (era_post (fixture, 1, "server/discover", NULL, "", NULL), 1);
  answered (era_post (fixture, 2, "tools/list", NULL, "", NULL), 2);
  g_assert_cmpuint (g_list_model_get_n_items (sessions), ==, 1);
  {
    g_autoptr(TetherHubSession) item = g_list_model_get_item (sessions, 0);

    g_assert_true (tether_hub_session_is_stateless (item));
    g_assert_cmpstr (tether_hub_session_get_client_name (item), ==, "era-test");
    g_assert_cmpstr (tether_hub_session_get_client_version (item), ==, "2");
    g_assert_cmpstr (tether_hub_session_get_protocol_version (item), ==, "2026-07-28");
    g_assert_cmpint (tether_hub_session_get_last_seen (item), >=, before);
    g_assert_cmpint (tether_hub_session_get_last_seen (item), <=, g_get_real_time ());
  }

  /* another client: another entry */
  answered (hub_test_client_post (fixture->client,
                                  "{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"tools/list\",\"params\":{\"_meta\":"
                                  "{\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\","
                                  "\"io.modelcontextprotocol/clientInfo\":{\"name\":\"other\",\"version\":\"7\"},"
                                  "\"io.modelcontextprotocol/clientCapabilities\":{}}}}", other), 3);
  /* and a client of the initialize era */
  hub_test_client_initialize (fixture->client, NULL);
  g_assert_cmpuint (g_list_model_get_n_items (sessions), ==, 3);
  g_assert_cmpuint (count_stateless (sessions), ==, 2);

  /* idle: the stateless clients leave the list, the session stays */
  tether_hub_set_recent_idle (fixture->hub, 1);
  test_wait_until (no_stateless, sessions, "the stateless clients to age out");
  g_assert_cmpuint (g_list_model_get_n_items (sessions), ==, 1);
}

/* What the revision requires of a request, and its answers when not met. */
static void
test_era_refusals (Fixture       *fixture,
                   gconstpointer  data)
{
  g_autofree char *contents = two_eras (fixture);
  g_autoptr(HubTestReply) reply = NULL;
  g_autoptr(JsonObject) error_data = NULL;
  const char * const no_version[] = { "MCP-Protocol-Version", NULL, NULL };
  const char * const other_version[] = { "MCP-Protocol-Version", "2025-11-25", NULL };
  const char * const wrong_method[] = { "Mcp-Method", "tools/list", NULL };
  const char * const no_method[] = { "Mcp-Method", NULL, NULL };
  const char * const wrong_name[] = { "Mcp-Name", "alpha__other", NULL };
  const char * const bad_base64[] = { "Mcp-Name", "=?base64?***?=", NULL };
  const char * const session[] = { "Mcp-Session-Id", "00112233445566778899aabbccddeeff", NULL };
  const char *call_params = "\"name\":\"alpha__echo\",\"arguments\":{\"message\":\"x\"}";
  struct { const char * const *headers; const char *name; } mismatches[] = {
    { no_version, "alpha__echo" },
    { other_version, "alpha__echo" },
    { wrong_method, "alpha__echo" },
    { no_method, "alpha__echo" },
    { wrong_name, NULL },
    { bad_base64, NULL },
    { NULL, NULL },             /* no Mcp-Name at all */
  };
  const char *removed[] = { "ping", "logging/setLevel", "resources/subscribe", "initialize", "no/such" };

  start (fixture, contents);

  for (guint i = 0; i < G_N_ELEMENTS (mismatches); i++)
    {
      g_test_message ("header case %u", i);
      reply = era_post (fixture, 10 + i, "tools/call", mismatches[i].name, call_params, mismatches[i].headers);
      g_assert_cmpuint (reply->status, ==, 400);
      g_assert_cmpint (error_code (reply, 10 + i, NULL), ==, -32020);
      g_clear_pointer (&reply, hub_test_reply_free);
    }

  /* a version the hub does not speak, said alike in header and body */
  {
    g_autofree char *body = g_strdup ("{\"jsonrpc\":\"2.0\",\"id\":20,\"method\":\"tools/list\",\"params\":{\"_meta\":"
                                      "{\"io.modelcontextprotocol/protocolVersion\":\"2099-01-01\","
                                      "\"io.modelcontextprotocol/clientCapabilities\":{}}}}");
    const char * const headers[] = { "MCP-Protocol-Version", "2099-01-01", "Mcp-Method", "tools/list", NULL };

    reply = hub_test_client_post (fixture->client, body, headers);
    g_assert_cmpuint (reply->status, ==, 400);
    g_assert_cmpint (error_code (reply, 20, &error_data), ==, -32022);
    g_assert_cmpstr (json_object_get_string_member (error_data, "requested"), ==, "2099-01-01");
    g_assert_cmpstr (json_array_get_string_element (json_object_get_array_member (error_data, "supported"), 0),
                     ==, "2026-07-28");
    g_clear_pointer (&reply, hub_test_reply_free);
  }

  /* _meta without the capabilities */
  {
    const char *body = "{\"jsonrpc\":\"2.0\",\"id\":21,\"method\":\"tools/list\",\"params\":{\"_meta\":"
                       "{\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\"}}}";
    const char * const headers[] = { "MCP-Protocol-Version", "2026-07-28", "Mcp-Method", "tools/list", NULL };

    reply = hub_test_client_post (fixture->client, body, headers);
    g_assert_cmpuint (reply->status, ==, 400);
    g_assert_cmpint (error_code (reply, 21, NULL), ==, -32602);
    g_clear_pointer (&reply, hub_test_reply_free);
  }

  /* what the revision removed, and what it never had: 404 */
  for (guint i = 0; i < G_N_ELEMENTS (removed); i++)
    {
      reply = era_post (fixture, 30 + i, removed[i], NULL, "", NULL);
      g_assert_cmpuint (reply->status, ==, 404);
      g_assert_cmpint (error_code (reply, 30 + i, NULL), ==, -32601);
      g_clear_pointer (&reply, hub_test_reply_free);
    }

  /* a session id is ignored, not checked */
  reply = era_post (fixture, 40, "tools/list", NULL, "", session);
  g_assert_cmpuint (reply->status, ==, 200);
  g_clear_pointer (&reply, hub_test_reply_free);

  /* no GET stream, no DELETE */
  {
    const char * const headers[] = { "MCP-Protocol-Version", "2026-07-28", NULL };

    reply = hub_test_client_request (fixture->client, "GET", NULL, headers);
    hub_test_reply_wait (reply);
    g_assert_cmpuint (reply->status, ==, 405);
    g_clear_pointer (&reply, hub_test_reply_free);
    reply = hub_test_client_request (fixture->client, "DELETE", NULL, headers);
    hub_test_reply_wait (reply);
    g_assert_cmpuint (reply->status, ==, 405);
    g_clear_pointer (&reply, hub_test_reply_free);
  }

  /* the token and the Origin are checked for this era too */
  {
    const char * const origin[] = { "Origin", "http://evil.example.com", NULL };
    g_autoptr(HubTestClient) stranger = hub_test_client_new (tether_hub_get_url (fixture->hub), "not-the-token");
    const char *body = "{\"jsonrpc\":\"2.0\",\"id\":41,\"method\":\"server/discover\",\"params\":{" ERA_META "}}";
    const char * const headers[] = { "MCP-Protocol-Version", "2026-07-28", "Mcp-Method", "server/discover", NULL };

    reply = era_post (fixture, 41, "server/discover", NULL, "", origin);
    g_assert_cmpuint (reply->status, ==, 403);
    g_clear_pointer (&reply, hub_test_reply_free);
    reply = hub_test_client_post (stranger, body, headers);
    g_assert_cmpuint (reply->status, ==, 401);
    g_clear_pointer (&reply, hub_test_reply_free);
  }

  /* nothing reached a server */
  g_assert_cmpuint (test_read_count (fixture->counts, "tools/call"), ==, 0);
}

static gboolean
gamma_listening (gpointer data)
{
  Fixture *fixture = data;
  TetherServer *gamma = tether_server_manager_lookup (fixture->manager, "gamma", NULL);
  McpClient *client = gamma != NULL ? tether_server_get_client (gamma) : NULL;

  return client != NULL && tether_server_get_state (gamma) == TETHER_SERVER_STATE_CONNECTED &&
         mcp_client_get_listen_granted (client) != NULL;
}

/* subscriptions/listen: acknowledged first with what it grants, then the
 * changes it asked for, each tagged with its id. */
static void
test_era_listen (Fixture       *fixture,
                 gconstpointer  data)
{
  g_autofree char *contents = two_eras (fixture);
  g_autoptr(HubTestReply) listen = NULL;
  g_autoptr(HubTestReply) reply = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *body = NULL;
  const char * const headers[] = { "MCP-Protocol-Version", "2026-07-28", "Mcp-Method", "subscriptions/listen", NULL };
  JsonObject *message;
  JsonObject *params;
  guint seen = 0;

  start (fixture, contents);
  body = g_strdup ("{\"jsonrpc\":\"2.0\",\"id\":\"sub-1\",\"method\":\"subscriptions/listen\",\"params\":{"
                   "\"notifications\":{\"toolsListChanged\":true,\"resourceSubscriptions\":[\"fake://x\"]},"
                   ERA_META "}}");
  listen = hub_test_client_post_async (fixture->client, body, headers);
  message = hub_test_reply_wait_message (listen, "notifications/subscriptions/acknowledged", &seen);
  g_assert_cmpuint (seen, ==, 1);
  params = json_object_get_object_member (message, "params");
  g_assert_cmpstr (json_object_get_string_member (json_object_get_object_member (params, "_meta"),
                                                  "io.modelcontextprotocol/subscriptionId"), ==, "sub-1");
  g_assert_true (json_object_get_boolean_member (json_object_get_object_member (params, "notifications"),
                                                 "toolsListChanged"));
  /* the hub offers no resource subscriptions: not granted */
  g_assert_false (json_object_has_member (json_object_get_object_member (params, "notifications"),
                                          "resourceSubscriptions"));

  g_assert_true (tether_config_store_set_enabled (fixture->store, "gamma", FALSE, &error));
  g_assert_no_error (error);
  message = hub_test_reply_wait_message (listen, "notifications/tools/list_changed", &seen);
  params = json_object_get_object_member (message, "params");
  g_assert_cmpstr (json_object_get_string_member (json_object_get_object_member (params, "_meta"),
                                                  "io.modelcontextprotocol/subscriptionId"), ==, "sub-1");
  for (guint i = 0; i < listen->messages->len; i++)
    g_assert_cmpstr (json_object_get_string_member_with_default (g_ptr_array_index (listen->messages, i), "method", ""),
                     !=, "notifications/prompts/list_changed");

  /* A change a server of the same revision tells Tether through its own
   * subscriptions/listen reaches the hub's listeners too. */
  g_assert_true (tether_config_store_set_enabled (fixture->store, "gamma", TRUE, &error));
  g_assert_no_error (error);
  test_wait_until (gamma_listening, fixture, "gamma's subscription");
  test_iterate_for (500);
  seen = listen->messages->len;
  reply = era_post (fixture, 7, "tools/call", "gamma__touch-list", "\"name\":\"gamma__touch-list\"", NULL);
  hub_test_reply_result (reply, 7);
  hub_test_reply_wait_message (listen, "notifications/tools/list_changed", &seen);
}

/* The requestState and the key of the one question of an input_required
 * result. */
static char *
input_required (JsonObject  *result,
                const char  *method,
                char       **key)
{
  JsonObject *requests = json_object_get_object_member (result, "inputRequests");
  g_autoptr(GList) keys = NULL;
  JsonObject *request;

  g_assert_cmpstr (json_object_get_string_member (result, "resultType"), ==, "input_required");
  g_assert_nonnull (requests);
  keys = json_object_get_members (requests);
  g_assert_cmpuint (g_list_length (keys), ==, 1);
  request = json_object_get_object_member (requests, keys->data);
  g_assert_cmpstr (json_object_get_string_member (request, "method"), ==, method);
  *key = g_strdup (keys->data);

  return g_strdup (json_object_get_string_member (result, "requestState"));
}

/* A server's question reaches a stateless client inside a result, and
 * its answer comes back with the request sent again; whatever the era of
 * the server. */
static void
era_ask (Fixture    *fixture,
         gint64      id,
         const char *tool,
         const char *arguments,
         const char *expected)
{
  const char *capabilities = "\"_meta\":{\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\","
                             "\"io.modelcontextprotocol/clientCapabilities\":{\"elicitation\":{}}}";
  const char * const headers[] = { "MCP-Protocol-Version", "2026-07-28", "Mcp-Method", "tools/call", "Mcp-Name", tool, NULL };
  g_autofree char *first = g_strdup_printf ("{\"jsonrpc\":\"2.0\",\"id\":%" G_GINT64_FORMAT ",\"method\":\"tools/call\","
                                            "\"params\":{\"name\":\"%s\",\"arguments\":%s,%s}}",
                                            id, tool, arguments, capabilities);
  g_autoptr(HubTestReply) reply = hub_test_client_post (fixture->client, first, headers);
  g_autofree char *key = NULL;
  g_autofree char *state = input_required (hub_test_reply_result (reply, id), "elicitation/create", &key);
  g_autofree char *retry = NULL;
  g_autofree char *text = NULL;
  JsonObject *result;

  g_clear_pointer (&reply, hub_test_reply_free);
  retry = g_strdup_printf ("{\"jsonrpc\":\"2.0\",\"id\":%" G_GINT64_FORMAT ",\"method\":\"tools/call\","
                           "\"params\":{\"name\":\"%s\",\"arguments\":%s,%s,\"requestState\":\"%s\","
                           "\"inputResponses\":{\"%s\":{\"action\":\"accept\",\"content\":{\"name\":\"octocat\"}}}}}",
                           id + 1, tool, arguments, capabilities, state, key);
  reply = hub_test_client_post (fixture->client, retry, headers);
  result = hub_test_reply_result (reply, id + 1);
  assert_stateless_result (result, FALSE);
  text = hub_test_result_text (result);
  g_assert_nonnull (strstr (text, expected));
  g_assert_nonnull (strstr (text, "octocat"));
  g_clear_pointer (&reply, hub_test_reply_free);

  /* a state is good for one retry */
  reply = hub_test_client_post (fixture->client, retry, headers);
  g_assert_cmpint (error_code (reply, id + 1, NULL), ==, -32602);
}

static void
test_era_input (Fixture       *fixture,
                gconstpointer  data)
{
  g_autofree char *contents = two_eras (fixture);
  g_autoptr(HubTestReply) reply = NULL;
  g_autoptr(HubTestReply) call = NULL;
  g_autoptr(HubTestReply) answer = NULL;
  g_autofree char *text = NULL;
  g_autofree char *answer_json = NULL;
  JsonObject *question;
  guint seen = 0;

  start (fixture, contents);

  /* a server of the initialize era asks with a request */
  era_ask (fixture, 1, "alpha__ask", "{\"method\":\"elicitation/create\"}", "\"action\":\"accept\"");
  /* one of the stateless revision with input_required */
  era_ask (fixture, 3, "gamma__confirm", "{}", "\"login\"");

  /* a client that cannot elicit is not asked */
  reply = era_post (fixture, 10, "tools/call", "alpha__ask",
                    "\"name\":\"alpha__ask\",\"arguments\":{\"method\":\"elicitation/create\"}", NULL);
  text = hub_test_result_text (hub_test_reply_result (reply, 10));
  g_assert_nonnull (strstr (text, "\"action\":\"decline\""));
  g_clear_pointer (&text, g_free);
  g_clear_pointer (&reply, hub_test_reply_free);

  /* the other way round: the input_required of a server of the
   * stateless revision reaches a client of the initialize era as the
   * request it knows */
  hub_test_client_initialize (fixture->client, "{\"elicitation\":{}}");
  call = hub_test_client_post_async (fixture->client,
                                     "{\"jsonrpc\":\"2.0\",\"id\":11,\"method\":\"tools/call\",\"params\":"
                                     "{\"name\":\"gamma__confirm\",\"arguments\":{}}}", NULL);
  question = hub_test_reply_wait_message (call, "elicitation/create", &seen);
  g_assert_cmpstr (json_object_get_string_member (json_object_get_object_member (question, "params"), "message"),
                   ==, "User?");
  answer_json = g_strdup_printf ("{\"jsonrpc\":\"2.0\",\"id\":\"%s\",\"result\":{\"action\":\"accept\","
                                 "\"content\":{\"name\":\"hubot\"}}}",
                                 json_object_get_string_member (question, "id"));
  answer = hub_test_client_post (fixture->client, answer_json, NULL);
  g_assert_cmpuint (answer->status, ==, 202);
  hub_test_reply_wait (call);
  text = hub_test_result_text (hub_test_reply_result (call, 11));
  g_assert_nonnull (strstr (text, "hubot"));
  g_assert_false (json_object_has_member (hub_test_reply_result (call, 11), "resultType"));
}

/* A stateless client cancels by closing the stream of its request. */
static void
test_era_cancel (Fixture       *fixture,
                 gconstpointer  data)
{
  g_autofree char *contents = two_eras (fixture);
  g_autoptr(HubTestReply) slow = NULL;
  const char * const headers[] = { "MCP-Protocol-Version", "2026-07-28", "Mcp-Method", "tools/call",
                                   "Mcp-Name", "alpha__slow", NULL };
  guint seen = 0;

  start (fixture, contents);
  slow = hub_test_client_post_async (fixture->client,
                                     "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\",\"params\":"
                                     "{\"name\":\"alpha__slow\",\"arguments\":{\"ms\":100000,\"steps\":1000},"
                                     "\"_meta\":{\"progressToken\":1,\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\","
                                     "\"io.modelcontextprotocol/clientCapabilities\":{}}}}", headers);
  hub_test_reply_wait_message (slow, "notifications/progress", &seen);
  g_assert_cmpuint (test_read_count (fixture->counts, "notifications/cancelled"), ==, 0);

  /* the stream goes: the server is told */
  g_clear_pointer (&slow, hub_test_reply_free);
  {
    g_autofree char *counts = fixture->counts;

    while (test_read_count (counts, "notifications/cancelled") == 0)
      g_main_context_iteration (NULL, TRUE);
    fixture->counts = g_steal_pointer (&counts);
  }
  g_assert_cmpuint (test_read_count (fixture->counts, "notifications/cancelled"), ==, 1);
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

  start (fixture, contents);
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
  g_test_add ("/Tether/Hub/" path, Fixture, NULL, fixture_setup, func, fixture_teardown)

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
  ADD ("era-requests", test_era_requests);
  ADD ("era-clients", test_era_clients);
  ADD ("era-refusals", test_era_refusals);
  ADD ("era-listen", test_era_listen);
  ADD ("era-input", test_era_input);
  ADD ("era-cancel", test_era_cancel);
  ADD ("era-cache-hints", test_era_cache_hints);
  ADD ("era-log-level", test_era_log_level);
  ADD ("task-tool", test_task_tool);

#undef ADD

  return g_test_run ();
}
