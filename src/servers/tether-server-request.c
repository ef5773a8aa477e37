/* tether-server-request.c — requests and tool calls through a managed connection
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * What callers ask of a server (the window's Run, tether-cli call, the
 * hub): a request waits for a connection under way, is bounded and is
 * retried by the one policy of tether-request-policy.c (the connection
 * rules in src/README.md, rules 3 and 4), the same the lists follow. It
 * reads the server's fields and reaches the state machine only through
 * self->hooks (a reconnect, a session that died), as the lists do, so the
 * state machine and the subscriptions can send requests through it.
 */

#define G_LOG_DOMAIN "tether-server"

#include "config.h"

#include "mcp-error.h"

#include "tether-request-policy.h"
#include "tether-server.h"
#include "tether-server-private.h"

typedef struct
{
  char              *method;
  JsonObject        *params;
  McpProgressFunc    progress_callback;
  gpointer           progress_data;
  GObject           *owner;
  guint              generation;
  TetherRequestKind  kind;
  McpTask           *task;      /* a tools/call run as a task */
  guint              retried : 1;
  guint              in_flight : 1;
} Request;

static void
request_free (Request *request)
{
  g_clear_pointer (&request->method, g_free);
  g_clear_pointer (&request->params, json_object_unref);
  g_clear_object (&request->owner);
  g_clear_object (&request->task);
  g_free (request);
}

/* The owners of the calls in flight, for the session to tell whose call a
 * question of the server belongs to when the client cannot. */
static void
request_set_in_flight (TetherServer *self,
                       Request      *request,
                       gboolean      in_flight)
{
  if (request->owner == NULL || request->in_flight == !!in_flight)
    return;

  request->in_flight = !!in_flight;
  if (in_flight)
    g_ptr_array_add (self->owned_calls, request->owner);
  else
    g_ptr_array_remove (self->owned_calls, request->owner);
}

static void request_run (GTask *task);

/* The requests whose result a server of the stateless revision may give
 * only after asking for input (input_required): the client answers the
 * questions through the same handlers as a server's own requests, and
 * callers get the final result, never the question. */
static gboolean
answers_input (const char *method)
{
  return g_str_equal (method, "tools/call") || g_str_equal (method, "prompts/get") ||
         g_str_equal (method, "resources/read");
}

static void
request_waited_cb (GObject      *object,
                   GAsyncResult *result,
                   gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  g_autoptr(GError) error = NULL;

  if (!g_task_propagate_boolean (G_TASK (result), &error))
    {
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }

  request_run (g_steal_pointer (&task));
}

static void request_done (GTask    *task,
                          JsonNode *node,
                          GError   *error);

static void
request_done_cb (GObject      *object,
                 GAsyncResult *result,
                 gpointer      user_data)
{
  Request *request = g_task_get_task_data (G_TASK (user_data));
  GError *error = NULL;
  JsonNode *node;

  if (answers_input (request->method))
    node = mcp_client_call_finish (MCP_CLIENT (object), result, &error);
  else
    node = mcp_client_request_finish (MCP_CLIENT (object), result, &error);

  request_done (user_data, node, error);
}

static void
request_task_done_cb (GObject      *object,
                      GAsyncResult *result,
                      gpointer      user_data)
{
  GError *error = NULL;
  JsonNode *node = mcp_task_run_finish (MCP_TASK (object), result, &error);

  request_done (user_data, node, error);
}

/* Takes @task, @node and @error. */
static void
request_done (GTask    *task_,
              JsonNode *node_,
              GError   *error_)
{
  g_autoptr(GTask) task = task_;
  g_autoptr(GError) error = error_;
  g_autoptr(JsonNode) node = node_;
  TetherServer *self = g_task_get_source_object (task);
  Request *request = g_task_get_task_data (task);
  TetherRequestRetry retry;
  GCancellable *cancellable;

  request_set_in_flight (self, request, FALSE);
  if (node != NULL)
    {
      g_task_return_pointer (task, g_steal_pointer (&node), (GDestroyNotify)json_node_unref);
      return;
    }

  /* What the server did wrong, named: it took none of its input (the
   * request was refused at once, and is not sent again), or it answered
   * with what cannot be read. */
  if (self->hooks->died_of (self, error, request->generation) ||
      g_error_matches (error, MCP_ERROR, MCP_ERROR_INVALID_RESPONSE))
    {
      g_task_return_new_error (task, error->domain, error->code, _("Server “%s”: %s"),
                               tether_server_config_get_name (self->config), error->message);
      return;
    }

  retry = tether_request_policy_retry (request->kind, error, request->retried);

  if (retry == TETHER_REQUEST_RETRY_NOT_RESENT)
    {
      /* It reached the server; running it again could do it twice. */
      _tether_server_log_printf (self, TETHER_LOG_KIND_ERROR,
                                 _("Tool call “%s” failed: %s. It was not sent again."),
                                 json_object_get_string_member_with_default (request->params,
                                                                             "name", "?"),
                                 error->message);
    }

  if (retry == TETHER_REQUEST_RETRY_NO || retry == TETHER_REQUEST_RETRY_NOT_RESENT)
    {
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }

  /* One reconnect, one retry. If the session already changed since the
   * request was sent, someone else reconnected: just retry. */
  request->retried = TRUE;
  _tether_server_log_printf (self, TETHER_LOG_KIND_EVENT,
                             _("%s failed (%s): reconnecting once and retrying"),
                             request->method, error->message);
  if (retry == TETHER_REQUEST_RETRY_RECONNECT &&
      request->generation == self->generation && self->client != NULL)
    self->hooks->reconnect (self);

  cancellable = g_task_get_cancellable (task);
  _tether_server_wait_for (self, FALSE, cancellable, request_waited_cb, g_steal_pointer (&task));
}

static void
request_run (GTask *task)
{
  TetherServer *self = g_task_get_source_object (task);
  Request *request = g_task_get_task_data (task);
  McpRequestOptions options = { 0, };

  if (self->state != TETHER_SERVER_STATE_CONNECTED)
    {
      if (self->state == TETHER_SERVER_STATE_CONNECTING || self->state == TETHER_SERVER_STATE_WAITING)
        _tether_server_wait_for (self, FALSE, g_task_get_cancellable (task),
                                 request_waited_cb, task);
      else
        {
          g_task_return_error (task, _tether_server_not_connected_error (self));
          g_object_unref (task);
        }
      return;
    }

  request->generation = self->generation;

  tether_request_policy_options (&self->timings, request->kind, &options);
  if (request->kind == TETHER_REQUEST_KIND_CALL)
    {
      options.progress_callback = request->progress_callback;
      options.progress_data = request->progress_data;
      options.tag = request->owner;
    }

  request_set_in_flight (self, request, TRUE);
  if (request->task != NULL)
    {
      /* Each request of the task is bounded like the call, the whole task
       * by the hard maximum; cancelling it cancels the task on the server. */
      mcp_task_run_async (request->task, self->client,
                          json_object_get_string_member (request->params, "name"),
                          json_object_get_object_member (request->params, "arguments"), &options,
                          g_task_get_cancellable (task), request_task_done_cb, task);
      return;
    }

  if (answers_input (request->method))
    mcp_client_call_async (self->client, request->method, request->params, &options,
                           g_task_get_cancellable (task), request_done_cb, task);
  else
    mcp_client_request_async (self->client, request->method, request->params, &options,
                              g_task_get_cancellable (task), request_done_cb, task);
}

static void
start_request (TetherServer        *self,
               Request             *request,
               GCancellable        *cancellable,
               GAsyncReadyCallback  callback,
               gpointer             user_data,
               gpointer             source_tag)
{
  GTask *task = g_task_new (self, cancellable, callback, user_data);

  g_task_set_source_tag (task, source_tag);
  g_task_set_task_data (task, request, (GDestroyNotify)request_free);

  request_run (task);
}

/**
 * tether_server_request_async:
 * @self: a #TetherServer
 * @method: a request that is safe to repeat: a list, `prompts/get`,
 *   `resources/read`, `ping`, `completion/complete`…
 * @params: (nullable): its parameters
 * @cancellable: (nullable): a #GCancellable
 * @callback: called with the result
 * @user_data: data for @callback
 *
 * Sends a request, waiting first for a connection under way, bounded by the
 * server's timeouts (rule 3). On a timeout or a broken transport the server
 * is reconnected once and the request sent once more (rule 4). Use
 * tether_server_call_tool_async() for `tools/call`.
 */
void
tether_server_request_async (TetherServer        *self,
                             const char          *method,
                             JsonObject          *params,
                             GCancellable        *cancellable,
                             GAsyncReadyCallback  callback,
                             gpointer             user_data)
{
  Request *request;

  g_return_if_fail (TETHER_IS_SERVER (self));
  g_return_if_fail (method != NULL);
  g_return_if_fail (!g_str_equal (method, "tools/call"));

  request = g_new0 (Request, 1);
  request->method = g_strdup (method);
  request->kind = tether_request_kind_for_method (method);
  request->params = params != NULL ? json_object_ref (params) : NULL;

  start_request (self, request, cancellable, callback, user_data, tether_server_request_async);
}

/**
 * tether_server_request_finish:
 * @self: a #TetherServer
 * @result: the #GAsyncResult
 * @error: where to put an error
 *
 * Returns: (transfer full): the result member of the answer
 */
JsonNode *
tether_server_request_finish (TetherServer  *self,
                              GAsyncResult  *result,
                              GError       **error)
{
  g_return_val_if_fail (TETHER_IS_SERVER (self), NULL);
  g_return_val_if_fail (g_task_is_valid (result, self), NULL);

  return g_task_propagate_pointer (G_TASK (result), error);
}

/**
 * tether_server_call_tool_async:
 * @self: a #TetherServer
 * @name: the tool
 * @arguments: (nullable): its arguments
 * @progress_callback: (nullable): receives progress; it also extends the
 *   call's timeout, up to the server's hard maximum
 * @progress_data: data for @progress_callback, alive until the call ends
 * @cancellable: (nullable): cancelling sends notifications/cancelled
 * @callback: called with the CallToolResult
 * @user_data: data for @callback
 *
 * Calls a tool. A call that reached the server is never sent again (rule
 * 4): a timeout or a lost connection is reported, with the outcome unknown.
 * Only a call that provably never left is sent again, after a reconnect.
 */
void
tether_server_call_tool_async (TetherServer        *self,
                               const char          *name,
                               JsonObject          *arguments,
                               McpProgressFunc      progress_callback,
                               gpointer             progress_data,
                               GCancellable        *cancellable,
                               GAsyncReadyCallback  callback,
                               gpointer             user_data)
{
  tether_server_call_tool_full_async (self, name, arguments, NULL, NULL, progress_callback, progress_data,
                                      cancellable, callback, user_data);
}

/**
 * tether_server_call_tool_full_async:
 * @self: a #TetherServer
 * @name: the tool
 * @arguments: (nullable): its arguments
 * @meta: (nullable): members of the request's `_meta` (such as the
 *   stateless revision's logLevel that a hub client asked for)
 * @owner: (nullable): who makes the call: what the server asks its client
 *   during the call is routed with this owner (see
 *   tether_server_question_get_owner())
 * @progress_callback: (nullable): receives progress
 * @progress_data: data for @progress_callback
 * @cancellable: (nullable): cancelling sends notifications/cancelled
 * @callback: called with the CallToolResult
 * @user_data: data for @callback
 *
 * tether_server_call_tool_async() with an owner. Finish with
 * tether_server_call_tool_finish().
 */
void
tether_server_call_tool_full_async (TetherServer        *self,
                                    const char          *name,
                                    JsonObject          *arguments,
                                    JsonObject          *meta,
                                    GObject             *owner,
                                    McpProgressFunc      progress_callback,
                                    gpointer             progress_data,
                                    GCancellable        *cancellable,
                                    GAsyncReadyCallback  callback,
                                    gpointer             user_data)
{
  Request *request;

  g_return_if_fail (TETHER_IS_SERVER (self));
  g_return_if_fail (name != NULL);
  g_return_if_fail (owner == NULL || G_IS_OBJECT (owner));

  request = g_new0 (Request, 1);
  request->method = g_strdup ("tools/call");
  request->params = json_object_new ();
  request->kind = TETHER_REQUEST_KIND_CALL;
  request->owner = owner != NULL ? g_object_ref (owner) : NULL;
  request->progress_callback = progress_callback;
  request->progress_data = progress_data;
  json_object_set_string_member (request->params, "name", name);
  json_object_set_object_member (request->params, "arguments",
                                 arguments != NULL ? json_object_ref (arguments) : json_object_new ());
  if (meta != NULL)
    json_object_set_object_member (request->params, "_meta", json_object_ref (meta));

  /* A tool that runs only as a task is never called without one. */
  if (tether_server_get_tool_task_support (self, name) == MCP_TASK_SUPPORT_REQUIRED)
    request->task = mcp_task_new ();

  start_request (self, request, cancellable, callback, user_data, tether_server_call_tool_full_async);
}

/**
 * tether_server_call_tool_task_async:
 * @self: a #TetherServer
 * @name: the tool
 * @arguments: (nullable): its arguments
 * @owner: (nullable): who makes the call, as for
 *   tether_server_call_tool_full_async()
 * @task: a new #McpTask, whose properties follow the task (its status,
 *   its message, its result)
 * @cancellable: (nullable): cancelling it cancels the task on the server
 *   (`tasks/cancel`)
 * @callback: called with the CallToolResult once the task is over
 * @user_data: data for @callback
 *
 * Calls a tool as a task (the tool must allow it), under the same rules
 * as tether_server_call_tool_async(): a call that reached the server is
 * never sent again. Finish with tether_server_call_tool_finish().
 */
void
tether_server_call_tool_task_async (TetherServer        *self,
                                    const char          *name,
                                    JsonObject          *arguments,
                                    GObject             *owner,
                                    McpTask             *task,
                                    GCancellable        *cancellable,
                                    GAsyncReadyCallback  callback,
                                    gpointer             user_data)
{
  Request *request;

  g_return_if_fail (TETHER_IS_SERVER (self));
  g_return_if_fail (name != NULL);
  g_return_if_fail (owner == NULL || G_IS_OBJECT (owner));
  g_return_if_fail (MCP_IS_TASK (task));

  request = g_new0 (Request, 1);
  request->method = g_strdup ("tools/call");
  request->params = json_object_new ();
  request->kind = TETHER_REQUEST_KIND_CALL;
  request->owner = owner != NULL ? g_object_ref (owner) : NULL;
  request->task = g_object_ref (task);
  json_object_set_string_member (request->params, "name", name);
  json_object_set_object_member (request->params, "arguments",
                                 arguments != NULL ? json_object_ref (arguments) : json_object_new ());

  start_request (self, request, cancellable, callback, user_data, tether_server_call_tool_task_async);
}

/**
 * tether_server_get_tool_task_support:
 * @self: a #TetherServer
 * @name: a tool
 *
 * Returns: whether the tool, as last listed, may or must run as a task;
 *   %MCP_TASK_SUPPORT_FORBIDDEN for a tool not listed
 */
McpTaskSupport
tether_server_get_tool_task_support (TetherServer *self,
                                     const char   *name)
{
  GListModel *tools;
  guint n;

  g_return_val_if_fail (TETHER_IS_SERVER (self), MCP_TASK_SUPPORT_FORBIDDEN);
  g_return_val_if_fail (name != NULL, MCP_TASK_SUPPORT_FORBIDDEN);

  tools = G_LIST_MODEL (self->lists[TETHER_SERVER_LIST_TOOLS]);
  n = g_list_model_get_n_items (tools);
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(McpTool) tool = g_list_model_get_item (tools, i);

      if (g_strcmp0 (mcp_item_get_name (MCP_ITEM (tool)), name) == 0)
        return mcp_tool_get_task_support (tool);
    }

  return MCP_TASK_SUPPORT_FORBIDDEN;
}

/**
 * tether_server_call_tool_finish:
 * @self: a #TetherServer
 * @result: the #GAsyncResult
 * @error: where to put an error
 *
 * Returns: (transfer full): the CallToolResult; it may have `isError` set
 */
JsonNode *
tether_server_call_tool_finish (TetherServer  *self,
                                GAsyncResult  *result,
                                GError       **error)
{
  g_return_val_if_fail (TETHER_IS_SERVER (self), NULL);
  g_return_val_if_fail (g_task_is_valid (result, self), NULL);

  return g_task_propagate_pointer (G_TASK (result), error);
}

/**
 * tether_server_set_log_level_async:
 * @self: a #TetherServer
 * @level: an RFC 5424 level name, as `logging/setLevel` takes it
 *   ("debug", "info", "warning"…)
 * @cancellable: (nullable): a #GCancellable
 * @callback: called when the server has answered
 * @user_data: data for @callback
 *
 * Asks the server to send log messages of @level and above; they go to its
 * log (#TetherServer:log). Fails when the server has no `logging`
 * capability. The level is asked again of every new session (after a
 * reconnect or a restart), since a new process starts at its own default.
 * A server of the stateless revision is asked nothing: from now on each
 * request to it names @level in its `_meta`, as that revision has it.
 */
void
tether_server_set_log_level_async (TetherServer        *self,
                                   const char          *level,
                                   GCancellable        *cancellable,
                                   GAsyncReadyCallback  callback,
                                   gpointer             user_data)
{
  g_autoptr(JsonObject) params = json_object_new ();

  g_return_if_fail (TETHER_IS_SERVER (self));
  g_return_if_fail (level != NULL);

  g_free (self->log_level);
  self->log_level = g_strdup (level);

  if (self->client != NULL && self->state == TETHER_SERVER_STATE_CONNECTED &&
      mcp_client_get_era (self->client) == MCP_ERA_STATELESS &&
      mcp_client_has_capability (self->client, "logging"))
    {
      g_autoptr(GTask) task = g_task_new (self, cancellable, callback, user_data);

      mcp_client_set_log_level (self->client, level);
      g_task_set_source_tag (task, tether_server_set_log_level_async);
      g_task_return_pointer (task, json_node_new (JSON_NODE_NULL), (GDestroyNotify) json_node_unref);
      return;
    }

  json_object_set_string_member (params, "level", level);
  tether_server_request_async (self, "logging/setLevel", params, cancellable, callback, user_data);
}

gboolean
tether_server_set_log_level_finish (TetherServer  *self,
                                    GAsyncResult  *result,
                                    GError       **error)
{
  g_autoptr(JsonNode) answer = tether_server_request_finish (self, result, error);

  return answer != NULL;
}

/**
 * tether_server_roots_changed:
 * @self: a #TetherServer
 *
 * Tells a connected server that the folders it gets from `roots/list`
 * changed (`notifications/roots/list_changed`); it asks again.
 */
void
tether_server_roots_changed (TetherServer *self)
{
  McpClient *client;

  g_return_if_fail (TETHER_IS_SERVER (self));

  client = self->client;
  if (client != NULL && self->state == TETHER_SERVER_STATE_CONNECTED)
    mcp_client_notify (client, "notifications/roots/list_changed", NULL);
}
