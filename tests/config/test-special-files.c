/* test-special-files.c — what is not a regular file, wherever Tether reads
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Real objects: a named pipe with no writer (opening it to read would
 * wait for ever), /dev/zero and /dev/urandom (reading them never ends), a
 * folder, a UNIX socket, and a symlink to each. Every entry point refuses
 * them at once, saying what they are: tether-cli --config, tether-cli import
 * (with and without --dry-run), an envFile, discovery. And one size cap,
 * the same through each.
 */

#include "config.h"

#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <unistd.h>

#include <gio/gio.h>
#include <glib/gstdio.h>

#include "test-server-util.h"
#include "test-util.h"
#include "tether-config-import.h"
#include "tether-read-limits.h"

/* Far above what a refusal takes, even under the sanitizers on a busy
 * machine; reached only by a reader that blocks or reads without end. */
#define DEADLINE_S 90

typedef struct
{
  const char *label;
  char       *path;
  const char *says;
} Special;

typedef struct
{
  char      *dir;
  char      *config;    /* a valid, empty servers.json */
  GSocket   *socket;
  GPtrArray *specials;  /* Special */
} Fixture;

static void
special_free (Special *special)
{
  g_free (special->path);
  g_free (special);
}

static void
add_special (Fixture    *fixture,
             const char *label,
             const char *path,
             const char *says)
{
  Special *special = g_new0 (Special, 1);
  g_autofree char *link_label = g_strdup_printf ("link-to-%s", label);
  Special *link = g_new0 (Special, 1);

  special->label = label;
  special->path = g_strdup (path);
  special->says = says;
  g_ptr_array_add (fixture->specials, special);

  /* The same, behind a symlink: followed, and still refused. */
  link->label = g_intern_string (link_label);
  link->path = g_build_filename (fixture->dir, link->label, NULL);
  link->says = says;
  g_assert_cmpint (symlink (path, link->path), ==, 0);
  g_ptr_array_add (fixture->specials, link);
}

static void
fixture_setup (Fixture       *fixture,
               gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *fifo = NULL;
  g_autofree char *folder = NULL;
  g_autofree char *socket_path = NULL;
  g_autoptr(GSocketAddress) address = NULL;

  fixture->dir = g_dir_make_tmp ("tether-special-XXXXXX", &error);
  g_assert_no_error (error);
  fixture->config = g_build_filename (fixture->dir, "servers.json", NULL);
  g_assert_true (g_file_set_contents (fixture->config, "{ \"mcpServers\": {} }\n", -1, NULL));
  fixture->specials = g_ptr_array_new_with_free_func ((GDestroyNotify)special_free);

  fifo = g_build_filename (fixture->dir, "fifo.json", NULL);
  g_assert_cmpint (mkfifo (fifo, 0600), ==, 0);
  folder = g_build_filename (fixture->dir, "folder.json", NULL);
  g_assert_cmpint (g_mkdir (folder, 0700), ==, 0);
  socket_path = g_build_filename (fixture->dir, "socket.json", NULL);
  fixture->socket = g_socket_new (G_SOCKET_FAMILY_UNIX, G_SOCKET_TYPE_STREAM, G_SOCKET_PROTOCOL_DEFAULT, &error);
  g_assert_no_error (error);
  address = g_unix_socket_address_new (socket_path);
  g_assert_true (g_socket_bind (fixture->socket, address, FALSE, &error));
  g_assert_no_error (error);
  g_assert_true (g_socket_listen (fixture->socket, &error));

  add_special (fixture, "fifo", fifo, "is a named pipe (FIFO), not a file");
  add_special (fixture, "dev-zero", "/dev/zero", "is a character device, not a file");
  add_special (fixture, "dev-urandom", "/dev/urandom", "is a character device, not a file");
  add_special (fixture, "folder", folder, "is a folder, not a file");
  add_special (fixture, "socket", socket_path, "is a socket, not a file");
}

static void
fixture_teardown (Fixture       *fixture,
                  gconstpointer  data)
{
  g_socket_close (fixture->socket, NULL);
  g_clear_object (&fixture->socket);
  g_clear_pointer (&fixture->specials, g_ptr_array_unref);
  test_remove_tree (fixture->dir);
  g_clear_pointer (&fixture->dir, g_free);
  g_clear_pointer (&fixture->config, g_free);
}

/* tether-cli ARGS…, which must end before the deadline: a reader that
 * blocks on a pipe, or reads a device without end, fails the test there
 * instead of hanging it. */
static void
run_cli (Fixture    *fixture,
         TestRun    *run,
         const char *first,
         ...)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autofree char *home = g_build_filename (fixture->dir, "home", NULL);
  g_auto(GStrv) env = g_environ_setenv (g_get_environ (), "HOME", home, TRUE);
  va_list ap;

  g_ptr_array_add (argv, (gpointer)TETHER_CLI);
  va_start (ap, first);
  for (const char *arg = first; arg != NULL; arg = va_arg (ap, const char *))
    g_ptr_array_add (argv, (gpointer)arg);
  va_end (ap);
  g_ptr_array_add (argv, NULL);

  test_run_command (run, (const char * const *)argv->pdata, (const char * const *)env, DEADLINE_S);
  g_test_message ("tether-cli → %d\n%s%s", run->status, run->out, run->err);
}

static void
assert_contains (const char *haystack,
                 const char *needle)
{
  if (strstr (haystack, needle) == NULL)
    g_error ("“%s” not in “%s”", needle, haystack);
}

/* Says the path and what it is. */
static void
assert_says (const char    *text,
             const Special *special)
{
  g_autofree char *expected = g_strdup_printf ("%s %s", special->path, special->says);

  assert_contains (text, expected);
}

/* tether-cli --config X list */
static void
test_config (Fixture       *fixture,
             gconstpointer  data)
{
  for (guint i = 0; i < fixture->specials->len; i++)
    {
      Special *special = g_ptr_array_index (fixture->specials, i);
      g_auto(TestRun) run = { 0 };

      g_test_message ("--config %s", special->label);
      run_cli (fixture, &run, "--config", special->path, "list", NULL);
      g_assert_cmpint (run.status, !=, 0);
      g_assert_cmpstr (run.out, ==, "");
      assert_says (run.err, special);
    }
}

/* tether-cli import X, and import --dry-run X */
static void
test_import (Fixture       *fixture,
             gconstpointer  data)
{
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;

  g_assert_true (g_file_get_contents (fixture->config, &before, NULL, NULL));

  for (guint i = 0; i < fixture->specials->len; i++)
    {
      Special *special = g_ptr_array_index (fixture->specials, i);
      g_auto(TestRun) dry_run = { 0 };
      g_auto(TestRun) run = { 0 };

      g_test_message ("import %s", special->label);
      run_cli (fixture, &dry_run, "--config", fixture->config, "import", "--dry-run", special->path, NULL);
      g_assert_cmpint (dry_run.status, !=, 0);
      assert_says (dry_run.err, special);

      run_cli (fixture, &run, "--config", fixture->config, "import", special->path, NULL);
      g_assert_cmpint (run.status, !=, 0);
      assert_says (run.err, special);
    }

  g_assert_true (g_file_get_contents (fixture->config, &after, NULL, NULL));
  g_assert_cmpstr (after, ==, before);
}

/* An envFile naming them: the server is imported, without the file's
 * variables, with a warning saying why. */
static void
test_env_file (Fixture       *fixture,
               gconstpointer  data)
{
  g_autofree char *mcp = g_build_filename (fixture->dir, "mcp.json", NULL);

  for (guint i = 0; i < fixture->specials->len; i++)
    {
      Special *special = g_ptr_array_index (fixture->specials, i);
      g_autofree char *text = g_strdup_printf ("{ \"servers\": { \"s\": { \"type\": \"stdio\", \"command\": \"true\", "
                                               "\"envFile\": \"%s\" } } }", special->path);
      g_auto(TestRun) dry_run = { 0 };
      g_auto(TestRun) run = { 0 };
      g_autofree char *saved = NULL;

      g_test_message ("envFile %s", special->label);
      g_assert_true (g_file_set_contents (mcp, text, -1, NULL));
      g_assert_true (g_file_set_contents (fixture->config, "{ \"mcpServers\": {} }\n", -1, NULL));

      run_cli (fixture, &dry_run, "--config", fixture->config, "import", "--dry-run", mcp, NULL);
      g_assert_cmpint (dry_run.status, ==, 0);
      assert_contains (dry_run.out, "“envFile” was not read: ");
      assert_says (dry_run.out, special);

      run_cli (fixture, &run, "--config", fixture->config, "import", mcp, NULL);
      g_assert_cmpint (run.status, ==, 0);
      assert_says (run.out, special);
      g_assert_true (g_file_get_contents (fixture->config, &saved, NULL, NULL));
      assert_contains (saved, "\"s\"");
      g_assert_null (strstr (saved, "\"env\""));
    }
}

/* A client's configuration found on this machine that is one of them. */
static void
test_discovery (Fixture       *fixture,
                gconstpointer  data)
{
  static const char * const places[] = {
    ".cursor/mcp.json", ".codex/config.toml", ".gemini/settings.json", ".lmstudio/mcp.json",
    ".codeium/windsurf/mcp_config.json", ".claude.json", ".codeium/mcp_config.json",
    ".config/Claude/claude_desktop_config.json", ".config/zed/settings.json",
    ".config/goose/config.yaml",
  };
  g_autoptr(TetherConfigImport) import = tether_config_import_new ();
  g_autofree char *home = g_build_filename (fixture->dir, "home", NULL);
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(GListModel) sources = NULL;
  g_autoptr(GError) error = NULL;

  g_assert_cmpuint (G_N_ELEMENTS (places), ==, fixture->specials->len);
  for (guint i = 0; i < fixture->specials->len; i++)
    {
      Special *special = g_ptr_array_index (fixture->specials, i);
      g_autofree char *place = g_build_filename (home, places[i], NULL);
      g_autofree char *parent = g_path_get_dirname (place);

      g_assert_cmpint (g_mkdir_with_parents (parent, 0700), ==, 0);
      g_assert_cmpint (symlink (special->path, place), ==, 0);
    }

  tether_config_import_set_home_dir (import, home);
  tether_config_import_discover_async (import, NULL, test_store_result, &result);
  test_wait_for (&result);
  sources = tether_config_import_discover_finish (import, result, &error);
  g_assert_no_error (error);

  g_assert_cmpuint (g_list_model_get_n_items (sources), ==, fixture->specials->len);
  for (guint i = 0; i < g_list_model_get_n_items (sources); i++)
    {
      g_autoptr(TetherImportSource) source = g_list_model_get_item (sources, i);
      g_autofree char *path = g_file_get_path (tether_import_source_get_file (source));
      const char *message = tether_import_source_get_error_message (source);
      Special *special = NULL;

      for (guint j = 0; j < G_N_ELEMENTS (places); j++)
        if (g_str_has_suffix (path, places[j]))
          special = g_ptr_array_index (fixture->specials, j);
      g_assert_nonnull (special);
      g_test_message ("%s: %s", path, message);
      g_assert_nonnull (message);
      assert_contains (message, special->says);
      g_assert_cmpuint (tether_import_source_get_n_servers (source), ==, 0);
    }
}

static void
write_blanks (const char *path,
              guint64     size)
{
  g_autofree char *blanks = g_malloc (size);

  memset (blanks, ' ', size);
  g_assert_true (g_file_set_contents (path, blanks, size, NULL));
}

/* One size cap, whoever reads: a file of exactly the cap is read, one byte
 * more is refused, by --config, by import and as an envFile. */
static void
test_size_cap (Fixture       *fixture,
               gconstpointer  data)
{
  g_autofree char *at_cap = g_build_filename (fixture->dir, "at-cap.json", NULL);
  g_autofree char *over_cap = g_build_filename (fixture->dir, "over-cap.json", NULL);
  g_autofree char *mcp = g_build_filename (fixture->dir, "mcp.json", NULL);
  g_autofree char *text = g_strdup_printf ("{ \"servers\": { \"s\": { \"type\": \"stdio\", \"command\": \"true\", "
                                           "\"envFile\": \"%s\" } } }", over_cap);
  g_autofree char *too_large = g_strdup_printf ("%s is too large to read", over_cap);
  g_auto(TestRun) config_at = { 0 };
  g_auto(TestRun) config_over = { 0 };
  g_auto(TestRun) import_at = { 0 };
  g_auto(TestRun) import_over = { 0 };
  g_auto(TestRun) env_over = { 0 };

  write_blanks (at_cap, TETHER_READ_MAX_FILE_SIZE);
  write_blanks (over_cap, TETHER_READ_MAX_FILE_SIZE + 1);
  g_assert_true (g_file_set_contents (mcp, text, -1, NULL));

  /* Blanks are an empty configuration, and nothing to import. */
  run_cli (fixture, &config_at, "--config", at_cap, "list", NULL);
  g_assert_cmpint (config_at.status, ==, 0);
  run_cli (fixture, &import_at, "--config", fixture->config, "import", "--dry-run", at_cap, NULL);
  g_assert_cmpint (import_at.status, !=, 0);
  assert_contains (import_at.err, "the file is empty");

  run_cli (fixture, &config_over, "--config", over_cap, "list", NULL);
  g_assert_cmpint (config_over.status, !=, 0);
  assert_contains (config_over.err, too_large);
  run_cli (fixture, &import_over, "--config", fixture->config, "import", "--dry-run", over_cap, NULL);
  g_assert_cmpint (import_over.status, !=, 0);
  assert_contains (import_over.err, too_large);
  run_cli (fixture, &env_over, "--config", fixture->config, "import", "--dry-run", mcp, NULL);
  g_assert_cmpint (env_over.status, ==, 0);
  assert_contains (env_over.out, too_large);

  /* The same figures in each message: one cap. */
  g_assert_nonnull (strstr (config_over.err, "the limit is"));
  g_assert_cmpstr (strstr (config_over.err, "the limit is"), ==, strstr (import_over.err, "the limit is"));
}

#define add_test(path, func) \
  g_test_add ("/Tether/SpecialFiles/" path, Fixture, NULL, fixture_setup, func, fixture_teardown)

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  add_test ("config", test_config);
  add_test ("import", test_import);
  add_test ("env-file", test_env_file);
  add_test ("discovery", test_discovery);
  add_test ("size-cap", test_size_cap);

  return g_test_run ();
}
