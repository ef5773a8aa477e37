/* test-config-store.c — servers.json: never lose, never corrupt
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gstdio.h>
#include <math.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include <utime.h>

#include "tether-config-document.h"
#include "tether-config-error.h"
#include "tether-config-store.h"
#include "tether-json-writer.h"
#include "test-util.h"

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
fixture_teardown (Fixture       *fixture,
                  gconstpointer  data)
{
  test_remove_tree (fixture->dir);
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

  /* What the killed saves left is cleaned up on the next start. */
  {
    g_autoptr(TetherConfigStore) store = tether_config_store_new (fixture->file);

    g_test_message ("%u temporary files left by the kills", test_count_temporaries (fixture->path));
    g_assert_true (tether_config_store_load (store, NULL));
    g_assert_cmpuint (test_count_temporaries (fixture->path), ==, 0);
  }
}

/* A read-only file (no owner write bit) is the user's word, for root too:
 * every change is refused, and the file keeps its bytes, mode and inode. */
static void
test_read_only_untouched (Fixture       *fixture,
                          gconstpointer  data)
{
  g_autoptr(TetherConfigStore) store = tether_config_store_new (fixture->file);
  g_autoptr(TetherServerConfig) config = stdio_config ("b", "true");
  g_autoptr(GError) error = NULL;
  g_autofree char *after = NULL;
  const char *text = "{\"mcpServers\": {\"a\": {\"command\": \"x\"}}}\n";
  GStatBuf before, now;

  write_file (fixture, text);
  g_assert_cmpint (g_chmod (fixture->path, 0444), ==, 0);
  g_assert_cmpint (g_stat (fixture->path, &before), ==, 0);

  /* Reading is fine */
  g_assert_true (tether_config_store_load (store, &error));
  g_assert_no_error (error);

  g_assert_false (tether_config_store_add (store, config, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_READ_ONLY);
  g_test_message ("%s", error->message);
  g_assert_nonnull (strstr (error->message, fixture->path));
  g_assert_nonnull (strstr (error->message, "read-only"));
  g_clear_error (&error);

  g_assert_false (tether_config_store_set_enabled (store, "a", FALSE, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_READ_ONLY);
  g_clear_error (&error);
  g_assert_false (tether_config_store_remove (store, "a", NULL, NULL, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_READ_ONLY);
  g_clear_error (&error);

  after = read_file (fixture);
  g_assert_cmpstr (after, ==, text);
  g_assert_cmpint (g_stat (fixture->path, &now), ==, 0);
  g_assert_cmpint (now.st_mode & 07777, ==, 0444);
  g_assert_cmpint (now.st_ino, ==, before.st_ino);
  g_assert_cmpuint (test_count_temporaries (fixture->path), ==, 0);
  g_assert_cmpuint (tether_config_store_get_n_servers (store), ==, 1);
  g_assert_true (tether_config_store_get_server (store, 0) != NULL);
}

static void
assert_is_link (const char *path,
                const char *points_to)
{
  g_autofree char *target = g_file_read_link (path, NULL);
  GStatBuf st;

  g_assert_cmpint (g_lstat (path, &st), ==, 0);
  g_assert_true (S_ISLNK (st.st_mode));
  g_assert_cmpstr (target, ==, points_to);
}

/* A symlinked file (a dotfile manager's) is written through to the end of
 * the chain; the links stay links. A link to nothing is an error and
 * creates nothing. */
static void
test_symlinks (Fixture       *fixture,
               gconstpointer  data)
{
  g_autofree char *dotfiles = g_build_filename (fixture->dir, "dotfiles", NULL);
  g_autofree char *real = g_build_filename (dotfiles, "real.json", NULL);
  g_autofree char *middle = g_build_filename (dotfiles, "middle.json", NULL);
  g_autofree char *dangling = g_build_filename (fixture->dir, "dangling", "servers.json", NULL);
  g_autofree char *missing = g_build_filename (dotfiles, "missing.json", NULL);
  g_autoptr(GFile) dangling_file = g_file_new_for_path (dangling);
  g_autoptr(TetherConfigStore) store = tether_config_store_new (fixture->file);
  g_autoptr(TetherConfigStore) lost = tether_config_store_new (dangling_file);
  g_autoptr(TetherServerConfig) b = stdio_config ("b", "true");
  g_autoptr(GError) error = NULL;
  g_autofree char *contents = NULL;
  g_autofree char *tether_dir = g_path_get_dirname (fixture->path);
  g_autofree char *dangling_dir = g_path_get_dirname (dangling);
  GStatBuf st;

  /* tether/servers.json → dotfiles/middle.json → real.json */
  g_assert_cmpint (g_mkdir_with_parents (dotfiles, 0700), ==, 0);
  g_assert_cmpint (g_mkdir_with_parents (tether_dir, 0700), ==, 0);
  g_assert_true (g_file_set_contents (real, "{\"mcpServers\": {\"a\": {\"command\": \"x\"}}}", -1, NULL));
  g_assert_cmpint (symlink ("real.json", middle), ==, 0);
  g_assert_cmpint (symlink ("../dotfiles/middle.json", fixture->path), ==, 0);

  g_assert_true (tether_config_store_load (store, &error));
  g_assert_true (tether_config_store_add (store, b, &error));
  g_assert_no_error (error);
  g_assert_true (tether_config_store_set_enabled (store, "a", FALSE, &error));
  g_assert_no_error (error);

  assert_is_link (fixture->path, "../dotfiles/middle.json");
  assert_is_link (middle, "real.json");
  g_assert_true (g_file_get_contents (real, &contents, NULL, NULL));
  g_assert_nonnull (strstr (contents, "\"b\""));
  g_assert_nonnull (strstr (contents, "\"disabled\" : true"));
  g_assert_cmpint (g_stat (real, &st), ==, 0);
  g_assert_cmpint (st.st_mode & 0777, ==, 0600);
  g_assert_cmpuint (test_count_temporaries (real), ==, 0);
  g_assert_cmpuint (test_count_temporaries (fixture->path), ==, 0);

  /* dangling/servers.json → dotfiles/missing.json */
  g_assert_cmpint (g_mkdir_with_parents (dangling_dir, 0700), ==, 0);
  g_assert_cmpint (symlink (missing, dangling), ==, 0);
  g_assert_true (tether_config_store_load (lost, &error));
  g_assert_false (tether_config_store_add (lost, b, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND);
  g_test_message ("%s", error->message);
  g_assert_nonnull (strstr (error->message, dangling));
  assert_is_link (dangling, missing);
  g_assert_false (g_file_test (missing, G_FILE_TEST_EXISTS));
  g_assert_cmpuint (test_count_temporaries (dangling), ==, 0);
  g_assert_cmpuint (test_count_temporaries (missing), ==, 0);
}

static void
make_file (const char *dir,
           const char *name,
           gint64      age_s)
{
  g_autofree char *path = g_build_filename (dir, name, NULL);
  struct utimbuf times;

  g_assert_true (g_file_set_contents (path, "{\"half\": ", -1, NULL));
  times.actime = times.modtime = time (NULL) - age_s;
  g_assert_cmpint (g_utime (path, &times), ==, 0);
}

static gboolean
exists_in (const char *dir,
           const char *name)
{
  g_autofree char *path = g_build_filename (dir, name, NULL);

  return g_file_test (path, G_FILE_TEST_EXISTS);
}

/* Saves killed before their rename leave `.servers.json.XXXXXX` behind.
 * Those of ours, older than the running save, go on start (load) and on
 * save; files that only look alike stay. */
static void
test_stale_temporaries (Fixture       *fixture,
                        gconstpointer  data)
{
  g_autoptr(TetherConfigStore) store = tether_config_store_new (fixture->file);
  g_autoptr(TetherServerConfig) config = stdio_config ("b", "true");
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_path_get_dirname (fixture->path);
  g_autofree char *lookalike_dir = g_build_filename (dir, ".servers.json.DIR123", NULL);
  const char *stale[] = { ".servers.json.AbC123", ".servers.json.000000", ".servers.json.zzzzzz" };
  const char *kept[] = {
    ".other.json.AbC123",     /* another file's */
    "servers.json.AbC123",    /* not hidden: the user's, maybe */
    ".servers.json.AbC12",    /* five */
    ".servers.json.AbC1234",  /* seven */
    ".servers.json.Ab-123",   /* not ours to make */
    ".servers.json.bak",
  };

  write_file (fixture, "{\"mcpServers\": {\"a\": {\"command\": \"x\"}}}");
  g_assert_cmpint (g_mkdir (lookalike_dir, 0700), ==, 0);

  for (guint round = 0; round < 2; round++)
    {
      for (guint i = 0; i < G_N_ELEMENTS (stale); i++)
        make_file (dir, stale[i], 3600);
      for (guint i = 0; i < G_N_ELEMENTS (kept); i++)
        make_file (dir, kept[i], 3600);
      /* Newer than any save now: not stale */
      make_file (dir, ".servers.json.Future", -3600);
      g_assert_cmpuint (test_count_temporaries (fixture->path), ==, G_N_ELEMENTS (stale) + 2);

      /* Round 0 cleans on load, round 1 on save. */
      if (round == 0)
        g_assert_true (tether_config_store_load (store, &error));
      else
        g_assert_true (tether_config_store_add (store, config, &error));
      g_assert_no_error (error);

      for (guint i = 0; i < G_N_ELEMENTS (stale); i++)
        g_assert_false (exists_in (dir, stale[i]));
      for (guint i = 0; i < G_N_ELEMENTS (kept); i++)
        g_assert_true (exists_in (dir, kept[i]));
      g_assert_true (exists_in (dir, ".servers.json.Future"));
      g_assert_true (g_file_test (lookalike_dir, G_FILE_TEST_IS_DIR));
      g_assert_cmpuint (test_count_temporaries (fixture->path), ==, 2);
    }
}

static void
assert_literal (const char *contents,
                const char *literal)
{
  g_autofree char *element = g_strdup_printf (" %s,\n", literal);
  g_autofree char *last = g_strdup_printf (" %s\n", literal);

  if (strstr (contents, element) == NULL && strstr (contents, last) == NULL)
    g_error ("the number %s is not in:\n%s", literal, contents);
}

/* Numbers in keys Tether does not know come back byte for byte: JSON
 * numbers are text, and a double or a 64-bit integer cannot hold them all. */
static void
test_number_literals (Fixture       *fixture,
                      gconstpointer  data)
{
  g_autoptr(TetherConfigStore) store = tether_config_store_new (fixture->file);
  g_autoptr(TetherConfigStore) again = tether_config_store_new (fixture->file);
  g_autoptr(TetherServerConfig) config = stdio_config ("b", "true");
  g_autoptr(GError) error = NULL;
  const char *literals[] = {
    "12345678901234567890123", "1.0", "1e400", "-1E+400", "-0", "1E+2", "0.1", "-1.5e-7", "2.50",
    "123456789012345678901234567890.5", "9223372036854775807", "9223372036854775808",
    "-9223372036854775809", "0.30000000000000004441", "1e-400", "7",
  };
  g_autoptr(GString) text = g_string_new ("{\n  \"big\": 12345678901234567890123,\n"
                                          "  \"mcpServers\": {\n"
                                          "    \"a\": {\"command\": \"x\", \"tether\": {\"future\": 1.10},\n"
                                          "          \"x-numbers\": [");

  for (guint i = 0; i < G_N_ELEMENTS (literals); i++)
    g_string_append_printf (text, "%s%s", i > 0 ? ", " : "", literals[i]);
  g_string_append (text, "]}\n  }\n}\n");
  write_file (fixture, text->str);

  g_assert_true (tether_config_store_load (store, &error));
  g_assert_no_error (error);

  for (guint round = 0; round < 2; round++)
    {
      g_autofree char *contents = NULL;

      /* A save that leaves the entry alone, then one that rewrites it */
      if (round == 0)
        g_assert_true (tether_config_store_add (store, config, &error));
      else
        g_assert_true (tether_config_store_set_enabled (store, "a", FALSE, &error));
      g_assert_no_error (error);

      contents = read_file (fixture);
      g_assert_nonnull (strstr (contents, "\"big\" : 12345678901234567890123,\n"));
      g_assert_nonnull (strstr (contents, "\"future\" : 1.10\n"));
      for (guint i = 0; i < G_N_ELEMENTS (literals); i++)
        assert_literal (contents, literals[i]);

      /* Still JSON: read back as it was */
      g_assert_true (tether_config_store_load (again, &error));
      g_assert_no_error (error);
    }
}

/* Another program changed the file after the app read it: the app's change
 * is made to the file as it is now, and keeps the other one. */
static void
test_cli_edit_kept (Fixture       *fixture,
                    gconstpointer  data)
{
  g_autoptr(TetherConfigStore) store = tether_config_store_new (fixture->file);
  g_autoptr(TetherServerConfig) config = stdio_config ("from-app", "true");
  g_autoptr(GError) error = NULL;
  g_autofree char *contents = NULL;
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  const char *argv[] = { TETHER_CLI, "--config", fixture->path, "add", "from-cli", "--", "true", NULL };
  int status;

  write_file (fixture, "{\"mcpServers\": {\"a\": {\"command\": \"x\"}}}");
  g_assert_true (tether_config_store_load (store, &error));

  g_assert_true (g_spawn_sync (NULL, (char **)argv, NULL, G_SPAWN_DEFAULT, NULL, NULL,
                               &out, &err, &status, &error));
  g_assert_no_error (error);
  g_test_message ("tether-cli: %s%s", out, err);
  g_assert_true (g_spawn_check_wait_status (status, NULL));
  /* Not seen yet: no main loop has run */
  g_assert_null (tether_config_store_lookup (store, "from-cli", NULL));

  g_assert_true (tether_config_store_add (store, config, &error));
  g_assert_no_error (error);

  contents = read_file (fixture);
  g_assert_nonnull (strstr (contents, "\"a\""));
  g_assert_nonnull (strstr (contents, "\"from-cli\""));
  g_assert_nonnull (strstr (contents, "\"from-app\""));
  /* …and the store says what the file says */
  g_assert_cmpuint (tether_config_store_get_n_servers (store), ==, 3);
  g_assert_nonnull (tether_config_store_lookup (store, "from-cli", NULL));
}

static void
save_failed_cb (TetherConfigStore  *store,
                const GError       *error,
                GError            **out)
{
  g_assert_null (*out);
  *out = g_error_copy (error);
}

static gboolean
saves_settled (gpointer data)
{
  return !tether_config_store_get_pending (data);
}

/* While another writer holds the lock, a store waits for it, then fails
 * saying so; a store that defers its saves (the app's) queues the change,
 * then says through ::save-failed that it gave up. Nothing is written. */
static void
test_lock_busy (Fixture       *fixture,
                gconstpointer  data)
{
  g_autoptr(TetherConfigStore) waiting = tether_config_store_new (fixture->file);
  g_autoptr(TetherConfigStore) deferring = tether_config_store_new (fixture->file);
  g_autoptr(TetherServerConfig) b = stdio_config ("b", "true");
  g_autoptr(TetherServerConfig) c = stdio_config ("c", "true");
  g_autoptr(GError) error = NULL;
  g_autoptr(GError) failed = NULL;
  g_autofree char *after = NULL;
  const char *text = "{\"mcpServers\": {\"a\": {\"command\": \"x\"}}}\n";
  int fd;

  write_file (fixture, text);
  g_assert_true (tether_config_store_load (waiting, &error));
  g_assert_true (tether_config_store_load (deferring, &error));
  tether_config_store_set_lock_timeout (waiting, 200);
  tether_config_store_set_lock_timeout (deferring, 200);
  tether_config_store_set_defer_saves (deferring, TRUE);
  g_signal_connect (deferring, "save-failed", G_CALLBACK (save_failed_cb), &failed);

  fd = test_hold_config_lock (fixture->path);

  g_assert_false (tether_config_store_add (waiting, b, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_BUSY);
  g_test_message ("%s", error->message);
  g_assert_nonnull (strstr (error->message, fixture->path));
  g_assert_nonnull (strstr (error->message, "another program"));
  g_clear_error (&error);

  g_assert_true (tether_config_store_add (deferring, c, &error));
  g_assert_no_error (error);
  g_assert_true (tether_config_store_get_pending (deferring));
  /* Checked at once against what the store knows */
  g_assert_false (tether_config_store_remove (deferring, "nope", NULL, NULL, &error));
  g_assert_error (error, TETHER_CONFIG_ERROR, TETHER_CONFIG_ERROR_INVALID_VALUE);
  g_clear_error (&error);

  test_wait_until (saves_settled, deferring, "a deferred change to give up");
  g_assert_error (failed, G_IO_ERROR, G_IO_ERROR_BUSY);
  g_assert_null (tether_config_store_lookup (deferring, "c", NULL));
  after = read_file (fixture);
  g_assert_cmpstr (after, ==, text);
  g_assert_cmpuint (test_count_temporaries (fixture->path), ==, 0);

  /* Let go: both save at once */
  close (fd);
  g_assert_true (tether_config_store_add (deferring, c, &error));
  g_assert_false (tether_config_store_get_pending (deferring));
  g_assert_true (tether_config_store_add (waiting, b, &error));
  g_assert_no_error (error);
  g_assert_nonnull (tether_config_store_lookup (waiting, "c", NULL));
  g_assert_cmpuint (tether_config_store_get_n_servers (waiting), ==, 3);
}

typedef struct
{
  TetherConfigStore *store;
  GAsyncResult      *cli;
} AtOnce;

static gboolean
at_once_done (gpointer data)
{
  AtOnce *at_once = data;

  return at_once->cli != NULL &&
         !tether_config_store_get_pending (at_once->store) &&
         tether_config_store_lookup (at_once->store, "from-cli", NULL) != NULL;
}

/* The app and tether-cli change the file at the same time, while a third
 * writer holds the lock: the CLI waits, the app's changes wait on the main
 * loop, and when the lock is free all of them are kept. */
static void
test_app_and_cli_at_once (Fixture       *fixture,
                          gconstpointer  data)
{
  g_autoptr(TetherConfigStore) store = tether_config_store_new (fixture->file);
  g_autoptr(TetherServerConfig) config = stdio_config ("from-app", "true");
  g_autoptr(GSubprocess) cli = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *contents = NULL;
  g_autofree char *dir = g_path_get_dirname (fixture->path);
  g_autofree char *lock_path = g_build_filename (dir, ".servers.json.lock", NULL);
  AtOnce at_once = { store, NULL };
  int fd;

  write_file (fixture, "{\"mcpServers\": {\"a\": {\"command\": \"x\"}}}");
  g_assert_true (tether_config_store_load (store, &error));
  tether_config_store_set_defer_saves (store, TRUE);
  tether_config_store_set_watching (store, TRUE);

  fd = test_hold_config_lock (fixture->path);

  cli = g_subprocess_new (G_SUBPROCESS_FLAGS_STDOUT_SILENCE, &error,
                          TETHER_CLI, "--config", fixture->path, "add", "from-cli", "--", "true", NULL);
  g_assert_no_error (error);
  test_wait_fd_open (atoi (g_subprocess_get_identifier (cli)), lock_path);

  g_assert_true (tether_config_store_add (store, config, &error));
  g_assert_true (tether_config_store_set_enabled (store, "a", FALSE, &error));
  g_assert_no_error (error);
  g_assert_true (tether_config_store_get_pending (store));

  close (fd);
  g_subprocess_wait_check_async (cli, NULL, test_store_result, &at_once.cli);
  test_wait_until (at_once_done, &at_once, "both writers to save");
  g_assert_true (g_subprocess_wait_check_finish (cli, at_once.cli, &error));
  g_assert_no_error (error);
  g_clear_object (&at_once.cli);

  contents = read_file (fixture);
  g_test_message ("%s", contents);
  g_assert_nonnull (strstr (contents, "\"from-cli\""));
  g_assert_nonnull (strstr (contents, "\"from-app\""));
  g_assert_nonnull (strstr (contents, "\"disabled\" : true"));
  g_assert_cmpuint (tether_config_store_get_n_servers (store), ==, 3);
  g_assert_false (tether_server_config_get_enabled (tether_config_store_lookup (store, "a", NULL)));
}

/* The reader keeps each number's text by JSON pointer; the writer gives it
 * back only while the value at that place is still the one it means. */
static void
test_json_writer_literals (void)
{
  g_autoptr(TetherConfigDocument) document = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  GHashTable *literals;
  JsonObject *root;

  document = tether_config_document_parse_json ("{\"a\": 1.0, \"b\": [-0, 1E+2], \"c\": 7, \"d\": 1e400}",
                                                -1, NULL, &error);
  g_assert_no_error (error);
  literals = tether_config_document_get_literals (document);
  g_assert_cmpstr (g_hash_table_lookup (literals, "/a"), ==, "1.0");
  g_assert_cmpstr (g_hash_table_lookup (literals, "/b/0"), ==, "-0");
  g_assert_cmpstr (g_hash_table_lookup (literals, "/b/1"), ==, "1E+2");
  g_assert_cmpstr (g_hash_table_lookup (literals, "/d"), ==, "1e400");

  text = tether_json_writer_to_data (tether_config_document_get_root (document), 2, literals, NULL);
  g_assert_cmpstr (text, ==, "{\n  \"a\" : 1.0,\n  \"b\" : [\n    -0,\n    1E+2\n  ],\n"
                             "  \"c\" : 7,\n  \"d\" : 1e400\n}\n");
  g_clear_pointer (&text, g_free);

  /* Changed values: the literal no longer says them */
  root = json_node_get_object (tether_config_document_get_root (document));
  json_object_set_int_member (root, "a", 1);
  json_object_set_double_member (root, "c", 7.0);
  json_object_set_double_member (root, "d", -INFINITY);
  json_object_set_object_member (root, "e", json_object_new ());
  text = tether_json_writer_to_data (tether_config_document_get_root (document), 2, literals, NULL);
  g_assert_cmpstr (text, ==, "{\n  \"a\" : 1,\n  \"b\" : [\n    -0,\n    1E+2\n  ],\n"
                             "  \"c\" : 7.0,\n  \"d\" : -1e999,\n  \"e\" : {}\n}\n");
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
  g_test_add_func ("/Tether/ConfigStore/json-writer-literals", test_json_writer_literals);
  ADD ("read-only-untouched", test_read_only_untouched);
  ADD ("symlinks", test_symlinks);
  ADD ("stale-temporaries", test_stale_temporaries);
  ADD ("number-literals", test_number_literals);
  ADD ("cli-edit-kept", test_cli_edit_kept);
  ADD ("lock-busy", test_lock_busy);
  ADD ("app-and-cli-at-once", test_app_and_cli_at_once);

#undef ADD

  return g_test_run ();
}
