/* mcp-stdio-transport-write.c — McpStdioTransport: the server's input
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "mcp-stdio-transport"

#include "config.h"

#include <errno.h>
#include <unistd.h>

#include <glib-unix.h>
#include <glib/gi18n-lib.h>

#include "mcp-error.h"
#include "mcp-json-private.h"
#include "mcp-stdio-transport-private.h"
#include "mcp-transport-private.h"

/* Messages queue in one buffer; whatever queued while a write was in
 * flight goes out in the next single write.
 *
 * A server that reads its input keeps the pipe (64 KiB) drained as fast as
 * we fill it. One that leaves megabytes unread is not reading, and holding
 * more for it only grows our memory: a server that never read made a
 * client hold 2.8 GB within 12 s. So the bytes held (queued and in flight)
 * are bounded: past MCP_STDIO_MAX_QUEUED_BYTES a message is refused at once
 * with MCP_ERROR_PEER_NOT_READING, having provably never left. The message
 * that crosses the bound is still taken, so that one message larger than
 * the bound (a tool call with a large argument) can be sent when little
 * waits: what is held stays below the bound plus one message. */

static void start_write    (McpStdioTransport *self);
static void continue_write (McpStdioTransport *self);

static gsize
held_bytes (McpStdioTransport *self)
{
  return self->queued->len + self->writing->len;
}

/* Tells the sender how it went; @error (consumed) is NULL on success. */
static void
op_finish (McpStdioTransport *self,
           WriteOp           *op,
           GError            *error)
{
  if (op->task != NULL)
    {
      if (error != NULL)
        g_task_return_error (op->task, error);
      else
        g_task_return_boolean (op->task, TRUE);
      g_clear_object (&op->task);
    }
  else
    {
      op->callback (MCP_TRANSPORT (self), error, op->user_data);
      g_clear_error (&error);
    }
}

void
_mcp_stdio_transport_fail_queued_writes (McpStdioTransport *self)
{
  WriteOp *op;

  while ((op = g_queue_pop_head (&self->write_queue)) != NULL)
    {
      op_finish (self, op,
                 g_error_new (MCP_ERROR, MCP_ERROR_NOT_SENT,
                              "%s", _("The connection to the server closed before the message was sent")));
      g_free (op);
    }

  if (self->queued != NULL)
    g_byte_array_set_size (self->queued, 0);
}

void
_mcp_stdio_transport_close_stdin (McpStdioTransport *self)
{
  g_autoptr(GError) error = NULL;

  if (self->stdin_closed || self->stdin_pipe == NULL)
    return;

  /* Never cancel a write in flight: its result (how much reached the pipe)
   * is what tells a call that may be sent again from one that may not. It
   * ends by itself, at the latest with EPIPE once the server is gone;
   * write_cb closes stdin then. */
  if (self->in_flight->len > 0)
    return;

  self->stdin_closed = TRUE;
  if (!g_output_stream_close (self->stdin_pipe, NULL, &error))
    g_debug ("closing stdin: %s", error->message);
}

/* The write in flight ended after @written bytes (all of them unless
 * @error): complete its messages. */
static void
write_done (McpStdioTransport *self,
            gsize              written,
            const GError      *error)
{
  gsize offset = 0;

  for (guint i = 0; i < self->in_flight->len; i++)
    {
      WriteOp *op = &g_array_index (self->in_flight, WriteOp, i);

      gsize start = offset;

      offset += op->length;
      if (offset <= written)
        op_finish (self, op, NULL);
      else if (start < written)
        op_finish (self, op, g_error_new (MCP_ERROR, MCP_ERROR_CLOSED,
                                          _("Only part of the message reached the server: %s"),
                                          error->message));
      else
        op_finish (self, op, g_error_new (MCP_ERROR, MCP_ERROR_NOT_SENT,
                                          _("The message could not be sent to the server: %s"),
                                          error->message));
    }

  g_array_set_size (self->in_flight, 0);
  g_byte_array_set_size (self->writing, 0);
  if (held_bytes (self) < MCP_STDIO_MAX_QUEUED_BYTES)
    self->refusing = FALSE;

  if (error != NULL)
    {
      if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        {
          _mcp_transport_emit_event (MCP_TRANSPORT (self),
                                     "could not write to the server: %s", error->message);
          if (self->reason == NULL)
            self->reason_is_write_failure = TRUE;
          _mcp_stdio_transport_set_reason (self,
                                           g_error_new (MCP_ERROR, MCP_ERROR_CLOSED,
                                                        _("Could not write to the server: %s"),
                                                        error->message));
        }
      _mcp_stdio_transport_fail_queued_writes (self);
      _mcp_stdio_transport_close_stdin (self);
      _mcp_stdio_transport_begin_shutdown (self);
      return;
    }

  if (self->stopping)
    {
      _mcp_stdio_transport_fail_queued_writes (self);
      _mcp_stdio_transport_close_stdin (self);
      return;
    }

  if (self->write_queue.length > 0)
    start_write (self);
}

static void
write_cb (GObject      *object,
          GAsyncResult *result,
          gpointer      user_data)
{
  g_autoptr(McpStdioTransport) self = user_data;
  g_autoptr(GError) error = NULL;
  gsize written = 0;

  g_output_stream_write_all_finish (G_OUTPUT_STREAM (object), result, &written, &error);
  write_done (self, self->write_offset + written, error);
}

static gboolean
stdin_writable_cb (int           fd,
                   GIOCondition  condition,
                   gpointer      user_data)
{
  McpStdioTransport *self = user_data;

  continue_write (self);

  return G_SOURCE_REMOVE;
}

/* Write the rest of the write in flight with write(2); wait for the pipe
 * when it is full. The wait holds a reference, like an async write. */
static void
continue_write (McpStdioTransport *self)
{
  g_autoptr(McpStdioTransport) hold = g_object_ref (self);

  while (self->write_offset < self->writing->len)
    {
      gssize n = write (self->stdin_fd, self->writing->data + self->write_offset,
                        self->writing->len - self->write_offset);
      int errsv = errno;

      if (n >= 0)
        {
          self->write_offset += n;
          continue;
        }
      if (errsv == EINTR)
        continue;
      if (errsv == EAGAIN || errsv == EWOULDBLOCK)
        {
          g_unix_fd_add_full (G_PRIORITY_DEFAULT, self->stdin_fd, G_IO_OUT | G_IO_ERR | G_IO_HUP,
                              stdin_writable_cb, g_object_ref (self), g_object_unref);
          return;
        }

      {
        g_autoptr(GError) error = g_error_new_literal (G_IO_ERROR, g_io_error_from_errno (errsv),
                                                       g_strerror (errsv));
        write_done (self, self->write_offset, error);
        return;
      }
    }

  write_done (self, self->write_offset, NULL);
}

static void
start_write (McpStdioTransport *self)
{
  GByteArray *tmp;
  WriteOp *op;

  g_assert (self->in_flight->len == 0);

  /* Everything queued goes out in one write. */
  tmp = self->writing;
  self->writing = self->queued;
  self->queued = tmp;

  while ((op = g_queue_pop_head (&self->write_queue)) != NULL)
    {
      g_array_append_val (self->in_flight, *op);
      g_free (op);
    }

  /* Most writes fit in the pipe at once: try without a round trip through
   * the main loop, and wait for the pipe only for what is left. */
  self->write_offset = 0;
  if (self->stdin_fd >= 0)
    {
      continue_write (self);
      return;
    }

  if (G_IS_POLLABLE_OUTPUT_STREAM (self->stdin_pipe) &&
      g_pollable_output_stream_can_poll (G_POLLABLE_OUTPUT_STREAM (self->stdin_pipe)))
    {
      g_autoptr(GError) error = NULL;
      gssize n;

      n = g_pollable_output_stream_write_nonblocking (G_POLLABLE_OUTPUT_STREAM (self->stdin_pipe),
                                                      self->writing->data, self->writing->len,
                                                      NULL, &error);
      if (n < 0 && !g_error_matches (error, G_IO_ERROR, G_IO_ERROR_WOULD_BLOCK))
        {
          g_autoptr(McpStdioTransport) hold = g_object_ref (self);

          write_done (self, 0, error);
          return;
        }
      if (n == (gssize)self->writing->len)
        {
          g_autoptr(McpStdioTransport) hold = g_object_ref (self);

          write_done (self, n, NULL);
          return;
        }
      self->write_offset = MAX (n, 0);
    }

  g_output_stream_write_all_async (self->stdin_pipe,
                                   self->writing->data + self->write_offset,
                                   self->writing->len - self->write_offset,
                                   G_PRIORITY_DEFAULT, NULL,
                                   write_cb, g_object_ref (self));
}

void
_mcp_stdio_transport_flush_batch (McpStdioTransport *self)
{
  if (self->batching == 0 && self->in_flight->len == 0 && self->write_queue.length > 0 &&
      !self->stopping)
    start_write (self);
}

/* The server has left the bound unread: @op fails, unsent. */
static void
refuse (McpStdioTransport *self,
        WriteOp           *op)
{
  g_autofree char *size = g_format_size (held_bytes (self));

  if (!self->refusing)
    {
      self->refusing = TRUE;
      _mcp_transport_emit_event (MCP_TRANSPORT (self),
                                 "the server has not read %s of its input; refusing messages until it does",
                                 size);
    }

  op_finish (self, op, g_error_new (MCP_ERROR, MCP_ERROR_PEER_NOT_READING,
                                    _("The server is not reading its input: %s of messages are waiting for it"),
                                    size));
  g_free (op);
}

/* Queues @op with @message; the write starts at once unless one is in
 * flight or a read batch is being handled. */
void
_mcp_stdio_transport_queue_message (McpStdioTransport *self,
                                    JsonNode          *message,
                                    WriteOp           *op)
{
  if (!self->opened || self->stopping || mcp_transport_is_closed (MCP_TRANSPORT (self)))
    {
      op_finish (self, op, g_error_new (MCP_ERROR, MCP_ERROR_NOT_SENT,
                                        "%s", _("The connection to the server is closed")));
      g_free (op);
      return;
    }

  if (held_bytes (self) >= MCP_STDIO_MAX_QUEUED_BYTES)
    {
      refuse (self, op);
      return;
    }

  g_string_truncate (self->scratch, 0);
  _mcp_json_write (message, self->scratch);
  g_string_append_c (self->scratch, '\n');

  op->length = self->scratch->len;
  g_byte_array_append (self->queued, (const guint8 *)self->scratch->str, self->scratch->len);
  g_queue_push_tail (&self->write_queue, op);

  if (self->in_flight->len == 0 && self->batching == 0)
    start_write (self);
}

/**
 * mcp_stdio_transport_get_queued_bytes:
 * @self: a #McpStdioTransport
 *
 * Returns: the bytes of messages given to the transport and not yet all
 *   written to the server's input; at most %MCP_STDIO_MAX_QUEUED_BYTES plus
 *   one message
 */
gsize
mcp_stdio_transport_get_queued_bytes (McpStdioTransport *self)
{
  g_return_val_if_fail (MCP_IS_STDIO_TRANSPORT (self), 0);

  return held_bytes (self);
}
