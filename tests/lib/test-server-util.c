/* test-server-util.c
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gstdio.h>

#include "test-server-util.h"
#include "test-util.h"

static gboolean
settled (gpointer data)
{
  TetherServerState state = tether_server_get_state (data);

  return state == TETHER_SERVER_STATE_CONNECTED || state == TETHER_SERVER_STATE_ERROR;
}

/* Until @server is connected or has given up (bounded by the hang guard). */
void
test_server_wait_settled (TetherServer *server,
                          const char   *what)
{
  test_wait_until (settled, server, what);
}

static void
stopped_cb (GObject      *object,
            GAsyncResult *result,
            gpointer      user_data)
{
  g_assert_true (tether_server_stop_finish (TETHER_SERVER (object), result, NULL));
  *(gboolean *)user_data = TRUE;
}

static gboolean
is_true (gpointer data)
{
  return *(gboolean *)data;
}

/* Stops @server, waits until its processes are gone, and drops the test's
 * reference, which must be the last. */
void
test_server_stop (TetherServer *server)
{
  gboolean stopped = FALSE;

  tether_server_stop_async (server, FALSE, NULL, stopped_cb, &stopped);
  test_wait_until (is_true, &stopped, "waiting for the server to stop");
  test_assert_finalized (server);
}

static void
shutdown_cb (GObject      *object,
             GAsyncResult *result,
             gpointer      user_data)
{
  g_assert_true (tether_server_manager_shutdown_finish (TETHER_SERVER_MANAGER (object), result, NULL));
  *(gboolean *)user_data = TRUE;
}

/* Shuts @manager down, every server stopped, and says how long it took (µs). */
gint64
test_server_manager_shutdown (TetherServerManager *manager)
{
  gboolean done = FALSE;
  gint64 start = g_get_monotonic_time ();

  tether_server_manager_shutdown_async (manager, 0, NULL, shutdown_cb, &done);
  while (!done)
    g_main_context_iteration (NULL, TRUE);

  return g_get_monotonic_time () - start;
}

/* What roots/list answers @server now, as the fake server's "ask" tool got
 * it back (JSON text) */
char *
test_server_ask_roots (TetherServer *server)
{
  g_autoptr(JsonObject) arguments = json_object_new ();
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(JsonNode) answer = NULL;
  g_autoptr(GError) error = NULL;

  json_object_set_string_member (arguments, "method", "roots/list");
  tether_server_call_tool_async (server, "ask", arguments, NULL, NULL, NULL, test_store_result, &result);
  test_wait_for (&result);
  answer = tether_server_call_tool_finish (server, result, &error);
  g_assert_no_error (error);

  return json_to_string (answer, FALSE);
}
