/* hub-fixture.c — a hub in process with fake servers behind it, for tests
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gstdio.h>

#include "hub-fixture.h"
#include "test-server-util.h"
#include "test-util.h"

void
hub_fixture_setup (Fixture       *fixture,
                   gconstpointer  data)
{
  fixture->fds_before = test_count_fds ();
  fixture->dir = g_dir_make_tmp ("tether-hub-XXXXXX", NULL);
  fixture->path = g_build_filename (fixture->dir, "servers.json", NULL);
  fixture->counts = g_build_filename (fixture->dir, "counts", NULL);
  fixture->token_path = g_build_filename (fixture->dir, "config", "hub-token", NULL);
  fixture->runtime_file = g_build_filename (fixture->dir, "run", "hub.json", NULL);

  tether_server_timings_init_defaults (&fixture->timings);
  fixture->timings.connect_retry_delay_ms = 50;
  fixture->timings.stop_grace_ms = 300;
  fixture->timings.list_changed_delay_ms = 20;
  /* a dead server stays down long enough to be called while reconnecting */
  fixture->timings.reconnect_delay_ms = 1500;
}

void
hub_fixture_teardown (Fixture       *fixture,
                      gconstpointer  data)
{
  g_clear_pointer (&fixture->client, hub_test_client_free);

  if (fixture->hub != NULL)
    {
      tether_hub_stop (fixture->hub);
      g_assert_false (g_file_test (fixture->runtime_file, G_FILE_TEST_EXISTS));
      test_assert_finalized (g_steal_pointer (&fixture->hub));
    }
  if (fixture->manager != NULL)
    {
      test_server_manager_shutdown (fixture->manager);
      test_assert_finalized (g_steal_pointer (&fixture->manager));
    }
  if (fixture->store != NULL)
    test_assert_finalized (g_steal_pointer (&fixture->store));

  test_assert_no_processes_matching (fixture->dir, 5000);

  /* the config, counts, token and runtime file, and what a test added */
  test_remove_tree (fixture->dir);
  g_clear_pointer (&fixture->dir, g_free);
  g_clear_pointer (&fixture->path, g_free);
  g_clear_pointer (&fixture->counts, g_free);
  g_clear_pointer (&fixture->token_path, g_free);
  g_clear_pointer (&fixture->runtime_file, g_free);
}


gboolean
hub_fixture_all_connected (gpointer data)
{
  TetherServerManager *manager = data;

  for (guint i = 0; i < g_list_model_get_n_items (G_LIST_MODEL (manager)); i++)
    {
      g_autoptr(TetherServer) server = g_list_model_get_item (G_LIST_MODEL (manager), i);

      if (tether_server_config_get_enabled (tether_server_get_config (server)) &&
          (tether_server_get_state (server) != TETHER_SERVER_STATE_CONNECTED || tether_server_get_busy (server)))
        return FALSE;
    }

  return TRUE;
}

void
hub_fixture_start (Fixture    *fixture,
                   const char *contents)
{
  g_autoptr(GFile) file = g_file_new_for_path (fixture->path);
  g_autoptr(GError) error = NULL;

  g_assert_true (g_file_set_contents (fixture->path, contents, -1, NULL));
  fixture->store = tether_config_store_new (file);
  g_assert_true (tether_config_store_load (fixture->store, &error));
  g_assert_no_error (error);
  fixture->manager = tether_server_manager_new (fixture->store, &fixture->timings);
  fixture->hub = tether_hub_new (fixture->manager);
  tether_hub_set_port (fixture->hub, 0);
  tether_hub_set_token_path (fixture->hub, fixture->token_path);
  tether_hub_set_runtime_file (fixture->hub, fixture->runtime_file);
  g_assert_true (tether_hub_start (fixture->hub, &error));
  g_assert_no_error (error);
  tether_server_manager_start (fixture->manager);
  test_wait_until (hub_fixture_all_connected, fixture->manager, "the servers connect");

  fixture->client = hub_test_client_new (tether_hub_get_url (fixture->hub), tether_hub_get_token (fixture->hub));
}

TetherServer *
hub_fixture_server_named (Fixture    *fixture,
                          const char *name)
{
  TetherServer *server = tether_server_manager_lookup (fixture->manager, name, NULL);

  g_assert_nonnull (server);

  return server;
}

gboolean
hub_fixture_has_tool (JsonObject *result,
                      const char *name)
{
  JsonArray *tools = json_object_get_array_member (result, "tools");

  for (guint i = 0; i < json_array_get_length (tools); i++)
    if (g_str_equal (json_object_get_string_member (json_array_get_object_element (tools, i), "name"), name))
      return TRUE;

  return FALSE;
}
