/* session-client.c — one MCP session over HTTP that waits in the middle,
 * for the interop test of session expiry against a real server
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Usage: interop-session-client URL
 *
 * Connects (Streamable HTTP or legacy SSE, whichever the server speaks),
 * lists the tools, prints "ready" and waits for a line on its standard
 * input; meanwhile the test ends the session behind its back. Then it calls
 * the tool "echo" with the message "after expiry", prints what came back,
 * and closes. The session's events go to stderr, one per line. Exit status
 * 0 when every step worked, 1 otherwise (stderr says why).
 */

#include "config.h"

#include <stdio.h>
#include <unistd.h>

#include <glib-unix.h>

#include "mcp-client.h"
#include "mcp-error.h"
#include "mcp-http-transport.h"

typedef struct
{
  GMainLoop *loop;
  McpClient *client;
  int        status;
} Session;

static void
on_event (McpClient  *client,
          const char *message,
          gpointer    user_data)
{
  g_printerr ("event: %s\n", message);
}

static void
closed_cb (GObject      *object,
           GAsyncResult *result,
           gpointer      user_data)
{
  Session *session = user_data;

  mcp_client_close_finish (MCP_CLIENT (object), result, NULL);
  g_main_loop_quit (session->loop);
}

static void
finish (Session      *session,
        const GError *error)
{
  if (error != NULL)
    {
      g_printerr ("interop-session-client: %s\n", error->message);
      session->status = 1;
    }

  mcp_client_close_async (session->client, NULL, closed_cb, session);
}

static void
called_cb (GObject      *object,
           GAsyncResult *result,
           gpointer      user_data)
{
  Session *session = user_data;
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) reply = mcp_client_call_tool_finish (MCP_CLIENT (object), result, &error);

  if (reply != NULL)
    {
      JsonArray *content = json_object_get_array_member (json_node_get_object (reply), "content");

      printf ("%s\n", json_object_get_string_member (json_array_get_object_element (content, 0), "text"));
      fflush (stdout);
    }

  finish (session, error);
}

static gboolean
on_stdin (gint         fd,
          GIOCondition condition,
          gpointer     user_data)
{
  Session *session = user_data;
  g_autoptr(JsonObject) args = json_object_new ();
  char buffer[64];

  if (read (fd, buffer, sizeof buffer) <= 0)
    {
      g_autoptr(GError) error = g_error_new_literal (MCP_ERROR, MCP_ERROR_FAILED,
                                                     "standard input closed before the go-ahead");

      finish (session, error);
      return G_SOURCE_REMOVE;
    }

  json_object_set_string_member (args, "message", "after expiry");
  mcp_client_call_tool_async (session->client, "echo", args, NULL, NULL, called_cb, session);

  return G_SOURCE_REMOVE;
}

static void
listed_cb (GObject      *object,
           GAsyncResult *result,
           gpointer      user_data)
{
  Session *session = user_data;
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) tools = mcp_client_list_tools_finish (MCP_CLIENT (object), result, &error);

  if (tools == NULL)
    {
      finish (session, error);
      return;
    }

  printf ("tools %u\nready\n", tools->len);
  fflush (stdout);
  g_unix_fd_add (STDIN_FILENO, G_IO_IN | G_IO_HUP, on_stdin, session);
}

static void
connected_cb (GObject      *object,
              GAsyncResult *result,
              gpointer      user_data)
{
  Session *session = user_data;
  g_autoptr(GError) error = NULL;

  if (!mcp_client_connect_finish (MCP_CLIENT (object), result, &error))
    {
      finish (session, error);
      return;
    }

  mcp_client_list_tools_async (session->client, NULL, NULL, listed_cb, session);
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(McpHttpTransport) transport = NULL;
  g_autoptr(GMainLoop) loop = NULL;
  Session session = { 0 };

  if (argc != 2)
    {
      g_printerr ("usage: %s URL\n", argv[0]);
      return 2;
    }

  g_log_writer_default_set_use_stderr (TRUE);

  loop = g_main_loop_new (NULL, FALSE);
  transport = mcp_http_transport_new (argv[1], MCP_HTTP_MODE_AUTO);
  session.loop = loop;
  session.client = mcp_client_new (MCP_TRANSPORT (transport));
  g_signal_connect (session.client, "event", G_CALLBACK (on_event), NULL);

  mcp_client_connect_async (session.client, NULL, connected_cb, &session);
  g_main_loop_run (loop);

  g_clear_object (&session.client);

  return session.status;
}
