/* mcp-stdio-writer.c — the input of a stdio server
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "mcp-stdio-transport"

#include "config.h"

#include <errno.h>
#include <unistd.h>

#include <gio/gfiledescriptorbased.h>
#include <glib-unix.h>
#include <glib/gi18n-lib.h>

#include "mcp-error.h"
#include "mcp-json-private.h"
#include "mcp-stdio-writer-private.h"

/* Messages queue in one buffer; whatever queued while a write was in
 * flight goes out in the next single write.
 *
 * A server that reads its input keeps the pipe (64 KiB) drained as fast as
 * we fill it. One that leaves megabytes unread is not reading, and holding
 * more for it only grows our memory: a server that never read made a
 * client hold 2.8 GB within 12 s. So the bytes held (queued and in flight)
 * are bounded: past the bound a message is refused at once with
 * MCP_ERROR_PEER_NOT_READING, having provably never left. The message
 * that crosses the bound is still taken, so that one message larger than
 * the bound (a tool call with a large argument) can be sent when little
 * waits: what is held stays below the bound plus one message.
 *
 * The writer belongs to a transport, which it holds a reference on while a
 * write is in flight, and tells what happens through its callbacks only. */

/* One message to deliver: a task (send_async) or a plain callback
 * (send_message). */
typedef struct
{
  GTask                *task;
  McpTransportSendFunc  callback;
  gpointer              user_data;
  gsize                 length;
} WriteOp;

struct _McpStdioWriter
{
  McpTransport                  *owner;        /* unowned: it owns us */
  const McpStdioWriterCallbacks *callbacks;
  gsize                          max_held;

  GOutputStream                 *stdin_pipe;
  int                            stdin_fd;     /* -1 unless stdin_pipe is a plain fd */

  GByteArray                    *queued;       /* bytes of the messages in write_queue */
  GString                       *scratch;      /* one message being serialised */
  GQueue                         write_queue;  /* WriteOp, waiting */
  GByteArray                    *writing;      /* bytes of the write in flight */
  GArray                        *in_flight;    /* WriteOp, in the write in flight */
  gsize                          write_offset; /* of it, written before waiting */
  guint                          holding;      /* inside a read batch: hold writes */

  guint                          started : 1;
  guint                          stopping : 1;
  guint                          stdin_closed : 1;
  guint                          refusing : 1; /* over the bound: said so once */
};

static void start_write    (McpStdioWriter *writer);
static void continue_write (McpStdioWriter *writer);

/**
 * _mcp_stdio_writer_new:
 * @owner: the transport the writer belongs to
 * @callbacks: (not nullable): how the writer tells @owner; static
 * @max_held: past this many bytes waiting, messages are refused
 *
 * Returns: (transfer full): a writer that takes messages once started
 */
McpStdioWriter *
_mcp_stdio_writer_new (McpTransport                  *owner,
                       const McpStdioWriterCallbacks *callbacks,
                       gsize                          max_held)
{
  McpStdioWriter *writer = g_new0 (McpStdioWriter, 1);

  writer->owner = owner;
  writer->callbacks = callbacks;
  writer->max_held = max_held;
  writer->stdin_fd = -1;
  writer->queued = g_byte_array_new ();
  writer->scratch = g_string_sized_new (256);
  writer->writing = g_byte_array_new ();
  writer->in_flight = g_array_new (FALSE, FALSE, sizeof (WriteOp));
  g_queue_init (&writer->write_queue);

  return writer;
}

void
_mcp_stdio_writer_free (McpStdioWriter *writer)
{
  g_assert (writer->write_queue.length == 0 || !writer->started);
  g_assert (writer->in_flight->len == 0);

  g_clear_object (&writer->stdin_pipe);
  g_clear_pointer (&writer->queued, g_byte_array_unref);
  g_string_free (g_steal_pointer (&writer->scratch), TRUE);
  g_clear_pointer (&writer->writing, g_byte_array_unref);
  g_clear_pointer (&writer->in_flight, g_array_unref);
  g_free (writer);
}

static gsize
held_bytes (McpStdioWriter *writer)
{
  return writer->queued->len + writer->writing->len;
}

/* Tells the sender how it went; @error (consumed) is NULL on success. */
static void
op_finish (McpStdioWriter *writer,
           WriteOp        *op,
           GError         *error)
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
      op->callback (writer->owner, error, op->user_data);
      g_clear_error (&error);
    }
}

static void
fail_queued_writes (McpStdioWriter *writer)
{
  WriteOp *op;

  while ((op = g_queue_pop_head (&writer->write_queue)) != NULL)
    {
      op_finish (writer, op,
                 g_error_new (MCP_ERROR, MCP_ERROR_NOT_SENT,
                              "%s", _("The connection to the server closed before the message was sent")));
      g_free (op);
    }

  g_byte_array_set_size (writer->queued, 0);
}

static void
close_stdin (McpStdioWriter *writer)
{
  g_autoptr(GError) error = NULL;

  if (writer->stdin_closed || writer->stdin_pipe == NULL)
    return;

  /* Never cancel a write in flight: its result (how much reached the pipe)
   * is what tells a call that may be sent again from one that may not. It
   * ends by itself, at the latest with EPIPE once the server is gone;
   * write_done() closes stdin then. */
  if (writer->in_flight->len > 0)
    return;

  writer->stdin_closed = TRUE;
  if (!g_output_stream_close (writer->stdin_pipe, NULL, &error))
    g_debug ("closing stdin: %s", error->message);
}

/**
 * _mcp_stdio_writer_start:
 * @writer: a writer
 * @stdin_pipe: the server's standard input
 *
 * From now on, messages are written to @stdin_pipe.
 */
void
_mcp_stdio_writer_start (McpStdioWriter *writer,
                         GOutputStream  *stdin_pipe)
{
  g_assert (!writer->started);

  writer->started = TRUE;
  writer->stdin_pipe = g_object_ref (stdin_pipe);
  if (G_IS_FILE_DESCRIPTOR_BASED (stdin_pipe))
    {
      int fd = g_file_descriptor_based_get_fd (G_FILE_DESCRIPTOR_BASED (stdin_pipe));

      if (g_unix_set_fd_nonblocking (fd, TRUE, NULL))
        writer->stdin_fd = fd;
    }
}

/**
 * _mcp_stdio_writer_stop:
 * @writer: a writer
 *
 * Takes no more messages: those waiting fail, unsent, and the server's
 * input is closed once the write in flight, if any, has ended.
 */
void
_mcp_stdio_writer_stop (McpStdioWriter *writer)
{
  writer->stopping = TRUE;
  fail_queued_writes (writer);
  close_stdin (writer);
}

/* The write in flight ended after @written bytes (all of them unless
 * @error): complete its messages. */
static void
write_done (McpStdioWriter *writer,
            gsize           written,
            const GError   *error)
{
  gsize offset = 0;

  for (guint i = 0; i < writer->in_flight->len; i++)
    {
      WriteOp *op = &g_array_index (writer->in_flight, WriteOp, i);

      gsize start = offset;

      offset += op->length;
      if (offset <= written)
        op_finish (writer, op, NULL);
      else if (start < written)
        op_finish (writer, op, g_error_new (MCP_ERROR, MCP_ERROR_CLOSED,
                                            _("Only part of the message reached the server: %s"),
                                            error->message));
      else
        op_finish (writer, op, g_error_new (MCP_ERROR, MCP_ERROR_NOT_SENT,
                                            _("The message could not be sent to the server: %s"),
                                            error->message));
    }

  g_array_set_size (writer->in_flight, 0);
  g_byte_array_set_size (writer->writing, 0);
  if (held_bytes (writer) < writer->max_held)
    writer->refusing = FALSE;

  if (error != NULL)
    {
      writer->callbacks->write_failed (writer->owner, error);
      _mcp_stdio_writer_stop (writer);
      return;
    }

  if (writer->stopping)
    {
      _mcp_stdio_writer_stop (writer);
      return;
    }

  if (writer->write_queue.length > 0)
    start_write (writer);
}

static void
write_cb (GObject      *object,
          GAsyncResult *result,
          gpointer      user_data)
{
  McpStdioWriter *writer = user_data;
  g_autoptr(McpTransport) hold = writer->owner;   /* the reference of the write */
  g_autoptr(GError) error = NULL;
  gsize written = 0;

  g_output_stream_write_all_finish (G_OUTPUT_STREAM (object), result, &written, &error);
  write_done (writer, writer->write_offset + written, error);
}

static gboolean
stdin_writable_cb (int           fd,
                   GIOCondition  condition,
                   gpointer      user_data)
{
  continue_write (user_data);

  return G_SOURCE_REMOVE;
}

static void
unref_owner (gpointer user_data)
{
  McpStdioWriter *writer = user_data;

  g_object_unref (writer->owner);
}

/* Write the rest of the write in flight with write(2); wait for the pipe
 * when it is full. The wait holds a reference, like an async write. */
static void
continue_write (McpStdioWriter *writer)
{
  g_autoptr(McpTransport) hold = g_object_ref (writer->owner);

  while (writer->write_offset < writer->writing->len)
    {
      gssize n = write (writer->stdin_fd, writer->writing->data + writer->write_offset,
                        writer->writing->len - writer->write_offset);
      int errsv = errno;

      if (n >= 0)
        {
          writer->write_offset += n;
          continue;
        }
      if (errsv == EINTR)
        continue;
      if (errsv == EAGAIN || errsv == EWOULDBLOCK)
        {
          g_object_ref (writer->owner);
          g_unix_fd_add_full (G_PRIORITY_DEFAULT, writer->stdin_fd, G_IO_OUT | G_IO_ERR | G_IO_HUP,
                              stdin_writable_cb, writer, unref_owner);
          return;
        }

      {
        g_autoptr(GError) error = g_error_new_literal (G_IO_ERROR, g_io_error_from_errno (errsv),
                                                       g_strerror (errsv));
        write_done (writer, writer->write_offset, error);
        return;
      }
    }

  write_done (writer, writer->write_offset, NULL);
}

static void
start_write (McpStdioWriter *writer)
{
  GByteArray *tmp;
  WriteOp *op;

  g_assert (writer->in_flight->len == 0);

  /* Everything queued goes out in one write. */
  tmp = writer->writing;
  writer->writing = writer->queued;
  writer->queued = tmp;

  while ((op = g_queue_pop_head (&writer->write_queue)) != NULL)
    {
      g_array_append_val (writer->in_flight, *op);
      g_free (op);
    }

  /* Most writes fit in the pipe at once: try without a round trip through
   * the main loop, and wait for the pipe only for what is left. */
  writer->write_offset = 0;
  if (writer->stdin_fd >= 0)
    {
      continue_write (writer);
      return;
    }

  if (G_IS_POLLABLE_OUTPUT_STREAM (writer->stdin_pipe) &&
      g_pollable_output_stream_can_poll (G_POLLABLE_OUTPUT_STREAM (writer->stdin_pipe)))
    {
      g_autoptr(GError) error = NULL;
      gssize n;

      n = g_pollable_output_stream_write_nonblocking (G_POLLABLE_OUTPUT_STREAM (writer->stdin_pipe),
                                                      writer->writing->data, writer->writing->len,
                                                      NULL, &error);
      if (n < 0 && !g_error_matches (error, G_IO_ERROR, G_IO_ERROR_WOULD_BLOCK))
        {
          g_autoptr(McpTransport) hold = g_object_ref (writer->owner);

          write_done (writer, 0, error);
          return;
        }
      if (n == (gssize)writer->writing->len)
        {
          g_autoptr(McpTransport) hold = g_object_ref (writer->owner);

          write_done (writer, n, NULL);
          return;
        }
      writer->write_offset = MAX (n, 0);
    }

  g_object_ref (writer->owner);
  g_output_stream_write_all_async (writer->stdin_pipe,
                                   writer->writing->data + writer->write_offset,
                                   writer->writing->len - writer->write_offset,
                                   G_PRIORITY_DEFAULT, NULL,
                                   write_cb, writer);
}

/**
 * _mcp_stdio_writer_hold:
 * @writer: a writer
 *
 * Holds what is sent until _mcp_stdio_writer_release(), so that the
 * messages sent while a batch of input is handled leave in one write.
 */
void
_mcp_stdio_writer_hold (McpStdioWriter *writer)
{
  writer->holding++;
}

/**
 * _mcp_stdio_writer_release:
 * @writer: a writer
 *
 * Ends a _mcp_stdio_writer_hold(); at the last, what waits is written.
 */
void
_mcp_stdio_writer_release (McpStdioWriter *writer)
{
  g_assert (writer->holding > 0);

  writer->holding--;
  if (writer->holding == 0 && writer->in_flight->len == 0 && writer->write_queue.length > 0 &&
      !writer->stopping)
    start_write (writer);
}

/* The server has left the bound unread: @op fails, unsent. */
static void
refuse (McpStdioWriter *writer,
        WriteOp        *op)
{
  g_autofree char *size = g_format_size (held_bytes (writer));

  if (!writer->refusing)
    {
      writer->refusing = TRUE;
      writer->callbacks->not_reading (writer->owner, held_bytes (writer));
    }

  op_finish (writer, op, g_error_new (MCP_ERROR, MCP_ERROR_PEER_NOT_READING,
                                      _("The server is not reading its input: %s of messages are waiting for it"),
                                      size));
  g_free (op);
}

/* Queues @op with @message; the write starts at once unless one is in
 * flight or writes are held. */
static void
queue_message (McpStdioWriter *writer,
               JsonNode       *message,
               WriteOp        *op)
{
  if (!writer->started || writer->stopping || mcp_transport_is_closed (writer->owner))
    {
      op_finish (writer, op, g_error_new (MCP_ERROR, MCP_ERROR_NOT_SENT,
                                          "%s", _("The connection to the server is closed")));
      g_free (op);
      return;
    }

  if (held_bytes (writer) >= writer->max_held)
    {
      refuse (writer, op);
      return;
    }

  g_string_truncate (writer->scratch, 0);
  _mcp_json_write (message, writer->scratch);
  g_string_append_c (writer->scratch, '\n');

  op->length = writer->scratch->len;
  g_byte_array_append (writer->queued, (const guint8 *)writer->scratch->str, writer->scratch->len);
  g_queue_push_tail (&writer->write_queue, op);

  if (writer->in_flight->len == 0 && writer->holding == 0)
    start_write (writer);
}

/**
 * _mcp_stdio_writer_send_task:
 * @writer: a writer
 * @message: the message
 * @task: (transfer full): returns %TRUE once all of @message is in the
 *   pipe, or an %MCP_ERROR that says whether any of it left
 *
 * Sends @message.
 */
void
_mcp_stdio_writer_send_task (McpStdioWriter *writer,
                             JsonNode       *message,
                             GTask          *task)
{
  WriteOp *op = g_new0 (WriteOp, 1);

  op->task = task;
  queue_message (writer, message, op);
}

/**
 * _mcp_stdio_writer_send_func:
 * @writer: a writer
 * @message: the message
 * @callback: called with the owner and %NULL once all of @message is in
 *   the pipe, or with an %MCP_ERROR that says whether any of it left
 * @user_data: data for @callback
 *
 * Sends @message.
 */
void
_mcp_stdio_writer_send_func (McpStdioWriter       *writer,
                             JsonNode             *message,
                             McpTransportSendFunc  callback,
                             gpointer              user_data)
{
  WriteOp *op = g_new0 (WriteOp, 1);

  op->callback = callback;
  op->user_data = user_data;
  queue_message (writer, message, op);
}

/**
 * _mcp_stdio_writer_get_held_bytes:
 * @writer: a writer
 *
 * Returns: the bytes of messages given to the writer and not yet all
 *   written to the server's input; at most the bound plus one message
 */
gsize
_mcp_stdio_writer_get_held_bytes (McpStdioWriter *writer)
{
  return held_bytes (writer);
}
