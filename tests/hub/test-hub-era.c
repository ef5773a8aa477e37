/* test-hub-era.c — the hub answering clients of the stateless revision
 * (2026-07-28) on the same endpoint as the others, with fake servers of
 * both revisions behind it
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

  hub_fixture_start (fixture, contents);
  g_assert_cmpstr (tether_server_get_protocol_version (hub_fixture_server_named (fixture, "gamma")), ==, "2026-07-28");

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
  g_assert_true (hub_fixture_has_tool (result, "alpha__echo"));
  g_assert_true (hub_fixture_has_tool (result, "gamma__echo"));
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

/* The cache hints of the answer to a stateless @method through @client:
 * what is left of @ttl_ms since the servers' lists were fetched, which is
 * some of it (the times are long enough for a slow machine), never more. */
static void
assert_list_hints (HubTestClient *client,
                   const char    *method,
                   gint64         ttl_ms,
                   const char    *scope)
{
  g_autoptr(HubTestReply) reply = era_post_to (client, 1, method, NULL, "", NULL);
  JsonObject *result = hub_test_reply_result (reply, 1);
  gint64 ttl = json_object_get_int_member (result, "ttlMs");

  assert_stateless_result (result, TRUE);
  g_assert_cmpint (ttl, <=, ttl_ms);
  if (ttl_ms > 0)
    g_assert_cmpint (ttl, >, 0);
  else
    g_assert_cmpint (ttl, ==, 0);
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
  g_autofree char *gamma = test_fake_server_entry (NULL, "\"--era\", \"2026\", \"--list-ttl\", \"6000000\", "
                                                   "\"--cache-scope\", \"public\"", NULL);
  g_autofree char *delta = test_fake_server_entry (NULL, "\"--era\", \"2026\", \"--list-ttl\", \"3000000\", "
                                                   "\"--cache-scope\", \"public\"", NULL);
  g_autofree char *epsilon = test_fake_server_entry (NULL, "\"--era\", \"2026\", \"--list-ttl\", \"9000000\", "
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

  hub_fixture_start (fixture, contents);
  shared_url = tether_hub_dup_profile_url (fixture->hub, "shared");
  shared = hub_test_client_new (shared_url, tether_hub_get_token (fixture->hub));
  mixed_url = tether_hub_dup_profile_url (fixture->hub, "mixed");
  mixed = hub_test_client_new (mixed_url, tether_hub_get_token (fixture->hub));

  /* two servers that said public: the shorter time, public */
  assert_list_hints (shared, "tools/list", 3000000, "public");
  assert_list_hints (shared, "prompts/list", 3000000, "public");
  /* one said private: private, the shorter time still */
  assert_list_hints (mixed, "tools/list", 6000000, "private");
  /* a server of the initialize era said nothing: 0, private */
  assert_list_hints (fixture->client, "tools/list", 0, "private");

  /* a client of the initialize era gets no hints */
  hub_test_client_initialize (shared, NULL);
  reply = hub_test_client_post (shared, "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/list\"}", NULL);
  result = hub_test_reply_result (reply, 2);
  g_assert_true (hub_fixture_has_tool (result, "gamma__echo"));
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

  hub_fixture_start (fixture, contents);

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

  hub_fixture_start (fixture, contents);
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

  hub_fixture_start (fixture, contents);

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

  hub_fixture_start (fixture, contents);
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

  hub_fixture_start (fixture, contents);

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

  hub_fixture_start (fixture, contents);
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

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

#define ADD(path, func) \
  g_test_add ("/Tether/Hub/" path, Fixture, NULL, hub_fixture_setup, func, hub_fixture_teardown)

  ADD ("era-requests", test_era_requests);
  ADD ("era-clients", test_era_clients);
  ADD ("era-refusals", test_era_refusals);
  ADD ("era-listen", test_era_listen);
  ADD ("era-input", test_era_input);
  ADD ("era-cancel", test_era_cancel);
  ADD ("era-cache-hints", test_era_cache_hints);
  ADD ("era-log-level", test_era_log_level);

#undef ADD

  return g_test_run ();
}
