/* tether-hub-methods.c — what the hub does with each request
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Lists come from the catalog (only what can be called now). A tool call,
 * a prompt, a resource read or a completion goes to the server that has
 * it, with its name or URI as the server knows it, through the server's
 * request path: bounded by the server's timeouts, and a tool call that
 * reached the server is never sent again. A call to a server that is not
 * connected (it is reconnecting, or waiting to) fails at once with a tool
 * error naming the server and its state.
 *
 * Progress of a call reaches the client under the client's own token;
 * the client's notifications/cancelled cancels the call at the server
 * (which gets its own notifications/cancelled). Every request is recorded
 * in the activity log, without its arguments.
 */

#define G_LOG_DOMAIN "tether-hub"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "mcp-era.h"
#include "mcp-error.h"
#include "tether-hub-private.h"

/* The stateless revision first; `initialize` negotiates among the others. */
const char * const _tether_hub_supported_versions[] = {
  MCP_PROTOCOL_VERSION_STATELESS, "2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05", NULL
};
#define INITIALIZE_VERSIONS (_tether_hub_supported_versions + 1)

#define INSTRUCTIONS \
  "Tether offers the tools, prompts and resources of the user's MCP servers. " \
  "Tool and prompt names are SERVER__NAME; each description starts with [SERVER]."

static const char * const log_levels[] = {
  "debug", "info", "notice", "warning", "error", "critical", "alert", "emergency", NULL
};

static int
level_index (const char *level)
{
  for (int i = 0; level != NULL && log_levels[i] != NULL; i++)
    if (g_str_equal (log_levels[i], level))
      return i;

  return -1;
}

static TetherProfile *
profile_of (TetherHub     *self,
            TetherHubCall *call)
{
  return call->session->profile != NULL ? _tether_hub_find_profile (self, call->session->profile) : NULL;
}

/* What the hub offers. Logging to both eras: the stateless revision's
 * clients name a level in a tools/call's `_meta` and hear the logs of its
 * server while it runs. */
static JsonObject *
capabilities_new (void)
{
  JsonObject *capabilities = json_object_new ();
  JsonObject *listed = json_object_new ();
  JsonObject *resources = json_object_new ();

  json_object_set_boolean_member (listed, "listChanged", TRUE);
  json_object_set_object_member (capabilities, "tools", json_object_ref (listed));
  json_object_set_object_member (capabilities, "prompts", listed);
  json_object_set_boolean_member (resources, "listChanged", TRUE);
  json_object_set_object_member (capabilities, "resources", resources);
  json_object_set_object_member (capabilities, "logging", json_object_new ());
  json_object_set_object_member (capabilities, "completions", json_object_new ());

  return capabilities;
}

JsonObject *
_tether_hub_initialize_result (TetherHub        *self,
                               TetherHubSession *session,
                               JsonObject       *params)
{
  const char *asked = params != NULL ? json_object_get_string_member_with_default (params, "protocolVersion", NULL) : NULL;
  const char *version = asked != NULL && g_strv_contains (INITIALIZE_VERSIONS, asked) ? asked : INITIALIZE_VERSIONS[0];
  JsonObject *result = json_object_new ();

  _tether_hub_session_set_client (session, params, version);

  json_object_set_string_member (result, "protocolVersion", version);
  json_object_set_object_member (result, "capabilities", capabilities_new ());
  json_object_set_object_member (result, "serverInfo", _tether_hub_server_info_new ());
  json_object_set_string_member (result, "instructions", INSTRUCTIONS);

  return result;
}

/**
 * _tether_hub_discover_result:
 * @self: the hub
 *
 * Returns: (transfer full): the result of `server/discover`, the versions
 *   of both eras (the stateless revision's `_meta`, serverInfo and cache
 *   hints are added as to every result)
 */
JsonObject *
_tether_hub_discover_result (TetherHub *self)
{
  JsonObject *result = json_object_new ();
  JsonArray *versions = json_array_new ();

  for (guint i = 0; _tether_hub_supported_versions[i] != NULL; i++)
    json_array_add_string_element (versions, _tether_hub_supported_versions[i]);
  json_object_set_array_member (result, "supportedVersions", versions);
  json_object_set_object_member (result, "capabilities", capabilities_new ());
  json_object_set_string_member (result, "instructions", INSTRUCTIONS);

  return result;
}

/* ---------------------------------------------------------------------- */

static void
record (TetherHub     *self,
        TetherHubCall *call,
        const char    *server,
        const char    *item)
{
  call->record = tether_hub_record_new (call->session->client_name, call->method, server, item);
  tether_hub_activity_add (self->activity, call->record);
}

static void
finish_record (TetherHub     *self,
               TetherHubCall *call,
               const char    *outcome,
               const char    *message)
{
  if (call->record == NULL)
    return;

  /* the hub, told by the record, sends it to the watchers of /activity */
  tether_hub_record_finish (call->record, outcome, message);
}

static void
reply (TetherHubCall *call,
       JsonObject    *result)
{
  finish_record (call->hub, call, "ok", NULL);
  _tether_hub_call_reply (call, result);
}

static void
reply_error (TetherHubCall *call,
             int            code,
             const char    *message)
{
  finish_record (call->hub, call, call->cancelled ? "cancelled" : "error", message);
  _tether_hub_call_reply_error (call, code, message);
}

/* A GError from a server, as a JSON-RPC error: the server's own code and
 * message when it answered with one. */
static void
reply_gerror (TetherHubCall *call,
              const char    *server,
              const GError  *error)
{
  g_autofree char *message = NULL;

  if (error->domain == MCP_RPC_ERROR)
    {
      reply_error (call, error->code, error->message);
      return;
    }

  message = g_strdup_printf (_("Server “%s”: %s"), server, error->message);
  reply_error (call, MCP_RPC_INTERNAL_ERROR, message);
}

/* Answers a list @method with @items (taken) as its @member; a client of
 * the stateless revision also gets the cache hints merged from the
 * servers in the list. */
static void
reply_list (TetherHub     *self,
            TetherHubCall *call,
            const char    *member,
            JsonNode      *items)
{
  g_autoptr(JsonObject) result = json_object_new ();

  json_object_set_member (result, member, items);
  if (call->session != NULL && call->session->stateless)
    {
      gint64 ttl_ms;
      gboolean is_public;

      tether_hub_catalog_list_hints (self->catalog, call->method, profile_of (self, call), &ttl_ms, &is_public);
      json_object_set_int_member (result, "ttlMs", ttl_ms);
      json_object_set_string_member (result, "cacheScope", is_public ? "public" : "private");
    }
  record (self, call, NULL, NULL);
  reply (call, result);
}

static JsonObject *
tool_error_result (const char *text)
{
  JsonObject *result = json_object_new ();
  JsonArray *content = json_array_new ();
  JsonObject *block = json_object_new ();

  json_object_set_string_member (block, "type", "text");
  json_object_set_string_member (block, "text", text);
  json_array_add_object_element (content, block);
  json_object_set_array_member (result, "content", content);
  json_object_set_boolean_member (result, "isError", TRUE);

  return result;
}

/* ---------------------------------------------------------------------- */
/* Tool calls                                                              */

static void
call_progress (double      progress,
               double      total,
               const char *message,
               gpointer    user_data)
{
  TetherHubCall *call = user_data;
  g_autoptr(JsonObject) params = NULL;

  if (call->progress_token == NULL || call->answered || call->cancelled || call->session == NULL)
    return;

  params = json_object_new ();
  json_object_set_member (params, "progressToken", json_node_copy (call->progress_token));
  json_object_set_double_member (params, "progress", progress);
  if (total >= 0)
    json_object_set_double_member (params, "total", total);
  if (message != NULL)
    json_object_set_string_member (params, "message", message);
  _tether_hub_session_notify (call->session, call, "notifications/progress", params);
}

typedef struct
{
  TetherHubCall *call;
  char          *server;
} CallData;

static void
call_data_free (CallData *data)
{
  g_clear_object (&data->call);
  g_free (data->server);
  g_free (data);
}

static void
call_done_cb (GObject      *object,
              GAsyncResult *result,
              gpointer      user_data)
{
  CallData *data = user_data;
  TetherHubCall *call = data->call;
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) node = NULL;

  node = tether_server_call_tool_finish (TETHER_SERVER (object), result, &error);

  if (node != NULL && JSON_NODE_HOLDS_OBJECT (node))
    {
      JsonObject *object_result = json_node_get_object (node);
      gboolean is_error = json_object_get_boolean_member_with_default (object_result, "isError", FALSE);

      finish_record (call->hub, call, is_error ? "tool-error" : "ok", NULL);
      _tether_hub_call_reply (call, object_result);
    }
  else if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    reply_error (call, MCP_RPC_INTERNAL_ERROR, error->message);
  else if (error != NULL && error->domain == MCP_RPC_ERROR)
    reply_error (call, error->code, error->message);
  else
    {
      /* A timeout, a lost connection: the outcome may be unknown. The
       * client's model reads tool errors, so say it there. */
      g_autofree char *text = g_strdup_printf (_("Server “%s”: %s"), data->server,
                                               error != NULL ? error->message : _("the answer is not an object"));
      g_autoptr(JsonObject) tool_error = tool_error_result (text);

      finish_record (call->hub, call, "error", text);
      _tether_hub_call_reply (call, tool_error);
    }

  call_data_free (data);
}

static void
log_call_gone (gpointer  data,
               GObject  *where_the_call_was)
{
  TetherHub *self = data;

  g_ptr_array_remove_fast (self->log_calls, where_the_call_was);
}

/* A tools/call of the stateless revision hears the logs of its server, at
 * or above the level its `_meta` names, on its own stream, while it runs;
 * without a level it hears none. */
static void
hear_logs (TetherHub     *self,
           TetherHubCall *call,
           JsonObject    *params,
           const char    *server_name)
{
  JsonNode *meta = params != NULL ? json_object_get_member (params, "_meta") : NULL;
  JsonNode *node;
  const char *level = NULL;

  if (call->session == NULL || !call->session->stateless || meta == NULL || !JSON_NODE_HOLDS_OBJECT (meta))
    return;

  node = json_object_get_member (json_node_get_object (meta), MCP_META_LOG_LEVEL);
  if (node != NULL && JSON_NODE_HOLDS_VALUE (node) && json_node_get_value_type (node) == G_TYPE_STRING)
    level = json_node_get_string (node);
  if (level_index (level) < 0)
    return;

  call->log_server = g_strdup (server_name);
  call->log_level = level_index (level);
  g_ptr_array_add (self->log_calls, call);
  g_object_weak_ref (G_OBJECT (call), log_call_gone, self);
}

/* The `_meta` of a tools/call to a server of the stateless revision, which
 * logs only at the level a request names: the level the calling client
 * asked for (its own `_meta`, or logging/setLevel in its session), else
 * none, and the server then logs at the level Tether chose for it. */
static JsonObject *
downstream_meta (TetherHubCall *call,
                 TetherServer  *server)
{
  JsonObject *meta;
  int level = -1;

  if (g_strcmp0 (tether_server_get_protocol_version (server), MCP_PROTOCOL_VERSION_STATELESS) != 0)
    return NULL;

  if (call->log_server != NULL)
    level = call->log_level;
  else if (call->session != NULL && !call->session->stateless)
    level = call->session->log_level;
  if (level < 0)
    return NULL;

  meta = json_object_new ();
  json_object_set_string_member (meta, MCP_META_LOG_LEVEL, log_levels[level]);

  return meta;
}

/* Forgets the calls that hear logs: the hub goes. */
void
_tether_hub_log_calls_clear (TetherHub *self)
{
  if (self->log_calls == NULL)
    return;

  for (guint i = 0; i < self->log_calls->len; i++)
    g_object_weak_unref (g_ptr_array_index (self->log_calls, i), log_call_gone, self);
  g_clear_pointer (&self->log_calls, g_ptr_array_unref);
}

static void
tools_call (TetherHub     *self,
            TetherHubCall *call,
            JsonObject    *params)
{
  const char *name = params != NULL ? json_object_get_string_member_with_default (params, "name", NULL) : NULL;
  const char *server_name = NULL;
  const char *original = NULL;
  TetherServer *server;
  JsonObject *arguments = NULL;
  g_autoptr(JsonObject) meta = NULL;
  CallData *data;

  if (name == NULL)
    {
      record (self, call, NULL, NULL);
      reply_error (call, MCP_RPC_INVALID_PARAMS, _("tools/call needs the tool’s name"));
      return;
    }

  tether_hub_catalog_refresh (self->catalog);
  if (!tether_hub_catalog_lookup_tool (self->catalog, profile_of (self, call), name, &server_name, &original) ||
      (server = tether_server_manager_lookup (self->manager, server_name, NULL)) == NULL)
    {
      g_autofree char *text = g_strdup_printf (_("Unknown tool: %s (list the tools again: they may have changed)"), name);

      record (self, call, NULL, name);
      reply_error (call, MCP_RPC_INVALID_PARAMS, text);
      return;
    }

  record (self, call, server_name, original);
  hear_logs (self, call, params, server_name);

  /* Fail fast: never wait for a server that is reconnecting. */
  if (tether_server_get_state (server) != TETHER_SERVER_STATE_CONNECTED)
    {
      g_autofree char *status = tether_server_dup_status_text (server, g_get_monotonic_time ());
      g_autofree char *text = g_strdup_printf (_("Tool “%s” cannot run now: server “%s” is %s (%s)"),
                                               original, server_name,
                                               tether_server_state_to_string (tether_server_get_state (server)),
                                               status);
      g_autoptr(JsonObject) tool_error = tool_error_result (text);

      finish_record (self, call, "error", text);
      _tether_hub_call_reply (call, tool_error);
      return;
    }

  if (params != NULL && json_object_has_member (params, "arguments") &&
      JSON_NODE_HOLDS_OBJECT (json_object_get_member (params, "arguments")))
    arguments = json_object_get_object_member (params, "arguments");

  meta = downstream_meta (call, server);
  data = g_new0 (CallData, 1);
  data->call = g_object_ref (call);
  data->server = g_strdup (server_name);
  tether_server_call_tool_full_async (server, original, arguments, meta, G_OBJECT (call),
                                      call_progress, call, call->cancellable,
                                      call_done_cb, data);
}

/* ---------------------------------------------------------------------- */
/* Requests forwarded as they are, with the server's name for the item     */

static void
forward_done_cb (GObject      *object,
                 GAsyncResult *result,
                 gpointer      user_data)
{
  CallData *data = user_data;
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) node = NULL;

  node = tether_server_request_finish (TETHER_SERVER (object), result, &error);
  if (node != NULL && JSON_NODE_HOLDS_OBJECT (node))
    reply (data->call, json_node_get_object (node));
  else if (node != NULL)
    reply_error (data->call, MCP_RPC_INTERNAL_ERROR, _("The server’s answer is not an object"));
  else
    reply_gerror (data->call, data->server, error);

  call_data_free (data);
}

static void
forward (TetherHub     *self,
         TetherHubCall *call,
         const char    *server_name,
         const char    *item,
         JsonObject    *params)
{
  TetherServer *server = server_name != NULL ? tether_server_manager_lookup (self->manager, server_name, NULL) : NULL;
  CallData *data;

  record (self, call, server_name, item);

  if (server == NULL)
    {
      g_autofree char *text = g_strdup_printf (_("Not found: %s"), item != NULL ? item : "?");

      reply_error (call, MCP_RPC_INVALID_PARAMS, text);
      return;
    }

  if (tether_server_get_state (server) != TETHER_SERVER_STATE_CONNECTED)
    {
      g_autofree char *text = g_strdup_printf (_("Server “%s” is %s"), server_name,
                                               tether_server_state_to_string (tether_server_get_state (server)));

      reply_error (call, MCP_RPC_INTERNAL_ERROR, text);
      return;
    }

  data = g_new0 (CallData, 1);
  data->call = g_object_ref (call);
  data->server = g_strdup (server_name);
  tether_server_request_async (server, call->method, params, call->cancellable, forward_done_cb, data);
}

static JsonObject *
params_with (JsonObject *params,
             const char *member,
             const char *value)
{
  JsonObject *copy = json_object_new ();

  if (params != NULL)
    {
      g_autoptr(GList) members = json_object_get_members (params);

      for (GList *l = members; l != NULL; l = l->next)
        json_object_set_member (copy, l->data, json_object_dup_member (params, l->data));
    }
  json_object_set_string_member (copy, member, value);

  return copy;
}

static void
prompts_get (TetherHub     *self,
             TetherHubCall *call,
             JsonObject    *params)
{
  const char *name = params != NULL ? json_object_get_string_member_with_default (params, "name", NULL) : NULL;
  const char *server = NULL;
  const char *original = NULL;
  g_autoptr(JsonObject) sent = NULL;

  tether_hub_catalog_refresh (self->catalog);
  if (!tether_hub_catalog_lookup_prompt (self->catalog, profile_of (self, call), name, &server, &original))
    {
      g_autofree char *text = g_strdup_printf (_("Unknown prompt: %s"), name != NULL ? name : "");

      record (self, call, NULL, name);
      reply_error (call, MCP_RPC_INVALID_PARAMS, text);
      return;
    }

  sent = params_with (params, "name", original);
  forward (self, call, server, original, sent);
}

static void
resources_read (TetherHub     *self,
                TetherHubCall *call,
                JsonObject    *params)
{
  const char *uri = params != NULL ? json_object_get_string_member_with_default (params, "uri", NULL) : NULL;
  const char *server;

  tether_hub_catalog_refresh (self->catalog);
  server = tether_hub_catalog_route_uri (self->catalog, profile_of (self, call), uri);
  if (server == NULL)
    {
      g_autofree char *text = g_strdup_printf (_("Resource not found: %s"), uri != NULL ? uri : "");

      record (self, call, NULL, uri);
      reply_error (call, MCP_RPC_INVALID_PARAMS, text);
      return;
    }

  forward (self, call, server, uri, params);
}

static void
complete (TetherHub     *self,
          TetherHubCall *call,
          JsonObject    *params)
{
  JsonObject *ref = NULL;
  const char *type;
  const char *server = NULL;
  const char *original = NULL;
  g_autoptr(JsonObject) sent = NULL;

  if (params != NULL && json_object_has_member (params, "ref") &&
      JSON_NODE_HOLDS_OBJECT (json_object_get_member (params, "ref")))
    ref = json_object_get_object_member (params, "ref");
  type = ref != NULL ? json_object_get_string_member_with_default (ref, "type", "") : "";

  tether_hub_catalog_refresh (self->catalog);
  if (g_str_equal (type, "ref/prompt") &&
      tether_hub_catalog_lookup_prompt (self->catalog, profile_of (self, call),
                                        json_object_get_string_member_with_default (ref, "name", NULL),
                                        &server, &original))
    {
      JsonObject *sent_ref = params_with (ref, "name", original);

      sent = params_with (params, "name", "");
      json_object_remove_member (sent, "name");
      json_object_set_object_member (sent, "ref", sent_ref);
      forward (self, call, server, original, sent);
      return;
    }

  if (g_str_equal (type, "ref/resource") &&
      (server = tether_hub_catalog_route_template (self->catalog, profile_of (self, call),
                                                   json_object_get_string_member_with_default (ref, "uri", NULL))) != NULL)
    {
      forward (self, call, server, json_object_get_string_member_with_default (ref, "uri", NULL), params);
      return;
    }

  record (self, call, NULL, NULL);
  reply_error (call, MCP_RPC_INVALID_PARAMS, _("completion/complete: no prompt or resource template by that name"));
}

/* ---------------------------------------------------------------------- */

void
_tether_hub_forward_log (TetherHub  *self,
                         const char *server,
                         const char *level,
                         const char *logger,
                         JsonNode   *data)
{
  guint n = g_list_model_get_n_items (G_LIST_MODEL (self->sessions));
  g_autoptr(JsonObject) params = json_object_new ();
  g_autofree char *name = logger != NULL ? g_strdup_printf ("%s/%s", server, logger) : g_strdup (server);
  int index = level_index (level);

  json_object_set_string_member (params, "level", index >= 0 ? level : "info");
  json_object_set_string_member (params, "logger", name);
  json_object_set_member (params, "data", json_node_copy (data));

  for (guint i = 0; i < n; i++)
    {
      g_autoptr(TetherHubSession) session = g_list_model_get_item (G_LIST_MODEL (self->sessions), i);
      TetherProfile *profile = session->profile != NULL ? _tether_hub_find_profile (self, session->profile) : NULL;

      if (tether_profile_has_server (profile, server) && index >= session->log_level)
        _tether_hub_session_notify (session, NULL, "notifications/message", params);
    }

  for (guint i = 0; i < self->log_calls->len; i++)
    {
      TetherHubCall *call = g_ptr_array_index (self->log_calls, i);

      if (!call->answered && g_str_equal (call->log_server, server) && index >= call->log_level)
        _tether_hub_session_notify (call->session, call, "notifications/message", params);
    }
}

/**
 * _tether_hub_dispatch:
 * @self: the hub
 * @call: a request of a client, in a session
 * @params: (nullable): its params
 *
 * Answers @call, now or later.
 */
void
_tether_hub_dispatch (TetherHub     *self,
                      TetherHubCall *call,
                      JsonObject    *params)
{
  TetherProfile *profile = profile_of (self, call);
  const char *method = call->method;

  if (g_str_equal (method, "ping"))
    {
      g_autoptr(JsonObject) result = json_object_new ();

      _tether_hub_call_reply (call, result);
    }
  else if (g_str_equal (method, "tools/list"))
    {
      tether_hub_catalog_refresh (self->catalog);
      reply_list (self, call, "tools", tether_hub_catalog_list_tools (self->catalog, profile));
    }
  else if (g_str_equal (method, "prompts/list"))
    {
      tether_hub_catalog_refresh (self->catalog);
      reply_list (self, call, "prompts", tether_hub_catalog_list_prompts (self->catalog, profile));
    }
  else if (g_str_equal (method, "resources/list"))
    {
      tether_hub_catalog_refresh (self->catalog);
      reply_list (self, call, "resources", tether_hub_catalog_list_resources (self->catalog, profile));
    }
  else if (g_str_equal (method, "resources/templates/list"))
    {
      tether_hub_catalog_refresh (self->catalog);
      reply_list (self, call, "resourceTemplates", tether_hub_catalog_list_templates (self->catalog, profile));
    }
  else if (g_str_equal (method, "tools/call"))
    tools_call (self, call, params);
  else if (g_str_equal (method, "prompts/get"))
    prompts_get (self, call, params);
  else if (g_str_equal (method, "resources/read"))
    resources_read (self, call, params);
  else if (g_str_equal (method, "completion/complete"))
    complete (self, call, params);
  else if (g_str_equal (method, "logging/setLevel"))
    {
      g_autoptr(JsonObject) result = json_object_new ();
      const char *level = params != NULL ? json_object_get_string_member_with_default (params, "level", NULL) : NULL;

      if (level_index (level) < 0)
        {
          _tether_hub_call_reply_error (call, MCP_RPC_INVALID_PARAMS, _("Unknown log level"));
          return;
        }
      call->session->log_level = level_index (level);
      _tether_hub_call_reply (call, result);
    }
  else
    {
      g_autofree char *text = g_strdup_printf ("Method not found: %s", method);

      _tether_hub_call_reply_error (call, MCP_RPC_METHOD_NOT_FOUND, text);
    }
}
