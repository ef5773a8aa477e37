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
 * schema. What it keeps is the display's, the private session bus's, the
 * sanitizers', and the test world's settings and runtime folder
 * (tests/test-world.sh: the hub on any free port, never the user's).
 *
 * Then Tether as a user meets it: one instance (a second `tether` shows
 * the first's window and exits 0), and its hub where hub.json says.
 */

#include "config.h"

#include <stdarg.h>
#include <signal.h>
#include <string.h>
#include <sys/prctl.h>
#include <unistd.h>

#include <glib/gstdio.h>
#include <json-glib/json-glib.h>

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

/* Our environment as it was when the test started: GTestDBus unsets
 * DISPLAY and XDG_RUNTIME_DIR in it. */
static GStrv world_environ;

/* What the display, the sanitizers and GLib's own checks need, and no
 * more: nothing that tells where a schema is. */
static GStrv
clean_environ (Fixture *fixture)
{
  static const char *kept[] = {
    "DISPLAY", "XAUTHORITY", "GDK_BACKEND", "GSK_RENDERER", "GTK_A11Y", "NO_AT_BRIDGE",
    "ADW_DISABLE_PORTAL", "LC_ALL", "G_DEBUG", "G_SLICE", "MALLOC_CHECK_",
    "ASAN_OPTIONS", "UBSAN_OPTIONS", "LSAN_OPTIONS",
    /* the test world's: its settings keyfile, its hub.json */
    "GSETTINGS_BACKEND", "XDG_CONFIG_HOME", "XDG_RUNTIME_DIR",
  };
  g_autoptr(GStrvBuilder) env = g_strv_builder_new ();
  g_autofree char *home = g_strdup_printf ("HOME=%s", fixture->dir);
  g_autofree char *data_dirs = g_strdup_printf ("XDG_DATA_DIRS=%s", fixture->data);
  g_autofree char *data_home = g_strdup_printf ("XDG_DATA_HOME=%s", fixture->empty);
  g_autofree char *cache_home = g_strdup_printf ("XDG_CACHE_HOME=%s", fixture->dir);
  g_autofree char *state_home = g_strdup_printf ("XDG_STATE_HOME=%s", fixture->dir);

  for (guint i = 0; i < G_N_ELEMENTS (kept); i++)
    {
      const char *value = g_environ_getenv (world_environ, kept[i]);

      g_autofree char *pair = g_strdup_printf ("%s=%s", kept[i], value);

      if (value != NULL)
        g_strv_builder_add (env, pair);
    }

  g_strv_builder_add_many (env, home, data_dirs, data_home, cache_home, state_home, NULL);

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
  GTestDBus       *test_bus;
  GSubprocess     *process;
  GAsyncResult    *result;   /* of communicate: the end of the process */
  GDBusConnection *bus;
  char            *path;     /* the app's object path */
  Fixture         *fixture;
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

static void
die_with_parent (gpointer data)
{
  prctl (PR_SET_PDEATHSIG, SIGKILL);
}

/* Starts tether with @args on a private bus (it owns its name there,
 * never on the user's) and waits until it owns its name. */
static void
app_start (App        *app,
           Fixture    *fixture,
           const char *first_arg,
           ...)
{
  g_autoptr(GSubprocessLauncher) launcher = NULL;
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autoptr(GError) error = NULL;
  gboolean appeared = FALSE;
  const char *arg;
  va_list args;
  guint watch;

  g_ptr_array_add (argv, (char *)TETHER_APP);
  va_start (args, first_arg);
  for (arg = first_arg; arg != NULL; arg = va_arg (args, const char *))
    g_ptr_array_add (argv, (char *)arg);
  va_end (args);
  g_ptr_array_add (argv, NULL);

  app->fixture = fixture;
  app->path = g_strdelimit (g_strdup_printf ("/%s", APP_ID), ".", '/');
  /* (GTestDBus unsets our DISPLAY: the app's environment has it.) */
  app->test_bus = g_test_dbus_new (G_TEST_DBUS_NONE);
  g_test_dbus_up (app->test_bus);
  app->bus = g_dbus_connection_new_for_address_sync (g_test_dbus_get_bus_address (app->test_bus),
                                                     G_DBUS_CONNECTION_FLAGS_AUTHENTICATION_CLIENT |
                                                     G_DBUS_CONNECTION_FLAGS_MESSAGE_BUS_CONNECTION,
                                                     NULL, NULL, &error);
  g_assert_no_error (error);
  fixture->env = g_environ_setenv (fixture->env, "DBUS_SESSION_BUS_ADDRESS",
                                  g_test_dbus_get_bus_address (app->test_bus), TRUE);

  launcher = g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDOUT_PIPE | G_SUBPROCESS_FLAGS_STDERR_PIPE);
  g_subprocess_launcher_set_environ (launcher, fixture->env);
  /* ended with us if a check fails (a service holds itself up) */
  g_subprocess_launcher_set_child_setup (launcher, die_with_parent, NULL, NULL);
  app->process = g_subprocess_launcher_spawnv (launcher, (const char * const *)argv->pdata, &error);
  g_assert_no_error (error);
  g_subprocess_communicate_utf8_async (app->process, NULL, NULL, test_store_result, &app->result);

  watch = g_bus_watch_name_on_connection (app->bus, APP_ID, G_BUS_NAME_WATCHER_FLAGS_NONE,
                                          name_appeared_cb, NULL, &appeared, NULL);
  test_wait_until (flag_set, &appeared, "waiting for tether to own its name");
  g_bus_unwatch_name (watch);
}

/* Quits the app as its menu does; it ends with status 0 and nothing on
 * stderr about settings or criticals. */
static void
app_quit (App *app)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *err = NULL;

  /* No answer is awaited: quitting may end it before it answers. */
  g_dbus_connection_call (app->bus, APP_ID, app->path, "org.gtk.Actions", "Activate",
                          g_variant_new_parsed ("('quit', @av [], @a{sv} {})"), NULL,
                          G_DBUS_CALL_FLAGS_NO_AUTO_START, -1, NULL, NULL, NULL);
  g_dbus_connection_flush_sync (app->bus, NULL, &error);
  g_assert_no_error (error);
  err = app_finish (app);

  g_assert_true (g_subprocess_get_if_exited (app->process));
  g_assert_cmpint (g_subprocess_get_exit_status (app->process), ==, 0);
  g_assert_null (strstr (err, "schema"));
  g_assert_null (strstr (err, "CRITICAL"));

  g_dbus_connection_close_sync (app->bus, NULL, NULL);
  g_clear_object (&app->bus);
  g_clear_object (&app->result);
  g_clear_object (&app->process);
  g_test_dbus_down (app->test_bus);
  g_clear_object (&app->test_bus);
  g_clear_pointer (&app->path, g_free);
}

/* Until @done says so, for what no event of ours announces (a file, the X
 * server's windows): looks again every 50 ms; fails with what the app said
 * if it ends meanwhile. */
static void
poll_until (App         *app,
            gboolean   (*done) (App *app),
            const char  *what)
{
  gint64 deadline = g_get_monotonic_time () + 240 * G_USEC_PER_SEC;

  while (!done (app))
    {
      if (app->result != NULL)
        {
          g_autofree char *err = app_finish (app);

          g_error ("tether ended while %s; it said: %s", what, err);
        }
      if (g_get_monotonic_time () > deadline)
        g_error ("nothing happened within 240 s while %s", what);
      while (g_main_context_iteration (NULL, FALSE))
        ;
      g_usleep (50 * 1000);
    }
}

/* The toplevel windows titled "Tether" that the X server shows, asked of
 * the X server itself (xwininfo), not of the app. */
static guint
count_shown_windows (Fixture *fixture)
{
  const char *tree_argv[] = { "xwininfo", "-root", "-tree", NULL };
  g_auto(TestRun) tree = { 0 };
  g_auto(GStrv) lines = NULL;
  guint shown = 0;

  test_run_command (&tree, tree_argv, (const char * const *)fixture->env, 60);
  g_assert_cmpint (tree.status, ==, 0);
  lines = g_strsplit (tree.out, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      g_autofree char *id = NULL;
      const char *id_argv[] = { "xwininfo", "-id", NULL, NULL };
      g_auto(TestRun) window = { 0 };

      if (strstr (lines[i], " \"Tether\": ") == NULL)
        continue;
      g_strstrip (lines[i]);
      id = g_strndup (lines[i], strcspn (lines[i], " "));
      g_assert_true (g_str_has_prefix (id, "0x"));
      id_argv[2] = id;
      test_run_command (&window, id_argv, (const char * const *)fixture->env, 60);
      if (window.status == 0 && strstr (window.out, "Map State: IsViewable") != NULL)
        shown++;
    }

  return shown;
}

static gboolean
one_window_shown (App *app)
{
  return count_shown_windows (app->fixture) == 1;
}

/* The port of the hub that hub.json, in the app's runtime folder (the
 * test world's; GTestDBus has unset ours), names; 0 while there is none. */
static guint
hub_json_port (Fixture *fixture)
{
  g_autofree char *path = g_build_filename (g_environ_getenv (fixture->env, "XDG_RUNTIME_DIR"),
                                            "tether", "hub.json", NULL);
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GUri) uri = NULL;
  JsonObject *object;

  if (!json_parser_load_from_file (parser, path, NULL) || !JSON_NODE_HOLDS_OBJECT (json_parser_get_root (parser)))
    return 0;
  object = json_node_get_object (json_parser_get_root (parser));
  uri = g_uri_parse (json_object_get_string_member_with_default (object, "url", ""), G_URI_FLAGS_NONE, NULL);

  return uri != NULL && g_uri_get_port (uri) > 0 ? (guint)g_uri_get_port (uri) : 0;
}

static gboolean
hub_json_written (App *app)
{
  return hub_json_port (app->fixture) != 0;
}

/* From the build tree, with no schema installed anywhere it looks: the
 * window opens (GtkApplication exports its actions), and quitting ends it
 * with status 0 and nothing on stderr about settings. */
static void
test_starts_from_build_tree (Fixture       *fixture,
                             gconstpointer  data)
{
  g_autofree char *window_path = NULL;
  g_autoptr(GVariant) activated = NULL;
  g_autoptr(GVariant) actions = NULL;
  App app = { 0 };

  app_start (&app, fixture, "--config", fixture->config, NULL);
  window_path = g_strdup_printf ("%s/window/1", app.path);

  /* Activated (again, or first if the message comes before its own
   * activation), it has its window. */
  activated = call (&app, app.path, "org.freedesktop.Application", "Activate",
                    g_variant_new_parsed ("(@a{sv} {},)"));
  actions = call (&app, window_path, "org.gtk.Actions", "DescribeAll", NULL);
  g_assert_nonnull (actions);

  app_quit (&app);
}

/* The hub listens where the settings say, and in a test that is any free
 * port (the test world's settings), never the default one a user's own
 * Tether holds; hub.json names it, and it answers there. */
static void
test_hub_port_from_settings (Fixture       *fixture,
                             gconstpointer  data)
{
  g_autoptr(GSocketClient) client = g_socket_client_new ();
  g_autoptr(GSocketConnection) connection = NULL;
  g_autoptr(GError) error = NULL;
  App app = { 0 };
  guint port;

  app_start (&app, fixture, "--gapplication-service", "--config", fixture->config, NULL);
  g_assert_nonnull (g_environ_getenv (fixture->env, "XDG_RUNTIME_DIR"));
  poll_until (&app, hub_json_written, "waiting for hub.json");
  port = hub_json_port (fixture);
  g_test_message ("the hub listens on port %u", port);
  g_assert_cmpuint (port, !=, 7624);

  connection = g_socket_client_connect_to_host (client, "127.0.0.1", port, NULL, &error);
  g_assert_no_error (error);
  g_clear_object (&connection);

  app_quit (&app);
}

/* One Tether per session: a second `tether` shows the window of the one
 * that runs (here started as a service, without a window) and exits 0;
 * a third, with the window already shown, adds no second one. */
static void
test_single_instance (Fixture       *fixture,
                      gconstpointer  data)
{
  const char *argv[] = { TETHER_APP, "--config", fixture->config, NULL };
  App app = { 0 };

  app_start (&app, fixture, "--gapplication-service", "--config", fixture->config, NULL);
  g_assert_cmpuint (count_shown_windows (fixture), ==, 0);

  for (guint i = 0; i < 2; i++)
    {
      g_auto(TestRun) second = { 0 };

      test_run_command (&second, argv, (const char * const *)fixture->env, 120);
      g_test_message ("tether #%u: status %d, stderr: %s", i + 2, second.status, second.err);
      g_assert_cmpint (second.status, ==, 0);
      g_assert_cmpstr (second.out, ==, "");
      g_assert_null (strstr (second.err, "CRITICAL"));

      /* The first one still runs, and shows its one window. */
      g_assert_null (app.result);
      poll_until (&app, one_window_shown, "waiting for the first tether's window");
    }
  g_assert_cmpuint (count_shown_windows (fixture), ==, 1);

  app_quit (&app);
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
  int status;

  g_test_init (&argc, &argv, NULL);

  /* The app's settings and runtime folder are the test world's. */
  if (g_getenv ("TETHER_TEST_WORLD") == NULL)
    g_error ("not in a test world: run through meson test (tests/test-world.sh)");
  world_environ = g_get_environ ();

#define ADD(path, func) \
  g_test_add ("/Tether/AppStart/" path, Fixture, NULL, fixture_setup, func, fixture_teardown)

  ADD ("version", test_version);
  ADD ("starts-from-build-tree", test_starts_from_build_tree);
  ADD ("hub-port-from-settings", test_hub_port_from_settings);
  ADD ("single-instance", test_single_instance);
  ADD ("no-schema-says-so", test_no_schema_says_so);

#undef ADD

  status = g_test_run ();
  g_strfreev (world_environ);

  return status;
}
