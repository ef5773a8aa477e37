/* listen-client.c — subscriptions/listen against a real server, for the
 * interop test with the official 2.x server SDK
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Usage: interop-listen-client URI URL
 *        interop-listen-client URI -- COMMAND [ARG…]
 *
 * Connects to the server at URL (Streamable HTTP) or started by COMMAND
 * (stdio), listens for changes with URI among the resources subscribed
 * to, and once the server acknowledged, calls its tool "touch" (which
 * announces a change of its tools and an update of URI). Prints, one a
 * line: "era ERA", "granted FILTER" (JSON), "tools changed",
 * "updated URI", then closes. The client's events go to stderr. Exit
 * status 0 when the change and the update both came within 30 s, 1
 * otherwise (stderr says why).
 */

#include "config.h"

#include <stdio.h>
#include <string.h>

#include "mcp-client.h"
#include "mcp-http-transport.h"
#include "mcp-stdio-transport.h"
#include "tether-native-process.h"

#define DEADLINE_S 30

typedef struct
{
  GMainLoop *loop;
  McpClient *client;
  char      *uri;
  gboolean   touched;
  gboolean   tools_changed;
  gboolean   updated;
  gboolean   failed;
} Listen;

static void
on_event (McpClient  *client,
          const char *message,
          gpointer    user_data)
{
  g_printerr ("event: %s\n", message);
}

static void
fail (Listen     *l,
      const char *what)
{
  g_printerr ("interop-listen-client: %s\n", what);
  l->failed = TRUE;
  g_main_loop_quit (l->loop);
}

static void
check_done (Listen *l)
{
  if (l->tools_changed && l->updated)
    g_main_loop_quit (l->loop);
}

static void
on_tools_changed (McpClient *client,
                  Listen    *l)
{
  if (!l->tools_changed)
    {
      printf ("tools changed\n");
      fflush (stdout);
    }
  l->tools_changed = TRUE;
  check_done (l);
}

static void
on_resource_updated (McpClient  *client,
                     const char *uri,
                     Listen     *l)
{
  printf ("updated %s\n", uri);
  fflush (stdout);
  if (g_strcmp0 (uri, l->uri) == 0)
    l->updated = TRUE;
  check_done (l);
}

static void
touched_cb (GObject      *object,
            GAsyncResult *result,
            gpointer      user_data)
{
  Listen *l = user_data;
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) reply = mcp_client_call_tool_finish (MCP_CLIENT (object), result, &error);

  /* Closed once both came, before its answer: that is no failure. */
  if (reply == NULL && !(l->tools_changed && l->updated))
    fail (l, error->message);
}

static gboolean
poll_granted (gpointer user_data)
{
  Listen *l = user_data;
  JsonObject *granted = mcp_client_get_listen_granted (l->client);
  g_autoptr(JsonNode) node = NULL;
  g_autofree char *text = NULL;

  if (granted == NULL)
    return G_SOURCE_CONTINUE;

  node = json_node_init_object (json_node_alloc (), granted);
  text = json_to_string (node, FALSE);
  printf ("granted %s\n", text);
  fflush (stdout);

  l->touched = TRUE;
  mcp_client_call_tool_async (l->client, "touch", NULL, NULL, NULL, touched_cb, l);

  return G_SOURCE_REMOVE;
}

static void
connected_cb (GObject      *object,
              GAsyncResult *result,
              gpointer      user_data)
{
  Listen *l = user_data;
  g_autoptr(GError) error = NULL;
  const char *uris[] = { l->uri, NULL };

  if (!mcp_client_connect_finish (MCP_CLIENT (object), result, &error))
    {
      fail (l, error->message);
      return;
    }

  printf ("era %s\n", mcp_client_get_era (l->client) == MCP_ERA_STATELESS ? "stateless" : "initialize");
  fflush (stdout);
  mcp_client_listen (l->client, uris);
  g_timeout_add (20, poll_granted, l);
}

static gboolean
deadline_cb (gpointer user_data)
{
  Listen *l = user_data;

  fail (l, l->touched ? "the change and the update did not both come"
                      : "the server never acknowledged the subscription");
  return G_SOURCE_REMOVE;
}

static void
closed_cb (GObject      *object,
           GAsyncResult *result,
           gpointer      user_data)
{
  mcp_client_close_finish (MCP_CLIENT (object), result, NULL);
  g_main_loop_quit (user_data);
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(McpTransport) transport = NULL;
  Listen l = { 0 };
  guint deadline_id;

  if (argc < 3 || (g_str_equal (argv[2], "--") && argc < 4))
    {
      g_printerr ("usage: %s URI URL | URI -- COMMAND [ARG…]\n", argv[0]);
      return 2;
    }

  if (g_str_equal (argv[2], "--"))
    {
      g_autoptr(TetherProcess) process = tether_native_process_new ((const char * const *)argv + 3);

      transport = mcp_stdio_transport_new (process);
    }
  else
    transport = MCP_TRANSPORT (mcp_http_transport_new (argv[2], MCP_HTTP_MODE_AUTO));

  l.uri = argv[1];
  l.loop = g_main_loop_new (NULL, FALSE);
  l.client = mcp_client_new (transport);
  g_signal_connect (l.client, "event", G_CALLBACK (on_event), &l);
  g_signal_connect (l.client, "tools-changed", G_CALLBACK (on_tools_changed), &l);
  g_signal_connect (l.client, "resource-updated", G_CALLBACK (on_resource_updated), &l);

  mcp_client_connect_async (l.client, NULL, connected_cb, &l);
  deadline_id = g_timeout_add_seconds (DEADLINE_S, deadline_cb, &l);
  g_main_loop_run (l.loop);
  if (!l.failed)
    g_source_remove (deadline_id);

  mcp_client_close_async (l.client, NULL, closed_cb, l.loop);
  g_main_loop_run (l.loop);

  g_object_unref (l.client);
  g_main_loop_unref (l.loop);

  return l.failed ? 1 : 0;
}
