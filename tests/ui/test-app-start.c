/* test-app-start.c — the tether binary, started as a newcomer starts it
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * `meson setup _build && meson compile -C _build && _build/src/tether`
 * must start with no environment set: the schema the build compiled into
 * the build tree is found there. An installed tether (here: the same
 * binary copied out of the build tree) that finds no schema says so on
 * stderr and exits 1, never aborts.
 *
 * Each run gets a clean environment of its own: a private home, no
 * GSETTINGS_SCHEMA_DIR, and XDG_DATA_DIRS on a folder with the machine's
 * schemas but Tether's (GTK and libadwaita look theirs up), so that a
 * Tether installed on the machine cannot stand in for the build tree's
 * schema. What it keeps is the display's, the private session bus's, and
 * the sanitizers'.
 */

#include "config.h"

#include <string.h>
#include <unistd.h>

#include <glib/gstdio.h>

#include "test-server-util.h"
#include "test-util.h"

typedef struct
{
  char  *dir;
  char  *empty;    /* a folder with nothing in it */
  char  *data;     /* the machine's schemas, Tether's left out */
  char  *config;
  GStrv  env;
} Fixture;

/* What the display, the sanitizers and GLib's own checks need, and no
 * more: nothing that tells where a schema is. */
static GStrv
clean_environ (Fixture *fixture)
{
  static const char *kept[] = {
    "DISPLAY", "XAUTHORITY", "GDK_BACKEND", "GSK_RENDERER", "GTK_A11Y", "NO_AT_BRIDGE",
    "ADW_DISABLE_PORTAL", "LC_ALL", "G_DEBUG", "G_SLICE", "MALLOC_CHECK_",
    "ASAN_OPTIONS", "UBSAN_OPTIONS", "LSAN_OPTIONS",
  };
  g_autoptr(GStrvBuilder) env = g_strv_builder_new ();
  g_autofree char *home = g_strdup_printf ("HOME=%s", fixture->dir);
  g_autofree char *data_dirs = g_strdup_printf ("XDG_DATA_DIRS=%s", fixture->data);
  g_autofree char *data_home = g_strdup_printf ("XDG_DATA_HOME=%s", fixture->empty);
  g_autofree char *config_home = g_strdup_printf ("XDG_CONFIG_HOME=%s", fixture->dir);
  g_autofree char *cache_home = g_strdup_printf ("XDG_CACHE_HOME=%s", fixture->dir);
  g_autofree char *state_home = g_strdup_printf ("XDG_STATE_HOME=%s", fixture->dir);

  for (guint i = 0; i < G_N_ELEMENTS (kept); i++)
    {
      const char *value = g_getenv (kept[i]);

      g_autofree char *pair = g_strdup_printf ("%s=%s", kept[i], value);

      if (value != NULL)
        g_strv_builder_add (env, pair);
    }

  g_strv_builder_add_many (env, home, data_dirs, data_home, config_home, cache_home, state_home,
                           /* a window keeps its size in the settings: not in the user's */
                           "GSETTINGS_BACKEND=memory", NULL);

  return g_strv_builder_end (env);
}

/* The machine's data folders as one of the test's own: everything of
 * theirs (icons, MIME types…) but their schemas, which are compiled anew
 * without any of Tether's. */
static void
make_data_dir (Fixture *fixture)
{
  g_autofree char *sources = g_build_filename (fixture->dir, "schema-sources", NULL);
  g_autofree char *schemas = NULL;
  g_autoptr(GHashTable) seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  const char * const *data_dirs = g_get_system_data_dirs ();
  g_auto(TestRun) run = { 0 };
  const char *argv[] = { "glib-compile-schemas", "--targetdir", NULL, NULL, NULL };

  fixture->data = g_build_filename (fixture->dir, "data", NULL);
  schemas = g_build_filename (fixture->data, "glib-2.0", "schemas", NULL);
  g_assert_cmpint (g_mkdir_with_parents (schemas, 0700), ==, 0);
  g_assert_cmpint (g_mkdir (sources, 0700), ==, 0);

  for (guint i = 0; data_dirs[i] != NULL; i++)
    {
      g_autofree char *dir = g_build_filename (data_dirs[i], "glib-2.0", "schemas", NULL);
      g_autoptr(GDir) listing = g_dir_open (dir, 0, NULL);
      g_autoptr(GDir) top = g_dir_open (data_dirs[i], 0, NULL);
      const char *name;

      while (top != NULL && (name = g_dir_read_name (top)) != NULL)
        {
          g_autofree char *from = g_build_filename (data_dirs[i], name, NULL);
          g_autofree char *to = g_build_filename (fixture->data, name, NULL);

          if (!g_str_equal (name, "glib-2.0") && !g_file_test (to, G_FILE_TEST_IS_SYMLINK))
            g_assert_cmpint (symlink (from, to), ==, 0);
        }

      while (listing != NULL && (name = g_dir_read_name (listing)) != NULL)
        {
          g_autofree char *from = NULL;
          g_autofree char *to = NULL;

          /* schemas and the enums they use */
          if (!g_str_has_suffix (name, ".xml") || strstr (name, BASE_APP_ID) != NULL ||
              g_hash_table_contains (seen, name))
            continue;

          g_hash_table_add (seen, g_strdup (name));
          from = g_build_filename (dir, name, NULL);
          to = g_build_filename (sources, name, NULL);
          g_assert_cmpint (symlink (from, to), ==, 0);
        }
    }

  argv[2] = schemas;
  argv[3] = sources;
  test_run_command (&run, argv, NULL, 120);
  g_assert_cmpint (run.status, ==, 0);
}

static void
fixture_setup (Fixture       *fixture,
               gconstpointer  data)
{
  fixture->dir = g_dir_make_tmp ("tether-app-start-XXXXXX", NULL);
  g_assert_nonnull (fixture->dir);
  fixture->empty = g_build_filename (fixture->dir, "empty", NULL);
  g_assert_cmpint (g_mkdir (fixture->empty, 0700), ==, 0);
  fixture->config = g_build_filename (fixture->dir, "servers.json", NULL);
  g_assert_true (g_file_set_contents (fixture->config, "{\"mcpServers\": {}}", -1, NULL));
  make_data_dir (fixture);
  fixture->env = clean_environ (fixture);
}

static void
fixture_teardown (Fixture       *fixture,
                  gconstpointer  data)
{
  test_remove_tree (fixture->dir);
  g_clear_pointer (&fixture->dir, g_free);
  g_clear_pointer (&fixture->empty, g_free);
  g_clear_pointer (&fixture->data, g_free);
  g_clear_pointer (&fixture->config, g_free);
  g_clear_pointer (&fixture->env, g_strfreev);
}

/* --version needs nothing at all. */
static void
test_version (Fixture       *fixture,
              gconstpointer  data)
{
  const char *argv[] = { TETHER_APP, "--version", NULL };
  g_auto(TestRun) run = { 0 };

  test_run_command (&run, argv, (const char * const *)fixture->env, 120);

  g_assert_cmpint (run.status, ==, 0);
  g_assert_cmpstr (run.out, ==, "tether " PACKAGE_VERSION "\n");
  g_assert_cmpstr (run.err, ==, "");
}

typedef struct
{
  GSubprocess     *process;
  GAsyncResult    *result;   /* of communicate: the end of the process */
  GDBusConnection *bus;
} App;

/* What the app said on stderr, once it has ended. */
static char *
app_finish (App *app)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;

  test_wait_for (&app->result);
  g_assert_true (g_subprocess_communicate_utf8_finish (app->process, app->result, &out, &err, &error));
  g_assert_no_error (error);
  g_test_message ("tether ended (%s %d); stderr: %s",
                  g_subprocess_get_if_exited (app->process) ? "status" : "signal",
                  g_subprocess_get_if_exited (app->process) ? g_subprocess_get_exit_status (app->process)
                                                            : g_subprocess_get_term_sig (app->process),
                  err);

  return g_steal_pointer (&err);
}

/* A method of the app; if it fails, the app's stderr says why. */
static GVariant *
call (App        *app,
      const char *path,
      const char *interface,
      const char *method,
      GVariant   *parameters)
{
  g_autoptr(GError) error = NULL;
  GVariant *reply;

  reply = g_dbus_connection_call_sync (app->bus, APP_ID, path, interface, method, parameters, NULL,
                                       G_DBUS_CALL_FLAGS_NO_AUTO_START, 120000, NULL, &error);
  if (reply == NULL)
    {
      g_autofree char *err = app_finish (app);

      g_error ("%s.%s on %s: %s; tether said: %s", interface, method, path, error->message, err);
    }

  return reply;
}

static void
name_appeared_cb (GDBusConnection *bus,
                  const char      *name,
                  const char      *owner,
                  gpointer         user_data)
{
  *(gboolean *)user_data = TRUE;
}

static gboolean
flag_set (gpointer data)
{
  return *(gboolean *)data;
}

/* From the build tree, with no schema installed anywhere it looks: the
 * window opens (GtkApplication exports its actions), and quitting ends it
 * with status 0 and nothing on stderr about settings. */
static void
test_starts_from_build_tree (Fixture       *fixture,
                             gconstpointer  data)
{
  const char *argv[] = { TETHER_APP, "--config", fixture->config, NULL };
  g_autofree char *app_path = g_strdelimit (g_strdup_printf ("/%s", APP_ID), ".", '/');
  g_autofree char *window_path = g_strdup_printf ("%s/window/1", app_path);
  g_autoptr(GTestDBus) test_bus = g_test_dbus_new (G_TEST_DBUS_NONE);
  g_autoptr(GSubprocessLauncher) launcher = NULL;
  g_autoptr(GVariant) activated = NULL;
  g_autoptr(GVariant) actions = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *err = NULL;
  gboolean appeared = FALSE;
  App app = { 0 };
  guint watch;

  /* A private bus: the app owns its name there, never on the user's.
   * (GTestDBus unsets our DISPLAY: the app's environment has it.) */
  g_test_dbus_up (test_bus);
  app.bus = g_dbus_connection_new_for_address_sync (g_test_dbus_get_bus_address (test_bus),
                                                    G_DBUS_CONNECTION_FLAGS_AUTHENTICATION_CLIENT |
                                                    G_DBUS_CONNECTION_FLAGS_MESSAGE_BUS_CONNECTION,
                                                    NULL, NULL, &error);
  g_assert_no_error (error);
  fixture->env = g_environ_setenv (fixture->env, "DBUS_SESSION_BUS_ADDRESS",
                                  g_test_dbus_get_bus_address (test_bus), TRUE);

  launcher = g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDOUT_PIPE | G_SUBPROCESS_FLAGS_STDERR_PIPE);
  g_subprocess_launcher_set_environ (launcher, fixture->env);
  app.process = g_subprocess_launcher_spawnv (launcher, argv, &error);
  g_assert_no_error (error);
  g_subprocess_communicate_utf8_async (app.process, NULL, NULL, test_store_result, &app.result);

  watch = g_bus_watch_name_on_connection (app.bus, APP_ID, G_BUS_NAME_WATCHER_FLAGS_NONE,
                                          name_appeared_cb, NULL, &appeared, NULL);
  test_wait_until (flag_set, &appeared, "waiting for tether to own its name");
  g_bus_unwatch_name (watch);

  /* Activated (again, or first if the message comes before its own
   * activation), it has its window. */
  activated = call (&app, app_path, "org.freedesktop.Application", "Activate",
                    g_variant_new_parsed ("(@a{sv} {},)"));
  actions = call (&app, window_path, "org.gtk.Actions", "DescribeAll", NULL);
  g_assert_nonnull (actions);

  /* No answer is awaited: quitting may end it before it answers. */
  g_dbus_connection_call (app.bus, APP_ID, app_path, "org.gtk.Actions", "Activate",
                          g_variant_new_parsed ("('quit', @av [], @a{sv} {})"), NULL,
                          G_DBUS_CALL_FLAGS_NO_AUTO_START, -1, NULL, NULL, NULL);
  g_dbus_connection_flush_sync (app.bus, NULL, &error);
  g_assert_no_error (error);
  err = app_finish (&app);

  g_assert_true (g_subprocess_get_if_exited (app.process));
  g_assert_cmpint (g_subprocess_get_exit_status (app.process), ==, 0);
  g_assert_null (strstr (err, "schema"));
  g_assert_null (strstr (err, "CRITICAL"));

  g_dbus_connection_close_sync (app.bus, NULL, NULL);
  g_clear_object (&app.bus);
  g_clear_object (&app.result);
  g_clear_object (&app.process);
  g_test_dbus_down (test_bus);
}

/* An installed tether, here the binary copied out of its build tree, with
 * its schema nowhere: the reason on stderr, naming the schema and where
 * it was looked for, and status 1; never an abort. */
static void
test_no_schema_says_so (Fixture       *fixture,
                        gconstpointer  data)
{
  g_autofree char *copy = g_build_filename (fixture->dir, "tether", NULL);
  g_autoptr(GFile) from = g_file_new_for_path (TETHER_APP);
  g_autoptr(GFile) to = g_file_new_for_path (copy);
  g_autoptr(GError) error = NULL;
  g_auto(TestRun) run = { 0 };
  const char *argv[] = { copy, "--config", fixture->config, NULL };

  g_file_copy (from, to, G_FILE_COPY_NONE, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpint (g_chmod (copy, 0700), ==, 0);

  fixture->env = g_environ_setenv (fixture->env, "GSETTINGS_SCHEMA_DIR", fixture->empty, TRUE);

  test_run_command (&run, argv, (const char * const *)fixture->env, 120);

  g_test_message ("stderr: %s", run.err);
  g_assert_cmpint (run.status, ==, 1);
  g_assert_cmpstr (run.out, ==, "");
  g_assert_true (g_str_has_prefix (run.err, "tether: "));
  g_assert_nonnull (strstr (run.err, "“" APP_ID "”"));
  g_assert_nonnull (strstr (run.err, "not installed"));
  g_assert_nonnull (strstr (run.err, fixture->empty));
  g_assert_null (strstr (run.err, "GLib-GIO-ERROR"));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

#define ADD(path, func) \
  g_test_add ("/Tether/AppStart/" path, Fixture, NULL, fixture_setup, func, fixture_teardown)

  ADD ("version", test_version);
  ADD ("starts-from-build-tree", test_starts_from_build_tree);
  ADD ("no-schema-says-so", test_no_schema_says_so);

#undef ADD

  return g_test_run ();
}
