/* test-server-manager.c — the manager follows the file, and leaves nothing
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include <glib/gstdio.h>

#include "tether-process.h"
#include "mcp-stdio-transport.h"
#include "tether-server-manager.h"
#include "test-server-util.h"
#include "test-fake-server.h"
#include "test-util.h"

typedef struct
{
  char                *dir;
  char                *path;
  TetherConfigStore   *store;
  TetherServerManager *manager;
  TetherServerTimings  timings;
  guint                fds_before;
} Fixture;

static void
fixture_setup (Fixture       *fixture,
               gconstpointer  data)
{
  fixture->fds_before = test_count_fds ();
  fixture->dir = g_dir_make_tmp ("tether-manager-XXXXXX", NULL);
  fixture->path = g_build_filename (fixture->dir, "servers.json", NULL);

  tether_server_timings_init_defaults (&fixture->timings);
  fixture->timings.connect_retry_delay_ms = 50;
  fixture->timings.list_timeout_ms = 2000;
  fixture->timings.stop_grace_ms = 300;
  fixture->timings.reconnect_delay_ms = 50;
}

static void
fixture_teardown (Fixture       *fixture,
                  gconstpointer  data)
{
  if (fixture->manager != NULL)
    {
      test_server_manager_shutdown (fixture->manager);
      test_assert_finalized (g_steal_pointer (&fixture->manager));
    }
  if (fixture->store != NULL)
    test_assert_finalized (g_steal_pointer (&fixture->store));

  test_assert_no_processes_matching (fixture->dir, 5000);
  test_assert_no_leftovers (fixture->fds_before, 0, 5000);

  /* and whatever a test wrote next to the config */
  test_remove_tree (fixture->dir);
  g_clear_pointer (&fixture->dir, g_free);
  g_clear_pointer (&fixture->path, g_free);
}

/* A server entry running the fake server, identifiable by our directory. */
static char *
fake_entry (Fixture    *fixture,
            const char *extra_args,
            gboolean    enabled)
{
  g_autofree char *counts = g_build_filename (fixture->dir, "counts", NULL);

  return test_fake_server_entry (counts, extra_args, enabled ? NULL : "\"disabled\": true");
}

static void
start (Fixture    *fixture,
       const char *contents)
{
  g_autoptr(GFile) file = g_file_new_for_path (fixture->path);
  g_autoptr(GError) error = NULL;

  g_assert_true (g_file_set_contents (fixture->path, contents, -1, NULL));
  fixture->store = tether_config_store_new (file);
  g_assert_true (tether_config_store_load (fixture->store, &error));
  g_assert_no_error (error);
  tether_config_store_set_watching (fixture->store, TRUE);
  fixture->manager = tether_server_manager_new (fixture->store, &fixture->timings);
  tether_server_manager_start (fixture->manager);
}

static TetherServer *
server_at (Fixture *fixture,
           guint    position)
{
  g_autoptr(TetherServer) server = g_list_model_get_item (G_LIST_MODEL (fixture->manager), position);

  g_assert_nonnull (server);

  return server; /* the manager holds it */
}

static pid_t
pid_of (TetherServer *server)
{
  McpClient *client = tether_server_get_client (server);
  TetherProcess *process;

  if (client == NULL)
    return 0;
  process = mcp_stdio_transport_get_process (MCP_STDIO_TRANSPORT (mcp_client_get_transport (client)));

  return (pid_t)g_ascii_strtoll (tether_process_get_identifier (process), NULL, 10);
}

static void
test_starts_enabled (Fixture       *fixture,
                     gconstpointer  data)
{
  g_autofree char *a = fake_entry (fixture, NULL, TRUE);
  g_autofree char *b = fake_entry (fixture, NULL, FALSE);
  g_autofree char *contents = g_strdup_printf ("{\"mcpServers\": {\"a\": %s, \"b\": %s}}", a, b);

  start (fixture, contents);

  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (fixture->manager)), ==, 2);
  g_assert_cmpstr (tether_server_get_name (server_at (fixture, 0)), ==, "a");
  test_server_wait_idle (server_at (fixture, 0), TETHER_SERVER_STATE_CONNECTED);
  g_assert_cmpint (tether_server_get_state (server_at (fixture, 1)), ==, TETHER_SERVER_STATE_DISABLED);
  g_assert_cmpuint (test_count_processes_matching (fixture->dir), ==, 1);
}

/* An external edit restarts only the server whose entry changed. */
static void
test_external_edit_restarts_changed_only (Fixture       *fixture,
                                          gconstpointer  data)
{
  g_autofree char *a = fake_entry (fixture, NULL, TRUE);
  g_autofree char *b = fake_entry (fixture, NULL, TRUE);
  g_autofree char *b2 = fake_entry (fixture, "\"--tools\", \"3\"", TRUE);
  g_autofree char *before = g_strdup_printf ("{\"mcpServers\": {\"a\": %s, \"b\": %s}}", a, b);
  g_autofree char *after = g_strdup_printf ("{\"mcpServers\": {\"a\": %s, \"b\": %s}}", a, b2);
  TetherServer *sa, *sb;
  pid_t pa, pb;
  gint64 deadline;

  start (fixture, before);
  sa = server_at (fixture, 0);
  sb = server_at (fixture, 1);
  test_server_wait_idle (sa, TETHER_SERVER_STATE_CONNECTED);
  test_server_wait_idle (sb, TETHER_SERVER_STATE_CONNECTED);
  pa = pid_of (sa);
  pb = pid_of (sb);

  g_assert_true (g_file_set_contents (fixture->path, after, -1, NULL));

  deadline = g_get_monotonic_time () + 5 * G_USEC_PER_SEC;
  while ((pid_of (sb) == pb || tether_server_get_state (sb) != TETHER_SERVER_STATE_CONNECTED) &&
         g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, TRUE);

  g_assert_true (server_at (fixture, 1) == sb);
  g_assert_cmpint (pid_of (sb), !=, pb);
  g_assert_cmpint (pid_of (sa), ==, pa);
  g_assert_true (test_wait_pid_gone (pb, 3000));
}

/* The enable switch writes the file and stops and starts the process. */
static void
test_enable_switch (Fixture       *fixture,
                    gconstpointer  data)
{
  g_autofree char *a = fake_entry (fixture, NULL, TRUE);
  g_autofree char *contents = g_strdup_printf ("{\"mcpServers\": {\"a\": %s}}", a);
  g_autofree char *file = NULL;
  g_autoptr(GError) error = NULL;
  TetherServer *server;
  pid_t pid;

  start (fixture, contents);
  server = server_at (fixture, 0);
  test_server_wait_idle (server, TETHER_SERVER_STATE_CONNECTED);
  pid = pid_of (server);

  g_assert_true (tether_server_manager_set_enabled (fixture->manager, "a", FALSE, &error));
  g_assert_no_error (error);
  g_assert_cmpint (tether_server_get_state (server), ==, TETHER_SERVER_STATE_DISABLED);
  g_assert_true (g_file_get_contents (fixture->path, &file, NULL, NULL));
  g_assert_nonnull (strstr (file, "\"disabled\" : true"));
  test_assert_no_processes_matching (fixture->dir, 3000);
  g_assert_true (test_wait_pid_gone (pid, 3000));

  g_assert_true (tether_server_manager_set_enabled (fixture->manager, "a", TRUE, &error));
  test_server_wait_idle (server, TETHER_SERVER_STATE_CONNECTED);
  g_assert_cmpuint (test_count_processes_matching (fixture->dir), ==, 1);
}

static void
test_remove_and_undo (Fixture       *fixture,
                      gconstpointer  data)
{
  g_autofree char *a = fake_entry (fixture, NULL, TRUE);
  g_autofree char *b = fake_entry (fixture, NULL, TRUE);
  g_autofree char *contents = g_strdup_printf ("{\"mcpServers\": {\"a\": %s, \"b\": %s}}", a, b);
  g_autoptr(TetherRemoval) removal = NULL;
  g_autoptr(GError) error = NULL;

  start (fixture, contents);
  test_server_wait_idle (server_at (fixture, 0), TETHER_SERVER_STATE_CONNECTED);
  test_server_wait_idle (server_at (fixture, 1), TETHER_SERVER_STATE_CONNECTED);

  removal = tether_server_manager_remove (fixture->manager, "a", &error);
  g_assert_no_error (error);
  g_assert_nonnull (removal);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (fixture->manager)), ==, 1);
  g_assert_null (tether_server_manager_lookup (fixture->manager, "a", NULL));
  {
    gint64 deadline = g_get_monotonic_time () + 3 * G_USEC_PER_SEC;
    while (test_count_processes_matching (fixture->dir) != 1 && g_get_monotonic_time () < deadline)
      g_main_context_iteration (NULL, FALSE), g_usleep (5000);
  }
  g_assert_cmpuint (test_count_processes_matching (fixture->dir), ==, 1);

  g_assert_true (tether_server_manager_undo_remove (fixture->manager, removal, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (tether_server_get_name (server_at (fixture, 0)), ==, "a");
  test_server_wait_idle (server_at (fixture, 0), TETHER_SERVER_STATE_CONNECTED);
}

/* 500 connect/disconnect cycles leave no fd and no process behind. */
static void
test_cycles_leak_nothing (Fixture       *fixture,
                          gconstpointer  data)
{
  g_autofree char *a = fake_entry (fixture, NULL, TRUE);
  g_autofree char *contents = g_strdup_printf ("{\"mcpServers\": {\"a\": %s}}", a);
  TetherServer *server;
  guint fds_connected;
  gint64 start_time;
  g_autofree char *counts = g_build_filename (fixture->dir, "counts", NULL);
#ifdef __SANITIZE_ADDRESS__
  /* The sanitizer run is 10× slower; the normal run does the 500. */
  guint cycles = 150;
#else
  guint cycles = g_test_thorough () ? 2000 : 500;
#endif

  start (fixture, contents);
  server = server_at (fixture, 0);
  test_server_wait_idle (server, TETHER_SERVER_STATE_CONNECTED);
  fds_connected = test_count_fds ();

  start_time = g_get_monotonic_time ();
  for (guint i = 0; i < cycles; i++)
    {
      tether_server_manager_reconnect (fixture->manager, "a");
      test_server_wait_idle (server, TETHER_SERVER_STATE_CONNECTED);
    }
  g_test_message ("%u reconnect cycles in %.2f s", cycles,
                  (g_get_monotonic_time () - start_time) / (double)G_USEC_PER_SEC);

  /* let the last old process go */
  {
    gint64 deadline = g_get_monotonic_time () + 3 * G_USEC_PER_SEC;
    while ((test_count_processes_matching (fixture->dir) != 1 || test_count_fds () != fds_connected) &&
           g_get_monotonic_time () < deadline)
      g_main_context_iteration (NULL, FALSE), g_usleep (1000);
  }
  g_test_message ("fds: %u while connected before, %u after", fds_connected, test_count_fds ());
  g_assert_cmpuint (test_count_processes_matching (fixture->dir), ==, 1);
  g_assert_cmpuint (test_count_fds (), ==, fds_connected);
  g_assert_cmpuint (test_read_count (counts, "initialize"), ==, cycles + 1);
}

/* Quitting with 20 servers, some with grandchildren, some deaf to SIGTERM,
 * leaves zero processes within the bound. */
static void
test_shutdown_twenty (Fixture       *fixture,
                      gconstpointer  data)
{
  g_autoptr(GString) contents = g_string_new ("{\"mcpServers\": {");
  gint64 took;

  fixture->timings.stop_grace_ms = 3000;

  for (guint i = 0; i < 20; i++)
    {
      const char *extra = NULL;
      g_autofree char *entry = NULL;

      if (i % 4 == 1)
        extra = "\"--grandchildren\", \"2\"";
      else if (i % 4 == 2)
        extra = "\"--ignore-stdin-eof\", \"--ignore-sigterm\"";
      else if (i % 4 == 3)
        extra = "\"--ignore-stdin-eof\", \"--ignore-sigterm\", \"--grandchildren\", \"2\"";

      entry = fake_entry (fixture, extra, TRUE);
      g_string_append_printf (contents, "%s\"s%02u\": %s", i ? ", " : "", i, entry);
    }
  g_string_append (contents, "}}");

  start (fixture, contents->str);
  for (guint i = 0; i < 20; i++)
    test_server_wait_idle (server_at (fixture, i), TETHER_SERVER_STATE_CONNECTED);
  g_test_message ("%u processes running", test_count_processes_matching (fixture->dir));
  g_assert_cmpuint (test_stop_on_failure_matching (fixture->dir), ==, 20 + 10 * 2);

  /* Ten of them ignore SIGTERM, so each takes its whole grace: stopped one
   * after another they would take ten graces at the least; stopped together,
   * one grace and the work, which a loaded machine or the sanitizers may
   * stretch, but never to ten graces. The manager's own bound (5 s, for
   * the app's quit) is not what is measured here: under the sanitizers the
   * work alone comes near it. */
  took = test_server_manager_shutdown_within (fixture->manager, 600 * 1000);
  g_test_message ("shutdown of 20 servers took %.0f ms", took / 1000.0);
  g_assert_cmpuint (test_count_processes_matching (fixture->dir), ==, 0);
  g_assert_cmpint (took, <, 10 * (gint64)fixture->timings.stop_grace_ms * 1000);
}

/* A server gets the roots of its entry; an edit of them restarts nothing
 * and tells the server, which then gets the new ones. */
static void
test_configured_roots (Fixture       *fixture,
                       gconstpointer  data)
{
  g_autofree char *one = g_build_filename (fixture->dir, "one", NULL);
  g_autofree char *two = g_build_filename (fixture->dir, "two", NULL);
  g_autofree char *one_uri = g_filename_to_uri (one, NULL, NULL);
  g_autofree char *two_uri = g_filename_to_uri (two, NULL, NULL);
  g_autofree char *counts = g_build_filename (fixture->dir, "counts", NULL);
  g_autofree char *entry = fake_entry (fixture, NULL, TRUE);
  g_autofree char *before = NULL, *after = NULL, *first = NULL, *second = NULL;
  TetherServer *server;
  gint64 deadline;
  pid_t pid;

  /* {"command": …, "args": […], "tether": {"roots": [DIR]}} */
  entry[strlen (entry) - 1] = '\0';
  before = g_strdup_printf ("{\"mcpServers\": {\"a\": %s, \"tether\": {\"roots\": [\"%s\"]}}}}", entry, one);
  after = g_strdup_printf ("{\"mcpServers\": {\"a\": %s, \"tether\": {\"roots\": [\"%s\"]}}}}", entry, two);

  start (fixture, before);
  server = server_at (fixture, 0);
  test_server_wait_idle (server, TETHER_SERVER_STATE_CONNECTED);
  pid = pid_of (server);
  first = test_server_ask_roots (server);
  g_assert_nonnull (strstr (first, one_uri));

  g_assert_true (g_file_set_contents (fixture->path, after, -1, NULL));
  deadline = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;
  while (test_read_count (counts, "notifications/roots/list_changed") < 1 && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, TRUE);

  g_assert_cmpuint (test_read_count (counts, "notifications/roots/list_changed"), ==, 1);
  g_assert_cmpint (pid_of (server), ==, pid);
  g_assert_cmpuint (test_read_count (counts, "initialize"), ==, 1);
  second = test_server_ask_roots (server);
  g_assert_nonnull (strstr (second, two_uri));
  g_assert_null (strstr (second, one_uri));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  test_warm_up ();

#define ADD(path, func) \
  g_test_add ("/Tether/Manager/" path, Fixture, NULL, fixture_setup, func, fixture_teardown)

  ADD ("starts-enabled", test_starts_enabled);
  ADD ("external-edit-restarts-changed-only", test_external_edit_restarts_changed_only);
  ADD ("enable-switch", test_enable_switch);
  ADD ("remove-and-undo", test_remove_and_undo);
  ADD ("cycles-leak-nothing", test_cycles_leak_nothing);
  ADD ("shutdown-twenty", test_shutdown_twenty);
  ADD ("configured-roots", test_configured_roots);

#undef ADD

  return g_test_run ();
}
