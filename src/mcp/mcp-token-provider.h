/* mcp-token-provider.h — who gives an HTTP transport its Authorization
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

#define MCP_TYPE_TOKEN_PROVIDER (mcp_token_provider_get_type ())

G_DECLARE_INTERFACE (McpTokenProvider, mcp_token_provider, MCP, TOKEN_PROVIDER, GObject)

/**
 * McpTokenProviderInterface:
 * @dup_authorization: the value of the Authorization header for the next
 *   request (such as "Bearer …"), or %NULL to send none
 * @challenge_async: the server answered @status (401 or 403) with the
 *   WWW-Authenticate header @www_authenticate (nullable): get what it asks
 *   for (refresh, sign in, step up)
 * @challenge_finish: %TRUE if the request may be sent again with a new
 *   authorization; %FALSE with an error if it may not; %FALSE without an
 *   error if the answer is not the provider's to handle
 *
 * The transport knows nothing of OAuth: it asks this for a header, and
 * hands it the challenges it gets.
 */
struct _McpTokenProviderInterface
{
  GTypeInterface g_iface;

  char     *(*dup_authorization) (McpTokenProvider     *self);
  void      (*challenge_async)   (McpTokenProvider     *self,
                                  guint                 status,
                                  const char           *www_authenticate,
                                  GCancellable         *cancellable,
                                  GAsyncReadyCallback   callback,
                                  gpointer              user_data);
  gboolean  (*challenge_finish)  (McpTokenProvider     *self,
                                  GAsyncResult         *result,
                                  GError              **error);
};

char     *mcp_token_provider_dup_authorization (McpTokenProvider     *self);
void      mcp_token_provider_challenge_async   (McpTokenProvider     *self,
                                                guint                 status,
                                                const char           *www_authenticate,
                                                GCancellable         *cancellable,
                                                GAsyncReadyCallback   callback,
                                                gpointer              user_data);
gboolean  mcp_token_provider_challenge_finish  (McpTokenProvider     *self,
                                                GAsyncResult         *result,
                                                GError              **error);

G_END_DECLS
