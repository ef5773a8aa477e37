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

/* rm -r @path (symbolic links are removed, never followed) */
void
test_remove_tree (const char *path)
{
  g_autoptr(GDir) dir = g_dir_open (path, 0, NULL);
  const char *name;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *child = g_build_filename (path, name, NULL);

      if (g_file_test (child, G_FILE_TEST_IS_DIR) && !g_file_test (child, G_FILE_TEST_IS_SYMLINK))
        test_remove_tree (child);
      else
        g_unlink (child);
    }
  g_rmdir (path);
}
