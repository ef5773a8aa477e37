/* longrun.c — the long runs of the memory benchmark: one TetherServer,
 * either COUNT pings on one connection or COUNT reconnect cycles (stop,
 * start, connected with its lists), printing this process's VmRSS and
 * RssAnon (KiB) and the length of the server's log (bounded, so it grows
 * until its limit) as one JSON line at the start and after each tenth.
 * tests/bench/bench-longrun.py runs it by hand, over stdio and HTTP.
 *
 * longrun requests|reconnects COUNT (--stdio FAKE-SERVER | --url URL)
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tether-server.h"
#include "test-server-util.h"
#include "test-util.h"

typedef struct
{
  TetherServer *server;
  gboolean      reconnects;
  guint         count;
  guint         done;
  GMainLoop    *loop;
} Run;

static TetherServer *measured;

static void
print_memory (guint done)
{
  g_autofree char *status = NULL;
  guint64 rss = 0, anon = 0;

  if (!g_file_get_contents ("/proc/self/status", &status, NULL, NULL))
    g_error ("longrun: cannot read /proc/self/status");
  for (char *line = status; line != NULL && *line != '\0'; )
    {
      char *next = strchr (line, '\n');

      if (g_str_has_prefix (line, "VmRSS:"))
        rss = g_ascii_strtoull (line + 6, NULL, 10);
      else if (g_str_has_prefix (line, "RssAnon:"))
        anon = g_ascii_strtoull (line + 8, NULL, 10);
      line = next != NULL ? next + 1 : NULL;
    }
  printf ("{\"done\":%u,\"rss_kib\":%" G_GUINT64_FORMAT ",\"anon_kib\":%" G_GUINT64_FORMAT ",\"log\":%u}\n",
          done, rss, anon, g_list_model_get_n_items (tether_server_get_log (measured)));
  fflush (stdout);
}

/* After each tenth of the run (and never more often than once a step). */
static void
step_done (Run *run)
{
  run->done++;
  if (run->done % MAX (run->count / 10, 1) == 0 || run->done == run->count)
    print_memory (run->done);
}

static void next (Run *run);

static void
pinged_cb (GObject      *object,
           GAsyncResult *result,
           gpointer      user_data)
{
  Run *run = user_data;
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) answer = tether_server_request_finish (TETHER_SERVER (object), result, &error);

  if (answer == NULL)
    g_error ("longrun: ping %u failed: %s", run->done + 1, error->message);
  step_done (run);
  next (run);
}

static void
stopped_cb (GObject      *object,
            GAsyncResult *result,
            gpointer      user_data)
{
  Run *run = user_data;
  g_autoptr(GError) error = NULL;

  if (!tether_server_stop_finish (TETHER_SERVER (object), result, &error))
    g_error ("longrun: stop %u failed: %s", run->done + 1, error->message);
  g_main_loop_quit (run->loop);
}

static void
next (Run *run)
{
  if (run->done == run->count)
    g_main_loop_quit (run->loop);
  else
    tether_server_request_async (run->server, "ping", NULL, NULL, pinged_cb, run);
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(TetherServerConfig) config = NULL;
  g_autoptr(TetherServer) server = NULL;
  g_autoptr(GMainLoop) loop = NULL;
  Run run = { 0 };

  if (argc != 5 || (!g_str_equal (argv[1], "requests") && !g_str_equal (argv[1], "reconnects")) ||
      (!g_str_equal (argv[3], "--stdio") && !g_str_equal (argv[3], "--url")))
    {
      fprintf (stderr, "usage: longrun requests|reconnects COUNT (--stdio FAKE-SERVER | --url URL)\n");
      return 2;
    }

  config = tether_server_config_new ("longrun");
  if (g_str_equal (argv[3], "--stdio"))
    tether_server_config_set_command (config, argv[4]);
  else
    {
      tether_server_config_set_kind (config, TETHER_SERVER_KIND_HTTP);
      tether_server_config_set_url (config, argv[4]);
    }

  loop = g_main_loop_new (NULL, FALSE);
  server = tether_server_new (config, NULL);
  run.server = server;
  measured = server;
  run.loop = loop;
  run.reconnects = g_str_equal (argv[1], "reconnects");
  run.count = (guint)g_ascii_strtoull (argv[2], NULL, 10);

  tether_server_start (server);
  test_server_wait_idle (server, TETHER_SERVER_STATE_CONNECTED);
  print_memory (0);

  if (run.reconnects)
    {
      while (run.done < run.count)
        {
          tether_server_stop_async (server, FALSE, NULL, stopped_cb, &run);
          g_main_loop_run (loop);
          tether_server_start (server);
          test_server_wait_idle (server, TETHER_SERVER_STATE_CONNECTED);
          step_done (&run);
        }
    }
  else
    {
      next (&run);
      g_main_loop_run (loop);
    }

  tether_server_stop_async (server, FALSE, NULL, stopped_cb, &run);
  g_main_loop_run (loop);

  return 0;
}
