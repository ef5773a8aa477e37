/* fake-http-mcp-server.c — FakeHttpServer as a process, for benchmarks
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Usage: fake-http-mcp-server [--sse] [--legacy]
 * Listens on 127.0.0.1 (a free port), prints its URL on stdout, and runs
 * until its standard input closes or it gets SIGTERM or SIGINT.
 */

#include "config.h"

#include <stdio.h>
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

  for (int i = 1; i < argc; i++)
    {
      if (g_str_equal (argv[i], "--sse"))
        sse = TRUE;
      else if (g_str_equal (argv[i], "--legacy"))
        legacy = TRUE;
      else
        {
          g_printerr ("usage: %s [--sse] [--legacy]\n", argv[0]);
          return 2;
        }
    }

  server = fake_http_server_new ();
  server->reply = sse ? FAKE_REPLY_SSE : FAKE_REPLY_JSON;
  server->legacy = legacy;
  server->keep_no_log = TRUE;

  g_print ("%s\n", server->url);
  fflush (stdout);

  g_unix_signal_add (SIGTERM, on_quit, loop);
  g_unix_signal_add (SIGINT, on_quit, loop);
  g_unix_fd_add (0, G_IO_IN | G_IO_HUP, on_stdin, loop);
  g_main_loop_run (loop);

  return 0;
}
