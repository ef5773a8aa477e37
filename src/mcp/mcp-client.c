/* mcp-client.c
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "mcp-client"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "mcp-client.h"
#include "mcp-client-private.h"
#include "mcp-transport-private.h"
#include "mcp-error.h"
#include "mcp-json-private.h"
#include "mcp-util-private.h"

/* One MCP session over a transport.
 *
 * The class itself: what arrives from the server (answers go to the
 * requests in flight, mcp-client-requests.c; the server's own requests and
 * notifications are answered or signalled here), and the end of the
 * session. Messages are handled strictly in the order they arrive. The
 * handshake (mcp-client-connect.c), the lists (mcp-client-lists.c) and the
 * other typed calls (mcp-client-calls.c) sit on top. */

G_DEFINE_FINAL_TYPE (McpClient, mcp_client, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_TRANSPORT,
  PROP_PROTOCOL_VERSION,
  PROP_SERVER_NAME,
  PROP_SERVER_TITLE,
  PROP_SERVER_VERSION,
  PROP_INSTRUCTIONS,
  PROP_SERVER_CAPABILITIES,
  PROP_REQUEST_TIMEOUT,
  PROP_MAX_REQUEST_TIMEOUT,
  PROP_MAX_PAGES,
  PROP_CLOSED,
  N_PROPS
};

enum {
  TOOLS_CHANGED,
  PROMPTS_CHANGED,
  RESOURCES_CHANGED,
  RESOURCE_UPDATED,
  LOG_MESSAGE,
  EVENT,
  STDERR_LINE,
  CLOSED,
  SERVER_REQUEST,
  REQUEST_CANCELLED,
  TASK_STATUS,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

/* ---------------------------------------------------------------------- */
/* Receiving                                                                */

static void
answer (McpClient  *self,
        JsonNode   *id,
        JsonObject *result,
        int         error_code,
        const char *error_message)
{
  g_autoptr(JsonNode) node = NULL;
  JsonObject *object;

  /* An answer to a question a server asked inside a result goes back with
   * the retried request, not on its own. */
  if (_mcp_client_input_answered (self, id, result, error_code, error_message))
    return;

  node = json_node_new (JSON_NODE_OBJECT);
  object = json_object_new ();
  json_object_set_string_member (object, "jsonrpc", "2.0");
  json_object_set_member (object, "id", json_node_copy (id));
  if (result != NULL)
    json_object_set_object_member (object, "result", result);
  else
    {
      JsonObject *error = json_object_new ();

      json_object_set_int_member (error, "code", error_code);
      json_object_set_string_member (error, "message", error_message);
      json_object_set_object_member (object, "error", error);
    }
  json_node_take_object (node, object);

  if (!self->closed)
    mcp_transport_send (self->transport, node);
}

/* Which of our requests a request of the server belongs to: the one whose
 * HTTP stream carried it, else the one its `_meta` names, or the one in
 * flight about the task its `_meta` names. */
static gpointer
related_tag (McpClient  *self,
             JsonObject *params)
{
  const char *stream = _mcp_transport_get_related_request (self->transport);
  JsonObject *meta = NULL;
  gint64 id = -1;

  if (stream != NULL)
    g_ascii_string_to_signed (stream, 10, 1, G_MAXINT64, &id, NULL);

  if (id < 0 && params != NULL && json_object_has_member (params, "_meta") &&
      JSON_NODE_HOLDS_OBJECT (json_object_get_member (params, "_meta")))
    meta = json_object_get_object_member (params, "_meta");
  if (meta != NULL && json_object_has_member (meta, MCP_META_RELATED_REQUEST))
    {
      JsonNode *node = json_object_get_member (meta, MCP_META_RELATED_REQUEST);

      if (JSON_NODE_HOLDS_VALUE (node) && json_node_get_value_type (node) == G_TYPE_INT64)
        id = json_node_get_int (node);
    }

  /* 2025-11-25: a question a task asks names the task instead; it
   * belongs to whoever runs the task, whose tasks/result waits. */
  if (id < 0 && meta != NULL && json_object_has_member (meta, MCP_META_RELATED_TASK) &&
      JSON_NODE_HOLDS_OBJECT (json_object_get_member (meta, MCP_META_RELATED_TASK)))
    {
      JsonObject *task = json_object_get_object_member (meta, MCP_META_RELATED_TASK);

      if (mcp_json_has_string (task, "taskId"))
        return _mcp_client_get_task_tag (self, json_object_get_string_member (task, "taskId"));
    }

  return id >= 0 ? _mcp_client_get_request_tag (self, id) : NULL;
}

static void
handle_server_request (McpClient  *self,
                       const char *method,
                       JsonNode   *id,
                       JsonObject *params)
{
  g_autoptr(JsonObject) result = NULL;
  g_autoptr(GError) error = NULL;

  if (!JSON_NODE_HOLDS_VALUE (id) ||
      (json_node_get_value_type (id) != G_TYPE_INT64 && json_node_get_value_type (id) != G_TYPE_STRING))
    {
      /* Translators: %s is a method such as roots/list */
      _mcp_client_emit_event (self, _("ignored a request (%s) from the server with an invalid id"), method);
      return;
    }

  /* Protocol only: a ping is always answered here. */
  if (g_str_equal (method, "ping"))
    {
      answer (self, id, json_object_new (), 0, NULL);
      return;
    }

  if (!_mcp_client_ask (self, id, method, params, related_tag (self, params), &result, &error))
    answer (self, id, g_steal_pointer (&result), error != NULL ? error->code : 0,
            error != NULL ? error->message : NULL);
}

/**
 * mcp_client_reply:
 * @self: a #McpClient
 * @id: the id of a request of the server, from #McpClient::server-request
 * @result: (transfer none): its result
 *
 * Answers a request the server sent.
 */
void
mcp_client_reply (McpClient *self,
                  JsonNode  *id,
                  JsonNode  *result)
{
  JsonObject *object;

  g_return_if_fail (MCP_IS_CLIENT (self));
  g_return_if_fail (id != NULL);
  g_return_if_fail (result != NULL && JSON_NODE_HOLDS_OBJECT (result));

  object = json_object_ref (json_node_get_object (result));
  answer (self, id, object, 0, NULL);
}

/**
 * mcp_client_reply_error:
 * @self: a #McpClient
 * @id: the id of a request of the server
 * @code: a JSON-RPC error code
 * @message: the error's message
 *
 * Answers a request the server sent with an error.
 */
void
mcp_client_reply_error (McpClient  *self,
                        JsonNode   *id,
                        int         code,
                        const char *message)
{
  g_return_if_fail (MCP_IS_CLIENT (self));
  g_return_if_fail (id != NULL);

  answer (self, id, NULL, code, message != NULL ? message : "");
}

/**
 * mcp_client_set_capabilities:
 * @self: a #McpClient, not yet connected
 * @capabilities: (nullable): the client capabilities to declare in
 *   `initialize` (`roots`, `sampling`, `elicitation`); %NULL for none
 *
 * Declare only what #McpClient::server-request handlers answer.
 */
void
mcp_client_set_capabilities (McpClient  *self,
                             JsonObject *capabilities)
{
  g_return_if_fail (MCP_IS_CLIENT (self));

  g_clear_pointer (&self->capabilities, json_object_unref);
  if (capabilities != NULL)
    self->capabilities = json_object_ref (capabilities);
}

static void
handle_notification (McpClient  *self,
                     const char *method,
                     JsonObject *params)
{
  /* A change heard under another subscription than ours is dropped. */
  if (!_mcp_client_listen_heard (self, method, params))
    return;

  if (g_str_equal (method, "notifications/progress"))
    _mcp_client_handle_progress (self, params);
  else if (g_str_equal (method, "notifications/subscriptions/acknowledged"))
    _mcp_client_listen_acknowledged (self, params);
  else if (g_str_equal (method, "notifications/tools/list_changed"))
    {
      _mcp_client_list_cache_forget (self, MCP_LIST_TOOLS);
      g_signal_emit (self, signals[TOOLS_CHANGED], 0);
    }
  else if (g_str_equal (method, "notifications/prompts/list_changed"))
    {
      _mcp_client_list_cache_forget (self, MCP_LIST_PROMPTS);
      g_signal_emit (self, signals[PROMPTS_CHANGED], 0);
    }
  else if (g_str_equal (method, "notifications/resources/list_changed"))
    {
      _mcp_client_list_cache_forget (self, MCP_LIST_RESOURCES);
      _mcp_client_list_cache_forget (self, MCP_LIST_RESOURCE_TEMPLATES);
      g_signal_emit (self, signals[RESOURCES_CHANGED], 0);
    }
  else if (g_str_equal (method, "notifications/resources/updated"))
    {
      if (params != NULL && mcp_json_has_string (params, "uri"))
        g_signal_emit (self, signals[RESOURCE_UPDATED], 0, json_object_get_string_member (params, "uri"));
    }
  else if (g_str_equal (method, "notifications/cancelled"))
    {
      /* The server ended our subscription, or gave up a request of its own. */
      if (_mcp_client_listen_ended (self, params))
        return;
      if (params != NULL && json_object_has_member (params, "requestId"))
        g_signal_emit (self, signals[REQUEST_CANCELLED], 0, json_object_get_member (params, "requestId"));
    }
  else if (g_str_equal (method, "notifications/tasks/status") ||
           g_str_equal (method, "notifications/tasks"))
    {
      /* The first is the 2025-11-25 name, the second the tasks extension's. */
      if (params != NULL && mcp_json_has_string (params, "taskId"))
        g_signal_emit (self, signals[TASK_STATUS], 0, params);
    }
  else if (g_str_equal (method, "notifications/message"))
    {
      g_autoptr(JsonNode) null_node = json_node_new (JSON_NODE_NULL);
      const char *level = "info";
      const char *logger = NULL;
      JsonNode *data = NULL;

      if (params != NULL)
        {
          if (mcp_json_has_string (params, "level"))
            level = json_object_get_string_member (params, "level");
          if (mcp_json_has_string (params, "logger"))
            logger = json_object_get_string_member (params, "logger");
          data = json_object_get_member (params, "data");
        }

      g_signal_emit (self, signals[LOG_MESSAGE], 0, level, logger, data != NULL ? data : null_node);
    }
  else
    g_debug ("ignored notification %s", method);
}

static void
message_received_cb (McpClient    *self,
                     JsonNode     *message,
                     McpTransport *transport)
{
  JsonObject *object = json_node_get_object (message);
  JsonObject *params = NULL;
  const char *method = NULL;

  if (self->closed)
    return;

  if (mcp_json_has_string (object, "method"))
    method = json_object_get_string_member (object, "method");

  if (json_object_has_member (object, "params") &&
      JSON_NODE_HOLDS_OBJECT (json_object_get_member (object, "params")))
    params = json_object_get_object_member (object, "params");

  if (method == NULL)
    _mcp_client_handle_response (self, object);
  else if (json_object_has_member (object, "id"))
    handle_server_request (self, method, json_object_get_member (object, "id"), params);
  else
    handle_notification (self, method, params);
}

static void
invalid_message_cb (McpClient    *self,
                    const char   *text,
                    const char   *reason,
                    McpTransport *transport)
{
  /* Translators: the first %s says what is wrong, the second is the
   * message as it came */
  _mcp_client_emit_event (self, _("skipped a message that is not JSON-RPC (%s): %s"), reason, text);
}

static void
transport_event_cb (McpClient    *self,
                    const char   *message,
                    McpTransport *transport)
{
  g_signal_emit (self, _mcp_client_event_signal, 0, message);
}

static void
stderr_line_cb (McpClient    *self,
                const char   *line,
                McpTransport *transport)
{
  g_signal_emit (self, signals[STDERR_LINE], 0, line);
}

static void
complete_close_tasks (McpClient *self)
{
  g_autoptr(GPtrArray) tasks = g_steal_pointer (&self->close_tasks);

  self->close_tasks = g_ptr_array_new_with_free_func (g_object_unref);
  for (guint i = 0; i < tasks->len; i++)
    g_task_return_boolean (g_ptr_array_index (tasks, i), TRUE);
}

static void
transport_closed_cb (McpClient    *self,
                     const GError *error,
                     McpTransport *transport)
{
  if (self->closed)
    return;

  self->closed = TRUE;
  if (error != NULL)
    self->close_error = g_error_copy (error);

  if (error != NULL)
    g_debug ("transport closed: %s", error->message);

  _mcp_client_listen_dispose (self);
  _mcp_client_fail_pending (self);
  _mcp_client_input_dispose (self);

  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CLOSED]);
  g_signal_emit (self, signals[CLOSED], 0, error);

  /* The handshake waited for the transport to say why it ended. */
  if (self->initialize_waiting_for_close != NULL)
    self->initialize_closed (g_steal_pointer (&self->initialize_waiting_for_close));
}

/**
 * _mcp_client_set_session:
 * @self: a #McpClient
 * @protocol_version: the version the server chose
 * @server_info: (nullable): its `serverInfo`
 * @instructions: (nullable): its `instructions`
 * @capabilities: (nullable): its `capabilities` object; %NULL for none
 *
 * Keeps what the handshake learnt, and notifies what changed.
 */
void
_mcp_client_set_session (McpClient  *self,
                         const char *protocol_version,
                         JsonObject *server_info,
                         const char *instructions,
                         JsonNode   *capabilities)
{
  g_object_freeze_notify (G_OBJECT (self));

  if (_mcp_set_str (&self->protocol_version, protocol_version))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PROTOCOL_VERSION]);
  if (server_info != NULL)
    {
      g_autofree char *name = mcp_json_dup_string (server_info, "name");
      g_autofree char *title = mcp_json_dup_string (server_info, "title");
      g_autofree char *version = mcp_json_dup_string (server_info, "version");

      if (_mcp_set_str (&self->server_name, name))
        g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SERVER_NAME]);
      if (_mcp_set_str (&self->server_title, title))
        g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SERVER_TITLE]);
      if (_mcp_set_str (&self->server_version, version))
        g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SERVER_VERSION]);
    }
  if (_mcp_set_str (&self->instructions, instructions))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_INSTRUCTIONS]);

  g_clear_pointer (&self->server_capabilities, json_node_unref);
  if (capabilities != NULL)
    self->server_capabilities = json_node_copy (capabilities);
  else
    {
      /* json_node_init_object() would add a reference of its own */
      self->server_capabilities = json_node_new (JSON_NODE_OBJECT);
      json_node_take_object (self->server_capabilities, json_object_new ());
    }
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SERVER_CAPABILITIES]);

  g_object_thaw_notify (G_OBJECT (self));
}

/* ---------------------------------------------------------------------- */
/* Closing                                                                  */

static void
transport_close_cb (GObject      *object,
                    GAsyncResult *result,
                    gpointer      user_data)
{
  g_autoptr(McpClient) self = user_data;

  mcp_transport_close_finish (MCP_TRANSPORT (object), result, NULL);

  /* The transport emitted ::closed by now; in case it did not, we did. */
  if (!self->closed)
    transport_closed_cb (self, NULL, self->transport);

  self->close_done = TRUE;
  complete_close_tasks (self);
}

/**
 * mcp_client_close_async:
 * @self: a #McpClient
 * @cancellable: (nullable): ignored: closing always completes
 * @callback: (nullable): called when the transport and everything it
 *   started have stopped
 * @user_data: data for @callback
 *
 * Ends the session: pending calls fail with %MCP_ERROR_CLOSED, and the
 * transport is closed (for stdio: stdin closed, then SIGTERM, then SIGKILL).
 */
void
mcp_client_close_async (McpClient           *self,
                        GCancellable        *cancellable,
                        GAsyncReadyCallback  callback,
                        gpointer             user_data)
{
  GTask *task;

  g_return_if_fail (MCP_IS_CLIENT (self));

  task = g_task_new (self, NULL, callback, user_data);
  g_task_set_source_tag (task, mcp_client_close_async);

  if (self->close_done)
    {
      g_task_return_boolean (task, TRUE);
      g_object_unref (task);
      return;
    }

  g_ptr_array_add (self->close_tasks, task);

  if (self->closing)
    return;

  self->closing = TRUE;
  mcp_transport_close_async (self->transport, NULL, transport_close_cb, g_object_ref (self));
}

gboolean
mcp_client_close_finish (McpClient     *self,
                         GAsyncResult  *result,
                         GError       **error)
{
  g_return_val_if_fail (MCP_IS_CLIENT (self), FALSE);
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);

  return g_task_propagate_boolean (G_TASK (result), error);
}

/* ---------------------------------------------------------------------- */
/* GObject                                                                  */

static void
mcp_client_constructed (GObject *object)
{
  McpClient *self = MCP_CLIENT (object);

  G_OBJECT_CLASS (mcp_client_parent_class)->constructed (object);

  g_assert (MCP_IS_TRANSPORT (self->transport));

  self->timer = _mcp_client_timer_new (self);

  g_signal_connect_object (self->transport, "message-received",
                           G_CALLBACK (message_received_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->transport, "invalid-message",
                           G_CALLBACK (invalid_message_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->transport, "invalid-response",
                           G_CALLBACK (_mcp_client_invalid_response_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->transport, "request-lost",
                           G_CALLBACK (_mcp_client_request_lost_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->transport, "event",
                           G_CALLBACK (transport_event_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->transport, "stderr-line",
                           G_CALLBACK (stderr_line_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->transport, "closed",
                           G_CALLBACK (transport_closed_cb), self, G_CONNECT_SWAPPED);
}

static void
mcp_client_dispose (GObject *object)
{
  McpClient *self = (McpClient *)object;

  /* Pending tasks hold a reference on us, so the table is empty here. */
  g_assert (g_hash_table_size (self->pending) == 0);

  if (self->timer != NULL)
    {
      g_source_destroy (self->timer);
      g_clear_pointer (&self->timer, g_source_unref);
    }

  if (self->transport != NULL)
    g_signal_handlers_disconnect_by_data (self->transport, self);
  g_clear_object (&self->transport);

  G_OBJECT_CLASS (mcp_client_parent_class)->dispose (object);
}

static void
mcp_client_finalize (GObject *object)
{
  McpClient *self = (McpClient *)object;

  g_clear_pointer (&self->pending, g_hash_table_unref);
  g_clear_pointer (&self->abandoned, g_hash_table_unref);
  g_clear_pointer (&self->input_questions, g_hash_table_unref);
  g_clear_pointer (&self->tool_headers, g_hash_table_unref);
  g_clear_pointer (&self->tool_rejected, g_hash_table_unref);
  _mcp_client_list_cache_clear (self);
  g_clear_pointer (&self->protocol_version, g_free);
  g_clear_pointer (&self->server_name, g_free);
  g_clear_pointer (&self->server_title, g_free);
  g_clear_pointer (&self->server_version, g_free);
  g_clear_pointer (&self->instructions, g_free);
  g_clear_pointer (&self->server_capabilities, json_node_unref);
  g_clear_pointer (&self->capabilities, json_object_unref);
  g_clear_pointer (&self->log_level, g_free);
  g_clear_pointer (&self->close_tasks, g_ptr_array_unref);
  g_clear_error (&self->close_error);
  _mcp_client_listen_dispose (self);

  G_OBJECT_CLASS (mcp_client_parent_class)->finalize (object);
}

static void
mcp_client_get_property (GObject    *object,
                         guint       prop_id,
                         GValue     *value,
                         GParamSpec *pspec)
{
  McpClient *self = MCP_CLIENT (object);

  switch (prop_id)
    {
    case PROP_TRANSPORT:
      g_value_set_object (value, self->transport);
      break;

    case PROP_PROTOCOL_VERSION:
      g_value_set_string (value, self->protocol_version);
      break;

    case PROP_SERVER_NAME:
      g_value_set_string (value, self->server_name);
      break;

    case PROP_SERVER_TITLE:
      g_value_set_string (value, self->server_title);
      break;

    case PROP_SERVER_VERSION:
      g_value_set_string (value, self->server_version);
      break;

    case PROP_INSTRUCTIONS:
      g_value_set_string (value, self->instructions);
      break;

    case PROP_SERVER_CAPABILITIES:
      g_value_set_boxed (value, self->server_capabilities);
      break;

    case PROP_REQUEST_TIMEOUT:
      g_value_set_uint (value, self->request_timeout_ms);
      break;

    case PROP_MAX_REQUEST_TIMEOUT:
      g_value_set_uint (value, self->max_request_timeout_ms);
      break;

    case PROP_MAX_PAGES:
      g_value_set_uint (value, self->max_pages);
      break;

    case PROP_CLOSED:
      g_value_set_boolean (value, self->closed);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
mcp_client_set_property (GObject      *object,
                         guint         prop_id,
                         const GValue *value,
                         GParamSpec   *pspec)
{
  McpClient *self = MCP_CLIENT (object);

  switch (prop_id)
    {
    case PROP_TRANSPORT:
      self->transport = g_value_dup_object (value);
      break;

    case PROP_REQUEST_TIMEOUT:
      mcp_client_set_request_timeout (self, g_value_get_uint (value));
      break;

    case PROP_MAX_REQUEST_TIMEOUT:
      mcp_client_set_max_request_timeout (self, g_value_get_uint (value));
      break;

    case PROP_MAX_PAGES:
      mcp_client_set_max_pages (self, g_value_get_uint (value));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
mcp_client_class_init (McpClientClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->constructed = mcp_client_constructed;
  object_class->dispose = mcp_client_dispose;
  object_class->finalize = mcp_client_finalize;
  object_class->get_property = mcp_client_get_property;
  object_class->set_property = mcp_client_set_property;

  properties[PROP_TRANSPORT] =
    g_param_spec_object ("transport", NULL, NULL,
                         MCP_TYPE_TRANSPORT,
                         (G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS));

  /**
   * McpClient:protocol-version:
   *
   * The revision the server chose, once connected.
   */
  properties[PROP_PROTOCOL_VERSION] =
    g_param_spec_string ("protocol-version", NULL, NULL, NULL,
                         (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  properties[PROP_SERVER_NAME] =
    g_param_spec_string ("server-name", NULL, NULL, NULL,
                         (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  properties[PROP_SERVER_TITLE] =
    g_param_spec_string ("server-title", NULL, NULL, NULL,
                         (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  properties[PROP_SERVER_VERSION] =
    g_param_spec_string ("server-version", NULL, NULL, NULL,
                         (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  properties[PROP_INSTRUCTIONS] =
    g_param_spec_string ("instructions", NULL, NULL, NULL,
                         (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * McpClient:server-capabilities:
   *
   * The `capabilities` object of the server's answer to initialize.
   */
  properties[PROP_SERVER_CAPABILITIES] =
    g_param_spec_boxed ("server-capabilities", NULL, NULL,
                        JSON_TYPE_NODE,
                        (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * McpClient:request-timeout:
   *
   * Milliseconds a request waits for its answer, unless its options say
   * otherwise. It also bounds initialize.
   */
  properties[PROP_REQUEST_TIMEOUT] =
    g_param_spec_uint ("request-timeout", NULL, NULL,
                       1, G_MAXUINT, MCP_CLIENT_DEFAULT_REQUEST_TIMEOUT_MS,
                       (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * McpClient:max-request-timeout:
   *
   * Milliseconds beyond which progress notifications no longer extend a
   * request's wait.
   */
  properties[PROP_MAX_REQUEST_TIMEOUT] =
    g_param_spec_uint ("max-request-timeout", NULL, NULL,
                       1, G_MAXUINT, MCP_CLIENT_DEFAULT_MAX_REQUEST_TIMEOUT_MS,
                       (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * McpClient:max-pages:
   *
   * How many pages a list may have before we stop following its cursors.
   */
  properties[PROP_MAX_PAGES] =
    g_param_spec_uint ("max-pages", NULL, NULL,
                       1, G_MAXUINT, MCP_CLIENT_DEFAULT_MAX_PAGES,
                       (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * McpClient:closed:
   *
   * Whether the session is over; #McpClient::closed says why.
   */
  properties[PROP_CLOSED] =
    g_param_spec_boolean ("closed", NULL, NULL, FALSE,
                          (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * McpClient::tools-changed:
   *
   * The server said its tools changed (possibly before the first list).
   */
  signals[TOOLS_CHANGED] =
    g_signal_new ("tools-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);

  signals[PROMPTS_CHANGED] =
    g_signal_new ("prompts-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);

  signals[RESOURCES_CHANGED] =
    g_signal_new ("resources-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);

  /**
   * McpClient::resource-updated:
   * @uri: the resource that changed
   */
  signals[RESOURCE_UPDATED] =
    g_signal_new ("resource-updated", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1,
                  G_TYPE_STRING | G_SIGNAL_TYPE_STATIC_SCOPE);

  /**
   * McpClient::log-message:
   * @level: the RFC 5424 level ("debug" … "emergency")
   * @logger: (nullable): the logger's name
   * @data: the message: any JSON
   *
   * A `notifications/message` from the server.
   */
  signals[LOG_MESSAGE] =
    g_signal_new ("log-message", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 3,
                  G_TYPE_STRING | G_SIGNAL_TYPE_STATIC_SCOPE,
                  G_TYPE_STRING | G_SIGNAL_TYPE_STATIC_SCOPE,
                  JSON_TYPE_NODE | G_SIGNAL_TYPE_STATIC_SCOPE);

  /**
   * McpClient::event:
   * @text: a note for the server's log view
   *
   * Something worth telling about the protocol: a late answer dropped, a
   * line that is not JSON-RPC skipped, a request timed out, a signal sent.
   * Never contains secrets.
   */
  signals[EVENT] = _mcp_client_event_signal =
    g_signal_new ("event", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1,
                  G_TYPE_STRING | G_SIGNAL_TYPE_STATIC_SCOPE);

  /**
   * McpClient::stderr-line:
   * @line: a line of the server's standard error
   */
  signals[STDERR_LINE] =
    g_signal_new ("stderr-line", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1,
                  G_TYPE_STRING | G_SIGNAL_TYPE_STATIC_SCOPE);

  /**
   * McpClient::closed:
   * @error: (nullable): why, or %NULL after mcp_client_close_async()
   *
   * The session is over. Emitted once.
   */
  signals[CLOSED] =
    g_signal_new ("closed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1,
                  G_TYPE_ERROR | G_SIGNAL_TYPE_STATIC_SCOPE);

  /**
   * McpClient::server-request:
   * @id: the request's id, for mcp_client_reply()
   * @method: what the server asks (`roots/list`, `elicitation/create`,
   *   `sampling/createMessage`…; never `ping`, answered here)
   * @params: (nullable): its params
   * @tag: (nullable): the #McpRequestOptions tag of our request it belongs
   *   to: the one whose HTTP stream carried it, or the one its `_meta`
   *   names (%MCP_META_RELATED_REQUEST); %NULL when it says nothing
   *
   * The server asks the client something. A handler that returns %TRUE
   * answers it later, once, with mcp_client_reply() or
   * mcp_client_reply_error(). Unhandled, `roots/list` gets no roots and
   * anything else "method not found".
   */
  signals[SERVER_REQUEST] = _mcp_client_server_request_signal =
    g_signal_new ("server-request", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, g_signal_accumulator_true_handled, NULL, NULL, G_TYPE_BOOLEAN, 4,
                  JSON_TYPE_NODE | G_SIGNAL_TYPE_STATIC_SCOPE,
                  G_TYPE_STRING | G_SIGNAL_TYPE_STATIC_SCOPE,
                  JSON_TYPE_OBJECT | G_SIGNAL_TYPE_STATIC_SCOPE,
                  G_TYPE_POINTER);

  /**
   * McpClient::request-cancelled:
   * @id: the id of a request of the server
   *
   * The server cancelled a request of its own (`notifications/cancelled`).
   */
  signals[REQUEST_CANCELLED] =
    g_signal_new ("request-cancelled", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1,
                  JSON_TYPE_NODE | G_SIGNAL_TYPE_STATIC_SCOPE);

  /**
   * McpClient::task-status:
   * @task: the task as the server sent it (`taskId`, `status`…)
   *
   * The server told of a task's new status without being asked
   * (McpTask listens).
   */
  signals[TASK_STATUS] =
    g_signal_new ("task-status", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1,
                  JSON_TYPE_OBJECT | G_SIGNAL_TYPE_STATIC_SCOPE);
}

static void
mcp_client_init (McpClient *self)
{
  self->pending = g_hash_table_new (g_int64_hash, g_int64_equal);
  self->abandoned = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, g_free);
  self->input_questions = g_hash_table_new (g_str_hash, g_str_equal);
  self->next_id = 1;
  self->request_timeout_ms = MCP_CLIENT_DEFAULT_REQUEST_TIMEOUT_MS;
  self->max_request_timeout_ms = MCP_CLIENT_DEFAULT_MAX_REQUEST_TIMEOUT_MS;
  self->max_pages = MCP_CLIENT_DEFAULT_MAX_PAGES;
  self->close_tasks = g_ptr_array_new_with_free_func (g_object_unref);
}

/**
 * mcp_client_new:
 * @transport: a transport, not yet opened
 *
 * Returns: (transfer full): a client that will speak over @transport
 */
McpClient *
mcp_client_new (McpTransport *transport)
{
  g_return_val_if_fail (MCP_IS_TRANSPORT (transport), NULL);

  return g_object_new (MCP_TYPE_CLIENT, "transport", transport, NULL);
}

McpTransport *
mcp_client_get_transport (McpClient *self)
{
  g_return_val_if_fail (MCP_IS_CLIENT (self), NULL);

  return self->transport;
}

gboolean
mcp_client_is_closed (McpClient *self)
{
  g_return_val_if_fail (MCP_IS_CLIENT (self), TRUE);

  return self->closed;
}

guint
mcp_client_get_request_timeout (McpClient *self)
{
  g_return_val_if_fail (MCP_IS_CLIENT (self), 0);

  return self->request_timeout_ms;
}

void
mcp_client_set_request_timeout (McpClient *self,
                                guint      timeout_ms)
{
  g_return_if_fail (MCP_IS_CLIENT (self));
  g_return_if_fail (timeout_ms > 0);

  if (self->request_timeout_ms != timeout_ms)
    {
      self->request_timeout_ms = timeout_ms;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_REQUEST_TIMEOUT]);
    }
}

guint
mcp_client_get_max_request_timeout (McpClient *self)
{
  g_return_val_if_fail (MCP_IS_CLIENT (self), 0);

  return self->max_request_timeout_ms;
}

void
mcp_client_set_max_request_timeout (McpClient *self,
                                    guint      timeout_ms)
{
  g_return_if_fail (MCP_IS_CLIENT (self));
  g_return_if_fail (timeout_ms > 0);

  if (self->max_request_timeout_ms != timeout_ms)
    {
      self->max_request_timeout_ms = timeout_ms;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MAX_REQUEST_TIMEOUT]);
    }
}

guint
mcp_client_get_max_pages (McpClient *self)
{
  g_return_val_if_fail (MCP_IS_CLIENT (self), 0);

  return self->max_pages;
}

void
mcp_client_set_max_pages (McpClient *self,
                          guint      max_pages)
{
  g_return_if_fail (MCP_IS_CLIENT (self));
  g_return_if_fail (max_pages > 0);

  if (self->max_pages != max_pages)
    {
      self->max_pages = max_pages;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MAX_PAGES]);
    }
}
