/* mcp-sse-parser.h
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib-object.h>

G_BEGIN_DECLS

/**
 * McpSseEvent:
 * @event: the event type; `message` when the stream named none
 * @data: the data lines joined with `\n`, valid UTF-8 without NUL
 * @data_length: the length of @data in bytes
 * @id: the last event id when the event was dispatched (`""` for none)
 * @retry: the reconnection time in milliseconds the stream asked for so
 *   far, or -1
 *
 * One event of a `text/event-stream`.
 */
typedef struct _McpSseEvent McpSseEvent;

struct _McpSseEvent
{
  char   *event;
  char   *data;
  gsize   data_length;
  char   *id;
  gint64  retry;
};

#define MCP_TYPE_SSE_EVENT (mcp_sse_event_get_type ())

GType        mcp_sse_event_get_type (void) G_GNUC_CONST;
McpSseEvent *mcp_sse_event_copy     (const McpSseEvent *event);
void         mcp_sse_event_free     (McpSseEvent       *event);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (McpSseEvent, mcp_sse_event_free)

#define MCP_TYPE_SSE_PARSER (mcp_sse_parser_get_type ())

G_DECLARE_FINAL_TYPE (McpSseParser, mcp_sse_parser, MCP, SSE_PARSER, GObject)

McpSseParser *mcp_sse_parser_new                (gsize          max_event_size);
gboolean      mcp_sse_parser_feed               (McpSseParser  *self,
                                                 const char    *data,
                                                 gsize          length,
                                                 GError       **error);
McpSseEvent  *mcp_sse_parser_pop_event          (McpSseParser  *self);
const char   *mcp_sse_parser_get_last_event_id  (McpSseParser  *self);
gint64        mcp_sse_parser_get_retry          (McpSseParser  *self);
gsize         mcp_sse_parser_get_max_event_size (McpSseParser  *self);

G_END_DECLS
