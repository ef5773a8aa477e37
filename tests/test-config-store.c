/* test-config-store.c — servers.json: never lose, never corrupt
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gstdio.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>

#include "tether-config-error.h"
#include "tether-config-store.h"

typedef struct
{
  char  *dir;
  char  *path;
  GFile *file;
} Fixture;

static void
fixture_setup (Fixture       *fixture,
               gconstpointer  data)
{
  fixture->dir = g_dir_make_tmp ("tether-store-XXXXXX", NULL);
  fixture->path = g_build_filename (fixture->dir, "tether", "servers.json", NULL);
  fixture->file = g_file_new_for_path (fixture->path);
}

static void
remove_tree (const char *path)
{
  g_autoptr(GDir) dir = g_dir_open (path, 0, NULL);
  const char *name;

  if (dir == NULL)
    {
      g_unlink (path);
      return;
    }

  while ((name = g_dir_read_name (dir)))
    {
      g_autofree char *child = g_build_filename (path, name, NULL);

      remove_tree (child);
    }
  g_rmdir (path);
}

static void
fixture_teardown (Fixture       *fixture,
                  gconstpointer  data)
{
  remove_tree (fixture->dir);
  g_clear_object (&fixture->file);
  g_clear_pointer (&fixture->path, g_free);
  g_clear_pointer (&fixture->dir, g_free);
}

static void
write_file (Fixture    *fixture,
            const char *contents)
{
  g_autofree char *dir = g_path_get_dirname (fixture->path);

  g_assert_cmpint (g_mkdir_with_parents (dir, 0700), ==, 0);
  g_assert_true (g_file_set_contents (fixture->path, contents, -1, NULL));
}

static char *
read_file (Fixture *fixture)
{
  char *contents = NULL;

  g_assert_true (g_file_get_contents (fixture->path, &contents, NULL, NULL));

  return contents;
}

static TetherServerConfig *
stdio_config (const char *name,
              const char *command)
{
  TetherServerConfig *config = tether_server_config_new (name);

  tether_server_config_set_command (config, command);

  return config;
}

static void
test_missing_file_is_empty (Fixture       *fixture,
                            gconstpointer  data)
{
  g_autoptr(TetherConfigStore) store = tether_config_store_new (fixture->file);
  g_autoptr(TetherServerConfig) config = stdio_config ("memory", "npx");
  g_autoptr(GError) error = NULL;
  g_autofree char *contents = NULL;
  GStatBuf st;

  g_assert_true (tether_config_store_load (store, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (tether_config_store_get_n_servers (store), ==, 0);
  g_assert_false (g_file_test (fixture->path, G_FILE_TEST_EXISTS));

  /* created on first save, private */
  g_assert_true (tether_config_store_add (store, config, &error));
  g_assert_no_error (error);
  g_assert_cmpint (g_stat (fixture->path, &st), ==, 0);
  g_assert_cmpint (st.st_mode & 0777, ==, 0600);

  contents = read_file (fixture);
  g_assert_nonnull (strstr (contents, "\"mcpServers\""));
  g_assert_nonnull (strstr (contents, "\"memory\""));
  g_assert_nonnull (strstr (contents, "\"npx\""));
}

static void
test_unknown_keys_survive (Fixture       *fixture,
                           gconstpointer  data)
{
  g_autoptr(TetherConfigStore) store = tether_config_store_new (fixture->file);
  g_autoptr(TetherServerConfig) config = stdio_config ("added", "true");
  g_autoptr(GError) error = NULL;
  g_autofree char *contents = NULL;
  g_autoptr(JsonNode) root = NULL;
  JsonObject *object;
  JsonObject *kept;

  write_file (fixture,
              "{\n"
              "    \"theme\": {\"dark\": true},\n"
              "    \"mcpServers\": {\n"
              "        \"kept\": {\"args\": [\"-y\", \"pkg\"], \"command\": \"npx\", \"x-vendor\": [1, 2, {\"deep\": null}]}\n"
              "    },\n"
              "    \"trailer\": \"keep me\"\n"
              "}\n");

  g_assert_true (tether_config_store_load (store, &error));
  g_assert_true (tether_config_store_add (store, config, &error));
  g_assert_no_error (error);

  contents = read_file (fixture);
  root = json_from_string (contents, &error);
  g_assert_no_error (error);
  object = json_node_get_object (root);
  g_assert_true (json_object_get_boolean_member (json_object_get_object_member (object, "theme"), "dark"));
  g_assert_cmpstr (json_object_get_string_member (object, "trailer"), ==, "keep me");
  kept = json_object_get_object_member (json_object_get_object_member (object, "mcpServers"), "kept");
  g_assert_nonnull (json_object_get_array_member (kept, "x-vendor"));
  g_assert_true (json_object_has_member (json_object_get_object_member (object, "mcpServers"), "added"));

  /* The untouched entry keeps its key order; the file keeps its indent. */
  g_assert_nonnull (strstr (contents, "\"kept\" : {\n            \"args\""));
  g_assert_true (g_str_has_prefix (contents, "{\n    \"theme\""));
}

static void
test_invalid_file_untouched (Fixture       *fixture,
                             gconstpointer  data)
{
  g_autoptr(TetherConfigStore) store = tether_config_store_new (fixture->file);
  g_autoptr(TetherServerConfig) config = stdio_config ("new", "true");
  g_autoptr(GError) error = NULL;
  g_autofree char *after = NULL;
  const char *broken = "{\n  \"mcpServers\": {\n    \"a\": {\"command\": \"x\",,}\n  }\n}\n";
  const GError *store_error;

  write_file (fixture, broken);

  g_assert_false (tether_config_store_load (store, &error));
  g_assert_error (error, TETHER_CONFIG_ERROR, TETHER_CONFIG_ERROR_SYNTAX);
  g_test_message ("%s", error->message);
  g_clear_error (&error);

  store_error = tether_config_store_get_error (store);
  g_assert_nonnull (store_error);
  g_assert_cmpuint (tether_config_error_get_line (store_error), ==, 3);
  g_assert_cmpuint (tether_config_error_get_column (store_error), >, 0);

  /* Every change is refused, and the file stays byte for byte. */
  g_assert_false (tether_config_store_add (store, config, &error));
  g_assert_nonnull (error);
  g_assert_nonnull (strstr (error->message, "not changed"));

  after = read_file (fixture);
  g_assert_cmpstr (after, ==, broken);
}

static void
test_wrong_types_located (Fixture       *fixture,
                          gconstpointer  data)
{
  g_autoptr(TetherConfigStore) store = tether_config_store_new (fixture->file);
  g_autoptr(GError) error = NULL;
  const GError *store_error;

  write_file (fixture,
              "{\n"
              "  \"mcpServers\": {\n"
              "    \"good\": {\"command\": \"x\"},\n"
              "    \"bad\": {\"command\": \"x\", \"args\": 42}\n"
              "  }\n"
              "}\n");

  g_assert_false (tether_config_store_load (store, &error));
  g_test_message ("%s", error->message);
  g_assert_nonnull (strstr (error->message, "bad"));
  g_assert_nonnull (strstr (error->message, "args"));

  store_error = tether_config_store_get_error (store);
  g_assert_cmpuint (tether_config_error_get_line (store_error), ==, 4);

  /* nothing usable: the last good configuration (none) stays */
  g_assert_cmpuint (tether_config_store_get_n_servers (store), ==, 0);
}

static void
test_last_good_kept (Fixture       *fixture,
                     gconstpointer  data)
{
  g_autoptr(TetherConfigStore) store = tether_config_store_new (fixture->file);
  g_autoptr(GError) error = NULL;

  write_file (fixture, "{\"mcpServers\": {\"a\": {\"command\": \"x\"}, \"b\": {\"url\": \"http://127.0.0.1:1/mcp\"}}}");
  g_assert_true (tether_config_store_load (store, &error));
  g_assert_cmpuint (tether_config_store_get_n_servers (store), ==, 2);

  write_file (fixture, "{\"mcpServers\": {\"a\": ");
  g_assert_false (tether_config_store_load (store, &error));
  g_clear_error (&error);
  g_assert_cmpuint (tether_config_store_get_n_servers (store), ==, 2);
  g_assert_nonnull (tether_config_store_get_error (store));

  /* fixed: the error goes away */
  write_file (fixture, "{\"mcpServers\": {\"a\": {\"command\": \"y\"}}}");
  g_assert_true (tether_config_store_load (store, &error));
  g_assert_null (tether_config_store_get_error (store));
  g_assert_cmpuint (tether_config_store_get_n_servers (store), ==, 1);
  g_assert_cmpstr (tether_server_config_get_command (tether_config_store_get_server (store, 0)), ==, "y");
}

static void
test_remove_undo_exact (Fixture       *fixture,
                        gconstpointer  data)
{
  g_autoptr(TetherConfigStore) store = tether_config_store_new (fixture->file);
  g_autoptr(TetherServerConfig) config = stdio_config ("c", "true");
  g_autoptr(JsonNode) entry = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *before = NULL;
  g_autofree char *removed = NULL;
  g_autofree char *after = NULL;
  guint position = 99;

  write_file (fixture,
              "{\"mcpServers\": {\"a\": {\"command\": \"x\"},"
              " \"b\": {\"env\": {\"TOKEN\": \"secret\"}, \"command\": \"y\", \"custom\": {\"k\": [1]}},"
              " \"z\": {\"command\": \"z\"}}}");
  g_assert_true (tether_config_store_load (store, &error));
  /* one save first, so the file is in Tether's layout */
  g_assert_true (tether_config_store_add (store, config, &error));
  before = read_file (fixture);

  g_assert_true (tether_config_store_remove (store, "b", &position, &entry, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (position, ==, 1);
  removed = read_file (fixture);
  g_assert_null (strstr (removed, "\"b\""));

  g_assert_true (tether_config_store_insert_entry (store, position, "b", entry, &error));
  g_assert_no_error (error);
  after = read_file (fixture);
  g_assert_cmpstr (after, ==, before);
}

static void
test_duplicate_name_refused (Fixture       *fixture,
                             gconstpointer  data)
{
  g_autoptr(TetherConfigStore) store = tether_config_store_new (fixture->file);
  g_autoptr(TetherServerConfig) a = stdio_config ("a", "true");
  g_autoptr(TetherServerConfig) again = stdio_config ("a", "false");
  g_autoptr(GError) error = NULL;

  g_assert_true (tether_config_store_load (store, &error));
  g_assert_true (tether_config_store_add (store, a, &error));
  g_assert_false (tether_config_store_add (store, again, &error));
  g_assert_nonnull (strstr (error->message, "already exists"));
  g_assert_cmpuint (tether_config_store_get_n_servers (store), ==, 1);
}

static void
count_cb (TetherConfigStore *store,
          guint             *count)
{
  (*count)++;
}

/* Several servers in one save: a taken name is replaced in place, the rest
 * appended in order; anything wrong changes nothing. */
static void
test_merge (Fixture       *fixture,
            gconstpointer  data)
{
  g_autoptr(TetherConfigStore) store = tether_config_store_new (fixture->file);
  g_autoptr(GPtrArray) configs = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr(GPtrArray) bad = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr(GError) error = NULL;
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  guint saves = 0;

  write_file (fixture, "{ \"mcpServers\": { \"a\": { \"command\": \"old-a\" }, \"b\": { \"command\": \"b\" } } }\n");
  g_assert_true (tether_config_store_load (store, &error));
  g_signal_connect (store, "changed", G_CALLBACK (count_cb), &saves);

  g_ptr_array_add (configs, stdio_config ("c", "c"));
  g_ptr_array_add (configs, stdio_config ("a", "new-a"));
  g_ptr_array_add (configs, stdio_config ("d", "d"));
  g_assert_true (tether_config_store_merge (store, configs, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (saves, ==, 1);
  g_assert_cmpuint (tether_config_store_get_n_servers (store), ==, 4);
  g_assert_cmpstr (tether_server_config_get_name (tether_config_store_get_server (store, 0)), ==, "a");
  g_assert_cmpstr (tether_server_config_get_command (tether_config_store_get_server (store, 0)), ==, "new-a");
  g_assert_cmpstr (tether_server_config_get_name (tether_config_store_get_server (store, 1)), ==, "b");
  g_assert_cmpstr (tether_server_config_get_name (tether_config_store_get_server (store, 2)), ==, "c");
  g_assert_cmpstr (tether_server_config_get_name (tether_config_store_get_server (store, 3)), ==, "d");
  before = read_file (fixture);
  g_assert_nonnull (strstr (before, "new-a"));
  g_assert_null (strstr (before, "old-a"));

  /* Two of one name, or one invalid: nothing is written. */
  g_ptr_array_add (bad, stdio_config ("e", "e"));
  g_ptr_array_add (bad, stdio_config ("e", "e2"));
  g_assert_false (tether_config_store_merge (store, bad, &error));
  g_assert_error (error, TETHER_CONFIG_ERROR, TETHER_CONFIG_ERROR_INVALID_VALUE);
  g_clear_error (&error);
  g_ptr_array_set_size (bad, 1);
  g_ptr_array_add (bad, tether_server_config_new ("no-command"));
  g_assert_false (tether_config_store_merge (store, bad, &error));
  g_assert_nonnull (error);
  g_assert_cmpuint (saves, ==, 1);
  g_assert_cmpuint (tether_config_store_get_n_servers (store), ==, 4);
  after = read_file (fixture);
  g_assert_cmpstr (after, ==, before);
}

static void
changed_cb (TetherConfigStore *store,
            guint             *count)
{
  (*count)++;
}

static void
test_external_edit_reloads (Fixture       *fixture,
                            gconstpointer  data)
{
  g_autoptr(TetherConfigStore) store = tether_config_store_new (fixture->file);
  g_autoptr(TetherServerConfig) config = stdio_config ("mine", "true");
  g_autoptr(GError) error = NULL;
  guint changed = 0;
  gint64 deadline;

  write_file (fixture, "{\"mcpServers\": {}}");
  g_assert_true (tether_config_store_load (store, &error));
  tether_config_store_set_watching (store, TRUE);
  g_signal_connect (store, "changed", G_CALLBACK (changed_cb), &changed);

  /* our own save: one change, and reading it back is not another */
  g_assert_true (tether_config_store_add (store, config, &error));
  g_assert_cmpuint (changed, ==, 1);
  deadline = g_get_monotonic_time () + 700 * 1000;
  while (g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, FALSE), g_usleep (5000);
  g_assert_cmpuint (changed, ==, 1);

  /* an editor replacing the file */
  write_file (fixture, "{\"mcpServers\": {\"mine\": {\"command\": \"true\"}, \"theirs\": {\"command\": \"false\"}}}");
  deadline = g_get_monotonic_time () + 5 * G_USEC_PER_SEC;
  while (changed < 2 && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, TRUE);
  g_assert_cmpuint (changed, ==, 2);
  g_assert_nonnull (tether_config_store_lookup (store, "theirs", NULL));
}

/* The top-level "profiles" is the hub's: an edit of it alone is a change,
 * and it survives the store's own saves. */
static void
test_profiles_change (Fixture       *fixture,
                      gconstpointer  data)
{
  g_autoptr(TetherConfigStore) store = tether_config_store_new (fixture->file);
  g_autoptr(TetherServerConfig) config = stdio_config ("mine", "true");
  g_autoptr(JsonNode) profiles = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *contents = NULL;
  guint changed = 0;

  write_file (fixture, "{\"mcpServers\": {}, \"profiles\": {\"a\": {\"servers\": [\"mine\"]}}}");
  g_assert_true (tether_config_store_load (store, &error));
  g_signal_connect (store, "changed", G_CALLBACK (changed_cb), &changed);

  profiles = tether_config_store_dup_member (store, "profiles");
  g_assert_nonnull (profiles);
  g_assert_true (json_object_has_member (json_node_get_object (profiles), "a"));

  write_file (fixture, "{\"mcpServers\": {}, \"profiles\": {\"b\": {}}}");
  g_assert_true (tether_config_store_load (store, &error));
  g_assert_cmpuint (changed, ==, 1);

  /* the same again: no change */
  g_assert_true (tether_config_store_load (store, &error));
  g_assert_cmpuint (changed, ==, 1);

  g_assert_true (tether_config_store_add (store, config, &error));
  contents = read_file (fixture);
  g_assert_nonnull (strstr (contents, "\"profiles\""));
  g_assert_nonnull (strstr (contents, "\"b\""));
}

/* A save killed at any moment leaves the old file or the new one, never a
 * mix: the saver process is killed with SIGKILL at random points. */
static void
test_kill_during_save (Fixture       *fixture,
                       gconstpointer  data)
{
  guint valid = 0;

  write_file (fixture, "{\"mcpServers\": {\"a\": {\"command\": \"x\"}}}");

  for (guint round = 0; round < 40; round++)
    {
      g_autoptr(GError) error = NULL;
      g_autofree char *contents = NULL;
      g_autoptr(JsonNode) root = NULL;
      const char *argv[] = { STORE_SAVER, fixture->path, NULL };
      GPid pid;
      int status;

      g_assert_true (g_spawn_async (NULL, (char **)argv, NULL, G_SPAWN_DO_NOT_REAP_CHILD,
                                    NULL, NULL, &pid, &error));
      g_usleep (g_random_int_range (2000, 40000));
      kill (pid, SIGKILL);
      waitpid (pid, &status, 0);
      g_spawn_close_pid (pid);

      contents = read_file (fixture);
      root = json_from_string (contents, &error);
      g_assert_no_error (error);
      g_assert_true (JSON_NODE_HOLDS_OBJECT (root));
      g_assert_true (json_object_has_member (json_node_get_object (root), "mcpServers"));
      valid++;
    }

  g_assert_cmpuint (valid, ==, 40);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

#define ADD(path, func) \
  g_test_add ("/Tether/ConfigStore/" path, Fixture, NULL, fixture_setup, func, fixture_teardown)

  ADD ("missing-file-is-empty", test_missing_file_is_empty);
  ADD ("unknown-keys-survive", test_unknown_keys_survive);
  ADD ("invalid-file-untouched", test_invalid_file_untouched);
  ADD ("wrong-types-located", test_wrong_types_located);
  ADD ("last-good-kept", test_last_good_kept);
  ADD ("remove-undo-exact", test_remove_undo_exact);
  ADD ("duplicate-name-refused", test_duplicate_name_refused);
  ADD ("merge", test_merge);
  ADD ("external-edit-reloads", test_external_edit_reloads);
  ADD ("profiles-change", test_profiles_change);
  ADD ("kill-during-save", test_kill_during_save);

#undef ADD

  return g_test_run ();
}
