/* mcp-stdio-transport.c
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "mcp-stdio-transport"

#include "config.h"

#include <errno.h>
#include <signal.h>
#include <string.h>
#include <unistd.h>

#include <gio/gfiledescriptorbased.h>
#include <glib-unix.h>
#include <glib/gi18n-lib.h>

#include "mcp-error.h"
#include "mcp-stdio-transport.h"
#include "mcp-stdio-writer-private.h"
#include "mcp-transport-private.h"
#include "tether-spawn-error.h"

/* One server process, newline-delimited JSON on its stdin and stdout.
 *
 * Reading: every wake-up reads what the pipe holds (without blocking, when
 * the stream is pollable) and handles every complete line in the buffer.
 * Reading one line per asynchronous operation is as slow as node.
 *
 * Writing (McpStdioWriter, mcp-stdio-writer.c): messages queue in one
 * buffer; whatever queued while a write was in flight goes out in the next
 * single write. A server that does not read its input makes the queue
 * refuse messages beyond a bound, rather than grow without one. The writer
 * tells the transport of a failed write through a callback.
 *
 * Ending: the transport is finished when the process has been reaped, the
 * rest of its process group killed and its pipes drained. ::closed is
 * emitted as soon as no more messages can flow (at once for a message that
 * is too large, after the drain when the server exits by itself);
 * close_async() completes when everything is finished. */

#define READ_CHUNK        (64 * 1024)
#define FIRST_READ_CHUNK  (4 * 1024)
#define LARGE_BUFFER      (1024 * 1024)
#define MAX_READS_PER_WAKE 16
#define STDERR_MAX_LINE   (16 * 1024)
#define STDERR_TAIL_LINES 20
#define STDERR_TAIL_SHOWN 3
#define DRAIN_MS          500

typedef struct _LineReader LineReader;

struct _McpStdioTransport
{
  McpTransport    parent_instance;

  TetherProcess  *process;
  guint           terminate_grace_ms;
  guint           kill_grace_ms;

  GCancellable   *cancellable;
  McpStdioWriter *writer;
  LineReader     *out_reader;
  LineReader     *err_reader;
  GQueue          stderr_tail;

  GPtrArray      *close_tasks;
  GError         *reason;       /* why it ended, when not asked to */

  guint           grace_id;
  guint           drain_id;

  int             exit_status;
  int             term_signal;

  guint           opened : 1;
  guint           stopping : 1;       /* shutdown sequence started */
  guint           close_requested : 1;
  guint           exited : 1;
  guint           finished : 1;
  guint           killed_by_us : 1;
  guint           reason_is_write_failure : 1;
  guint           opening : 1;
  guint           stdout_closed_first : 1;
};

struct _LineReader
{
  McpStdioTransport *self;      /* unowned: the transport owns us */
  GInputStream      *stream;
  int                fd;          /* -1 unless the stream is a plain fd */
  GSource           *source;
  GByteArray        *buffer;
  gsize              scanned;
  gsize              chunk;       /* bytes a read asks for, up to READ_CHUNK */
  guint              is_stderr : 1;
  guint              stopped : 1;
  guint              eof : 1;
  guint              in_callback : 1;
};

G_DEFINE_FINAL_TYPE (McpStdioTransport, mcp_stdio_transport, MCP_TYPE_TRANSPORT)

enum {
  PROP_0,
  PROP_PROCESS,
  PROP_TERMINATE_GRACE,
  PROP_KILL_GRACE,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void maybe_finish   (McpStdioTransport *self);
static void begin_shutdown (McpStdioTransport *self);

static void
set_reason (McpStdioTransport *self,
            GError            *error)
{
  if (self->reason == NULL && !self->close_requested)
    self->reason = error;
  else
    g_error_free (error);
}

/* Waiting for the exit must not keep the transport alive: dropping the
 * last reference is what kills a server nobody closed. */
static GWeakRef *
weak_ref_new (gpointer object)
{
  GWeakRef *ref = g_new0 (GWeakRef, 1);

  g_weak_ref_init (ref, object);

  return ref;
}

static void
weak_ref_free (GWeakRef *ref)
{
  g_weak_ref_clear (ref);
  g_free (ref);
}

static char *
stderr_summary (McpStdioTransport *self)
{
  g_autoptr(GString) str = NULL;
  GList *l;
  guint n = 0;

  if (self->stderr_tail.length == 0)
    return NULL;

  str = g_string_new (NULL);
  l = self->stderr_tail.tail;
  while (l->prev != NULL && n + 1 < STDERR_TAIL_SHOWN)
    {
      l = l->prev;
      n++;
    }

  for (; l != NULL; l = l->next)
    {
      if (str->len > 0)
        g_string_append (str, " | ");
      g_string_append (str, l->data);
    }

  return g_string_free (g_steal_pointer (&str), FALSE);
}

/* The error ::closed carries when the server ended by itself. */
static GError *
build_closed_error (McpStdioTransport *self)
{
  g_autofree char *tail = stderr_summary (self);
  g_autofree char *what = NULL;
  g_autofree char *exit_text = NULL;
  gboolean died_by_itself;
  GError *error;

  if (self->exited)
    exit_text = tether_process_describe_exit (self->exit_status, self->term_signal);

  if (self->reason != NULL && self->reason->domain == MCP_ERROR &&
      self->reason->code == MCP_ERROR_MESSAGE_TOO_LARGE)
    return g_error_copy (self->reason);

  /* A status (not a signal) means it ended by itself, even if our SIGTERM
   * reached a process already gone but not yet reaped. */
  died_by_itself = self->exited && (!self->killed_by_us || self->term_signal == 0);

  /* Writing to a server that has died fails with EPIPE: its exit is the
   * reason worth showing. */
  if (self->reason != NULL && self->reason_is_write_failure && exit_text != NULL && died_by_itself)
    what = g_strdup_printf (_("The server %s"), exit_text);
  else if (self->reason != NULL && exit_text != NULL && died_by_itself)
    what = g_strdup_printf (_("%s; the server then %s"), self->reason->message, exit_text);
  else if (self->reason != NULL)
    what = g_strdup (self->reason->message);
  else if (self->stdout_closed_first && self->killed_by_us)
    what = g_strdup (_("The server closed its standard output but did not exit, and was stopped"));
  else if (exit_text != NULL)
    what = g_strdup_printf (_("The server %s"), exit_text);
  else
    what = g_strdup (_("The server ended"));

  if (tail != NULL)
    error = g_error_new (MCP_ERROR, MCP_ERROR_CLOSED, _("%s (its last error output: %s)"), what, tail);
  else
    error = g_error_new (MCP_ERROR, MCP_ERROR_CLOSED, "%s", what);

  return error;
}

/* ---------------------------------------------------------------------- */
/* Reading                                                                  */

static void
handle_stderr_line (McpStdioTransport *self,
                    const char        *data,
                    gsize              length)
{
  g_autofree char *line = g_utf8_make_valid (data, length);

  g_queue_push_tail (&self->stderr_tail, g_strdup (line));
  while (self->stderr_tail.length > STDERR_TAIL_LINES)
    g_free (g_queue_pop_head (&self->stderr_tail));

  _mcp_transport_emit_stderr_line (MCP_TRANSPORT (self), line);
}

static gboolean
delivering (McpStdioTransport *self)
{
  return !self->close_requested && !mcp_transport_is_closed (MCP_TRANSPORT (self));
}

static void
too_large (McpStdioTransport *self,
           gsize              length)
{
  gsize limit = mcp_transport_get_max_message_size (MCP_TRANSPORT (self));
  g_autoptr(GError) error = NULL;

  if (limit % (1024 * 1024) == 0)
    error = g_error_new (MCP_ERROR, MCP_ERROR_MESSAGE_TOO_LARGE,
                         /* Translators: %lu is a size in mebibytes (MiB) */
                         _("The server sent a message larger than the limit of %lu MiB"),
                         (unsigned long)(limit / (1024 * 1024)));
  else
    error = g_error_new (MCP_ERROR, MCP_ERROR_MESSAGE_TOO_LARGE,
                         g_dngettext (GETTEXT_PACKAGE,
                                      "The server sent a message larger than the limit of %lu byte",
                                      "The server sent a message larger than the limit of %lu bytes",
                                      limit),
                         (unsigned long)limit);
  _mcp_transport_emit_event (MCP_TRANSPORT (self),
                             g_dngettext (GETTEXT_PACKAGE,
                                          "message of more than %lu byte on stdout; closing",
                                          "message of more than %lu bytes on stdout; closing",
                                          length),
                             (unsigned long)length);
  set_reason (self, g_error_copy (error));
  _mcp_transport_emit_closed (MCP_TRANSPORT (self), error);
  begin_shutdown (self);
}

/* Handle every complete line in the buffer. Returns FALSE to stop reading. */
static gboolean
reader_process (LineReader *reader)
{
  McpStdioTransport *self = reader->self;
  guint8 *data = reader->buffer->data;
  gsize len = reader->buffer->len;
  gsize start = 0;
  gsize max = reader->is_stderr ? STDERR_MAX_LINE
                                : mcp_transport_get_max_message_size (MCP_TRANSPORT (self));
  guint8 *nl;

  while ((nl = memchr (data + reader->scanned, '\n', len - reader->scanned)) != NULL)
    {
      gsize end = nl - data;
      gsize line_len;

      reader->scanned = end + 1;
      if (end > start && data[end - 1] == '\r')
        end--;
      line_len = end - start;

      if (reader->is_stderr)
        handle_stderr_line (self, (const char *)data + start, line_len);
      else if (line_len > max)
        {
          too_large (self, line_len);
          return FALSE;
        }
      else if (delivering (self))
        {
          /* Empty (or blank) lines are allowed between messages. */
          gsize i;

          for (i = start; i < end; i++)
            if (data[i] != ' ' && data[i] != '\t')
              break;

          if (i < end)
            _mcp_transport_handle_text (MCP_TRANSPORT (self), (const char *)data + start, line_len);
        }

      start = reader->scanned;

      /* A handler may have stopped us. */
      if (self->finished || reader->stopped)
        return FALSE;
    }

  reader->scanned = len;

  if (start > 0)
    {
      /* A buffer grown for a large message is let go with it: kept, it
       * would hold the message's size for the life of the connection. */
      if (len > LARGE_BUFFER && len - start < READ_CHUNK)
        {
          GByteArray *rest = g_byte_array_sized_new (READ_CHUNK);

          g_byte_array_append (rest, data + start, len - start);
          g_byte_array_unref (reader->buffer);
          reader->buffer = rest;
        }
      else
        g_byte_array_remove_range (reader->buffer, 0, start);
      reader->scanned -= start;
    }

  if (reader->buffer->len > max)
    {
      if (reader->is_stderr)
        {
          handle_stderr_line (self, (const char *)reader->buffer->data, reader->buffer->len);
          g_byte_array_set_size (reader->buffer, 0);
          reader->scanned = 0;
        }
      else
        {
          too_large (self, reader->buffer->len);
          return FALSE;
        }
    }

  return TRUE;
}

static void
reader_stop (LineReader *reader)
{
  reader->stopped = TRUE;
  if (reader->source != NULL)
    {
      g_source_destroy (reader->source);
      g_clear_pointer (&reader->source, g_source_unref);
    }
}

static void
reader_eof (LineReader *reader)
{
  McpStdioTransport *self = reader->self;

  reader->eof = TRUE;
  reader_stop (reader);

  /* A last line without a newline still counts. */
  if (reader->buffer->len > 0)
    {
      g_byte_array_append (reader->buffer, (const guint8 *)"\n", 1);
      reader_process (reader);
      g_byte_array_set_size (reader->buffer, 0);
      reader->scanned = 0;
    }

  if (!reader->is_stderr && !self->stopping && !self->exited)
    {
      _mcp_transport_emit_event (MCP_TRANSPORT (self), _("the server closed its standard output"));
      self->stdout_closed_first = TRUE;
      begin_shutdown (self);
    }

  maybe_finish (self);
}

static void
reader_error (LineReader   *reader,
              const GError *error)
{
  McpStdioTransport *self = reader->self;

  g_debug ("reading %s: %s", reader->is_stderr ? "stderr" : "stdout", error->message);

  if (!reader->is_stderr && !self->stopping)
    set_reason (self,
                g_error_new (MCP_ERROR, MCP_ERROR_CLOSED,
                                                  _("Could not read from the server: %s"),
                                                  error->message));
  reader_eof (reader);
}

/* Read what there is, without blocking. Returns the byte count, 0 at
 * the end, -1 when nothing more is there now or on error (@error set). */
static gssize
reader_read_some (LineReader  *reader,
                  guint8      *buffer,
                  gsize        size,
                  GError     **error)
{
  if (reader->fd >= 0)
    {
      for (;;)
        {
          gssize n = read (reader->fd, buffer, size);
          int errsv = errno;

          if (n >= 0)
            return n;
          if (errsv == EINTR)
            continue;
          if (errsv != EAGAIN && errsv != EWOULDBLOCK)
            g_set_error_literal (error, G_IO_ERROR, g_io_error_from_errno (errsv), g_strerror (errsv));
          return -1;
        }
    }
  else
    {
      g_autoptr(GError) local_error = NULL;
      gssize n;

      n = g_pollable_input_stream_read_nonblocking (G_POLLABLE_INPUT_STREAM (reader->stream),
                                                    buffer, size, NULL, &local_error);
      if (n < 0 && !g_error_matches (local_error, G_IO_ERROR, G_IO_ERROR_WOULD_BLOCK))
        g_propagate_error (error, g_steal_pointer (&local_error));

      return n;
    }
}

/* The stream is readable: read it dry (up to a limit, to stay fair) and
 * handle every complete line. */
static gboolean
reader_read_and_process (LineReader *reader)
{
  McpStdioTransport *self = reader->self;
  g_autoptr(GError) error = NULL;
  gboolean got_eof = FALSE;

  for (guint i = 0; i < MAX_READS_PER_WAKE; i++)
    {
      gsize old_len = reader->buffer->len;
      gssize n;

      g_byte_array_set_size (reader->buffer, old_len + reader->chunk);
      n = reader_read_some (reader, reader->buffer->data + old_len, reader->chunk, &error);
      g_byte_array_set_size (reader->buffer, old_len + MAX (n, 0));

      if (n == 0)
        {
          got_eof = TRUE;
          break;
        }
      if (n < (gssize)reader->chunk)
        break;
      reader->chunk = MIN (reader->chunk * 2, READ_CHUNK);
    }

  /* Messages sent by the handlers of this batch leave in one write. */
  _mcp_stdio_writer_hold (self->writer);
  if (!reader_process (reader))
    {
      reader_stop (reader);
      _mcp_stdio_writer_release (self->writer);
      return G_SOURCE_REMOVE;
    }
  _mcp_stdio_writer_release (self->writer);

  if (error != NULL)
    {
      reader_error (reader, error);
      return G_SOURCE_REMOVE;
    }

  if (got_eof)
    {
      reader_eof (reader);
      return G_SOURCE_REMOVE;
    }

  return G_SOURCE_CONTINUE;
}

static gboolean
reader_readable (LineReader *reader)
{
  g_autoptr(McpStdioTransport) self = g_object_ref (reader->self);
  gboolean ret;

  /* A handler that iterates the main context must not re-enter us while we
   * walk the buffer: the data waits for the outer call. */
  if (reader->in_callback)
    return G_SOURCE_CONTINUE;

  reader->in_callback = TRUE;
  ret = reader_read_and_process (reader);
  reader->in_callback = FALSE;

  return ret;
}

static gboolean
reader_fd_cb (int           fd,
              GIOCondition  condition,
              gpointer      user_data)
{
  return reader_readable (user_data);
}

static gboolean
reader_pollable_cb (GObject  *stream,
                    gpointer  user_data)
{
  return reader_readable (user_data);
}

static void
reader_start (LineReader *reader)
{
  if (reader->fd >= 0)
    {
      reader->source = g_unix_fd_source_new (reader->fd, G_IO_IN | G_IO_HUP | G_IO_ERR);
      g_source_set_callback (reader->source, G_SOURCE_FUNC (reader_fd_cb), reader, NULL);
      /* GLib 2.74 takes a non-recursive source's fd out of the poll set for
       * the dispatch and puts it back after, waking the loop twice (two
       * eventfd writes and an extra poll per message). reader_readable()
       * guards against recursion itself. */
      g_source_set_can_recurse (reader->source, TRUE);
      g_source_attach (reader->source, NULL);
      return;
    }

  /* Pollable (checked when the transport opened). */
  reader->source = g_pollable_input_stream_create_source (G_POLLABLE_INPUT_STREAM (reader->stream), NULL);
  g_source_set_callback (reader->source, G_SOURCE_FUNC (reader_pollable_cb), reader, NULL);
  g_source_attach (reader->source, NULL);
}

/* Whether we can read @stream without blocking and without a thread. */
static gboolean
can_read_without_blocking (GInputStream *stream)
{
  return G_IS_FILE_DESCRIPTOR_BASED (stream) ||
         (G_IS_POLLABLE_INPUT_STREAM (stream) &&
          g_pollable_input_stream_can_poll (G_POLLABLE_INPUT_STREAM (stream)));
}

static LineReader *
reader_new (McpStdioTransport *self,
            GInputStream      *stream,
            gboolean           is_stderr)
{
  LineReader *reader = g_new0 (LineReader, 1);

  reader->self = self;
  reader->stream = g_object_ref (stream);
  /* Most servers send little, most of them never to stderr: a reader
   * starts small and asks for more at a time as long as reads fill what
   * it asked for, so that twenty quiet servers do not hold 2.5 MB of
   * buffers while one that floods is read 64 KiB at a time. */
  reader->buffer = g_byte_array_new ();
  reader->chunk = FIRST_READ_CHUNK;
  reader->fd = -1;

  /* A plain pipe is read with read(2): GIO's non-blocking read polls twice
   * before each read. */
  if (G_IS_FILE_DESCRIPTOR_BASED (stream))
    {
      int fd = g_file_descriptor_based_get_fd (G_FILE_DESCRIPTOR_BASED (stream));

      if (g_unix_set_fd_nonblocking (fd, TRUE, NULL))
        reader->fd = fd;
    }
  reader->is_stderr = !!is_stderr;

  return reader;
}

static void
reader_free (LineReader *reader)
{
  reader_stop (reader);
  g_clear_object (&reader->stream);
  g_clear_pointer (&reader->buffer, g_byte_array_unref);
  g_free (reader);
}

static gboolean
reader_done (LineReader *reader)
{
  return reader == NULL || reader->eof || reader->stopped;
}

static void
mcp_stdio_transport_send_async (McpTransport        *transport,
                                JsonNode            *message,
                                McpSendFlags         flags,
                                GCancellable        *cancellable,
                                GAsyncReadyCallback  callback,
                                gpointer             user_data)
{
  McpStdioTransport *self = MCP_STDIO_TRANSPORT (transport);
  GTask *task;

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, mcp_stdio_transport_send_async);
  _mcp_stdio_writer_send_task (self->writer, message, task);
}

static void
mcp_stdio_transport_send_message (McpTransport         *transport,
                                  JsonNode             *message,
                                  McpSendFlags          flags,
                                  McpTransportSendFunc  callback,
                                  gpointer              user_data)
{
  McpStdioTransport *self = MCP_STDIO_TRANSPORT (transport);
  g_autoptr(McpStdioTransport) hold = g_object_ref (self);

  _mcp_stdio_writer_send_func (self->writer, message, callback, user_data);
}

static gboolean
mcp_stdio_transport_send_finish (McpTransport  *transport,
                                 GAsyncResult  *result,
                                 GError       **error)
{
  g_return_val_if_fail (g_task_is_valid (result, transport), FALSE);

  return g_task_propagate_boolean (G_TASK (result), error);
}

/* ---------------------------------------------------------------------- */
/* Ending                                                                   */

static void
finish (McpStdioTransport *self)
{
  g_autoptr(GPtrArray) tasks = NULL;

  if (self->finished)
    return;

  self->finished = TRUE;
  g_clear_handle_id (&self->grace_id, g_source_remove);
  g_clear_handle_id (&self->drain_id, g_source_remove);

  if (self->out_reader != NULL)
    reader_stop (self->out_reader);
  if (self->err_reader != NULL)
    reader_stop (self->err_reader);
  g_cancellable_cancel (self->cancellable);

  if (!mcp_transport_is_closed (MCP_TRANSPORT (self)))
    {
      if (self->close_requested && self->reason == NULL)
        _mcp_transport_emit_closed (MCP_TRANSPORT (self), NULL);
      else
        {
          g_autoptr(GError) error = build_closed_error (self);
          _mcp_transport_emit_closed (MCP_TRANSPORT (self), error);
        }
    }

  tasks = g_steal_pointer (&self->close_tasks);
  self->close_tasks = g_ptr_array_new_with_free_func (g_object_unref);
  for (guint i = 0; i < tasks->len; i++)
    g_task_return_boolean (g_ptr_array_index (tasks, i), TRUE);
}

static gboolean
drain_timeout_cb (gpointer user_data)
{
  McpStdioTransport *self = user_data;

  self->drain_id = 0;
  g_debug ("pipes still open %d ms after the server exited; not waiting for them", DRAIN_MS);
  finish (self);

  return G_SOURCE_REMOVE;
}

static void
maybe_finish (McpStdioTransport *self)
{
  if (self->finished || !self->exited)
    return;

  g_debug ("maybe_finish: stdout %s, stderr %s",
           reader_done (self->out_reader) ? "done" : "open",
           reader_done (self->err_reader) ? "done" : "open");

  if (reader_done (self->out_reader) && reader_done (self->err_reader))
    finish (self);
  else if (self->drain_id == 0)
    self->drain_id = g_timeout_add (DRAIN_MS, drain_timeout_cb, self);
}

static gboolean
kill_timeout_cb (gpointer user_data)
{
  McpStdioTransport *self = user_data;

  self->grace_id = 0;
  _mcp_transport_emit_event (MCP_TRANSPORT (self),
                             /* Translators: %u is a number of milliseconds */
                             _("the server did not exit %u ms after SIGTERM; sending SIGKILL to its process group"),
                             self->kill_grace_ms);
  self->killed_by_us = TRUE;
  tether_process_send_signal (self->process, SIGKILL);

  return G_SOURCE_REMOVE;
}

static gboolean
terminate_timeout_cb (gpointer user_data)
{
  McpStdioTransport *self = user_data;

  self->grace_id = 0;
  _mcp_transport_emit_event (MCP_TRANSPORT (self),
                             /* Translators: %u is a number of milliseconds */
                             _("the server did not exit %u ms after its input closed; sending SIGTERM to its process group"),
                             self->terminate_grace_ms);
  self->killed_by_us = TRUE;
  tether_process_send_signal (self->process, SIGTERM);
  self->grace_id = g_timeout_add (self->kill_grace_ms, kill_timeout_cb, self);

  return G_SOURCE_REMOVE;
}

/* close stdin → grace → SIGTERM to the group → grace → SIGKILL to the group */
static void
begin_shutdown (McpStdioTransport *self)
{
  if (self->stopping)
    return;

  self->stopping = TRUE;
  _mcp_stdio_writer_stop (self->writer);

  if (!self->exited && self->process != NULL && self->opened)
    self->grace_id = g_timeout_add (self->terminate_grace_ms, terminate_timeout_cb, self);
}

static void
wait_cb (GObject      *object,
         GAsyncResult *result,
         gpointer      user_data)
{
  GWeakRef *ref = user_data;
  g_autoptr(McpStdioTransport) self = g_weak_ref_get (ref);
  g_autoptr(GError) error = NULL;
  int exit_status = -1;
  int term_signal = 0;
  gboolean ok;

  weak_ref_free (ref);
  ok = tether_process_wait_finish (TETHER_PROCESS (object), result, &exit_status, &term_signal, &error);

  if (self == NULL || self->finished)
    return;

  if (!ok)
    {
      if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        return;
      g_warning ("waiting for the server: %s", error->message);
    }

  self->exit_status = exit_status;
  self->term_signal = term_signal;

  self->exited = TRUE;
  g_clear_handle_id (&self->grace_id, g_source_remove);

  {
    g_autofree char *how = tether_process_describe_exit (self->exit_status, self->term_signal);
    /* Translators: the first %s is a process id, the second how the
     * process ended, such as “exited with status 1” */
    _mcp_transport_emit_event (MCP_TRANSPORT (self), _("the server (pid %s) %s"),
                               tether_process_get_identifier (self->process), how);
  }

  /* Whatever the leader left in its group goes with it. */
  tether_process_send_signal (self->process, SIGKILL);

  if (!self->stopping)
    {
      self->stopping = TRUE;
      _mcp_stdio_writer_stop (self->writer);
    }

  maybe_finish (self);
}

/* A server that could not be started is, to the transport's users, an
 * %MCP_ERROR like any other failure to open: the same message, in the
 * code that matches. Other domains (a cancellation) pass as they are. */
static GError *
error_from_spawn (GError *error)
{
  McpError code;
  GError *mapped;

  if (error->domain != TETHER_SPAWN_ERROR)
    return error;

  switch ((TetherSpawnError)error->code)
    {
    case TETHER_SPAWN_ERROR_COMMAND_NOT_FOUND:
      code = MCP_ERROR_COMMAND_NOT_FOUND;
      break;

    case TETHER_SPAWN_ERROR_PERMISSION_DENIED:
      code = MCP_ERROR_PERMISSION_DENIED;
      break;

    case TETHER_SPAWN_ERROR_FAILED:
    default:
      code = MCP_ERROR_SPAWN_FAILED;
      break;
    }

  mapped = g_error_new_literal (MCP_ERROR, code, error->message);
  g_error_free (error);

  return mapped;
}

static void
spawn_cb (GObject      *object,
          GAsyncResult *result,
          gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  McpStdioTransport *self = g_task_get_source_object (task);
  g_autoptr(GError) error = NULL;

  self->opening = FALSE;

  if (!tether_process_spawn_finish (TETHER_PROCESS (object), result, &error))
    {
      error = error_from_spawn (g_steal_pointer (&error));
      _mcp_transport_emit_closed (MCP_TRANSPORT (self), error);
      finish (self);
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }

  if (!can_read_without_blocking (tether_process_get_stdout_pipe (self->process)) ||
      !can_read_without_blocking (tether_process_get_stderr_pipe (self->process)))
    {
      /* No threads for I/O: a backend must give pollable pipes. */
      error = g_error_new (MCP_ERROR, MCP_ERROR_SPAWN_FAILED, "%s",
                           _("The server's pipes cannot be read without blocking"));
      tether_process_send_signal (self->process, SIGKILL);
      _mcp_transport_emit_closed (MCP_TRANSPORT (self), error);
      finish (self);
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }

  self->opened = TRUE;
  _mcp_stdio_writer_start (self->writer, tether_process_get_stdin_pipe (self->process));
  self->out_reader = reader_new (self, tether_process_get_stdout_pipe (self->process), FALSE);
  self->err_reader = reader_new (self, tether_process_get_stderr_pipe (self->process), TRUE);

  /* Translators: the first %s is the program that was started, the
   * second its process id */
  _mcp_transport_emit_event (MCP_TRANSPORT (self), _("started %s (pid %s)"),
                             tether_process_get_argv (self->process)[0],
                             tether_process_get_identifier (self->process));

  tether_process_wait_async (self->process, self->cancellable, wait_cb, weak_ref_new (self));
  reader_start (self->out_reader);
  reader_start (self->err_reader);

  if (self->close_requested)
    begin_shutdown (self);

  g_task_return_boolean (task, TRUE);
}

static void
mcp_stdio_transport_open_async (McpTransport        *transport,
                                GCancellable        *cancellable,
                                GAsyncReadyCallback  callback,
                                gpointer             user_data)
{
  McpStdioTransport *self = MCP_STDIO_TRANSPORT (transport);
  g_autoptr(GTask) task = NULL;

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, mcp_stdio_transport_open_async);

  if (self->opened || self->opening || self->finished || self->close_requested)
    {
      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_FAILED,
                               "%s", _("The transport was already opened"));
      return;
    }

  self->opening = TRUE;
  tether_process_spawn_async (self->process, cancellable, spawn_cb, g_steal_pointer (&task));
}

static gboolean
mcp_stdio_transport_open_finish (McpTransport  *transport,
                                 GAsyncResult  *result,
                                 GError       **error)
{
  g_return_val_if_fail (g_task_is_valid (result, transport), FALSE);

  return g_task_propagate_boolean (G_TASK (result), error);
}

static void
mcp_stdio_transport_close_async (McpTransport        *transport,
                                 GCancellable        *cancellable,
                                 GAsyncReadyCallback  callback,
                                 gpointer             user_data)
{
  McpStdioTransport *self = MCP_STDIO_TRANSPORT (transport);
  g_autoptr(GTask) task = NULL;

  /* Closing is never cancelled half-way: it always completes. */
  task = g_task_new (self, NULL, callback, user_data);
  g_task_set_source_tag (task, mcp_stdio_transport_close_async);

  if (!self->close_requested)
    g_debug ("closing");
  self->close_requested = TRUE;

  if (self->finished || (!self->opened && !self->opening))
    {
      self->finished = TRUE;
      if (!mcp_transport_is_closed (transport))
        _mcp_transport_emit_closed (transport, NULL);
      g_task_return_boolean (task, TRUE);
      return;
    }

  g_ptr_array_add (self->close_tasks, g_steal_pointer (&task));
  if (self->opened)
    {
      begin_shutdown (self);
      maybe_finish (self);
    }
}

static gboolean
mcp_stdio_transport_close_finish (McpTransport  *transport,
                                  GAsyncResult  *result,
                                  GError       **error)
{
  g_return_val_if_fail (g_task_is_valid (result, transport), FALSE);

  return g_task_propagate_boolean (G_TASK (result), error);
}

/* ---------------------------------------------------------------------- */
/* What the writer tells                                                    */

static void
writer_not_reading_cb (McpTransport *transport,
                       gsize         held)
{
  g_autofree char *size = g_format_size (held);

  _mcp_transport_emit_event (transport,
                             /* Translators: %s is a size, such as “1.2 MB” */
                             _("the server has not read %s of its input; refusing messages until it does"),
                             size);
}

static void
writer_failed_cb (McpTransport *transport,
                  const GError *error)
{
  McpStdioTransport *self = MCP_STDIO_TRANSPORT (transport);

  if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    {
      _mcp_transport_emit_event (transport, _("could not write to the server: %s"), error->message);
      if (self->reason == NULL)
        self->reason_is_write_failure = TRUE;
      set_reason (self, g_error_new (MCP_ERROR, MCP_ERROR_CLOSED,
                                     _("Could not write to the server: %s"),
                                     error->message));
    }
  begin_shutdown (self);
}

static const McpStdioWriterCallbacks writer_callbacks = {
  .not_reading = writer_not_reading_cb,
  .write_failed = writer_failed_cb,
};

/* ---------------------------------------------------------------------- */

static void
mcp_stdio_transport_dispose (GObject *object)
{
  McpStdioTransport *self = (McpStdioTransport *)object;

  /* Nobody waited for a clean stop: nothing survives us all the same. */
  if (self->opened && !self->exited && self->process != NULL)
    tether_process_send_signal (self->process, SIGKILL);

  g_cancellable_cancel (self->cancellable);
  g_clear_handle_id (&self->grace_id, g_source_remove);
  g_clear_handle_id (&self->drain_id, g_source_remove);
  g_clear_pointer (&self->out_reader, reader_free);
  g_clear_pointer (&self->err_reader, reader_free);
  g_clear_object (&self->process);

  G_OBJECT_CLASS (mcp_stdio_transport_parent_class)->dispose (object);
}

static void
mcp_stdio_transport_finalize (GObject *object)
{
  McpStdioTransport *self = (McpStdioTransport *)object;

  g_clear_pointer (&self->writer, _mcp_stdio_writer_free);
  g_queue_clear_full (&self->stderr_tail, g_free);
  g_clear_pointer (&self->close_tasks, g_ptr_array_unref);
  g_clear_error (&self->reason);
  g_clear_object (&self->cancellable);

  G_OBJECT_CLASS (mcp_stdio_transport_parent_class)->finalize (object);
}

static void
mcp_stdio_transport_get_property (GObject    *object,
                                  guint       prop_id,
                                  GValue     *value,
                                  GParamSpec *pspec)
{
  McpStdioTransport *self = MCP_STDIO_TRANSPORT (object);

  switch (prop_id)
    {
    case PROP_PROCESS:
      g_value_set_object (value, self->process);
      break;

    case PROP_TERMINATE_GRACE:
      g_value_set_uint (value, self->terminate_grace_ms);
      break;

    case PROP_KILL_GRACE:
      g_value_set_uint (value, self->kill_grace_ms);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
mcp_stdio_transport_set_property (GObject      *object,
                                  guint         prop_id,
                                  const GValue *value,
                                  GParamSpec   *pspec)
{
  McpStdioTransport *self = MCP_STDIO_TRANSPORT (object);

  switch (prop_id)
    {
    case PROP_PROCESS:
      self->process = g_value_dup_object (value);
      break;

    case PROP_TERMINATE_GRACE:
      mcp_stdio_transport_set_terminate_grace (self, g_value_get_uint (value));
      break;

    case PROP_KILL_GRACE:
      mcp_stdio_transport_set_kill_grace (self, g_value_get_uint (value));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
mcp_stdio_transport_class_init (McpStdioTransportClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  McpTransportClass *transport_class = MCP_TRANSPORT_CLASS (klass);
  struct sigaction action;

  object_class->dispose = mcp_stdio_transport_dispose;
  object_class->finalize = mcp_stdio_transport_finalize;
  object_class->get_property = mcp_stdio_transport_get_property;
  object_class->set_property = mcp_stdio_transport_set_property;

  transport_class->open_async = mcp_stdio_transport_open_async;
  transport_class->open_finish = mcp_stdio_transport_open_finish;
  transport_class->send_async = mcp_stdio_transport_send_async;
  transport_class->send_finish = mcp_stdio_transport_send_finish;
  transport_class->send_message = mcp_stdio_transport_send_message;
  transport_class->close_async = mcp_stdio_transport_close_async;
  transport_class->close_finish = mcp_stdio_transport_close_finish;

  properties[PROP_PROCESS] =
    g_param_spec_object ("process", NULL, NULL,
                         TETHER_TYPE_PROCESS,
                         (G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS));

  /**
   * McpStdioTransport:terminate-grace:
   *
   * Milliseconds between closing the server's input and sending SIGTERM to
   * its process group.
   */
  properties[PROP_TERMINATE_GRACE] =
    g_param_spec_uint ("terminate-grace", NULL, NULL,
                       0, G_MAXUINT, MCP_STDIO_DEFAULT_GRACE_MS,
                       (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * McpStdioTransport:kill-grace:
   *
   * Milliseconds between SIGTERM and SIGKILL to the process group.
   */
  properties[PROP_KILL_GRACE] =
    g_param_spec_uint ("kill-grace", NULL, NULL,
                       0, G_MAXUINT, MCP_STDIO_DEFAULT_GRACE_MS,
                       (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  g_object_class_install_properties (object_class, N_PROPS, properties);

  /* A server that dies makes our next write raise SIGPIPE, which would kill
   * us; we want EPIPE instead. Only when nobody chose a handler. */
  if (sigaction (SIGPIPE, NULL, &action) == 0 && action.sa_handler == SIG_DFL)
    signal (SIGPIPE, SIG_IGN);
}

static void
mcp_stdio_transport_init (McpStdioTransport *self)
{
  self->terminate_grace_ms = MCP_STDIO_DEFAULT_GRACE_MS;
  self->kill_grace_ms = MCP_STDIO_DEFAULT_GRACE_MS;
  self->cancellable = g_cancellable_new ();
  self->writer = _mcp_stdio_writer_new (MCP_TRANSPORT (self), &writer_callbacks, MCP_STDIO_MAX_QUEUED_BYTES);
  self->close_tasks = g_ptr_array_new_with_free_func (g_object_unref);
  self->exit_status = -1;
  g_queue_init (&self->stderr_tail);
}

/**
 * mcp_stdio_transport_new:
 * @process: a process, not yet spawned
 *
 * Returns: (transfer full): a transport that spawns @process when opened
 */
McpTransport *
mcp_stdio_transport_new (TetherProcess *process)
{
  g_return_val_if_fail (TETHER_IS_PROCESS (process), NULL);

  return g_object_new (MCP_TYPE_STDIO_TRANSPORT, "process", process, NULL);
}

TetherProcess *
mcp_stdio_transport_get_process (McpStdioTransport *self)
{
  g_return_val_if_fail (MCP_IS_STDIO_TRANSPORT (self), NULL);

  return self->process;
}

guint
mcp_stdio_transport_get_terminate_grace (McpStdioTransport *self)
{
  g_return_val_if_fail (MCP_IS_STDIO_TRANSPORT (self), 0);

  return self->terminate_grace_ms;
}

void
mcp_stdio_transport_set_terminate_grace (McpStdioTransport *self,
                                         guint              grace_ms)
{
  g_return_if_fail (MCP_IS_STDIO_TRANSPORT (self));

  if (self->terminate_grace_ms != grace_ms)
    {
      self->terminate_grace_ms = grace_ms;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TERMINATE_GRACE]);
    }
}

guint
mcp_stdio_transport_get_kill_grace (McpStdioTransport *self)
{
  g_return_val_if_fail (MCP_IS_STDIO_TRANSPORT (self), 0);

  return self->kill_grace_ms;
}

void
mcp_stdio_transport_set_kill_grace (McpStdioTransport *self,
                                    guint              grace_ms)
{
  g_return_if_fail (MCP_IS_STDIO_TRANSPORT (self));

  if (self->kill_grace_ms != grace_ms)
    {
      self->kill_grace_ms = grace_ms;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_KILL_GRACE]);
    }
}

/**
 * mcp_stdio_transport_dup_stderr_tail:
 * @self: a #McpStdioTransport
 *
 * Returns: (transfer full): the last lines the server wrote to its standard
 *   error, oldest first
 */
char **
mcp_stdio_transport_dup_stderr_tail (McpStdioTransport *self)
{
  GPtrArray *lines;

  g_return_val_if_fail (MCP_IS_STDIO_TRANSPORT (self), NULL);

  lines = g_ptr_array_new ();
  for (GList *l = self->stderr_tail.head; l != NULL; l = l->next)
    g_ptr_array_add (lines, g_strdup (l->data));
  g_ptr_array_add (lines, NULL);

  return (char **)g_ptr_array_free (lines, FALSE);
}

/**
 * mcp_stdio_transport_get_exit:
 * @self: a #McpStdioTransport
 * @exit_status: (out) (optional): the exit status, or -1
 * @term_signal: (out) (optional): the terminating signal, or 0
 *
 * Returns: %TRUE once the process has exited
 */
gboolean
mcp_stdio_transport_get_exit (McpStdioTransport *self,
                              int               *exit_status,
                              int               *term_signal)
{
  g_return_val_if_fail (MCP_IS_STDIO_TRANSPORT (self), FALSE);

  if (exit_status != NULL)
    *exit_status = self->exit_status;
  if (term_signal != NULL)
    *term_signal = self->term_signal;

  return self->exited;
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

  return _mcp_stdio_writer_get_held_bytes (self->writer);
}
