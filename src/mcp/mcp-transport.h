/* mcp-transport.h
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>
#include <json-glib/json-glib.h>

G_BEGIN_DECLS

#define MCP_TYPE_TRANSPORT (mcp_transport_get_type ())

G_DECLARE_DERIVABLE_TYPE (McpTransport, mcp_transport, MCP, TRANSPORT, GObject)

/**
 * McpSendFlags:
 * @MCP_SEND_FLAGS_NONE: no flags
 * @MCP_SEND_FLAGS_IDEMPOTENT: delivering the message twice does no harm
 *   (lists, gets, reads, ping). A transport may then reuse a connection in a
 *   way that could repeat it; never set for `tools/call`.
 */
typedef enum
{
  MCP_SEND_FLAGS_NONE       = 0,
  MCP_SEND_FLAGS_IDEMPOTENT = 1 << 0,
} McpSendFlags;

#define MCP_DEFAULT_MAX_MESSAGE_SIZE (16 * 1024 * 1024)

/**
 * McpTransportSendFunc:
 * @transport: the transport
 * @error: (nullable): %NULL once the message was handed to the peer, else
 *   why not (%MCP_ERROR_NOT_SENT if it provably never left)
 * @user_data: the data given to mcp_transport_send_message()
 *
 * Says how the delivery of one message ended; see @send_async.
 */
typedef void (*McpTransportSendFunc) (McpTransport *transport,
                                      const GError *error,
                                      gpointer      user_data);

/**
 * McpTransportClass:
 * @open_async: start the transport (spawn the process, reach the URL)
 * @open_finish: finish @open_async
 * @send_async: deliver one JSON-RPC message. Messages are delivered in the
 *   order of the calls. The operation completes when the message has been
 *   handed to the peer (written to the pipe, or the POST was answered). An
 *   error of %MCP_ERROR_NOT_SENT means the peer provably never saw it.
 *   Cancelling it after the message left abandons the delivery (for HTTP, the
 *   request's stream is closed).
 * @send_finish: finish @send_async
 * @close_async: stop the transport and everything it started; always
 *   completes, and #McpTransport::closed has been emitted when it does
 * @close_finish: finish @close_async
 * @send_message: optional: @send_async with a plain callback, which may run
 *   before the call returns. A transport that delivers most messages at once
 *   (stdio) saves a task and a main loop iteration per message with it; the
 *   default implementation wraps @send_async.
 */
struct _McpTransportClass
{
  GObjectClass parent_class;

  void     (*open_async)   (McpTransport         *self,
                            GCancellable         *cancellable,
                            GAsyncReadyCallback   callback,
                            gpointer              user_data);
  gboolean (*open_finish)  (McpTransport         *self,
                            GAsyncResult         *result,
                            GError              **error);
  void     (*send_async)   (McpTransport         *self,
                            JsonNode             *message,
                            McpSendFlags          flags,
                            GCancellable         *cancellable,
                            GAsyncReadyCallback   callback,
                            gpointer              user_data);
  gboolean (*send_finish)  (McpTransport         *self,
                            GAsyncResult         *result,
                            GError              **error);
  void     (*close_async)  (McpTransport         *self,
                            GCancellable         *cancellable,
                            GAsyncReadyCallback   callback,
                            gpointer              user_data);
  gboolean (*close_finish) (McpTransport         *self,
                            GAsyncResult         *result,
                            GError              **error);
  void     (*send_message) (McpTransport         *self,
                            JsonNode             *message,
                            McpSendFlags          flags,
                            McpTransportSendFunc  callback,
                            gpointer              user_data);

  /*< private >*/
  gpointer _reserved[7];
};

void      mcp_transport_open_async           (McpTransport         *self,
                                              GCancellable         *cancellable,
                                              GAsyncReadyCallback   callback,
                                              gpointer              user_data);
gboolean  mcp_transport_open_finish          (McpTransport         *self,
                                              GAsyncResult         *result,
                                              GError              **error);
void      mcp_transport_send_async           (McpTransport         *self,
                                              JsonNode             *message,
                                              McpSendFlags          flags,
                                              GCancellable         *cancellable,
                                              GAsyncReadyCallback   callback,
                                              gpointer              user_data);
gboolean  mcp_transport_send_finish          (McpTransport         *self,
                                              GAsyncResult         *result,
                                              GError              **error);
void      mcp_transport_send                 (McpTransport         *self,
                                              JsonNode             *message);
void      mcp_transport_send_message         (McpTransport         *self,
                                              JsonNode             *message,
                                              McpSendFlags          flags,
                                              McpTransportSendFunc  callback,
                                              gpointer              user_data);
void      mcp_transport_close_async          (McpTransport         *self,
                                              GCancellable         *cancellable,
                                              GAsyncReadyCallback   callback,
                                              gpointer              user_data);
gboolean  mcp_transport_close_finish         (McpTransport         *self,
                                              GAsyncResult         *result,
                                              GError              **error);
gboolean  mcp_transport_is_closed            (McpTransport         *self);
gsize     mcp_transport_get_max_message_size (McpTransport         *self);
void      mcp_transport_set_max_message_size (McpTransport         *self,
                                              gsize                 max_message_size);

G_END_DECLS
