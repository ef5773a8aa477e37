/* mcp-http-transport.h
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "mcp-http-check.h"
#include "mcp-token-provider.h"
#include "mcp-transport.h"

G_BEGIN_DECLS

/**
 * McpHttpMode:
 * @MCP_HTTP_MODE_AUTO: Streamable HTTP, falling back to legacy HTTP+SSE when
 *   the server refuses the `initialize` POST with 400, 404 or 405
 * @MCP_HTTP_MODE_STREAMABLE_HTTP: Streamable HTTP only (config `http`)
 * @MCP_HTTP_MODE_LEGACY_SSE: the 2024-11-05 HTTP+SSE transport only (config `sse`)
 */
typedef enum
{
  MCP_HTTP_MODE_AUTO,
  MCP_HTTP_MODE_STREAMABLE_HTTP,
  MCP_HTTP_MODE_LEGACY_SSE,
} McpHttpMode;

#define MCP_TYPE_HTTP_MODE (mcp_http_mode_get_type ())

GType        mcp_http_mode_get_type    (void) G_GNUC_CONST;
const char  *mcp_http_mode_to_string   (McpHttpMode   mode);
gboolean     mcp_http_mode_from_string (const char   *string,
                                        McpHttpMode  *mode);

#define MCP_TYPE_HTTP_TRANSPORT (mcp_http_transport_get_type ())

G_DECLARE_FINAL_TYPE (McpHttpTransport, mcp_http_transport, MCP, HTTP_TRANSPORT, McpTransport)

#define MCP_HTTP_DEFAULT_REQUEST_TIMEOUT_MS     60000
/* Resuming a dropped event stream: the first wait when the server gave no
 * `retry` (doubled at each attempt, up to the second), and the longest wait
 * a server's `retry` may ask for. */
#define MCP_HTTP_DEFAULT_RECONNECT_DELAY_MS     1000
#define MCP_HTTP_DEFAULT_RECONNECT_DELAY_MAX_MS 30000
#define MCP_HTTP_DEFAULT_RETRY_DELAY_MAX_MS     60000

McpHttpTransport *mcp_http_transport_new                        (const char        *url,
                                                                 McpHttpMode        mode);
gboolean          mcp_http_transport_add_header                 (McpHttpTransport  *self,
                                                                 const char        *name,
                                                                 const char        *value,
                                                                 GError           **error);
void              mcp_http_transport_set_token_provider         (McpHttpTransport  *self,
                                                                 McpTokenProvider  *provider);
const char       *mcp_http_transport_get_url                    (McpHttpTransport  *self);
McpHttpMode       mcp_http_transport_get_mode                   (McpHttpTransport  *self);
McpHttpMode       mcp_http_transport_get_detected_mode          (McpHttpTransport  *self);
const char       *mcp_http_transport_get_protocol_version       (McpHttpTransport  *self);
guint             mcp_http_transport_get_request_timeout        (McpHttpTransport  *self);
void              mcp_http_transport_set_request_timeout        (McpHttpTransport  *self,
                                                                 guint              timeout_ms);
guint             mcp_http_transport_get_reconnect_delay        (McpHttpTransport  *self);
void              mcp_http_transport_set_reconnect_delay        (McpHttpTransport  *self,
                                                                 guint              delay_ms);
guint             mcp_http_transport_get_reconnect_delay_max    (McpHttpTransport  *self);
void              mcp_http_transport_set_reconnect_delay_max    (McpHttpTransport  *self,
                                                                 guint              delay_ms);
guint             mcp_http_transport_get_retry_delay_max        (McpHttpTransport  *self);
void              mcp_http_transport_set_retry_delay_max        (McpHttpTransport  *self,
                                                                 guint              delay_ms);
guint             mcp_http_transport_get_max_reconnect_attempts (McpHttpTransport  *self);
void              mcp_http_transport_set_max_reconnect_attempts (McpHttpTransport  *self,
                                                                 guint              attempts);

/* For McpClient: the x-mcp-header annotations of the tools it listed. */
void              _mcp_http_transport_set_tool_headers          (McpHttpTransport  *self,
                                                                 GHashTable        *tool_headers);

G_END_DECLS
