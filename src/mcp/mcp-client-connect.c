/* mcp-client-connect.c — McpClient: the handshake
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

/* Opening the transport, `initialize` and the version the server chose,
 * `notifications/initialized`; and what the handshake learnt: the server's
 * name, instructions and capabilities. A failed handshake closes the
 * client, and says why in the transport's words when the transport knows
 * best. */

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
              /* Translators: %s is a protocol revision such as 2026-07-28 */
              _mcp_client_emit_event (self, _("the server speaks only protocol %s; asking it with server/discover"),
                                      MCP_PROTOCOL_VERSION_STATELESS);
              _mcp_client_discover (self, task);
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

  g_task_return_boolean (task, TRUE);
  g_object_unref (task);
}

/* Who we are, as `initialize` and the stateless `_meta` say it. */
JsonObject *
_mcp_client_info_new (void)
{
  JsonObject *info = json_object_new ();

  json_object_set_string_member (info, "name", "tether");
  json_object_set_string_member (info, "title", "Tether");
  json_object_set_string_member (info, "version", PACKAGE_VERSION);

  return info;
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

/* The handshake of the initialize era: `initialize`, then
 * `notifications/initialized`. */
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

static void
open_cb (GObject      *object,
         GAsyncResult *result,
         gpointer      user_data)
{
  GTask *task = user_data;
  McpClient *self = g_task_get_source_object (task);
  g_autoptr(GError) error = NULL;

  if (!mcp_transport_open_finish (MCP_TRANSPORT (object), result, &error))
    {
      self->connecting = FALSE;
      g_task_return_error (task, g_steal_pointer (&error));
      g_object_unref (task);
      return;
    }

  /* Which era the server speaks is asked first, where it can be. */
  if (_mcp_client_wants_discover (self))
    _mcp_client_discover (self, task);
  else
    _mcp_client_initialize (self, task);
}

/**
 * mcp_client_connect_async:
 * @self: a #McpClient
 * @cancellable: (nullable): stops the attempt (a pending initialize is
 *   abandoned without notifications/cancelled, as the protocol asks)
 * @callback: called when connected or failed
 * @user_data: data for @callback
 *
 * Opens the transport and learns which era of the protocol the server
 * speaks: asked with `server/discover`, a server of the stateless revision
 * (2026-07-28) answers it, and the client speaks that revision to it from
 * then on; any other server gets `initialize` and
 * `notifications/initialized`. A failure closes the transport.
 */
void
mcp_client_connect_async (McpClient           *self,
                          GCancellable        *cancellable,
                          GAsyncReadyCallback  callback,
                          gpointer             user_data)
{
  GTask *task;

  g_return_if_fail (MCP_IS_CLIENT (self));

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, mcp_client_connect_async);

  if (self->connecting || self->protocol_version != NULL || self->closed)
    {
      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_FAILED,
                               "%s", _("This client was already connected once"));
      g_object_unref (task);
      return;
    }

  self->connecting = TRUE;
  mcp_transport_open_async (self->transport, cancellable, open_cb, task);
}

gboolean
mcp_client_connect_finish (McpClient     *self,
                           GAsyncResult  *result,
                           GError       **error)
{
  g_return_val_if_fail (MCP_IS_CLIENT (self), FALSE);
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);

  return g_task_propagate_boolean (G_TASK (result), error);
}

const char *
mcp_client_get_protocol_version (McpClient *self)
{
  g_return_val_if_fail (MCP_IS_CLIENT (self), NULL);

  return self->protocol_version;
}

const char *
mcp_client_get_server_name (McpClient *self)
{
  g_return_val_if_fail (MCP_IS_CLIENT (self), NULL);

  return self->server_name;
}

const char *
mcp_client_get_server_title (McpClient *self)
{
  g_return_val_if_fail (MCP_IS_CLIENT (self), NULL);

  return self->server_title;
}

const char *
mcp_client_get_server_version (McpClient *self)
{
  g_return_val_if_fail (MCP_IS_CLIENT (self), NULL);

  return self->server_version;
}

const char *
mcp_client_get_instructions (McpClient *self)
{
  g_return_val_if_fail (MCP_IS_CLIENT (self), NULL);

  return self->instructions;
}

/**
 * mcp_client_get_server_capabilities:
 * @self: a #McpClient
 *
 * Returns: (transfer none) (nullable): the server's capabilities object
 */
JsonNode *
mcp_client_get_server_capabilities (McpClient *self)
{
  g_return_val_if_fail (MCP_IS_CLIENT (self), NULL);

  return self->server_capabilities;
}

/**
 * mcp_client_has_capability:
 * @self: a #McpClient
 * @name: "tools", "prompts", "resources", "logging", …
 *
 * Returns: whether the server declared @name
 */
gboolean
mcp_client_has_capability (McpClient  *self,
                           const char *name)
{
  g_return_val_if_fail (MCP_IS_CLIENT (self), FALSE);

  return self->server_capabilities != NULL &&
         JSON_NODE_HOLDS_OBJECT (self->server_capabilities) &&
         json_object_has_member (json_node_get_object (self->server_capabilities), name);
}
