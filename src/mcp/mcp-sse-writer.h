/* mcp-sse-writer.h
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <json-glib/json-glib.h>
#include <libsoup/soup.h>

G_BEGIN_DECLS

#define MCP_TYPE_SSE_WRITER (mcp_sse_writer_get_type ())

G_DECLARE_FINAL_TYPE (McpSseWriter, mcp_sse_writer, MCP, SSE_WRITER, GObject)

/* Seconds between keep-alive comments on an idle stream. */
#define MCP_SSE_WRITER_KEEPALIVE_S 15

McpSseWriter *mcp_sse_writer_new       (SoupServerMessage *msg);
gboolean      mcp_sse_writer_send      (McpSseWriter      *self,
                                        JsonNode          *message);
void          mcp_sse_writer_close     (McpSseWriter      *self);
gboolean      mcp_sse_writer_is_closed (McpSseWriter      *self);

G_END_DECLS
