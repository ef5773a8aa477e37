/* mcp-stdio-writer-private.h — the input of a stdio server
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>
#include <json-glib/json-glib.h>

#include "mcp-transport.h"

G_BEGIN_DECLS

typedef struct _McpStdioWriter McpStdioWriter;

/**
 * McpStdioWriterCallbacks:
 * @not_reading: the server has left @held bytes of its input unread: the
 *   writer refuses messages until it reads. Called once each time it starts.
 * @write_failed: writing failed with @error (%G_IO_ERROR_CANCELLED too).
 *   The messages it held fail and the server's input is closed, whatever
 *   the owner does; the owner says why the connection ends.
 *
 * How the writer tells its owner what happened to the server's input: the
 * writer never calls the transport that owns it.
 */
typedef struct
{
  void (*not_reading)  (McpTransport *owner,
                        gsize         held);
  void (*write_failed) (McpTransport *owner,
                        const GError *error);
} McpStdioWriterCallbacks;

McpStdioWriter *_mcp_stdio_writer_new            (McpTransport                  *owner,
                                                  const McpStdioWriterCallbacks *callbacks,
                                                  gsize                          max_held);
void            _mcp_stdio_writer_free           (McpStdioWriter                *writer);
void            _mcp_stdio_writer_start          (McpStdioWriter                *writer,
                                                  GOutputStream                 *stdin_pipe);
void            _mcp_stdio_writer_stop           (McpStdioWriter                *writer);
void            _mcp_stdio_writer_send_task      (McpStdioWriter                *writer,
                                                  JsonNode                      *message,
                                                  GTask                         *task);
void            _mcp_stdio_writer_send_func      (McpStdioWriter                *writer,
                                                  JsonNode                      *message,
                                                  McpTransportSendFunc           callback,
                                                  gpointer                       user_data);
void            _mcp_stdio_writer_hold           (McpStdioWriter                *writer);
void            _mcp_stdio_writer_release        (McpStdioWriter                *writer);
gsize           _mcp_stdio_writer_get_held_bytes (McpStdioWriter                *writer);

G_END_DECLS
