/* mcp-error.c
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

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
