/* mcp-client-calls.c — McpClient: calls that answer with an object
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "mcp-client"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "mcp-client-private.h"
#include "mcp-error.h"

/* Calls whose answer is one object: tools/call (never sent twice),
 * prompts/get, resources/read and ping. Built on the public request API,
 * and, for a server of the stateless revision, on the answering of the
 * input a result asks for (mcp-input-required.c). */

typedef struct
{
  char              *method;
  JsonObject        *params;
  McpRequestOptions  options;
  GError            *mismatch;  /* the -32020 being answered by a new list */
  gboolean           relisted;  /* sent again after a -32020 already */
} Call;

static void
call_free (Call *call)
{
  g_free (call->method);
  g_clear_pointer (&call->params, json_object_unref);
  g_clear_error (&call->mismatch);
  g_free (call);
}

/* Why a call of the tool @name is refused: the last list left it out. */
static GError *
tool_rejected_error (McpClient  *self,
                     const char *name)
{
  const char *rejected = _mcp_client_tool_rejected (self, name);

  if (rejected == NULL)
    return NULL;

  /* Translators: the first %s is the name of a tool, the second why */
  return g_error_new (MCP_ERROR, MCP_ERROR_FAILED, _("The tool “%s” cannot be used: %s"), name, rejected);
}

static void object_result_cb (GObject      *object,
                              GAsyncResult *result,
                              gpointer      user_data);

/* The tools listed afresh after a -32020: the call goes again, once, with
 * the headers the new list says; a tool the new list leaves out, or a
 * list that fails, ends the call with the first error. */
static void
relisted_cb (GObject      *object,
             GAsyncResult *result,
             gpointer      user_data)
{
  McpClient *self = MCP_CLIENT (object);
  GTask *task = user_data;
  Call *call = g_task_get_task_data (task);
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) tools = mcp_client_list_tools_finish (self, result, &error);
  GError *rejected = NULL;

  if (tools == NULL)
    {
      /* Translators: the first %s is the server's error, the second why
       * listing the tools again failed */
      g_task_return_new_error (task, call->mismatch->domain, call->mismatch->code,
                               _("%s (listing the tools again failed: %s)"), call->mismatch->message,
                               error->message);
      g_object_unref (task);
      return;
    }

  rejected = tool_rejected_error (self, json_object_get_string_member_with_default (call->params, "name", ""));
  if (rejected != NULL)
    {
      g_task_return_error (task, rejected);
      g_object_unref (task);
      return;
    }

  g_clear_error (&call->mismatch);
  mcp_client_request_async (self, call->method, call->params, &call->options, g_task_get_cancellable (task),
                            object_result_cb, task);
}

/* A server of the stateless revision answers a tools/call whose headers
 * do not match its body with -32020 (header mismatch): the headers came
 * from a list that is out of date. The rule is to list the tools again
 * and send the call once more; a second -32020 is the answer. Returns
 * whether that is under way. */
static gboolean
retry_after_mismatch (McpClient *self,
                      GTask     *task,
                      GError   **error)
{
  Call *call = g_task_get_task_data (task);
  McpRequestOptions list_options = { .timeout_ms = call->options.timeout_ms };

  if (call->relisted || self->era != MCP_ERA_STATELESS || !g_str_equal (call->method, "tools/call") ||
      !g_error_matches (*error, MCP_RPC_ERROR, MCP_RPC_HEADER_MISMATCH))
    return FALSE;

  call->relisted = TRUE;
  call->mismatch = g_steal_pointer (error);
  /* Translators: %d is an error code (-32020) */
  _mcp_client_emit_event (self, _("tools/call: the server says the headers do not match (%d): "
                                  "listing the tools again and calling once more"), MCP_RPC_HEADER_MISMATCH);
  _mcp_client_list_cache_forget (self, MCP_LIST_TOOLS);
  mcp_client_list_tools_async (self, &list_options, g_task_get_cancellable (task), relisted_cb, task);
  return TRUE;
}

static void
object_result_cb (GObject      *object,
                  GAsyncResult *result,
                  gpointer      user_data)
{
  McpClient *self = MCP_CLIENT (object);
  g_autoptr(GTask) task = user_data;
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) reply = NULL;
  Call *call = g_task_get_task_data (task);

  reply = mcp_client_request_finish (self, result, &error);
  if (reply == NULL && retry_after_mismatch (self, task, &error))
    g_steal_pointer (&task);
  else if (reply == NULL)
    g_task_return_error (task, g_steal_pointer (&error));
  else if (!JSON_NODE_HOLDS_OBJECT (reply))
    g_task_return_new_error (task, MCP_ERROR, MCP_ERROR_INVALID_RESPONSE,
                             _("The answer to %s is not an object"), call->method);
  else if (self->era == MCP_ERA_STATELESS)
    /* Its resultType says whether it is complete or asks for input. */
    _mcp_client_input_required (self, g_steal_pointer (&task), call->method, call->params,
                                &call->options, reply);
  else
    g_task_return_pointer (task, g_steal_pointer (&reply), (GDestroyNotify)json_node_unref);
}

static void
object_request (McpClient               *self,
                const char              *method,
                JsonObject              *params,
                const McpRequestOptions *options,
                McpSendFlags             force_flags,
                GCancellable            *cancellable,
                GAsyncReadyCallback      callback,
                gpointer                 user_data,
                gpointer                 source_tag)
{
  Call *call = g_new0 (Call, 1);
  GTask *task;

  if (options != NULL)
    call->options = *options;
  call->options.flags |= force_flags;
  call->method = g_strdup (method);
  call->params = params != NULL ? json_object_ref (params) : NULL;

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, source_tag);
  g_task_set_check_cancellable (task, FALSE);
  g_task_set_task_data (task, call, (GDestroyNotify)call_free);

  mcp_client_request_async (self, method, params, &call->options, cancellable, object_result_cb, task);
}

static JsonNode *
object_finish (McpClient     *self,
               GAsyncResult  *result,
               gpointer       source_tag,
               GError       **error)
{
  g_return_val_if_fail (MCP_IS_CLIENT (self), NULL);
  g_return_val_if_fail (g_task_is_valid (result, self), NULL);
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) == source_tag, NULL);

  return g_task_propagate_pointer (G_TASK (result), error);
}

/* A call of a tool waiting for the list that says which of its arguments
 * go in headers. */
typedef struct
{
  GTask             *task;
  JsonObject        *params;
  McpRequestOptions  options;
} ToolCall;

static void
call_tool (McpClient               *self,
           JsonObject              *params,
           const McpRequestOptions *options,
           GCancellable            *cancellable,
           GAsyncReadyCallback      callback,
           gpointer                 user_data)
{
  GError *rejected = tool_rejected_error (self, json_object_get_string_member (params, "name"));

  if (rejected != NULL)
    {
      g_task_report_error (self, callback, user_data, mcp_client_call_tool_async, rejected);
      return;
    }

  object_request (self, "tools/call", params, options, MCP_SEND_FLAGS_NONE, cancellable, callback, user_data,
                  mcp_client_call_tool_async);
}

static void
tool_called_cb (GObject      *object,
                GAsyncResult *result,
                gpointer      user_data)
{
  GTask *task = user_data;
  GError *error = NULL;
  JsonNode *reply = g_task_propagate_pointer (G_TASK (result), &error);

  if (reply == NULL)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, reply, (GDestroyNotify)json_node_unref);
  g_object_unref (task);
}

static void
tools_listed_cb (GObject      *object,
                 GAsyncResult *result,
                 gpointer      user_data)
{
  McpClient *self = MCP_CLIENT (object);
  ToolCall *call = user_data;
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) tools = mcp_client_list_tools_finish (self, result, &error);

  if (tools == NULL)
    {
      /* Translators: %s is why the list failed */
      g_task_return_new_error (call->task, error->domain, error->code,
                               _("Listing the tools before the call failed: %s"), error->message);
      g_object_unref (call->task);
    }
  else
    call_tool (self, call->params, &call->options, g_task_get_cancellable (call->task),
               tool_called_cb, call->task);

  json_object_unref (call->params);
  g_free (call);
}

/**
 * mcp_client_call_async:
 * @self: a #McpClient
 * @method: `tools/call`, `prompts/get` or `resources/read`: a request whose
 *   result a server of the stateless revision may give only after asking
 *   for input
 * @params: (nullable): its params
 * @options: (nullable): per-request settings, used as they are
 * @cancellable: (nullable): a #GCancellable
 * @callback: called with the result
 * @user_data: data for @callback
 *
 * mcp_client_request_async() for a request answered with one object. For
 * a server of the stateless revision, a result that asks for input
 * (`input_required`) is answered through #McpClient::server-request and
 * the request sent again, as mcp_client_call_tool_async() does, and only
 * the final result is returned. Lets a caller that keeps its own params
 * and retry policy (TetherServer) get what the typed calls get.
 */
void
mcp_client_call_async (McpClient               *self,
                       const char              *method,
                       JsonObject              *params,
                       const McpRequestOptions *options,
                       GCancellable            *cancellable,
                       GAsyncReadyCallback      callback,
                       gpointer                 user_data)
{
  g_return_if_fail (MCP_IS_CLIENT (self));
  g_return_if_fail (method != NULL);

  object_request (self, method, params, options, MCP_SEND_FLAGS_NONE, cancellable, callback, user_data,
                  mcp_client_call_async);
}

/**
 * mcp_client_call_finish:
 * @self: a #McpClient
 * @result: the result given to the callback
 * @error: return location for an error
 *
 * Returns: (transfer full): the result object
 */
JsonNode *
mcp_client_call_finish (McpClient     *self,
                        GAsyncResult  *result,
                        GError       **error)
{
  return object_finish (self, result, mcp_client_call_async, error);
}

/**
 * mcp_client_call_tool_async:
 * @self: a #McpClient
 * @name: the tool
 * @arguments: (nullable): its arguments
 * @options: (nullable): per-call settings; %MCP_SEND_FLAGS_IDEMPOTENT is
 *   ignored: a tool call is never delivered twice
 * @cancellable: (nullable): a #GCancellable
 * @callback: called with the result
 * @user_data: data for @callback
 *
 * Calls a tool. An execution error is a normal result with `isError`; a
 * protocol error is an %MCP_RPC_ERROR. When the connection drops after the
 * call left, it fails with %MCP_ERROR_CLOSED: the outcome is unknown and it
 * must not be sent again.
 */
void
mcp_client_call_tool_async (McpClient               *self,
                            const char              *name,
                            JsonObject              *arguments,
                            const McpRequestOptions *options,
                            GCancellable            *cancellable,
                            GAsyncReadyCallback      callback,
                            gpointer                 user_data)
{
  g_autoptr(JsonObject) params = json_object_new ();
  McpRequestOptions opts = { 0 };

  g_return_if_fail (MCP_IS_CLIENT (self));
  g_return_if_fail (name != NULL);

  if (options != NULL)
    opts = *options;
  opts.flags &= ~MCP_SEND_FLAGS_IDEMPOTENT;

  json_object_set_string_member (params, "name", name);
  json_object_set_object_member (params, "arguments",
                                 arguments != NULL ? json_object_ref (arguments) : json_object_new ());

  /* Which arguments go in headers is learnt from the list. */
  if (_mcp_client_tools_unknown (self))
    {
      ToolCall *call = g_new0 (ToolCall, 1);
      McpRequestOptions list_options = { 0 };

      call->params = g_steal_pointer (&params);
      call->options = opts;
      call->task = g_task_new (self, cancellable, callback, user_data);
      g_task_set_source_tag (call->task, mcp_client_call_tool_async);
      g_task_set_check_cancellable (call->task, FALSE);
      list_options.timeout_ms = opts.timeout_ms;
      mcp_client_list_tools_async (self, &list_options, cancellable, tools_listed_cb, call);
      return;
    }

  call_tool (self, params, &opts, cancellable, callback, user_data);
}

/**
 * mcp_client_call_tool_finish:
 * @self: a #McpClient
 * @result: the result given to the callback
 * @error: return location for an error
 *
 * Returns: (transfer full): the CallToolResult object
 */
JsonNode *
mcp_client_call_tool_finish (McpClient     *self,
                             GAsyncResult  *result,
                             GError       **error)
{
  return object_finish (self, result, mcp_client_call_tool_async, error);
}

/**
 * mcp_client_get_prompt_async:
 * @self: a #McpClient
 * @name: the prompt
 * @arguments: (nullable): its arguments, string values
 * @options: (nullable): per-call settings
 * @cancellable: (nullable): a #GCancellable
 * @callback: called with the result
 * @user_data: data for @callback
 */
void
mcp_client_get_prompt_async (McpClient               *self,
                             const char              *name,
                             JsonObject              *arguments,
                             const McpRequestOptions *options,
                             GCancellable            *cancellable,
                             GAsyncReadyCallback      callback,
                             gpointer                 user_data)
{
  g_autoptr(JsonObject) params = json_object_new ();

  g_return_if_fail (MCP_IS_CLIENT (self));
  g_return_if_fail (name != NULL);

  json_object_set_string_member (params, "name", name);
  if (arguments != NULL)
    json_object_set_object_member (params, "arguments", json_object_ref (arguments));

  object_request (self, "prompts/get", params, options, MCP_SEND_FLAGS_IDEMPOTENT, cancellable,
                  callback, user_data, mcp_client_get_prompt_async);
}

/**
 * mcp_client_get_prompt_finish:
 * @self: a #McpClient
 * @result: the result given to the callback
 * @error: return location for an error
 *
 * Returns: (transfer full): the GetPromptResult object
 */
JsonNode *
mcp_client_get_prompt_finish (McpClient     *self,
                              GAsyncResult  *result,
                              GError       **error)
{
  return object_finish (self, result, mcp_client_get_prompt_async, error);
}

/**
 * mcp_client_read_resource_async:
 * @self: a #McpClient
 * @uri: the resource
 * @options: (nullable): per-call settings
 * @cancellable: (nullable): a #GCancellable
 * @callback: called with the result
 * @user_data: data for @callback
 */
void
mcp_client_read_resource_async (McpClient               *self,
                                const char              *uri,
                                const McpRequestOptions *options,
                                GCancellable            *cancellable,
                                GAsyncReadyCallback      callback,
                                gpointer                 user_data)
{
  g_autoptr(JsonObject) params = json_object_new ();

  g_return_if_fail (MCP_IS_CLIENT (self));
  g_return_if_fail (uri != NULL);

  json_object_set_string_member (params, "uri", uri);
  object_request (self, "resources/read", params, options, MCP_SEND_FLAGS_IDEMPOTENT, cancellable,
                  callback, user_data, mcp_client_read_resource_async);
}

/**
 * mcp_client_read_resource_finish:
 * @self: a #McpClient
 * @result: the result given to the callback
 * @error: return location for an error
 *
 * Returns: (transfer full): the ReadResourceResult object
 */
JsonNode *
mcp_client_read_resource_finish (McpClient     *self,
                                 GAsyncResult  *result,
                                 GError       **error)
{
  return object_finish (self, result, mcp_client_read_resource_async, error);
}

void
mcp_client_ping_async (McpClient               *self,
                       const McpRequestOptions *options,
                       GCancellable            *cancellable,
                       GAsyncReadyCallback      callback,
                       gpointer                 user_data)
{
  g_return_if_fail (MCP_IS_CLIENT (self));

  /* The stateless revision has no ping: server/discover is as cheap. */
  object_request (self, self->era == MCP_ERA_STATELESS ? "server/discover" : "ping", NULL, options,
                  MCP_SEND_FLAGS_IDEMPOTENT, cancellable, callback, user_data, mcp_client_ping_async);
}

gboolean
mcp_client_ping_finish (McpClient     *self,
                        GAsyncResult  *result,
                        GError       **error)
{
  g_autoptr(JsonNode) reply = object_finish (self, result, mcp_client_ping_async, error);

  return reply != NULL;
}
