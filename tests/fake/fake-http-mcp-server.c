/* fake-http-mcp-server.c — FakeHttpServer as a process, for benchmarks
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Usage: fake-http-mcp-server [--sse] [--legacy] [--require-header 'NAME: VALUE']
 *                             [--count-file PATH] [--era 2026]
 * Listens on 127.0.0.1 (a free port), prints its URL on stdout, and runs
 * until its standard input closes or it gets SIGTERM or SIGINT. With
 * --require-header, requests without that header are answered 401; with
 * --count-file, the numbers of initialize and tools/call requests are
 * written to PATH on exit. With --era 2026, it speaks only the stateless
 * revision 2026-07-28 (no initialize, no session).
 */

#include "config.h"

#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include <glib-unix.h>

#include "fake-http-server.h"

static gboolean
on_quit (gpointer data)
{
  g_main_loop_quit (data);
  return G_SOURCE_REMOVE;
}

static gboolean
on_stdin (gint         fd,
          GIOCondition condition,
          gpointer     data)
{
  char buffer[256];

  if (read (fd, buffer, sizeof buffer) <= 0)
    {
      g_main_loop_quit (data);
      return G_SOURCE_REMOVE;
    }

  return G_SOURCE_CONTINUE;
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GMainLoop) loop = g_main_loop_new (NULL, FALSE);
  g_autoptr(FakeHttpServer) server = NULL;
  gboolean sse = FALSE;
  gboolean legacy = FALSE;
  gboolean era_2026 = FALSE;
  const char *required_header = NULL;
  const char *count_file = NULL;

  for (int i = 1; i < argc; i++)
    {
      if (g_str_equal (argv[i], "--sse"))
        sse = TRUE;
      else if (g_str_equal (argv[i], "--legacy"))
        legacy = TRUE;
      else if (g_str_equal (argv[i], "--require-header") && i + 1 < argc && strchr (argv[i + 1], ':') != NULL)
        required_header = argv[++i];
      else if (g_str_equal (argv[i], "--count-file") && i + 1 < argc)
        count_file = argv[++i];
      else if (g_str_equal (argv[i], "--era") && i + 1 < argc && g_str_equal (argv[i + 1], "2026"))
        {
          era_2026 = TRUE;
          i++;
        }
      else
        {
          g_printerr ("usage: %s [--sse] [--legacy] [--require-header 'NAME: VALUE'] [--count-file PATH] [--era 2026]\n",
                      argv[0]);
          return 2;
        }
    }

  server = fake_http_server_new ();
  server->reply = sse ? FAKE_REPLY_SSE : FAKE_REPLY_JSON;
  server->legacy = legacy;
  server->keep_no_log = TRUE;
  server->required_header = g_strdup (required_header);
  if (era_2026)
    {
      fake_mcp_core_set_era_2026 (server->core, TRUE);
      server->sessionless = TRUE;
      g_free (server->version);
      server->version = g_strdup ("2026-07-28");
    }

  g_print ("%s\n", server->url);
  fflush (stdout);

  g_unix_signal_add (SIGTERM, on_quit, loop);
  g_unix_signal_add (SIGINT, on_quit, loop);
  g_unix_fd_add (0, G_IO_IN | G_IO_HUP, on_stdin, loop);
  g_main_loop_run (loop);

  if (count_file != NULL)
    {
      g_autofree char *counts = g_strdup_printf ("initialize %u\ntools/call %u\n",
                                                 fake_mcp_core_get_count (server->core, "initialize"),
                                                 fake_mcp_core_get_count (server->core, "tools/call"));

      g_file_set_contents (count_file, counts, -1, NULL);
    }

  return 0;
}
