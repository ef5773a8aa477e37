/* tether-hub.c — the endpoint AI clients connect to
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The hub is an MCP server on Streamable HTTP, on loopback only
 * (127.0.0.1, and [::1] when it can): `/mcp` offers every enabled server
 * of the manager, `/mcp/PROFILE` a profile of servers.json. It routes each
 * request to the server that has the tool, prompt or resource, through the
 * server's request path (bounded, a tool call never sent twice), and tells
 * its clients at once when what it offers changes.
 *
 * Every request passes tether-hub-guard.c first (Host, Origin, the bearer
 * token). A POST whose `params._meta` claims a protocol version is of the
 * stateless revision (2026-07-28) and is answered without a session
 * (tether-hub-stateless.c); GET and DELETE that say that version get 405.
 * Everything else, per the 2025-11-25 transport:
 *  - POST: one JSON-RPC message. `initialize` starts a session and gets
 *    its `Mcp-Session-Id`; anything else needs one (missing: 400, unknown
 *    or ended: 404). An `MCP-Protocol-Version` we do not speak: 400.
 *    Notifications and responses get 202. A `tools/call` is answered on an
 *    SSE stream when the client accepts one (its progress and the server's
 *    questions travel there), other requests in JSON;
 *  - GET: the session's stream for what belongs to no request (list
 *    changes, logs); a second one gets 409;
 *  - DELETE: ends the session.
 * `GET /activity` (same guard) streams the activity log as SSE, one JSON
 * object per finished request, for `tether-cli watch --requests`.
 *
 * While listening, the hub writes `$XDG_RUNTIME_DIR/tether/hub.json`
 * (`{"url": …, "pid": …}`, 0600) so that `tether-cli connect` finds it; it
 * removes the file when it stops.
 */

#define G_LOG_DOMAIN "tether-hub"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <unistd.h>

#include "mcp-era.h"
#include "mcp-error.h"
#include "tether-answerer.h"
#include "tether-hub-guard.h"
#include "tether-hub-private.h"
#include "tether-hub-token.h"

/* A POST body (one JSON-RPC message) larger than this is refused. */
#define MAX_BODY_SIZE (16 * 1024 * 1024)
/* Sessions kept; past this the longest idle one without calls ends. */
#define DEFAULT_MAX_SESSIONS 256


static void answerer_iface_init (TetherAnswererInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (TetherHub, tether_hub, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (TETHER_TYPE_ANSWERER, answerer_iface_init))

enum {
  PROP_0,
  PROP_PORT,
  PROP_URL,
  PROP_TOKEN,
  PROP_RUNNING,
  PROP_SESSIONS,
  PROP_ACTIVITY,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum {
  TOOLS_CHANGED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* ---------------------------------------------------------------------- */
/* Answering                                                               */

static const char *
capability_for (const char *method)
{
  if (g_str_equal (method, "elicitation/create"))
    return "elicitation";
  if (g_str_equal (method, "sampling/createMessage"))
    return "sampling";
  if (g_str_equal (method, "roots/list"))
    return "roots";

  return NULL;
}

/* A server's question goes to the hub client whose call caused it, if that
 * client said it can answer it; else to the next answerer (and at last the
 * protocol's answer for a client that cannot help). */
static gboolean
tether_hub_take (TetherAnswerer      *answerer,
                 TetherServerQuestion *request)
{
  TetherHub *self = TETHER_HUB (answerer);
  GObject *owner = tether_server_question_get_owner (request);
  const char *capability = capability_for (tether_server_question_get_method (request));
  TetherHubCall *call;

  if (owner == NULL || !TETHER_IS_HUB_CALL (owner) || capability == NULL)
    return FALSE;

  call = TETHER_HUB_CALL (owner);
  if (call->hub != self || call->session == NULL || call->answered ||
      !tether_hub_session_has_capability (call->session, capability))
    return FALSE;

  /* A client of the stateless revision takes no requests of ours: it is
   * asked inside a result. */
  if (call->session->stateless)
    return _tether_hub_input_ask (self, call, request);

  return _tether_hub_session_ask (call->session, call, request);
}

static void
answerer_iface_init (TetherAnswererInterface *iface)
{
  iface->take = tether_hub_take;
}

/* ---------------------------------------------------------------------- */
/* Profiles and logs                                                       */

static void catalog_changed_cb (TetherHubCatalog *catalog,
                                guint             change,
                                TetherHub        *self);

static void
load_profiles (TetherHub *self)
{
  TetherConfigStore *store = tether_server_manager_get_store (self->manager);
  g_autoptr(JsonNode) node = tether_config_store_dup_member (store, "profiles");
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) profiles = tether_profile_list_from_json (node, &error);
  g_autofree char *text = node != NULL ? json_to_string (node, FALSE) : NULL;

  /* A profile offers other tools now: its clients are told. */
  if (g_strcmp0 (text, self->profiles_json) != 0)
    {
      g_free (self->profiles_json);
      self->profiles_json = g_steal_pointer (&text);
      catalog_changed_cb (self->catalog, TETHER_HUB_CATALOG_TOOLS, self);
    }

  g_clear_error (&self->profiles_error);
  g_clear_pointer (&self->profiles, g_ptr_array_unref);
  if (profiles == NULL)
    {
      g_warning ("%s: %s", g_file_peek_path (tether_config_store_get_file (store)), error->message);
      self->profiles_error = g_steal_pointer (&error);
      self->profiles = g_ptr_array_new_with_free_func (g_object_unref);
    }
  else
    self->profiles = g_steal_pointer (&profiles);
}

static void
client_log_message_cb (TetherServer *server,
                       const char   *level,
                       const char   *logger,
                       JsonNode     *data,
                       McpClient    *client)
{
  TetherHub *self = g_object_get_data (G_OBJECT (client), "tether-hub");

  if (self != NULL && self->running)
    _tether_hub_forward_log (self, tether_server_get_name (server), level, logger, data);
}

static void
server_state_cb (TetherServer *server,
                 GParamSpec   *pspec,
                 TetherHub    *self)
{
  McpClient *client = tether_server_get_client (server);

  /* A new session of the server: follow its log messages. */
  if (client != NULL && tether_server_get_state (server) == TETHER_SERVER_STATE_CONNECTED &&
      g_object_get_data (G_OBJECT (client), "tether-hub") == NULL)
    {
      g_object_set_data (G_OBJECT (client), "tether-hub", self);
      g_signal_connect_object (client, "log-message", G_CALLBACK (client_log_message_cb),
                               server, G_CONNECT_SWAPPED);
    }
}

static void
servers_changed_cb (GListModel *model,
                    guint       position,
                    guint       removed,
                    guint       added,
                    TetherHub  *self)
{
  for (guint i = position; i < position + added; i++)
    {
      g_autoptr(TetherServer) server = g_list_model_get_item (model, i);

      g_signal_connect_object (server, "notify::state", G_CALLBACK (server_state_cb), self, 0);
      server_state_cb (server, NULL, self);
    }
}

/* ---------------------------------------------------------------------- */
/* Telling clients                                                         */

static void
catalog_changed_cb (TetherHubCatalog *catalog,
                    guint             change,
                    TetherHub        *self)
{
  guint n = g_list_model_get_n_items (G_LIST_MODEL (self->sessions));

  if (change & TETHER_HUB_CATALOG_TOOLS)
    g_signal_emit (self, signals[TOOLS_CHANGED], 0);
  _tether_hub_stateless_changed (self, change);

  for (guint i = 0; i < n; i++)
    {
      g_autoptr(TetherHubSession) session = g_list_model_get_item (G_LIST_MODEL (self->sessions), i);

      if (change & TETHER_HUB_CATALOG_TOOLS)
        _tether_hub_session_notify (session, NULL, "notifications/tools/list_changed", NULL);
      if (change & TETHER_HUB_CATALOG_PROMPTS)
        _tether_hub_session_notify (session, NULL, "notifications/prompts/list_changed", NULL);
      if (change & TETHER_HUB_CATALOG_RESOURCES)
        _tether_hub_session_notify (session, NULL, "notifications/resources/list_changed", NULL);
    }
}

/* A request recorded in the activity log has finished: every watcher of
 * /activity gets it. */
static void
record_outcome_cb (TetherHubRecord *record,
                   GParamSpec      *pspec,
                   TetherHub       *self)
{
  g_autoptr(JsonNode) node = tether_hub_record_to_json (record);

  for (guint i = self->watchers->len; i > 0; i--)
    {
      McpSseWriter *writer = g_ptr_array_index (self->watchers, i - 1);

      if (!mcp_sse_writer_send (writer, node))
        g_ptr_array_remove_index (self->watchers, i - 1);
    }
}

static void
activity_items_changed_cb (GListModel *activity,
                           guint       position,
                           guint       removed,
                           guint       added,
                           TetherHub  *self)
{
  for (guint i = position; i < position + added; i++)
    {
      g_autoptr(TetherHubRecord) record = g_list_model_get_item (activity, i);

      if (tether_hub_record_get_outcome (record) == NULL)
        g_signal_connect_object (record, "notify::outcome", G_CALLBACK (record_outcome_cb), self, 0);
    }
}

/* ---------------------------------------------------------------------- */
/* Sessions                                                                */

void
_tether_hub_session_forget (TetherHub        *self,
                            TetherHubSession *session)
{
  guint position;

  _tether_hub_session_end (session);
  g_hash_table_remove (self->by_id, session->id);
  if (g_list_store_find (self->sessions, session, &position))
    g_list_store_remove (self->sessions, position);
}

static void
make_room (TetherHub *self)
{
  guint n = g_list_model_get_n_items (G_LIST_MODEL (self->sessions));
  TetherHubSession *oldest = NULL;
  guint n_sessions = 0;

  /* Clients of the stateless revision are listed but have no session. */
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(TetherHubSession) session = g_list_model_get_item (G_LIST_MODEL (self->sessions), i);

      n_sessions += !session->stateless;
    }

  if (n_sessions < self->max_sessions)
    return;

  for (guint i = 0; i < n; i++)
    {
      TetherHubSession *session = g_list_model_get_item (G_LIST_MODEL (self->sessions), i);

      if (!session->stateless && g_hash_table_size (session->calls) == 0 &&
          (oldest == NULL || session->last_active < oldest->last_active))
        oldest = session;
      g_object_unref (session);
    }

  if (oldest != NULL)
    {
      g_debug ("too many sessions: ending the one idle longest");
      _tether_hub_session_forget (self, oldest);
    }
}

/* ---------------------------------------------------------------------- */
/* HTTP                                                                    */

static void
set_json_error (SoupServerMessage *msg,
                guint              status,
                int                code,
                const char        *message)
{
  _tether_hub_http_error (msg, status, NULL, code, message, NULL);
}

static gboolean
guard (TetherHub         *self,
       SoupServerMessage *msg)
{
  SoupMessageHeaders *headers = soup_server_message_get_request_headers (msg);
  TetherHubGuardVerdict verdict;

  verdict = tether_hub_guard_check (soup_message_headers_get_one (headers, "Host"),
                                    soup_message_headers_get_one (headers, "Origin"),
                                    soup_message_headers_get_one (headers, "Authorization"),
                                    self->bound_port, self->token);
  if (verdict == TETHER_HUB_GUARD_OK)
    return TRUE;

  if (verdict == TETHER_HUB_GUARD_NO_TOKEN || verdict == TETHER_HUB_GUARD_BAD_TOKEN)
    soup_message_headers_replace (soup_server_message_get_response_headers (msg),
                                  "WWW-Authenticate",
                                  verdict == TETHER_HUB_GUARD_BAD_TOKEN
                                    ? "Bearer realm=\"tether\", error=\"invalid_token\""
                                    : "Bearer realm=\"tether\"");
  set_json_error (msg, tether_hub_guard_status (verdict), -32001, tether_hub_guard_describe (verdict));

  return FALSE;
}

/* Before the body is read: refuse what must not get in, and bodies too
 * large, without reading them. */
static void
early_handler (SoupServer        *server,
               SoupServerMessage *msg,
               const char        *path,
               GHashTable        *query,
               gpointer           user_data)
{
  TetherHub *self = user_data;
  SoupMessageHeaders *headers = soup_server_message_get_request_headers (msg);

  if (!guard (self, msg))
    return;

  if (soup_message_headers_get_encoding (headers) == SOUP_ENCODING_CHUNKED ||
      soup_message_headers_get_content_length (headers) > MAX_BODY_SIZE)
    set_json_error (msg, SOUP_STATUS_REQUEST_ENTITY_TOO_LARGE, MCP_RPC_INVALID_REQUEST,
                    _("A message to the Tether hub is at most 16 MiB, with a Content-Length"));
}

static TetherHubSession *
find_session (TetherHub         *self,
              SoupServerMessage *msg,
              const char        *profile)
{
  SoupMessageHeaders *headers = soup_server_message_get_request_headers (msg);
  const char *id = soup_message_headers_get_one (headers, "Mcp-Session-Id");
  TetherHubSession *session;

  if (id == NULL)
    {
      set_json_error (msg, SOUP_STATUS_BAD_REQUEST, MCP_RPC_INVALID_REQUEST,
                      _("Bad request: the Mcp-Session-Id header is required (initialize first)"));
      return NULL;
    }

  session = g_hash_table_lookup (self->by_id, id);
  if (session == NULL || g_strcmp0 (session->profile, profile) != 0)
    {
      set_json_error (msg, SOUP_STATUS_NOT_FOUND, MCP_RPC_INVALID_REQUEST,
                      _("Session not found: it ended, or the hub restarted; initialize again"));
      return NULL;
    }

  session->last_active = g_get_monotonic_time ();

  return session;
}

static void
handle_initialize (TetherHub         *self,
                   SoupServerMessage *msg,
                   const char        *profile,
                   JsonNode          *id,
                   JsonObject        *params)
{
  g_autoptr(TetherHubSession) session = NULL;
  g_autoptr(TetherHubCall) call = NULL;
  g_autoptr(JsonObject) result = NULL;

  make_room (self);

  session = _tether_hub_session_new (self, profile);
  result = _tether_hub_initialize_result (self, session, params);

  g_hash_table_replace (self->by_id, session->id, g_object_ref (session));
  g_list_store_append (self->sessions, session);

  soup_message_headers_replace (soup_server_message_get_response_headers (msg),
                                "Mcp-Session-Id", session->id);
  call = _tether_hub_call_new (self, NULL, msg, "initialize", id, params);
  _tether_hub_call_reply (call, result);

  g_debug ("a client connected: %s %s (protocol %s)",
           session->client_name != NULL ? session->client_name : "(unnamed)",
           session->client_version != NULL ? session->client_version : "",
           session->protocol_version);
}

static void
handle_notification (TetherHub        *self,
                     TetherHubSession *session,
                     const char       *method,
                     JsonObject       *params)
{
  if (g_str_equal (method, "notifications/cancelled") && params != NULL)
    {
      g_autofree char *key = NULL;
      JsonNode *id = json_object_get_member (params, "requestId");
      TetherHubCall *call;

      if (id != NULL && JSON_NODE_HOLDS_VALUE (id) && json_node_get_value_type (id) == G_TYPE_INT64)
        key = g_strdup_printf ("%" G_GINT64_FORMAT, json_node_get_int (id));
      else if (id != NULL && JSON_NODE_HOLDS_VALUE (id) && json_node_get_value_type (id) == G_TYPE_STRING)
        key = g_strconcat ("\"", json_node_get_string (id), NULL);

      if (key != NULL && (call = g_hash_table_lookup (session->calls, key)) != NULL)
        _tether_hub_call_cancel (call);
    }
  /* initialized, roots/list_changed, progress of ours: nothing to do */
}

static void
handle_post (TetherHub         *self,
             SoupServerMessage *msg,
             const char        *profile)
{
  g_autoptr(GBytes) body = soup_message_body_flatten (soup_server_message_get_request_body (msg));
  g_autoptr(JsonParser) parser = json_parser_new_immutable ();
  g_autoptr(GError) error = NULL;
  SoupMessageHeaders *headers = soup_server_message_get_request_headers (msg);
  const char *version = soup_message_headers_get_one (headers, "MCP-Protocol-Version");
  TetherHubSession *session;
  JsonObject *object;
  JsonObject *params = NULL;
  JsonNode *id;
  const char *method;
  gsize length;
  const char *data = g_bytes_get_data (body, &length);

  if (!json_parser_load_from_data (parser, data, (gssize)length, &error))
    {
      set_json_error (msg, SOUP_STATUS_BAD_REQUEST, MCP_RPC_PARSE_ERROR, error->message);
      return;
    }

  if (!JSON_NODE_HOLDS_OBJECT (json_parser_get_root (parser)))
    {
      set_json_error (msg, SOUP_STATUS_BAD_REQUEST, MCP_RPC_INVALID_REQUEST,
                      _("One JSON-RPC message per POST, as an object (batches are not supported)"));
      return;
    }

  object = json_node_get_object (json_parser_get_root (parser));
  method = json_object_get_string_member_with_default (object, "method", NULL);
  id = json_object_get_member (object, "id");
  if (json_object_has_member (object, "params") &&
      JSON_NODE_HOLDS_OBJECT (json_object_get_member (object, "params")))
    params = json_object_get_object_member (object, "params");

  if (id != NULL && (!JSON_NODE_HOLDS_VALUE (id) ||
                     (json_node_get_value_type (id) != G_TYPE_INT64 &&
                      json_node_get_value_type (id) != G_TYPE_STRING)))
    {
      set_json_error (msg, SOUP_STATUS_BAD_REQUEST, MCP_RPC_INVALID_REQUEST,
                      _("A request id is a string or an integer"));
      return;
    }

  if (_tether_hub_stateless_claimed (params))
    {
      _tether_hub_stateless_post (self, msg, profile, object, method, id, params);
      return;
    }

  if (method != NULL && id != NULL && g_str_equal (method, "initialize"))
    {
      handle_initialize (self, msg, profile, id, params);
      return;
    }

  if ((session = find_session (self, msg, profile)) == NULL)
    return;

  if (version != NULL && !g_strv_contains (_tether_hub_supported_versions + 1, version))
    {
      g_autofree char *text = g_strdup_printf (_("Bad request: unsupported protocol version %s (supported: %s)"),
                                               version, "2025-11-25, 2025-06-18, 2025-03-26, 2024-11-05");

      set_json_error (msg, SOUP_STATUS_BAD_REQUEST, MCP_RPC_INVALID_REQUEST, text);
      return;
    }

  if (method == NULL)
    {
      /* The answer to a question of a server */
      if (id != NULL)
        _tether_hub_session_take_answer (session, object);
      soup_server_message_set_status (msg, SOUP_STATUS_ACCEPTED, NULL);
      return;
    }

  if (id == NULL)
    {
      handle_notification (self, session, method, params);
      soup_server_message_set_status (msg, SOUP_STATUS_ACCEPTED, NULL);
      return;
    }

  {
    g_autoptr(TetherHubCall) call = _tether_hub_call_new (self, session, msg, method, id, params);

    if (g_str_equal (method, "tools/call") && _tether_hub_accepts_sse (msg))
      _tether_hub_call_use_stream (call);
    _tether_hub_dispatch (self, call, params);
  }
}

static void
stream_closed_cb (McpSseWriter     *writer,
                  TetherHubSession *session)
{
  if (session->stream == writer)
    g_clear_object (&session->stream);
}

static void
handle_get (TetherHub         *self,
            SoupServerMessage *msg,
            const char        *profile)
{
  TetherHubSession *session;

  if (!_tether_hub_accepts_sse (msg))
    {
      set_json_error (msg, SOUP_STATUS_NOT_ACCEPTABLE, MCP_RPC_INVALID_REQUEST,
                      _("The GET stream needs “Accept: text/event-stream”"));
      return;
    }

  if ((session = find_session (self, msg, profile)) == NULL)
    return;

  if (session->stream != NULL && !mcp_sse_writer_is_closed (session->stream))
    {
      set_json_error (msg, SOUP_STATUS_CONFLICT, MCP_RPC_INVALID_REQUEST,
                      _("This session already has its GET stream"));
      return;
    }

  g_clear_object (&session->stream);
  session->stream = mcp_sse_writer_new (msg);
  g_signal_connect (session->stream, "closed", G_CALLBACK (stream_closed_cb), session);
}

static void
handle_delete (TetherHub         *self,
               SoupServerMessage *msg,
               const char        *profile)
{
  g_autoptr(TetherHubSession) session = NULL;

  session = find_session (self, msg, profile);
  if (session == NULL)
    return;

  g_object_ref (session);
  g_debug ("a client ended its session: %s",
           session->client_name != NULL ? session->client_name : "(unnamed)");
  _tether_hub_session_forget (self, session);
  soup_server_message_set_status (msg, SOUP_STATUS_OK, NULL);
}

static void
mcp_handler (SoupServer        *server,
             SoupServerMessage *msg,
             const char        *path,
             GHashTable        *query,
             gpointer           user_data)
{
  TetherHub *self = user_data;
  const char *method = soup_server_message_get_method (msg);
  const char *profile = NULL;

  if (soup_server_message_get_status (msg) != 0 || !guard (self, msg))
    return;

  if (g_str_has_prefix (path, "/mcp/"))
    {
      profile = path + strlen ("/mcp/");
      if (self->profiles_error != NULL)
        {
          g_autofree char *text = g_strdup_printf (_("The profiles of servers.json cannot be used: %s"),
                                                   self->profiles_error->message);

          set_json_error (msg, SOUP_STATUS_NOT_FOUND, MCP_RPC_INVALID_REQUEST, text);
          return;
        }
      if (_tether_hub_find_profile (self, profile) == NULL)
        {
          g_autofree char *text = g_strdup_printf (_("There is no profile “%s” in servers.json"), profile);

          set_json_error (msg, SOUP_STATUS_NOT_FOUND, MCP_RPC_INVALID_REQUEST, text);
          return;
        }
    }
  else if (!g_str_equal (path, "/mcp"))
    {
      set_json_error (msg, SOUP_STATUS_NOT_FOUND, MCP_RPC_INVALID_REQUEST,
                      _("The Tether hub is at /mcp and /mcp/PROFILE"));
      return;
    }

  if (!g_str_equal (method, "POST") &&
      g_strcmp0 (soup_message_headers_get_one (soup_server_message_get_request_headers (msg), "MCP-Protocol-Version"),
                 MCP_PROTOCOL_VERSION_STATELESS) == 0)
    {
      /* The stateless revision has no GET stream and no session to end. */
      soup_message_headers_replace (soup_server_message_get_response_headers (msg), "Allow", "POST");
      set_json_error (msg, SOUP_STATUS_METHOD_NOT_ALLOWED, MCP_RPC_INVALID_REQUEST,
                      _("Method not allowed: the 2026-07-28 revision uses POST only"));
      return;
    }

  if (g_str_equal (method, "POST"))
    handle_post (self, msg, profile);
  else if (g_str_equal (method, "GET"))
    handle_get (self, msg, profile);
  else if (g_str_equal (method, "DELETE"))
    handle_delete (self, msg, profile);
  else
    {
      soup_message_headers_replace (soup_server_message_get_response_headers (msg),
                                    "Allow", "GET, POST, DELETE");
      set_json_error (msg, SOUP_STATUS_METHOD_NOT_ALLOWED, MCP_RPC_INVALID_REQUEST,
                      _("Method not allowed"));
    }
}

static void
watcher_closed_cb (McpSseWriter *writer,
                   TetherHub    *self)
{
  g_ptr_array_remove (self->watchers, writer);
}

static void
activity_handler (SoupServer        *server,
                  SoupServerMessage *msg,
                  const char        *path,
                  GHashTable        *query,
                  gpointer           user_data)
{
  TetherHub *self = user_data;
  g_autoptr(McpSseWriter) writer = NULL;
  guint n;

  if (soup_server_message_get_status (msg) != 0 || !guard (self, msg))
    return;

  if (!g_str_equal (soup_server_message_get_method (msg), "GET") || !g_str_equal (path, "/activity"))
    {
      set_json_error (msg, SOUP_STATUS_NOT_FOUND, MCP_RPC_INVALID_REQUEST, _("GET /activity only"));
      return;
    }

  writer = mcp_sse_writer_new (msg);

  /* What happened so far, then what happens. */
  n = g_list_model_get_n_items (G_LIST_MODEL (self->activity));
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(TetherHubRecord) record = g_list_model_get_item (G_LIST_MODEL (self->activity), i);
      g_autoptr(JsonNode) node = NULL;

      if (tether_hub_record_get_outcome (record) == NULL)
        continue;
      node = tether_hub_record_to_json (record);
      mcp_sse_writer_send (writer, node);
    }

  g_signal_connect_object (writer, "closed", G_CALLBACK (watcher_closed_cb), self, 0);
  g_ptr_array_add (self->watchers, g_steal_pointer (&writer));
}

/* ---------------------------------------------------------------------- */
/* hub.json                                                                */

/**
 * tether_hub_dup_default_runtime_file:
 *
 * Returns: (transfer full): `$XDG_RUNTIME_DIR/tether/hub.json`
 */
char *
tether_hub_dup_default_runtime_file (void)
{
  return g_build_filename (g_get_user_runtime_dir (), "tether", "hub.json", NULL);
}

static void
write_runtime_file (TetherHub *self)
{
  g_autoptr(JsonObject) object = json_object_new ();
  g_autoptr(JsonNode) node = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_path_get_dirname (self->runtime_file);
  g_autofree char *text = NULL;

  json_object_set_string_member (object, "url", self->url);
  json_object_set_int_member (object, "pid", getpid ());
  json_object_set_int_member (object, "port", self->bound_port);
  node = json_node_init_object (json_node_alloc (), object);
  text = json_to_string (node, TRUE);

  if (g_mkdir_with_parents (dir, 0700) != 0 ||
      !g_file_set_contents_full (self->runtime_file, text, -1,
                                 G_FILE_SET_CONTENTS_CONSISTENT, 0600, &error))
    g_warning ("Could not write %s; tether-cli connect will not find the hub: %s",
               self->runtime_file, error != NULL ? error->message : g_strerror (errno));
}

/**
 * tether_hub_read_runtime_file:
 * @path: a hub.json
 * @url: (out) (optional): the hub's URL
 * @pid: (out) (optional): the process that serves it
 * @error: where to put an error
 *
 * Reads hub.json (at most 64 KiB). A file whose process is gone is stale:
 * %TETHER_HUB_ERROR_NOT_RUNNING.
 *
 * Returns: %TRUE if a running hub wrote it
 */
gboolean
tether_hub_read_runtime_file (const char  *path,
                              char       **url,
                              GPid        *pid,
                              GError     **error)
{
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GMappedFile) file = NULL;
  g_autoptr(GError) local = NULL;
  JsonObject *object;
  const char *found_url;
  gint64 found_pid;

  file = g_mapped_file_new (path, FALSE, &local);
  if (file == NULL)
    {
      g_set_error (error, TETHER_HUB_ERROR, TETHER_HUB_ERROR_NOT_RUNNING,
                   _("No Tether hub is running (%s: %s)"), path, local->message);
      return FALSE;
    }

  if (g_mapped_file_get_length (file) > 64 * 1024 ||
      !json_parser_load_from_data (parser, g_mapped_file_get_contents (file),
                                   (gssize)g_mapped_file_get_length (file), NULL) ||
      !JSON_NODE_HOLDS_OBJECT (json_parser_get_root (parser)))
    {
      g_set_error (error, TETHER_HUB_ERROR, TETHER_HUB_ERROR_NOT_RUNNING,
                   _("%s is not what a Tether hub writes"), path);
      return FALSE;
    }

  object = json_node_get_object (json_parser_get_root (parser));
  found_url = json_object_get_string_member_with_default (object, "url", NULL);
  found_pid = json_object_get_int_member_with_default (object, "pid", 0);

  if (found_url == NULL || found_pid <= 0 || found_pid > G_MAXINT ||
      (kill ((pid_t)found_pid, 0) != 0 && errno == ESRCH))
    {
      g_set_error (error, TETHER_HUB_ERROR, TETHER_HUB_ERROR_NOT_RUNNING,
                   _("No Tether hub is running (%s is left from one that stopped)"), path);
      return FALSE;
    }

  if (url != NULL)
    *url = g_strdup (found_url);
  if (pid != NULL)
    *pid = (GPid)found_pid;

  return TRUE;
}

static void
remove_runtime_file (TetherHub *self)
{
  GPid pid = 0;

  /* Only ours: another hub may have started since. */
  if (tether_hub_read_runtime_file (self->runtime_file, NULL, &pid, NULL) && pid == getpid ())
    g_unlink (self->runtime_file);
}

/* ---------------------------------------------------------------------- */
/* Starting and stopping                                                   */

/**
 * tether_hub_start:
 * @self: a #TetherHub
 * @error: where to put an error
 *
 * Reads (or makes) the token and listens on 127.0.0.1 at the port (and on
 * [::1] when it can). A port that is taken fails with
 * %TETHER_HUB_ERROR_ADDRESS_IN_USE, saying how to choose another.
 *
 * Returns: %TRUE if the hub is up
 */
gboolean
tether_hub_start (TetherHub  *self,
                  GError    **error)
{
  g_autoptr(GError) local = NULL;
  g_autoptr(GSList) listeners = NULL;
  g_autoptr(GSocketAddress) address = NULL;

  g_return_val_if_fail (TETHER_IS_HUB (self), FALSE);

  if (self->running)
    return TRUE;

  g_clear_pointer (&self->token, g_free);
  self->token = tether_hub_token_load (self->token_path, TRUE, error);
  if (self->token == NULL)
    return FALSE;

  load_profiles (self);
  tether_hub_catalog_set_frozen (self->catalog, FALSE);
  tether_hub_catalog_refresh (self->catalog);

  self->server = soup_server_new ("server-header", NULL, NULL);
  soup_server_add_early_handler (self->server, NULL, early_handler, self, NULL);
  soup_server_add_handler (self->server, "/mcp", mcp_handler, self, NULL);
  soup_server_add_handler (self->server, "/activity", activity_handler, self, NULL);

  if (!soup_server_listen_local (self->server, self->port, SOUP_SERVER_LISTEN_IPV4_ONLY, &local))
    {
      if (g_error_matches (local, G_IO_ERROR, G_IO_ERROR_ADDRESS_IN_USE))
        g_set_error (error, TETHER_HUB_ERROR, TETHER_HUB_ERROR_ADDRESS_IN_USE,
                     _("Port %u of 127.0.0.1 is already in use (another Tether, or another program). "
                       "Choose another port: tether-cli serve --listen 127.0.0.1:PORT, or the "
                       "setting: gsettings set %s hub-port PORT"),
                     self->port, APP_ID);
      else
        g_set_error (error, TETHER_HUB_ERROR, TETHER_HUB_ERROR_FAILED,
                     _("The hub cannot listen on 127.0.0.1:%u: %s"), self->port, local->message);
      g_clear_object (&self->server);
      tether_hub_catalog_set_frozen (self->catalog, TRUE);
      return FALSE;
    }

  listeners = soup_server_get_listeners (self->server);
  address = g_socket_get_local_address (listeners->data, NULL);
  self->bound_port = g_inet_socket_address_get_port (G_INET_SOCKET_ADDRESS (address));

  /* [::1] too, at the same port, when the system has IPv6. */
  if (!soup_server_listen_local (self->server, self->bound_port, SOUP_SERVER_LISTEN_IPV6_ONLY, &local))
    g_debug ("not listening on [::1]:%u: %s", self->bound_port, local != NULL ? local->message : "");
  g_clear_error (&local);

  g_free (self->url);
  self->url = g_strdup_printf ("http://127.0.0.1:%u/mcp", self->bound_port);
  self->running = TRUE;
  write_runtime_file (self);

  g_debug ("listening at %s", self->url);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_URL]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TOKEN]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_RUNNING]);

  return TRUE;
}

/**
 * tether_hub_stop:
 * @self: a #TetherHub
 *
 * Ends every session (their calls are cancelled), stops listening and
 * removes hub.json.
 */
void
tether_hub_stop (TetherHub *self)
{
  g_return_if_fail (TETHER_IS_HUB (self));

  if (!self->running)
    return;

  _tether_hub_recent_stop (self);
  while (g_list_model_get_n_items (G_LIST_MODEL (self->sessions)) > 0)
    {
      g_autoptr(TetherHubSession) session = g_list_model_get_item (G_LIST_MODEL (self->sessions), 0);

      _tether_hub_session_forget (self, session);
    }

  for (guint i = self->watchers->len; i > 0; i--)
    {
      g_autoptr(McpSseWriter) writer = g_object_ref (g_ptr_array_index (self->watchers, i - 1));

      g_signal_handlers_disconnect_by_data (writer, self);
      mcp_sse_writer_close (writer);
    }
  g_ptr_array_set_size (self->watchers, 0);

  _tether_hub_stateless_stop (self);
  _tether_hub_input_stop (self);

  remove_runtime_file (self);
  soup_server_disconnect (self->server);
  g_clear_object (&self->server);
  tether_hub_catalog_set_frozen (self->catalog, TRUE);
  self->running = FALSE;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_RUNNING]);
}

/* ---------------------------------------------------------------------- */
/* GObject                                                                 */

static void
tether_hub_dispose (GObject *object)
{
  TetherHub *self = (TetherHub *)object;

  tether_hub_stop (self);
  _tether_hub_recent_stop (self);

  if (self->manager != NULL)
    {
      tether_request_router_remove (tether_server_manager_get_router (self->manager),
                                    TETHER_ANSWERER (self));
      g_signal_handlers_disconnect_by_data (self->manager, self);
      g_signal_handlers_disconnect_by_data (tether_server_manager_get_store (self->manager), self);
    }
  if (self->catalog != NULL)
    g_signal_handlers_disconnect_by_data (self->catalog, self);
  g_clear_object (&self->catalog);
  g_clear_object (&self->manager);

  G_OBJECT_CLASS (tether_hub_parent_class)->dispose (object);
}

static void
tether_hub_finalize (GObject *object)
{
  TetherHub *self = (TetherHub *)object;

  g_clear_object (&self->sessions);
  g_clear_object (&self->activity);
  g_clear_pointer (&self->by_id, g_hash_table_unref);
  g_clear_pointer (&self->watchers, g_ptr_array_unref);
  g_clear_pointer (&self->listeners, g_ptr_array_unref);
  _tether_hub_log_calls_clear (self);
  g_clear_pointer (&self->held, g_hash_table_unref);
  g_clear_pointer (&self->profiles, g_ptr_array_unref);
  g_clear_error (&self->profiles_error);
  g_clear_pointer (&self->profiles_json, g_free);
  if (self->token != NULL)
    memset (self->token, 0, strlen (self->token));
  g_clear_pointer (&self->token, g_free);
  g_clear_pointer (&self->token_path, g_free);
  g_clear_pointer (&self->runtime_file, g_free);
  g_clear_pointer (&self->url, g_free);

  G_OBJECT_CLASS (tether_hub_parent_class)->finalize (object);
}

static void
tether_hub_get_property (GObject    *object,
                         guint       prop_id,
                         GValue     *value,
                         GParamSpec *pspec)
{
  TetherHub *self = TETHER_HUB (object);

  switch (prop_id)
    {
    case PROP_PORT:
      g_value_set_uint (value, self->port);
      break;

    case PROP_URL:
      g_value_set_string (value, self->url);
      break;

    case PROP_TOKEN:
      g_value_set_string (value, self->token);
      break;

    case PROP_RUNNING:
      g_value_set_boolean (value, self->running);
      break;

    case PROP_SESSIONS:
      g_value_set_object (value, self->sessions);
      break;

    case PROP_ACTIVITY:
      g_value_set_object (value, self->activity);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tether_hub_set_property (GObject      *object,
                         guint         prop_id,
                         const GValue *value,
                         GParamSpec   *pspec)
{
  TetherHub *self = TETHER_HUB (object);

  switch (prop_id)
    {
    case PROP_PORT:
      tether_hub_set_port (self, g_value_get_uint (value));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tether_hub_class_init (TetherHubClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = tether_hub_dispose;
  object_class->finalize = tether_hub_finalize;
  object_class->get_property = tether_hub_get_property;
  object_class->set_property = tether_hub_set_property;

  /**
   * TetherHub:port:
   *
   * The port to listen on (0: any free port); it takes effect at the next
   * start.
   */
  properties[PROP_PORT] =
    g_param_spec_uint ("port", NULL, NULL, 0, 65535, TETHER_HUB_DEFAULT_PORT,
                       (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * TetherHub:url:
   *
   * The endpoint for every server, `http://127.0.0.1:PORT/mcp`, once
   * running.
   */
  properties[PROP_URL] =
    g_param_spec_string ("url", NULL, NULL, NULL,
                         (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * TetherHub:token:
   *
   * The bearer token clients must send; a secret: show it only on demand
   * and never log it.
   */
  properties[PROP_TOKEN] =
    g_param_spec_string ("token", NULL, NULL, NULL,
                         (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  properties[PROP_RUNNING] =
    g_param_spec_boolean ("running", NULL, NULL, FALSE,
                          (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * TetherHub:sessions:
   *
   * The AI clients connected now: a #GListModel of #TetherHubSession.
   */
  properties[PROP_SESSIONS] =
    g_param_spec_object ("sessions", NULL, NULL, G_TYPE_LIST_MODEL,
                         (G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));

  /**
   * TetherHub:activity:
   *
   * The requests of AI clients, bounded: a #GListModel of #TetherHubRecord.
   */
  properties[PROP_ACTIVITY] =
    g_param_spec_object ("activity", NULL, NULL, G_TYPE_LIST_MODEL,
                         (G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));

  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * TetherHub::tools-changed:
   *
   * The tools offered changed while running (a server connected or left,
   * its list or a profile changed): tether_hub_count_tools() may say
   * another number.
   */
  signals[TOOLS_CHANGED] =
    g_signal_new ("tools-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
tether_hub_init (TetherHub *self)
{
  self->port = TETHER_HUB_DEFAULT_PORT;
  self->max_sessions = DEFAULT_MAX_SESSIONS;
  self->sessions = g_list_store_new (TETHER_TYPE_HUB_SESSION);
  self->activity = tether_hub_activity_new (TETHER_HUB_ACTIVITY_LIMIT);
  g_signal_connect_object (self->activity, "items-changed", G_CALLBACK (activity_items_changed_cb),
                           self, 0);
  self->by_id = g_hash_table_new_full (g_str_hash, g_str_equal, NULL, g_object_unref);
  self->watchers = g_ptr_array_new_with_free_func (g_object_unref);
  self->listeners = g_ptr_array_new_with_free_func ((GDestroyNotify)_tether_hub_listener_free);
  self->log_calls = g_ptr_array_new ();
  self->held = g_hash_table_new_full (g_str_hash, g_str_equal, NULL, (GDestroyNotify)_tether_hub_held_free);
  self->profiles = g_ptr_array_new_with_free_func (g_object_unref);
  self->token_path = tether_hub_token_dup_default_path ();
  self->runtime_file = tether_hub_dup_default_runtime_file ();
}

/**
 * tether_hub_new:
 * @manager: the servers to offer
 *
 * Returns: (transfer full): a hub over @manager, not yet listening
 */
TetherHub *
tether_hub_new (TetherServerManager *manager)
{
  TetherHub *self;

  g_return_val_if_fail (TETHER_IS_SERVER_MANAGER (manager), NULL);

  self = g_object_new (TETHER_TYPE_HUB, NULL);
  self->manager = g_object_ref (manager);
  self->catalog = tether_hub_catalog_new (manager);
  /* until it starts */
  tether_hub_catalog_set_frozen (self->catalog, TRUE);
  g_signal_connect_object (self->catalog, "changed", G_CALLBACK (catalog_changed_cb), self, 0);
  g_signal_connect_object (manager, "items-changed", G_CALLBACK (servers_changed_cb), self, 0);
  servers_changed_cb (G_LIST_MODEL (manager), 0, 0, g_list_model_get_n_items (G_LIST_MODEL (manager)), self);
  g_signal_connect_object (tether_server_manager_get_store (manager), "changed",
                           G_CALLBACK (load_profiles), self, G_CONNECT_SWAPPED);
  tether_request_router_add (tether_server_manager_get_router (manager), TETHER_ANSWERER (self));

  return self;
}

void
tether_hub_set_port (TetherHub *self,
                     guint      port)
{
  g_return_if_fail (TETHER_IS_HUB (self));
  g_return_if_fail (port <= 65535);

  if (self->port != port)
    {
      self->port = port;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PORT]);
    }
}

/**
 * tether_hub_get_port:
 * @self: a #TetherHub
 *
 * Returns: the port it listens on while running, else the one it will
 */
guint
tether_hub_get_port (TetherHub *self)
{
  g_return_val_if_fail (TETHER_IS_HUB (self), 0);

  return self->running ? self->bound_port : self->port;
}

/**
 * tether_hub_set_token_path:
 * @self: a #TetherHub
 * @path: where the token is kept (default: tether_hub_token_dup_default_path())
 */
void
tether_hub_set_token_path (TetherHub  *self,
                           const char *path)
{
  g_return_if_fail (TETHER_IS_HUB (self));
  g_return_if_fail (path != NULL);

  g_free (self->token_path);
  self->token_path = g_strdup (path);
}

/**
 * tether_hub_set_runtime_file:
 * @self: a #TetherHub
 * @path: where to say the hub runs (default: tether_hub_dup_default_runtime_file())
 */
void
tether_hub_set_runtime_file (TetherHub  *self,
                             const char *path)
{
  g_return_if_fail (TETHER_IS_HUB (self));
  g_return_if_fail (path != NULL);

  g_free (self->runtime_file);
  self->runtime_file = g_strdup (path);
}

gboolean
tether_hub_get_running (TetherHub *self)
{
  g_return_val_if_fail (TETHER_IS_HUB (self), FALSE);

  return self->running;
}

/**
 * tether_hub_get_url:
 * @self: a #TetherHub
 *
 * Returns: (nullable): the endpoint, once running
 */
const char *
tether_hub_get_url (TetherHub *self)
{
  g_return_val_if_fail (TETHER_IS_HUB (self), NULL);

  return self->url;
}

/**
 * tether_hub_get_token:
 * @self: a #TetherHub
 *
 * Returns: (nullable): the bearer token, once running; a secret
 */
const char *
tether_hub_get_token (TetherHub *self)
{
  g_return_val_if_fail (TETHER_IS_HUB (self), NULL);

  return self->token;
}

/**
 * tether_hub_dup_profile_url:
 * @self: a #TetherHub
 * @profile: (nullable): a profile, or %NULL for every server
 *
 * Returns: (transfer full) (nullable): the endpoint of @profile, once running
 */
char *
tether_hub_dup_profile_url (TetherHub  *self,
                            const char *profile)
{
  g_return_val_if_fail (TETHER_IS_HUB (self), NULL);

  if (self->url == NULL)
    return NULL;
  if (profile == NULL)
    return g_strdup (self->url);

  return g_strdup_printf ("%s/%s", self->url, profile);
}

/**
 * tether_hub_get_sessions:
 * @self: a #TetherHub
 *
 * Returns: (transfer none): the connected clients, #TetherHubSession
 */
GListModel *
tether_hub_get_sessions (TetherHub *self)
{
  g_return_val_if_fail (TETHER_IS_HUB (self), NULL);

  return G_LIST_MODEL (self->sessions);
}

/**
 * tether_hub_get_activity:
 * @self: a #TetherHub
 *
 * Returns: (transfer none): the activity log, #TetherHubRecord
 */
GListModel *
tether_hub_get_activity (TetherHub *self)
{
  g_return_val_if_fail (TETHER_IS_HUB (self), NULL);

  return G_LIST_MODEL (self->activity);
}

/**
 * tether_hub_count_tools:
 * @self: a #TetherHub
 * @profile: (nullable): a profile, or %NULL for every server
 *
 * Returns: how many tools @profile offers now (for the window's warning
 *   when a client's tool limit is passed)
 */
guint
tether_hub_count_tools (TetherHub  *self,
                        const char *profile)
{
  g_return_val_if_fail (TETHER_IS_HUB (self), 0);

  tether_hub_catalog_refresh (self->catalog);

  return tether_hub_catalog_count_tools (self->catalog,
                                         profile != NULL ? _tether_hub_find_profile (self, profile) : NULL);
}

/**
 * tether_hub_dup_addresses:
 * @self: a #TetherHub
 * @n_addresses: (out): how many
 *
 * Returns: (transfer full) (array length=n_addresses): the addresses the
 *   hub's sockets are bound to
 */
GSocketAddress **
tether_hub_dup_addresses (TetherHub *self,
                          guint     *n_addresses)
{
  g_autoptr(GSList) listeners = NULL;
  GPtrArray *addresses = g_ptr_array_new ();

  g_return_val_if_fail (TETHER_IS_HUB (self), NULL);

  if (self->server != NULL)
    listeners = soup_server_get_listeners (self->server);
  for (GSList *l = listeners; l != NULL; l = l->next)
    {
      GSocketAddress *address = g_socket_get_local_address (l->data, NULL);

      if (address != NULL)
        g_ptr_array_add (addresses, address);
    }

  *n_addresses = addresses->len;
  g_ptr_array_add (addresses, NULL);

  return (GSocketAddress **)g_ptr_array_free (addresses, FALSE);
}
