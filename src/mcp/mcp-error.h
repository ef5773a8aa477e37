/* mcp-error.h
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/**
 * MCP_ERROR:
 *
 * Failures of the transport or the session, as opposed to an error the peer
 * answered with (see %MCP_RPC_ERROR). A server command that could not be
 * started (%TETHER_SPAWN_ERROR) is reported by the stdio transport as
 * %MCP_ERROR_SPAWN_FAILED, %MCP_ERROR_COMMAND_NOT_FOUND or
 * %MCP_ERROR_PERMISSION_DENIED, with the same message.
 */
#define MCP_ERROR (mcp_error_quark ())

typedef enum
{
  MCP_ERROR_FAILED,
  MCP_ERROR_TIMEOUT,             /* a request or a connection attempt ran out of time */
  MCP_ERROR_CLOSED,              /* the transport closed; an in-flight call's outcome is unknown */
  MCP_ERROR_NOT_SENT,            /* the message provably never left: safe to send again */
  MCP_ERROR_INVALID_RESPONSE,    /* the peer sent something that is not valid MCP */
  MCP_ERROR_UNSUPPORTED_VERSION, /* the peer chose a protocol version we do not speak */
  MCP_ERROR_HTTP_STATUS,         /* an HTTP status we cannot continue after */
  MCP_ERROR_SESSION_EXPIRED,     /* the HTTP session is gone */
  MCP_ERROR_SPAWN_FAILED,        /* the server process could not be started */
  MCP_ERROR_COMMAND_NOT_FOUND,   /* the server command is not on the search path */
  MCP_ERROR_MESSAGE_TOO_LARGE,   /* a message is larger than the configured limit */
  MCP_ERROR_INVALID_URL,         /* not an http(s) URL, or an endpoint on another origin */
  MCP_ERROR_PERMISSION_DENIED,   /* e.g. no permission to run commands on the host */
  MCP_ERROR_PEER_NOT_READING,    /* the peer takes none of what we send: the message was not sent */
  MCP_ERROR_AUTHORIZATION,       /* the server wants a sign-in its token provider could not give */
  MCP_ERROR_PROBE_REFUSED,       /* an HTTP server refused server/discover with a 4xx and no JSON-RPC error */
  MCP_ERROR_UNAUTHORIZED,        /* HTTP 401 that no token provider took: the credentials sent were refused */
} McpError;

/**
 * MCP_RPC_ERROR:
 *
 * A JSON-RPC error object sent by the peer. The #GError code is the
 * JSON-RPC code, the message is the peer's message, and the optional
 * `data` member is kept: see mcp_rpc_error_get_data().
 */
#define MCP_RPC_ERROR (mcp_rpc_error_quark ())

#define MCP_RPC_PARSE_ERROR              (-32700)
#define MCP_RPC_INVALID_REQUEST          (-32600)
#define MCP_RPC_METHOD_NOT_FOUND         (-32601)
#define MCP_RPC_INVALID_PARAMS           (-32602)
#define MCP_RPC_INTERNAL_ERROR           (-32603)
#define MCP_RPC_RESOURCE_NOT_FOUND       (-32002) /* up to 2025-11-25; since, -32602 with data.uri */
#define MCP_RPC_UNSUPPORTED_PROTOCOL     (-32022)

GQuark      mcp_error_quark              (void);
GQuark      mcp_rpc_error_quark          (void);
GError     *mcp_rpc_error_new            (int           code,
                                          const char   *message,
                                          const char   *data_json);
const char *mcp_rpc_error_get_data       (const GError *error);
gboolean    mcp_error_is_resource_not_found (const GError *error);

G_END_DECLS
