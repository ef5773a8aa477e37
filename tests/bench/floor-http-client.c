/* floor-http-client.c — the floor of the HTTP benchmark: the least a
 * libsoup client on the main loop can do per ping over Streamable HTTP:
 * one POST on a kept-alive connection, its whole body read into memory;
 * no JSON parsing, no SSE parsing, no request table, no objects of ours.
 *
 * floor-http-client COUNT INFLIGHT URL
 *
 * Prints the same JSON as `tether-cli --json ping`.
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libsoup/soup.h>

static GMainLoop   *loop;
static SoupSession *session;
static GUri        *uri;
static char        *session_id;
static gint64      *sent_at;
static GArray      *rtts;
static guint        count, inflight, sent, received;

static SoupMessage *
post (const char *body)
{
  SoupMessage *msg = soup_message_new_from_uri (SOUP_METHOD_POST, uri);
  SoupMessageHeaders *headers = soup_message_get_request_headers (msg);
  g_autoptr(GBytes) bytes = g_bytes_new (body, strlen (body));

  soup_message_set_request_body_from_bytes (msg, "application/json", bytes);
  soup_message_headers_replace (headers, "Accept", "application/json, text/event-stream");
  if (session_id != NULL)
    {
      soup_message_headers_replace (headers, "Mcp-Session-Id", session_id);
      soup_message_headers_replace (headers, "MCP-Protocol-Version", "2025-06-18");
    }
  /* Pings may be sent twice: libsoup then reuses connections. */
  soup_message_add_flags (msg, SOUP_MESSAGE_IDEMPOTENT);

  return msg;
}

static GBytes *
post_sync (const char *body,
           char      **session_out)
{
  g_autoptr(SoupMessage) msg = post (body);
  g_autoptr(GError) error = NULL;
  GBytes *reply = soup_session_send_and_read (session, msg, NULL, &error);

  if (reply == NULL || !SOUP_STATUS_IS_SUCCESSFUL (soup_message_get_status (msg)))
    g_error ("POST %s: %s", body, error != NULL ? error->message : soup_message_get_reason_phrase (msg));
  if (session_out != NULL)
    *session_out = g_strdup (soup_message_headers_get_one (soup_message_get_response_headers (msg),
                                                           "Mcp-Session-Id"));

  return reply;
}

static void send_ping (void);

static void
ping_cb (GObject      *source,
         GAsyncResult *result,
         gpointer      user_data)
{
  guint id = GPOINTER_TO_UINT (user_data);
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) reply = soup_session_send_and_read_finish (SOUP_SESSION (source), result, &error);
  gint64 rtt = g_get_monotonic_time () - sent_at[id];

  if (reply == NULL)
    g_error ("ping: %s", error->message);

  g_array_append_val (rtts, rtt);
  received++;

  if (sent < count)
    send_ping ();
  else if (received == count)
    g_main_loop_quit (loop);
}

static void
send_ping (void)
{
  char body[64];
  g_autoptr(SoupMessage) msg = NULL;
  guint id = sent++;

  g_snprintf (body, sizeof body, "{\"jsonrpc\":\"2.0\",\"id\":%u,\"method\":\"ping\"}", id + 1);
  msg = post (body);
  sent_at[id] = g_get_monotonic_time ();
  soup_session_send_and_read_async (session, msg, G_PRIORITY_DEFAULT, NULL, ping_cb, GUINT_TO_POINTER (id));
}

static int
compare (gconstpointer a,
         gconstpointer b)
{
  gint64 x = *(const gint64 *)a, y = *(const gint64 *)b;

  return (x > y) - (x < y);
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GBytes) reply = NULL;
  gint64 start;
  double elapsed;

  if (argc != 4)
    {
      fprintf (stderr, "usage: %s COUNT INFLIGHT URL\n", argv[0]);
      return 2;
    }

  count = atoi (argv[1]);
  inflight = atoi (argv[2]);
  uri = g_uri_parse (argv[3], SOUP_HTTP_URI_FLAGS, NULL);
  if (count == 0 || inflight == 0 || uri == NULL)
    {
      fprintf (stderr, "usage: %s COUNT INFLIGHT URL\n", argv[0]);
      return 2;
    }

  loop = g_main_loop_new (NULL, FALSE);
  session = soup_session_new_with_options ("timeout", 0,
                                           "max-conns-per-host", MAX (inflight, 2),
                                           "max-conns", MAX (inflight, 2) + 2,
                                           NULL);
  sent_at = g_new0 (gint64, count);
  rtts = g_array_sized_new (FALSE, FALSE, sizeof (gint64), count);

  reply = post_sync ("{\"jsonrpc\":\"2.0\",\"id\":0,\"method\":\"initialize\",\"params\":"
                     "{\"protocolVersion\":\"2025-06-18\",\"capabilities\":{},"
                     "\"clientInfo\":{\"name\":\"floor\",\"version\":\"1\"}}}", &session_id);
  g_clear_pointer (&reply, g_bytes_unref);
  reply = post_sync ("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}", NULL);

  start = g_get_monotonic_time ();
  while (sent < count && sent < inflight)
    send_ping ();
  g_main_loop_run (loop);
  elapsed = (g_get_monotonic_time () - start) / (double)G_USEC_PER_SEC;

  g_array_sort (rtts, compare);
  printf ("{\"count\":%u,\"inflight\":%u,\"median_us\":%" G_GINT64_FORMAT ",\"p99_us\":%" G_GINT64_FORMAT ","
          "\"elapsed_s\":%f,\"requests_per_second\":%f}\n",
          count, inflight,
          g_array_index (rtts, gint64, count / 2),
          g_array_index (rtts, gint64, MIN (count - 1, (count * 99 + 99) / 100 - 1)),
          elapsed, count / elapsed);

  g_free (sent_at);
  g_array_unref (rtts);
  g_free (session_id);
  g_uri_unref (uri);
  g_object_unref (session);
  g_main_loop_unref (loop);

  return 0;
}
