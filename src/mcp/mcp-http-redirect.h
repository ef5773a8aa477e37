/* mcp-http-redirect.h
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <libsoup/soup.h>

G_BEGIN_DECLS

/**
 * MCP_HTTP_MAX_REDIRECTS:
 *
 * How many redirects one request may follow.
 */
#define MCP_HTTP_MAX_REDIRECTS 5

/**
 * McpHttpRedirect:
 * @MCP_HTTP_REDIRECT_NONE: not a redirect: the answer is the response
 * @MCP_HTTP_REDIRECT_FOLLOW: send the request again to the target
 * @MCP_HTTP_REDIRECT_REFUSE: a redirect that is not followed; the request
 *   fails with the reason
 */
typedef enum
{
  MCP_HTTP_REDIRECT_NONE,
  MCP_HTTP_REDIRECT_FOLLOW,
  MCP_HTTP_REDIRECT_REFUSE,
} McpHttpRedirect;

McpHttpRedirect  mcp_http_redirect_check        (SoupMessage  *msg,
                                                 GUri         *origin,
                                                 const char   *configured_url,
                                                 guint         hops,
                                                 GUri        **target,
                                                 GError      **error);
SoupMessage     *mcp_http_redirect_message_new  (SoupMessage  *msg,
                                                 GUri         *target,
                                                 GBytes       *body);

G_END_DECLS
