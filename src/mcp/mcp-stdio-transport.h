/* mcp-stdio-transport.h
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "mcp-transport.h"
#include "tether-process.h"

G_BEGIN_DECLS

#define MCP_TYPE_STDIO_TRANSPORT (mcp_stdio_transport_get_type ())

G_DECLARE_FINAL_TYPE (McpStdioTransport, mcp_stdio_transport, MCP, STDIO_TRANSPORT, McpTransport)

#define MCP_STDIO_DEFAULT_GRACE_MS 2000

/* What the transport holds for a server that does not read its input:
 * past it, messages are refused (%MCP_ERROR_PEER_NOT_READING). */
#define MCP_STDIO_MAX_QUEUED_BYTES (4 * 1024 * 1024)

McpTransport   *mcp_stdio_transport_new                 (TetherProcess     *process);
TetherProcess  *mcp_stdio_transport_get_process         (McpStdioTransport *self);
guint           mcp_stdio_transport_get_terminate_grace (McpStdioTransport *self);
void            mcp_stdio_transport_set_terminate_grace (McpStdioTransport *self,
                                                         guint              grace_ms);
guint           mcp_stdio_transport_get_kill_grace      (McpStdioTransport *self);
void            mcp_stdio_transport_set_kill_grace      (McpStdioTransport *self,
                                                         guint              grace_ms);
char          **mcp_stdio_transport_dup_stderr_tail     (McpStdioTransport *self);
gsize           mcp_stdio_transport_get_queued_bytes    (McpStdioTransport *self);
gboolean        mcp_stdio_transport_get_exit            (McpStdioTransport *self,
                                                         int               *exit_status,
                                                         int               *term_signal);

G_END_DECLS
