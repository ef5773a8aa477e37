/* mcp-transport-private.h — what subclasses of McpTransport call
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "mcp-transport.h"

G_BEGIN_DECLS

/* Parse one complete message (a line of stdio, the data of an SSE event, an
 * HTTP body). A JSON-RPC object is emitted as ::message-received; anything
 * else is reported as ::invalid-message and skipped. Returns TRUE if a
 * message was emitted at once. A large text is parsed on a worker thread and
 * emitted later; what arrives meanwhile, and ::closed, wait behind it, so the
 * order is kept. */
gboolean _mcp_transport_handle_text        (McpTransport *self,
                                            const char   *text,
                                            gsize         length);
/* While a message that arrived on the stream of one of our requests is
 * emitted: that request's id (as digits; NULL otherwise). A message parsed
 * later, on a worker thread, carries none. */
void        _mcp_transport_set_related_request (McpTransport *self,
                                                const char   *id_key);
const char *_mcp_transport_get_related_request (McpTransport *self);
/* Whether a large message that has arrived is still being parsed. */
gboolean _mcp_transport_is_parsing         (McpTransport *self);
void     _mcp_transport_emit_message       (McpTransport *self,
                                            JsonNode     *message);
void     _mcp_transport_emit_invalid       (McpTransport *self,
                                            const char   *text,
                                            gsize         length,
                                            const char   *reason);
void     _mcp_transport_emit_request_lost  (McpTransport *self,
                                            JsonNode     *id,
                                            const char   *reason);
void     _mcp_transport_emit_stderr_line   (McpTransport *self,
                                            const char   *line);
void     _mcp_transport_emit_event         (McpTransport *self,
                                            const char   *format,
                                            ...) G_GNUC_PRINTF (2, 3);
/* Emits ::closed once; later calls are ignored. @error NULL = clean close.
 * While a large message is being parsed, ::closed follows its delivery. */
void     _mcp_transport_emit_closed        (McpTransport *self,
                                            const GError *error);
/* Serialise @message compactly (no newlines), as it goes on the wire. */
char    *_mcp_transport_serialize          (JsonNode     *message,
                                            gsize        *length);

G_END_DECLS
