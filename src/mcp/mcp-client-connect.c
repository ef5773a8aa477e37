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

/* Opening the transport and choosing the handshake: `server/discover`
 * where the era is to be asked (mcp-client-discover.c), else `initialize`
 * (mcp-client-initialize.c); and what the handshake learnt: the server's
 * name, instructions and capabilities. */

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

  _mcp_client_handshake (self, task);
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
