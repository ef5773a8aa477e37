/* mcp-token-provider.c
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "mcp-token-provider.h"

G_DEFINE_INTERFACE (McpTokenProvider, mcp_token_provider, G_TYPE_OBJECT)

static void
mcp_token_provider_default_init (McpTokenProviderInterface *iface)
{
}

/**
 * mcp_token_provider_dup_authorization:
 * @self: a provider
 *
 * Returns: (transfer full) (nullable): the Authorization header's value
 */
char *
mcp_token_provider_dup_authorization (McpTokenProvider *self)
{
  g_return_val_if_fail (MCP_IS_TOKEN_PROVIDER (self), NULL);

  return MCP_TOKEN_PROVIDER_GET_IFACE (self)->dup_authorization (self);
}

void
mcp_token_provider_challenge_async (McpTokenProvider    *self,
                                    guint                status,
                                    const char          *www_authenticate,
                                    GCancellable        *cancellable,
                                    GAsyncReadyCallback  callback,
                                    gpointer             user_data)
{
  g_return_if_fail (MCP_IS_TOKEN_PROVIDER (self));

  MCP_TOKEN_PROVIDER_GET_IFACE (self)->challenge_async (self, status, www_authenticate,
                                                        cancellable, callback, user_data);
}

gboolean
mcp_token_provider_challenge_finish (McpTokenProvider  *self,
                                     GAsyncResult      *result,
                                     GError           **error)
{
  g_return_val_if_fail (MCP_IS_TOKEN_PROVIDER (self), FALSE);

  return MCP_TOKEN_PROVIDER_GET_IFACE (self)->challenge_finish (self, result, error);
}
