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

  return state == TETHER_SERVER_STATE_CONNECTED || state == TETHER_SERVER_STATE_ERROR ||
         state == TETHER_SERVER_STATE_SIGN_IN_REQUIRED;
}

/* Until @server is connected, has given up, or waits for a sign-in
 * (bounded by the hang guard). */
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
