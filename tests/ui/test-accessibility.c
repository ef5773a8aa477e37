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
#include "tether-roots-group.h"
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

/* The Clients page shows @data ("list" or "change") and is not busy */
static gboolean
clients_shown (Fixture       *fixture,
               gconstpointer  data)
{
  TetherClientsPage *page = find_clients_page ();

  return page != NULL && gtk_widget_get_mapped (GTK_WIDGET (page)) && !tether_clients_page_get_busy (page) &&
         g_strcmp0 (gtk_stack_get_visible_child_name (find_descendant (page, GTK_TYPE_STACK)), data) == 0;
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

  /* Edit Server with a shared folder: its row and its Remove button */
  gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.edit", NULL);
  wait_until (fixture, toplevel_mapped, GSIZE_TO_POINTER (TETHER_TYPE_SERVER_DIALOG), 10000, "Edit Server");
  tether_roots_group_add_folder (find_descendant (find_dialog (), TETHER_TYPE_ROOTS_GROUP), fixture->dir);
  /* and a variable to keep in the keyring: its lock */
  gtk_widget_activate_action (GTK_WIDGET (find_dialog ()), "dialog.add-env", NULL);
  tether_pair_row_set_key (find_descendant (find_dialog (), TETHER_TYPE_PAIR_ROW), "API_KEY");
  g_assert_true (tether_pair_row_get_secret (find_descendant (find_dialog (), TETHER_TYPE_PAIR_ROW)));
  assert_accessible ("Edit Server with a shared folder", "Tether", "Edit Server", NULL);
  close_toplevel (TETHER_TYPE_SERVER_DIALOG);

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


  test_remove_tree (drop_dir);
}

static void
test_every_window (Fixture       *fixture,
                   gconstpointer  data)
{
  g_autofree char *ok = fake_entry (fixture, "ok", NULL);
  g_autofree char *off_counts = counts_path (fixture, "off");
  g_autofree char *off = test_fake_server_entry (off_counts, NULL, "\"disabled\": true");
  g_autofree char *config = NULL;
  g_autoptr(GError) error = NULL;

  /* "off" is the fake server turned off */
  mock = oauth_mock_new ();
  config = g_strdup_printf ("{ \"mcpServers\": { %s, \"off\": %s,"
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

/* The windows the hub and the application open: Connect AI Clients (with
 * one client found, and the change it would make to it) and Keyboard
 * Shortcuts. A test of their own, so that each walk stays within its time
 * under the sanitizers. */
static void
hub_windows_body (Fixture *fixture)
{
  g_autofree char *claude_dir = g_build_filename (g_get_home_dir (), ".config", "Claude", NULL);
  g_autofree char *claude = g_build_filename (claude_dir, "claude_desktop_config.json", NULL);

  wait_connected (fixture, "ok");

  /* Connect AI Clients, once it has looked for the clients (one found),
   * and the change it would make to that one */
  g_assert_cmpint (g_mkdir_with_parents (claude_dir, 0700), ==, 0);
  g_assert_true (g_file_set_contents (claude, "{ \"mcpServers\": {} }\n", -1, NULL));
  gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.connect-clients", NULL);
  wait_until (fixture, clients_shown, "list", 10000, "Connect AI Clients");
  assert_accessible ("Connect AI Clients", "Tether", "Connect AI Clients", NULL);
  gtk_widget_activate_action (GTK_WIDGET (find_clients_page ()), "clients.preview", "(su)",
                              "claude-desktop", (guint32)TETHER_CLIENT_ACTION_CONNECT);
  wait_until (fixture, clients_shown, "change", 10000, "the change to Claude Desktop");
  assert_accessible ("the change to a client", "Tether", "Connect AI Clients", NULL);
  gtk_window_destroy (GTK_WINDOW (gtk_widget_get_root (GTK_WIDGET (find_clients_page ()))));
  test_iterate_for (50);
  test_remove_tree (claude_dir);

  /* Keyboard Shortcuts */
  gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.show-help-overlay", NULL);
  wait_until (fixture, toplevel_mapped, GSIZE_TO_POINTER (GTK_TYPE_SHORTCUTS_WINDOW), 10000, "Keyboard Shortcuts");
  assert_accessible ("Keyboard Shortcuts", "Tether", "Keyboard Shortcuts", NULL);
  close_toplevel (GTK_TYPE_SHORTCUTS_WINDOW);
}

static void
test_hub_windows (Fixture       *fixture,
                  gconstpointer  data)
{
  g_autofree char *ok = fake_entry (fixture, "ok", NULL);
  g_autofree char *config = g_strdup_printf ("{ \"mcpServers\": { %s } }\n", ok);

  write_config (fixture, config);
  run_app (fixture, hub_windows_body);
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


static GLogWriterOutput
debug_writer (GLogLevelFlags log_level, const GLogField *fields, gsize n_fields, gpointer user_data)
{
  for (gsize i = 0; i < n_fields; i++)
    if (g_str_equal (fields[i].key, "MESSAGE") && fields[i].length < 0 && strstr (fields[i].value, "reported min width"))
      {
        gpointer p = NULL;
        if (sscanf (fields[i].value, "GtkLabel %p", &p) == 1)
          for (GtkWidget *w = p; w != NULL; w = gtk_widget_get_parent (w))
            {
              g_auto(GStrv) classes = gtk_widget_get_css_classes (w);
              g_autofree char *c = g_strjoinv (".", classes);
              fprintf (stderr, "DBG %s name=%s css=%s label=%s vis=%d\n", G_OBJECT_TYPE_NAME (w), gtk_widget_get_name (w), c,
                       GTK_IS_LABEL (w) ? gtk_label_get_label (GTK_LABEL (w)) : "", gtk_widget_get_visible (w));
            }
        return G_LOG_WRITER_HANDLED;
      }
  return g_log_writer_default (log_level, fields, n_fields, user_data);
}

int
main (int   argc,
      char *argv[])
{
  window_harness_init (&argc, &argv);
  connect_accessibility_bus ();
  g_log_set_writer_func (debug_writer, NULL, NULL);

  WINDOW_TEST_ADD ("accessibility/every-window", test_every_window);
  WINDOW_TEST_ADD ("accessibility/hub-windows", test_hub_windows);

  return window_harness_run ();
}
