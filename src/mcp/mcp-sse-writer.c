/* mcp-sse-writer.c — the server side of an SSE stream
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Turns a SoupServerMessage into a `text/event-stream` of JSON-RPC
 * messages: one `message` event per message, written at once (chunked
 * encoding, the message unpaused after every write). An idle stream gets a
 * comment now and then, so that a client that went away is noticed:
 * SoupServer only learns of it when a write fails. ::closed is emitted once,
 * when the stream ended either way.
 */

#define G_LOG_DOMAIN "mcp-sse-writer"

#include "config.h"

#include "mcp-json-private.h"
#include "mcp-sse-writer.h"

struct _McpSseWriter
{
  GObject            parent_instance;

  SoupServerMessage *msg;
  guint              keepalive_id;
  gint64             last_write;
  guint              closed : 1;
};

G_DEFINE_FINAL_TYPE (McpSseWriter, mcp_sse_writer, G_TYPE_OBJECT)

enum {
  CLOSED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void
mark_closed (McpSseWriter *self)
{
  if (self->closed)
    return;

  self->closed = TRUE;
  g_clear_handle_id (&self->keepalive_id, g_source_remove);
  if (self->msg != NULL)
    g_signal_handlers_disconnect_by_data (self->msg, self);

  g_object_ref (self);
  g_signal_emit (self, signals[CLOSED], 0);
  g_clear_object (&self->msg);
  g_object_unref (self);
}

static void
finished_cb (SoupServerMessage *msg,
             McpSseWriter      *self)
{
  mark_closed (self);
}

static void
write_text (McpSseWriter *self,
            const char   *text,
            gsize         length)
{
  soup_message_body_append (soup_server_message_get_response_body (self->msg),
                            SOUP_MEMORY_COPY, text, length);
  soup_server_message_unpause (self->msg);
  self->last_write = g_get_monotonic_time ();
}

static gboolean
keepalive_cb (gpointer user_data)
{
  McpSseWriter *self = user_data;

  if (g_get_monotonic_time () - self->last_write >= (MCP_SSE_WRITER_KEEPALIVE_S - 1) * G_USEC_PER_SEC)
    write_text (self, ": keep-alive\n\n", strlen (": keep-alive\n\n"));

  return G_SOURCE_CONTINUE;
}

static void
mcp_sse_writer_dispose (GObject *object)
{
  McpSseWriter *self = (McpSseWriter *)object;

  g_clear_handle_id (&self->keepalive_id, g_source_remove);
  if (self->msg != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->msg, self);
      g_clear_object (&self->msg);
    }

  G_OBJECT_CLASS (mcp_sse_writer_parent_class)->dispose (object);
}

static void
mcp_sse_writer_class_init (McpSseWriterClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = mcp_sse_writer_dispose;

  /**
   * McpSseWriter::closed:
   *
   * The stream ended: closed by us, or the client went away.
   */
  signals[CLOSED] =
    g_signal_new ("closed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
mcp_sse_writer_init (McpSseWriter *self)
{
}

/**
 * mcp_sse_writer_new:
 * @msg: a request being handled, not answered yet
 *
 * Answers @msg with `200` and `text/event-stream`, sent at once.
 *
 * Returns: (transfer full): a writer for @msg's body
 */
McpSseWriter *
mcp_sse_writer_new (SoupServerMessage *msg)
{
  McpSseWriter *self;
  SoupMessageHeaders *headers;

  g_return_val_if_fail (SOUP_IS_SERVER_MESSAGE (msg), NULL);

  self = g_object_new (MCP_TYPE_SSE_WRITER, NULL);
  self->msg = g_object_ref (msg);
  self->last_write = g_get_monotonic_time ();

  headers = soup_server_message_get_response_headers (msg);
  soup_server_message_set_status (msg, SOUP_STATUS_OK, NULL);
  soup_message_headers_set_content_type (headers, "text/event-stream", NULL);
  soup_message_headers_set_encoding (headers, SOUP_ENCODING_CHUNKED);
  soup_message_headers_replace (headers, "Cache-Control", "no-cache");
  soup_message_headers_replace (headers, "X-Accel-Buffering", "no");

  g_signal_connect (msg, "finished", G_CALLBACK (finished_cb), self);

  /* SoupServer sends the headers with the first chunk of the body: a
   * comment now, so the client knows at once that its stream is open. */
  write_text (self, ": open\n\n", strlen (": open\n\n"));

  self->keepalive_id = g_timeout_add_seconds (MCP_SSE_WRITER_KEEPALIVE_S, keepalive_cb, self);

  return self;
}

/**
 * mcp_sse_writer_send:
 * @self: a #McpSseWriter
 * @message: a JSON-RPC message
 *
 * Writes @message as one `message` event.
 *
 * Returns: %FALSE if the stream has ended
 */
gboolean
mcp_sse_writer_send (McpSseWriter *self,
                     JsonNode     *message)
{
  g_autoptr(GString) text = g_string_new ("event: message\ndata: ");

  g_return_val_if_fail (MCP_IS_SSE_WRITER (self), FALSE);
  g_return_val_if_fail (message != NULL, FALSE);

  if (self->closed)
    return FALSE;

  /* Compact JSON has no newline, so it is one data line. */
  _mcp_json_write (message, text);
  g_string_append (text, "\n\n");
  write_text (self, text->str, text->len);

  return TRUE;
}

/**
 * mcp_sse_writer_close:
 * @self: a #McpSseWriter
 *
 * Ends the stream. ::closed is emitted.
 */
void
mcp_sse_writer_close (McpSseWriter *self)
{
  g_return_if_fail (MCP_IS_SSE_WRITER (self));

  if (self->closed)
    return;

  soup_message_body_complete (soup_server_message_get_response_body (self->msg));
  soup_server_message_unpause (self->msg);
  mark_closed (self);
}

gboolean
mcp_sse_writer_is_closed (McpSseWriter *self)
{
  g_return_val_if_fail (MCP_IS_SSE_WRITER (self), TRUE);

  return self->closed;
}
