/* test-accessibility.c — what a screen reader finds, in every window
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The real application (window-harness.h) on an accessibility bus of its
 * own (with-a11y-bus.sh). Each window and dialog the tests can open is
 * opened in turn, and a separate process walks the accessible tree over
 * AT-SPI, as a screen reader does (a11y-walk.py): every element that takes
 * focus or is interactive must have a name in words, never an empty one or
 * a type name, and each window must be exposed as a window that is showing.
 */

#include "config.h"

#include "oauth-mock.h"
#include "tether-preferences-window.h"
#include "tether-run-window.h"
#include "tether-secret-store.h"
#include "window-harness.h"

#define MISSING_COMMAND "tether-a11y-nowhere"

/* "remote": a server behind an OAuth sign-in, for its Sign In buttons */
static OAuthMock *mock;

static void
walk_done_cb (GObject      *object,
              GAsyncResult *result,
              gpointer      user_data)
{
  GAsyncResult **store = user_data;

  *store = g_object_ref (result);
}

/* Walks the tree from another process while this one keeps answering it;
 * fails, with every problem found, unless the windows titled ... are shown
 * and every control has a name. */
static void
assert_accessible (const char *what,
                   ...)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GSubprocess) walker = NULL;
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *out = NULL;
  g_auto(GStrv) lines = NULL;
  const char *title;
  va_list args;

  g_ptr_array_add (argv, g_strdup ("/usr/bin/python3"));
  g_ptr_array_add (argv, g_test_build_filename (G_TEST_DIST, "ui", "a11y-walk.py", NULL));
  g_ptr_array_add (argv, g_strdup_printf ("%d", (int)getpid ()));
  va_start (args, what);
  while ((title = va_arg (args, const char *)) != NULL)
    g_ptr_array_add (argv, g_strdup (title));
  va_end (args);
  g_ptr_array_add (argv, NULL);

  /* Let what was just opened be laid out and exposed first. */
  test_iterate_for (300 * SLOWDOWN);

  walker = g_subprocess_newv ((const char * const *)argv->pdata,
                              G_SUBPROCESS_FLAGS_STDOUT_PIPE | G_SUBPROCESS_FLAGS_STDERR_MERGE, &error);
  g_assert_no_error (error);
  g_subprocess_communicate_utf8_async (walker, NULL, NULL, walk_done_cb, &result);
  test_wait_for (&result);
  g_subprocess_communicate_utf8_finish (walker, result, &out, NULL, &error);
  g_assert_no_error (error);

  lines = g_strsplit (out, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    if (lines[i][0] != '\0')
      g_test_message ("%s: %s", what, lines[i]);
  if (!g_subprocess_get_if_exited (walker) || g_subprocess_get_exit_status (walker) != 0)
    g_error ("%s: a screen reader meets unnamed controls or hidden windows (above)", what);
}

static gboolean
diagnostics_shown (Fixture       *fixture,
                   gconstpointer  data)
{
  TetherDiagnosticsWindow *window = find_diagnostics ();

  return window != NULL && gtk_widget_get_mapped (GTK_WIDGET (window)) && diagnostics_idle (fixture, NULL);
}

static gboolean
toplevel_mapped (Fixture       *fixture,
                 gconstpointer  data)
{
  gpointer window = find_toplevel ((GType)GPOINTER_TO_SIZE (data));

  return window != NULL && gtk_widget_get_mapped (window);
}

static void
close_toplevel (GType type)
{
  gpointer window = find_toplevel (type);

  g_assert_nonnull (window);
  gtk_window_destroy (GTK_WINDOW (window));
  test_iterate_for (50);
}

/* Opens the window of @type with the window's @action, walks the tree with
 * it titled @title, and closes it. */
static void
walk_window (Fixture    *fixture,
             const char *action,
             GType       type,
             const char *title)
{
  gtk_widget_activate_action (GTK_WIDGET (fixture->window), action, NULL);
  wait_until (fixture, toplevel_mapped, GSIZE_TO_POINTER (type), 10000, title);
  assert_accessible (title, "Tether", title, NULL);
  close_toplevel (type);
}

static void
every_window_body (Fixture *fixture)
{
  g_autofree char *drop_dir = g_build_filename (fixture->dir, "drop", NULL);
  g_autofree char *dropped = g_build_filename (drop_dir, "claude_desktop_config.json", NULL);

  /* The main window, with servers in every state and one server's page */
  wait_connected (fixture, "ok");
  wait_state (fixture, "missing", TETHER_SERVER_STATE_ERROR);
  wait_state (fixture, "off", TETHER_SERVER_STATE_DISABLED);
  g_assert_true (tether_window_show_server (fixture->window, "ok"));
  assert_accessible ("the main window", "Tether", NULL);
  g_assert_true (tether_window_show_server (fixture->window, "missing"));
  assert_accessible ("a server that failed", "Tether", NULL);
  wait_state (fixture, "remote", TETHER_SERVER_STATE_SIGN_IN_REQUIRED);
  g_assert_true (tether_window_show_server (fixture->window, "remote"));
  assert_accessible ("a server that asks to sign in", "Tether", NULL);

  /* Add Server and Edit Server */
  walk_window (fixture, "win.add-server", TETHER_TYPE_SERVER_DIALOG, "Add Server");
  g_assert_true (tether_window_show_server (fixture->window, "ok"));
  walk_window (fixture, "win.edit", TETHER_TYPE_SERVER_DIALOG, "Edit Server");

  /* Diagnostics */
  gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.diagnostics", NULL);
  wait_until (fixture, diagnostics_shown, NULL, 30000 * SLOWDOWN, "the diagnostics");
  assert_accessible ("Diagnostics", "Tether", "Diagnostics", NULL);
  close_toplevel (TETHER_TYPE_DIAGNOSTICS_WINDOW);

  /* Import From… and the preview of a dropped file */
  walk_window (fixture, "win.import-from", TETHER_TYPE_IMPORT_SOURCES_DIALOG, "Import From");

  g_assert_cmpint (g_mkdir_with_parents (drop_dir, 0700), ==, 0);
  g_assert_true (g_file_set_contents (dropped,
                                      "{\"mcpServers\": {\"memory\": {\"command\": \"npx\","
                                      " \"args\": [\"-y\", \"@modelcontextprotocol/server-memory\"]},"
                                      " \"docs\": {\"url\": \"http://127.0.0.1:9/mcp\"}}}",
                                      -1, NULL));
  drop_file (fixture, dropped);
  wait_import_dialog (fixture);
  assert_accessible ("the import preview", "Tether", "Import from claude_desktop_config.json", NULL);
  close_toplevel (TETHER_TYPE_IMPORT_DIALOG);

  /* About and Keyboard Shortcuts */
  g_action_group_activate_action (G_ACTION_GROUP (fixture->app), "about", NULL);
  wait_until (fixture, toplevel_mapped, GSIZE_TO_POINTER (ADW_TYPE_ABOUT_WINDOW), 10000, "About");
  assert_accessible ("About", "Tether", "About", NULL);
  close_toplevel (ADW_TYPE_ABOUT_WINDOW);

  /* Preferences and a tool's Run window */
  walk_window (fixture, "win.preferences", TETHER_TYPE_PREFERENCES_WINDOW, "Preferences");

  gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.run-tool", "(ss)", "ok", "echo");
  wait_until (fixture, toplevel_mapped, GSIZE_TO_POINTER (TETHER_TYPE_RUN_WINDOW), 10000, "Run");
  assert_accessible ("Run", "Tether", "Echo", NULL);
  close_toplevel (TETHER_TYPE_RUN_WINDOW);

  /* Not walked yet: Keyboard Shortcuts. GTK 4.8's shortcuts window logs
   * "GtkLabel reported min width -3" as it lays out on this display, a
   * warning the harness makes fatal, before it can be walked. */

  test_remove_tree (drop_dir);
}

static void
test_every_window (Fixture       *fixture,
                   gconstpointer  data)
{
  g_autofree char *ok = fake_entry (fixture, "ok", NULL);
  g_autofree char *off = fake_entry (fixture, "off", NULL);
  g_autofree char *config = NULL;

  g_autoptr(GError) error = NULL;

  /* "off" is the fake server turned off: replace its closing brace. */
  mock = oauth_mock_new ();
  off[strlen (off) - 1] = '\0';
  config = g_strdup_printf ("{ \"mcpServers\": { %s, %s, \"disabled\": true },"
                            " \"missing\": { \"command\": \"" MISSING_COMMAND "\" },"
                            " \"remote\": { \"type\": \"http\", \"url\": \"%s\" },"
                            " \"web\": { \"type\": \"http\", \"url\": \"http://127.0.0.1:9/mcp\","
                            "   \"disabled\": true } } }\n",
                            ok, off, mock->server->url);
  write_config (fixture, config);

  /* The keyring's connection (with-keyring.sh) is the program's for good:
   * opened before the run counts descriptors */
  g_assert_true (tether_secret_store_probe (tether_secret_store_get_default (), &error));
  g_assert_no_error (error);

  run_app (fixture, every_window_body);
  g_clear_pointer (&mock, oauth_mock_free);
}

/* GTK connects to the accessibility bus once per display, for the rest of
 * the process's life: connect before the tests count descriptors, so that
 * this connection is not taken for one the application left open. */
static void
connect_accessibility_bus (void)
{
  GtkWidget *window = gtk_window_new ();
  guint fds_before = test_count_fds ();
  gint64 deadline = g_get_monotonic_time () + 30 * G_USEC_PER_SEC * SLOWDOWN;

  gtk_window_present (GTK_WINDOW (window));
  while (test_count_fds () <= fds_before)
    {
      if (g_get_monotonic_time () > deadline)
        g_error ("GTK did not connect to the accessibility bus (AT_SPI_BUS_ADDRESS=%s)",
                 g_getenv ("AT_SPI_BUS_ADDRESS"));
      test_iterate_for (50);
    }
  gtk_window_destroy (GTK_WINDOW (window));
  test_iterate_for (100);
}

int
main (int   argc,
      char *argv[])
{
  window_harness_init (&argc, &argv);
  connect_accessibility_bus ();

  WINDOW_TEST_ADD ("accessibility/every-window", test_every_window);

  return window_harness_run ();
}
