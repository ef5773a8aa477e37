/* tether-cli-watch-requests.c — tether-cli watch --requests
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Prints the running hub's activity, one JSON line per request an AI
 * client made, as it finishes, starting with those the hub remembers:
 *
 *   {"time":"2026-…Z","client":"claude-code","method":"tools/call",
 *    "server":"github","item":"create_issue","duration_ms":412.7,
 *    "outcome":"ok","message":null}
 *
 * `outcome` is `ok`, `error`, `tool-error` or `cancelled`. Arguments are
 * never part of it. The hub is found through hub.json and asked with its
 * token (GET /activity); no hub running is an error. Ends with status 0 on
 * SIGINT, SIGTERM or SIGHUP, with 1 when the hub goes away.
 */

#define G_LOG_DOMAIN "tether-cli"

#include "config.h"

#include <signal.h>
#include <stdio.h>

#include <glib/gi18n.h>
#include <glib-unix.h>
#include <libsoup/soup.h>

#include "mcp-sse-parser.h"
#include "tether-cli-output.h"
#include "tether-cli-watch-requests.h"
#include "tether-hub.h"
#include "tether-hub-token.h"

typedef struct
{
  GMainLoop    *loop;
  GInputStream *stream;
  GCancellable *cancellable;
  McpSseParser *parser;
  GError       *error;
  char          buffer[16384];
  gboolean      done;
} Watch;

static void
read_cb (GObject      *object,
         GAsyncResult *result,
         gpointer      user_data)
{
  Watch *watch = user_data;
  g_autoptr(GError) error = NULL;
  gssize n = g_input_stream_read_finish (G_INPUT_STREAM (object), result, &error);
  McpSseEvent *event;

  if (n <= 0)
    {
      if (n < 0 && !g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        watch->error = g_error_new (G_IO_ERROR, G_IO_ERROR_FAILED, _("the hub's activity stream broke: %s"),
                                    error->message);
      else if (n == 0)
        watch->error = g_error_new_literal (G_IO_ERROR, G_IO_ERROR_CLOSED, _("the hub stopped"));
      watch->done = TRUE;
      g_main_loop_quit (watch->loop);
      return;
    }

  if (!mcp_sse_parser_feed (watch->parser, watch->buffer, (gsize)n, &error))
    {
      watch->error = g_error_new (G_IO_ERROR, G_IO_ERROR_INVALID_DATA, _("the hub's activity stream is broken: %s"),
                                  error->message);
      watch->done = TRUE;
      g_main_loop_quit (watch->loop);
      return;
    }

  while ((event = mcp_sse_parser_pop_event (watch->parser)) != NULL)
    {
      if (event->data_length > 0)
        {
          fwrite (event->data, 1, event->data_length, stdout);
          fputc ('\n', stdout);
        }
      mcp_sse_event_free (event);
    }
  fflush (stdout);

  g_input_stream_read_async (watch->stream, watch->buffer, sizeof watch->buffer, G_PRIORITY_DEFAULT,
                             watch->cancellable, read_cb, watch);
}

static gboolean
signal_cb (gpointer user_data)
{
  Watch *watch = user_data;

  watch->done = TRUE;
  g_cancellable_cancel (watch->cancellable);
  g_main_loop_quit (watch->loop);

  return G_SOURCE_CONTINUE;
}

int
tether_cli_watch_requests_main (const TetherCliOptions  *options,
                                GError                 **error)
{
  g_autofree char *runtime_file = tether_hub_dup_default_runtime_file ();
  g_autofree char *token_path = tether_hub_token_dup_default_path ();
  g_autofree char *url = NULL;
  g_autofree char *activity = NULL;
  g_autofree char *token = NULL;
  g_autofree char *authorization = NULL;
  g_autoptr(SoupSession) session = NULL;
  g_autoptr(SoupMessage) msg = NULL;
  g_autoptr(GUri) base = NULL;
  const int signals[] = { SIGINT, SIGTERM, SIGHUP };
  guint signal_ids[G_N_ELEMENTS (signals)];
  Watch watch = { 0 };
  int exit_code = TETHER_CLI_EXIT_OK;

  if (!tether_hub_read_runtime_file (runtime_file, &url, NULL, error))
    return TETHER_CLI_EXIT_FAILURE;
  token = tether_hub_token_load (token_path, FALSE, error);
  if (token == NULL)
    return TETHER_CLI_EXIT_FAILURE;

  base = g_uri_parse (url, G_URI_FLAGS_NONE, error);
  if (base == NULL)
    return TETHER_CLI_EXIT_FAILURE;
  activity = g_uri_resolve_relative (url, "/activity", G_URI_FLAGS_NONE, error);
  if (activity == NULL)
    return TETHER_CLI_EXIT_FAILURE;

  signal (SIGPIPE, SIG_IGN);

  session = soup_session_new_with_options ("timeout", 0, NULL);
  msg = soup_message_new ("GET", activity);
  authorization = g_strdup_printf ("Bearer %s", token);
  soup_message_headers_replace (soup_message_get_request_headers (msg), "Authorization", authorization);
  soup_message_headers_replace (soup_message_get_request_headers (msg), "Accept", "text/event-stream");
  memset (authorization, 0, strlen (authorization));
  memset (token, 0, strlen (token));

  watch.stream = soup_session_send (session, msg, NULL, error);
  if (watch.stream == NULL)
    return TETHER_CLI_EXIT_FAILURE;
  if (soup_message_get_status (msg) != SOUP_STATUS_OK)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, _("the hub at %s refused: HTTP %u %s"),
                   url, soup_message_get_status (msg), soup_message_get_reason_phrase (msg));
      g_clear_object (&watch.stream);
      return TETHER_CLI_EXIT_FAILURE;
    }

  watch.loop = g_main_loop_new (NULL, FALSE);
  watch.cancellable = g_cancellable_new ();
  watch.parser = mcp_sse_parser_new (16 * 1024 * 1024);
  for (guint i = 0; i < G_N_ELEMENTS (signals); i++)
    signal_ids[i] = g_unix_signal_add (signals[i], signal_cb, &watch);

  g_input_stream_read_async (watch.stream, watch.buffer, sizeof watch.buffer, G_PRIORITY_DEFAULT,
                             watch.cancellable, read_cb, &watch);
  while (!watch.done)
    g_main_loop_run (watch.loop);

  for (guint i = 0; i < G_N_ELEMENTS (signals); i++)
    g_source_remove (signal_ids[i]);

  if (watch.error != NULL)
    {
      g_propagate_error (error, watch.error);
      exit_code = TETHER_CLI_EXIT_FAILURE;
    }

  g_clear_object (&watch.stream);
  g_clear_object (&watch.parser);
  g_clear_object (&watch.cancellable);
  g_main_loop_unref (watch.loop);

  return exit_code;
}
