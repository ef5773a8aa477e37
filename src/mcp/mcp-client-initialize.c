/* mcp-client-initialize.c — McpClient: the handshake of the initialize era
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
#include "mcp-json-private.h"

/* `initialize` and the version the server chose, then
 * `notifications/initialized`. A failed handshake (of either era) closes
 * the client, and says why in the transport's words when the transport
 * knows best. */

static const char * const accepted_versions[] = {
  MCP_PROTOCOL_VERSION, "2025-06-18", "2025-03-26", "2024-11-05", NULL
};

void
_mcp_client_connect_fail (GTask  *task,
                          GError *error)
{
  McpClient *self = g_task_get_source_object (task);

  self->connecting = FALSE;

  /* A failed handshake leaves nothing running. */
  if (!self->closed)
    mcp_client_close_async (self, NULL, NULL, NULL);

  g_task_return_error (task, error);
  g_object_unref (task);
}

static void
initialize_failed_closed (GTask *task)
{
  McpClient *self = g_task_get_source_object (task);

  /* The server never saw it (an HTTP server that cannot be reached): the
   * transport's words say it all. */
  if (g_error_matches (self->close_error, MCP_ERROR, MCP_ERROR_NOT_SENT))
    {
      _mcp_client_connect_fail (task, g_error_copy (self->close_error));
      return;
    }

  /* Translators: the first %s is a method such as initialize, the second
   * why the connection closed */
  _mcp_client_connect_fail (task, g_error_new (MCP_ERROR, MCP_ERROR_CLOSED,
                                               _("The server closed the connection during %s: %s"),
                                               self->handshake_method,
                                               self->close_error != NULL ? self->close_error->message
                                                                         : _("no reason given")));
}

/**
 * _mcp_client_handshake_closed:
 * @self: a #McpClient
 * @task: the task of mcp_client_connect_async()
 *
 * Fails @task because the connection closed during the handshake, with
 * the transport's reason once it knows it.
 */
void
_mcp_client_handshake_closed (McpClient *self,
                              GTask     *task)
{
  /* Writing to a server that just died fails before the transport has
   * reaped it and can say why (its exit status, its stderr): wait for
   * that, the transport closes within its stop graces. */
  if (self->close_error == NULL && !mcp_transport_is_closed (self->transport))
    {
      self->initialize_waiting_for_close = task;
      self->initialize_closed = initialize_failed_closed;
      return;
    }

  initialize_failed_closed (task);
}

static void
initialize_cb (GObject      *object,
               GAsyncResult *result,
               gpointer      user_data)
{
  McpClient *self = MCP_CLIENT (object);
  GTask *task = user_data;
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) reply = NULL;
  JsonObject *reply_object;
  JsonObject *info = NULL;
  JsonNode *capabilities;
  g_autofree char *instructions = NULL;
  const char *version = NULL;

  reply = mcp_client_request_finish (self, result, &error);
  if (reply == NULL)
    {
      if (g_error_matches (error, MCP_RPC_ERROR, MCP_RPC_UNSUPPORTED_PROTOCOL))
        {
          g_autoptr(JsonNode) data = NULL;
          g_autoptr(GString) supported = g_string_new (NULL);
          const char *data_json = mcp_rpc_error_get_data (error);

          if (data_json != NULL)
            data = json_from_string (data_json, NULL);
          if (data != NULL && JSON_NODE_HOLDS_OBJECT (data) &&
              json_object_has_member (json_node_get_object (data), "supported") &&
              JSON_NODE_HOLDS_ARRAY (json_object_get_member (json_node_get_object (data), "supported")))
            {
              JsonArray *array = json_object_get_array_member (json_node_get_object (data), "supported");

              for (guint i = 0; i < json_array_get_length (array); i++)
                {
                  const char *v = json_node_get_string (json_array_get_element (array, i));

                  if (v == NULL)
                    continue;
                  if (supported->len > 0)
                    g_string_append (supported, ", ");
                  g_string_append (supported, v);
                }
            }

          /* A server that only speaks the stateless revision, whose
           * server/discover got no verdict (it timed out): ask it again. */
          if (!self->discover_answered && self->discover_attempts < 2 &&
              data != NULL && JSON_NODE_HOLDS_OBJECT (data) &&
              _mcp_json_array_has_string (json_node_get_object (data), "supported",
                                      MCP_PROTOCOL_VERSION_STATELESS))
            {
              g_task_return_int (task, MCP_INITIALIZE_ONLY_STATELESS);
              g_object_unref (task);
              return;
            }

          if (supported->len > 0)
            {
              GError *explained = mcp_rpc_error_new (error->code, NULL, data_json);

              g_free (explained->message);
              explained->message = g_strdup_printf (_("%s (server requires protocol %s)"),
                                                    error->message, supported->str);
              _mcp_client_connect_fail (task, explained);
              return;
            }
        }
      else if (g_error_matches (error, MCP_ERROR, MCP_ERROR_CLOSED) ||
               g_error_matches (error, MCP_ERROR, MCP_ERROR_NOT_SENT))
        {
          _mcp_client_handshake_closed (self, task);
          return;
        }

      _mcp_client_connect_fail (task, g_steal_pointer (&error));
      return;
    }

  if (!JSON_NODE_HOLDS_OBJECT (reply))
    {
      _mcp_client_connect_fail (task, g_error_new (MCP_ERROR, MCP_ERROR_INVALID_RESPONSE,
                                           "%s", _("The answer to initialize is not an object")));
      return;
    }

  reply_object = json_node_get_object (reply);
  if (mcp_json_has_string (reply_object, "protocolVersion"))
    version = json_object_get_string_member (reply_object, "protocolVersion");

  if (version == NULL || !g_strv_contains (accepted_versions, version))
    {
      _mcp_client_connect_fail (task, g_error_new (MCP_ERROR, MCP_ERROR_UNSUPPORTED_VERSION,
                                           _("The server chose protocol version %s; Tether offered %s and accepts %s"),
                                           version != NULL ? version : _("(none)"),
                                           MCP_PROTOCOL_VERSION,
                                           "2025-11-25, 2025-06-18, 2025-03-26, 2024-11-05"));
      return;
    }

  if (json_object_has_member (reply_object, "serverInfo") &&
      JSON_NODE_HOLDS_OBJECT (json_object_get_member (reply_object, "serverInfo")))
    info = json_object_get_object_member (reply_object, "serverInfo");

  capabilities = json_object_get_member (reply_object, "capabilities");
  instructions = mcp_json_dup_string (reply_object, "instructions");
  _mcp_client_set_session (self, version, info, instructions,
                           capabilities != NULL && JSON_NODE_HOLDS_OBJECT (capabilities) ? capabilities : NULL);

  self->era = MCP_ERA_LEGACY;
  mcp_client_notify (self, "notifications/initialized", NULL);
  self->connecting = FALSE;

  g_debug ("connected to %s %s, protocol %s",
           self->server_name != NULL ? self->server_name : "(unnamed)",
           self->server_version != NULL ? self->server_version : "",
           version);

  g_task_return_int (task, MCP_INITIALIZE_DONE);
  g_object_unref (task);
}

static JsonObject *
build_initialize_params (McpClient *self)
{
  JsonObject *params = json_object_new ();

  json_object_set_string_member (params, "protocolVersion", MCP_PROTOCOL_VERSION);
  json_object_set_object_member (params, "capabilities",
                                 self->capabilities != NULL ? json_object_ref (self->capabilities)
                                                            : json_object_new ());
  json_object_set_object_member (params, "clientInfo", _mcp_client_info_new ());

  return params;
}

/**
 * _mcp_client_initialize:
 * @self: a #McpClient whose transport is open
 * @task: (transfer full): a task of @self, completed with an
 *   #McpInitializeOutcome, or with an error once the client is closed
 *
 * The handshake of the initialize era: `initialize`, then
 * `notifications/initialized`. A server that answers it only speaks the
 * stateless revision, whose `server/discover` got no verdict, completes
 * @task with %MCP_INITIALIZE_ONLY_STATELESS: the caller asks again.
 */
void
_mcp_client_initialize (McpClient *self,
                        GTask     *task)
{
  g_autoptr(JsonObject) params = build_initialize_params (self);
  GTask *request;

  self->handshake_method = "initialize";
  request = g_task_new (self, g_task_get_cancellable (task), initialize_cb, task);
  g_task_set_source_tag (request, mcp_client_request_async);
  g_task_set_check_cancellable (request, FALSE);
  _mcp_client_start_request (self, request, "initialize", params, NULL, TRUE);
}
