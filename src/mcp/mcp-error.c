/* mcp-error.c
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <json-glib/json-glib.h>

#include "mcp-error.h"

G_DEFINE_QUARK (mcp-error-quark, mcp_error)

typedef struct
{
  char *data_json;
} McpRpcErrorPrivate;

static void
mcp_rpc_error_private_init (McpRpcErrorPrivate *priv)
{
  priv->data_json = NULL;
}

static void
mcp_rpc_error_private_copy (const McpRpcErrorPrivate *src,
                            McpRpcErrorPrivate       *dest)
{
  dest->data_json = g_strdup (src->data_json);
}

static void
mcp_rpc_error_private_clear (McpRpcErrorPrivate *priv)
{
  g_clear_pointer (&priv->data_json, g_free);
}

G_DEFINE_EXTENDED_ERROR (McpRpcError, mcp_rpc_error)

/**
 * mcp_rpc_error_new:
 * @code: the JSON-RPC error code
 * @message: the peer's message
 * @data_json: (nullable): the `data` member serialised as JSON
 *
 * Returns: (transfer full): a new #GError in the %MCP_RPC_ERROR domain
 */
GError *
mcp_rpc_error_new (int         code,
                   const char *message,
                   const char *data_json)
{
  GError *error;
  McpRpcErrorPrivate *priv;

  error = g_error_new_literal (MCP_RPC_ERROR, code, message != NULL ? message : "");
  priv = mcp_rpc_error_get_private (error);
  if (priv != NULL)
    priv->data_json = g_strdup (data_json);

  return error;
}

/**
 * mcp_rpc_error_get_data:
 * @error: an error in the %MCP_RPC_ERROR domain
 *
 * Returns: (nullable): the JSON text of the error's `data` member
 */
const char *
mcp_rpc_error_get_data (const GError *error)
{
  McpRpcErrorPrivate *priv;

  if (error == NULL || error->domain != MCP_RPC_ERROR)
    return NULL;

  priv = mcp_rpc_error_get_private (error);

  return priv != NULL ? priv->data_json : NULL;
}

/**
 * mcp_error_is_resource_not_found:
 * @error: (nullable): an error of a `resources/read`
 *
 * The server's way of saying a resource does not exist: -32002 up to
 * revision 2025-11-25, and since 2026-07-28 -32602 (invalid params) with
 * the URI in `data.uri`.
 *
 * Returns: whether @error says the resource read does not exist
 */
gboolean
mcp_error_is_resource_not_found (const GError *error)
{
  g_autoptr(JsonNode) data = NULL;
  const char *data_json;

  if (error == NULL || error->domain != MCP_RPC_ERROR)
    return FALSE;

  if (error->code == MCP_RPC_RESOURCE_NOT_FOUND)
    return TRUE;

  if (error->code != MCP_RPC_INVALID_PARAMS || (data_json = mcp_rpc_error_get_data (error)) == NULL)
    return FALSE;

  data = json_from_string (data_json, NULL);
  return data != NULL && JSON_NODE_HOLDS_OBJECT (data) &&
         json_object_has_member (json_node_get_object (data), "uri");
}
