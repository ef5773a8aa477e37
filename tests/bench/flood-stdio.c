/* flood-stdio.c — what a client holds for a stdio server that never reads
 * its input: McpClient requests, as fast as the main loop takes them, for
 * a while; then the peak resident size of this process.
 *
 * flood-stdio SECONDS PAYLOAD-BYTES -- SERVER ARGS…
 * e.g. flood-stdio 10 1024 -- _build/tests/fake-mcp-server --never-read-stdin
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mcp-client.h"
#include "tether-native-process.h"
#include "mcp-stdio-transport.h"

static guint requests, failed_at_once, failed_later, pending;

/* VmHWM: the peak resident set size, in kB. */
static guint64
peak_rss_kb (void)
{
  g_autofree char *status = NULL;
  const char *line;

  if (!g_file_get_contents ("/proc/self/status", &status, NULL, NULL) ||
      (line = strstr (status, "VmHWM:")) == NULL)
    return 0;

  return g_ascii_strtoull (line + strlen ("VmHWM:"), NULL, 10);
}

static void
done_cb (GObject      *object,
         GAsyncResult *result,
         gpointer      user_data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) node = mcp_client_request_finish (MCP_CLIENT (object), result, &error);

  pending--;
  if (error != NULL && GPOINTER_TO_UINT (user_data) == requests)
    failed_at_once++;
  else if (error != NULL)
    failed_later++;
}

static void
opened_cb (GObject      *object,
           GAsyncResult *result,
           gpointer      user_data)
{
  gboolean *opened = user_data;
  g_autoptr(GError) error = NULL;

  if (!mcp_transport_open_finish (MCP_TRANSPORT (object), result, &error))
    g_error ("could not start the server: %s", error->message);
  *opened = TRUE;
}

static void
closed_cb (GObject      *object,
           GAsyncResult *result,
           gpointer      user_data)
{
  mcp_client_close_finish (MCP_CLIENT (object), result, NULL);
  *(gboolean *)user_data = FALSE;
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(TetherProcess) process = NULL;
  g_autoptr(McpTransport) transport = NULL;
  g_autoptr(McpClient) client = NULL;
  g_autoptr(JsonObject) params = json_object_new ();
  g_autofree char *payload = NULL;
  gboolean opened = FALSE;
  double seconds;
  gint64 end;

  if (argc < 5 || strcmp (argv[3], "--") != 0)
    {
      fprintf (stderr, "usage: flood-stdio SECONDS PAYLOAD-BYTES -- SERVER ARGS…\n");
      return 2;
    }

  seconds = g_ascii_strtod (argv[1], NULL);
  payload = g_strnfill (g_ascii_strtoull (argv[2], NULL, 10), 'x');
  json_object_set_string_member (params, "uri", payload);

  process = tether_native_process_new ((const char * const *)argv + 4);
  transport = mcp_stdio_transport_new (process);
  client = mcp_client_new (transport);
  mcp_transport_open_async (transport, NULL, opened_cb, &opened);
  while (!opened)
    g_main_context_iteration (NULL, TRUE);

  end = g_get_monotonic_time () + (gint64)(seconds * G_USEC_PER_SEC);
  while (g_get_monotonic_time () < end)
    {
      requests++;
      pending++;
      mcp_client_request_async (client, "resources/read", params, NULL, NULL, done_cb,
                                GUINT_TO_POINTER (requests));
      while (g_main_context_iteration (NULL, FALSE))
        ;
    }

  printf ("%.0f s, %u requests of %lu bytes: %u failed at once, %u still waiting; "
#ifdef MCP_STDIO_MAX_QUEUED_BYTES
          "%lu bytes queued (bound %lu); "
#endif
          "peak RSS %.1f MiB\n",
          seconds, requests, (gulong)strlen (payload), failed_at_once, pending,
#ifdef MCP_STDIO_MAX_QUEUED_BYTES
          (gulong)mcp_stdio_transport_get_queued_bytes (MCP_STDIO_TRANSPORT (transport)),
          (gulong)MCP_STDIO_MAX_QUEUED_BYTES,
#endif
          peak_rss_kb () / 1024.0);

  mcp_client_close_async (client, NULL, closed_cb, &opened);
  while (opened)
    g_main_context_iteration (NULL, TRUE);

  return 0;
}
