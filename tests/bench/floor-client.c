/* floor-client.c — the floor of the benchmark: the least a GLib client on
 * the main loop can do per ping: one poll, one read, one write; no JSON
 * parsing, no request table, no objects.
 *
 * floor-client COUNT INFLIGHT -- SERVER ARGS…
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <errno.h>
#include <unistd.h>

#include <gio/gio.h>
#include <gio/gunixinputstream.h>
#include <gio/gunixoutputstream.h>
#include <glib-unix.h>

static GMainLoop     *loop;
static int            out_fd;
static GByteArray    *buffer;
static gint64        *sent_at;
static GArray        *rtts;
static guint          count, inflight, sent, received;
static gboolean       initialized;

static void
send_line (const char *line)
{
  gsize length = strlen (line);

  /* Pipes take a few small lines without blocking. */
  while (length > 0)
    {
      gssize n = write (out_fd, line, length);

      if (n < 0)
        g_error ("write: %s", g_strerror (errno));
      line += n;
      length -= n;
    }
}

static void
send_ping (void)
{
  char line[64];

  sent_at[sent] = g_get_monotonic_time ();
  g_snprintf (line, sizeof line, "{\"jsonrpc\":\"2.0\",\"id\":%u,\"method\":\"ping\"}\n", sent);
  sent++;
  send_line (line);
}

static void
handle_line (const char *line)
{
  const char *id;
  guint n;

  if (!initialized)
    {
      initialized = TRUE;
      send_line ("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}\n");
      while (sent < count && sent < inflight)
        send_ping ();
      return;
    }

  id = strstr (line, "\"id\":");
  if (id == NULL)
    return;
  n = (guint)strtoul (id + 5, NULL, 10);
  if (n < count)
    {
      gint64 rtt = g_get_monotonic_time () - sent_at[n];
      g_array_append_val (rtts, rtt);
    }
  received++;
  if (sent < count)
    send_ping ();
  else if (received == count)
    g_main_loop_quit (loop);
}

static gboolean
readable_cb (int           fd,
             GIOCondition  condition,
             gpointer      user_data)
{
  guint8 chunk[65536];
  gssize n;
  guint8 *nl;
  gsize start = 0;

  n = read (fd, chunk, sizeof chunk);
  if (n <= 0)
    {
      if (n < 0 && (errno == EAGAIN || errno == EINTR))
        return G_SOURCE_CONTINUE;
      g_error ("server closed its output");
    }

  g_byte_array_append (buffer, chunk, n);
  while ((nl = memchr (buffer->data + start, '\n', buffer->len - start)) != NULL)
    {
      *nl = '\0';
      handle_line ((const char *)buffer->data + start);
      start = nl - buffer->data + 1;
    }
  g_byte_array_remove_range (buffer, 0, start);

  return G_SOURCE_CONTINUE;
}

static int
compare (gconstpointer a, gconstpointer b)
{
  gint64 x = *(const gint64 *)a, y = *(const gint64 *)b;
  return (x > y) - (x < y);
}

int
main (int argc, char *argv[])
{
  g_autoptr(GSubprocess) server = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GSource) source = NULL;
  GInputStream *in;
  GOutputStream *out;
  gint64 started;
  double elapsed;

  if (argc < 5 || strcmp (argv[3], "--") != 0)
    {
      fprintf (stderr, "usage: floor-client COUNT INFLIGHT -- SERVER ARGS…\n");
      return 2;
    }

  count = (guint)atoi (argv[1]);
  inflight = (guint)atoi (argv[2]);
  sent_at = g_new0 (gint64, count);
  rtts = g_array_sized_new (FALSE, FALSE, sizeof (gint64), count);
  buffer = g_byte_array_new ();

  server = g_subprocess_newv ((const char * const *)&argv[4],
                              G_SUBPROCESS_FLAGS_STDIN_PIPE | G_SUBPROCESS_FLAGS_STDOUT_PIPE |
                              G_SUBPROCESS_FLAGS_STDERR_SILENCE, &error);
  if (server == NULL)
    g_error ("spawn: %s", error->message);

  out = g_subprocess_get_stdin_pipe (server);
  out_fd = g_unix_output_stream_get_fd (G_UNIX_OUTPUT_STREAM (out));
  in = g_subprocess_get_stdout_pipe (server);
  loop = g_main_loop_new (NULL, FALSE);
  source = g_unix_fd_source_new (g_unix_input_stream_get_fd (G_UNIX_INPUT_STREAM (in)), G_IO_IN | G_IO_HUP);
  g_source_set_callback (source, G_SOURCE_FUNC (readable_cb), NULL, NULL);
  /* Spares GLib 2.74 two wake-ups per dispatch (see mcp-stdio-transport.c). */
  g_source_set_can_recurse (source, TRUE);
  g_source_attach (source, NULL);

  started = g_get_monotonic_time ();
  send_line ("{\"jsonrpc\":\"2.0\",\"id\":\"init\",\"method\":\"initialize\",\"params\":{\"protocolVersion\":"
             "\"2025-11-25\",\"capabilities\":{},\"clientInfo\":{\"name\":\"floor\",\"version\":\"0\"}}}\n");
  g_main_loop_run (loop);
  elapsed = (g_get_monotonic_time () - started) / (double)G_USEC_PER_SEC;

  g_output_stream_close (out, NULL, NULL);
  g_subprocess_wait (server, NULL, NULL);

  g_array_sort (rtts, compare);
  printf ("{\"count\": %u, \"inflight\": %u, \"median_us\": %" G_GINT64_FORMAT ", \"p99_us\": %" G_GINT64_FORMAT
          ", \"elapsed_s\": %f, \"requests_per_second\": %f}\n",
          rtts->len, inflight, g_array_index (rtts, gint64, rtts->len / 2),
          g_array_index (rtts, gint64, MIN (rtts->len - 1, (rtts->len * 99 + 99) / 100 - 1)),
          elapsed, rtts->len / elapsed);

  g_main_loop_unref (loop);
  g_array_unref (rtts);
  g_byte_array_unref (buffer);
  g_free (sent_at);

  return 0;
}
