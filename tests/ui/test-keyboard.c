/* test-keyboard.c — the README's shortcuts, as real key presses under Xvfb
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Every key here is a real X key event: xdotool types it through the XTEST
 * extension into whichever window has the keyboard focus, as a keyboard
 * would, so the window's own bindings (not the test) decide what happens.
 */

#include "config.h"

#include <gdk/x11/gdkx.h>

#include "tether-preferences-window.h"
#include "window-harness.h"

static gboolean
window_active (Fixture       *fixture,
               gconstpointer  data)
{
  return gtk_window_is_active (GTK_WINDOW (data));
}

/* The keyboard focus on @window, as a window manager gives it (Xvfb runs
 * none): asked of GTK, and of the X server through xdotool, again until it
 * holds — on a loaded machine the first request can be lost to a window
 * that is still closing. */
static void
focus_window (Fixture *fixture,
              gpointer window)
{
  for (guint attempt = 0; attempt < 10 && !gtk_window_is_active (GTK_WINDOW (window)); attempt++)
    {
      GdkSurface *surface = gtk_native_get_surface (GTK_NATIVE (window));

      gtk_window_present (GTK_WINDOW (window));
      test_iterate_for (100);
      if (surface != NULL && GDK_IS_X11_SURFACE (surface) && gtk_widget_get_mapped (GTK_WIDGET (window)) &&
          !gtk_window_is_active (GTK_WINDOW (window)))
        {
          g_autofree char *xid = g_strdup_printf ("%lu", (unsigned long)gdk_x11_surface_get_xid (surface));

          run_xdotool (fixture, "windowfocus", xid, NULL);
        }
      test_iterate_for (200 * SLOWDOWN);
    }
}

/* KEYS (xdotool's names: "ctrl+n", "Delete") pressed and released while
 * TARGET has the keyboard focus; the main loop runs meanwhile. */
static void
press_keys (Fixture    *fixture,
            gpointer    target,
            const char *keys)
{
  focus_window (fixture, target);
  wait_until (fixture, window_active, target, 5000, "the window to have the keyboard focus");

  run_xdotool (fixture, "key", keys, NULL);
}

static gboolean
found_toplevel (Fixture       *fixture,
                gconstpointer  data)
{
  return find_toplevel (*(const GType *)data) != NULL;
}

static gpointer
wait_toplevel (Fixture    *fixture,
               GType       type,
               const char *what)
{
  wait_until (fixture, found_toplevel, &type, 5000, what);

  return find_toplevel (type);
}

static gboolean
toplevel_gone (Fixture       *fixture,
               gconstpointer  data)
{
  return find_toplevel (*(const GType *)data) == NULL;
}

/* Escape closes TYPE's window. */
static void
escape_from (Fixture    *fixture,
             GType       type,
             const char *what)
{
  press_keys (fixture, find_toplevel (type), "Escape");
  wait_until (fixture, toplevel_gone, &type, 5000, what);
}

static gboolean
initialized_again (Fixture       *fixture,
                   gconstpointer  data)
{
  return initialize_count (fixture, "good") > *(const guint *)data;
}

static gboolean
search_focused (Fixture       *fixture,
                gconstpointer  data)
{
  GtkWidget *focus = gtk_window_get_focus (GTK_WINDOW (fixture->window));

  return focus != NULL && gtk_widget_get_ancestor (focus, GTK_TYPE_SEARCH_ENTRY) != NULL &&
         gtk_widget_is_ancestor (focus, GTK_WIDGET (get_page (fixture)));
}

static gboolean
portal_asked (Fixture       *fixture,
              gconstpointer  data)
{
  return portal_title != NULL;
}

static gboolean
server_gone (Fixture       *fixture,
             gconstpointer  data)
{
  return get_server (fixture, data) == NULL;
}

static gboolean
label_shown (Fixture       *fixture,
             gconstpointer  data)
{
  GtkLabel *label = find_label (fixture->window, data);

  return label != NULL && gtk_widget_get_mapped (GTK_WIDGET (label));
}

static void
shortcuts_body (Fixture *fixture)
{
  g_autofree char *entry = fake_entry (fixture, "copied", NULL);
  g_autofree char *copied = g_strdup_printf ("{ \"mcpServers\": { %s } }", entry);
  TetherImportDialog *preview;
  guint before;

  wait_connected (fixture, "good");
  wait_connected (fixture, "other");
  g_assert_true (tether_window_show_server (fixture->window, "good"));
  test_iterate_for (100);

  /* Ctrl+N: Add Server; Escape cancels it. */
  press_keys (fixture, fixture->window, "ctrl+n");
  g_assert_cmpstr (gtk_window_get_title (wait_toplevel (fixture, TETHER_TYPE_SERVER_DIALOG, "Add Server")),
                   ==, "Add Server");
  escape_from (fixture, TETHER_TYPE_SERVER_DIALOG, "Add Server to close");

  /* Ctrl+R: the selected server connects anew (its process is initialized again). */
  before = initialize_count (fixture, "good");
  press_keys (fixture, fixture->window, "ctrl+r");
  wait_until (fixture, initialized_again, &before, 10000, "a new initialize of “good”");
  wait_connected (fixture, "good");
  g_assert_cmpuint (initialize_count (fixture, "other"), ==, 1);

  /* Ctrl+?: the shortcuts window. */
  press_keys (fixture, fixture->window, "ctrl+question");
  wait_toplevel (fixture, GTK_TYPE_SHORTCUTS_WINDOW, "the shortcuts window");
  escape_from (fixture, GTK_TYPE_SHORTCUTS_WINDOW, "the shortcuts window to close");

  /* Ctrl+comma: Preferences. */
  press_keys (fixture, fixture->window, "ctrl+comma");
  wait_toplevel (fixture, TETHER_TYPE_PREFERENCES_WINDOW, "Preferences");
  escape_from (fixture, TETHER_TYPE_PREFERENCES_WINDOW, "Preferences to close");

  /* Ctrl+O: the file chooser (the test's portal answers Cancel). */
  g_clear_pointer (&portal_title, g_free);
  g_clear_pointer (&portal_answer, g_free);
  press_keys (fixture, fixture->window, "ctrl+o");
  wait_until (fixture, portal_asked, NULL, 10000, "the file chooser");
  g_assert_cmpstr (portal_title, ==, "Import Servers");
  test_iterate_for (300 * SLOWDOWN);
  g_assert_null (find_import_dialog ());

  /* Ctrl+V with a server entry copied: the import's preview, nothing added. */
  gdk_clipboard_set_text (gtk_widget_get_clipboard (GTK_WIDGET (fixture->window)), copied);
  press_keys (fixture, fixture->window, "ctrl+v");
  preview = wait_import_dialog (fixture);
  g_assert_cmpuint (tether_import_plan_get_n_items (tether_import_dialog_get_plan (preview)), ==, 1);
  g_assert_cmpstr (tether_import_item_get_name (tether_import_plan_get_item (tether_import_dialog_get_plan (preview), 0)),
                   ==, "copied");
  gtk_window_destroy (GTK_WINDOW (preview));
  g_assert_null (get_server (fixture, "copied"));

  /* Delete: the selected server is removed, with Undo. */
  g_assert_true (tether_window_get_selected (fixture->window) == get_server (fixture, "good"));
  press_keys (fixture, fixture->window, "Delete");
  wait_until (fixture, server_gone, "good", 5000, "“good” to be removed");
  wait_until (fixture, label_shown, "“good” removed", 5000, "the removal's toast");
  g_assert_nonnull (get_server (fixture, "other"));

  /* Ctrl+F: the search of the selected server's page has the focus. */
  g_assert_true (tether_window_show_server (fixture->window, "other"));
  press_keys (fixture, fixture->window, "ctrl+f");
  wait_until (fixture, search_focused, NULL, 5000, "the search entry to have the focus");
}

static void
test_shortcuts (Fixture       *fixture,
                gconstpointer  data)
{
  g_autofree char *good = fake_entry (fixture, "good", NULL);
  g_autofree char *other = fake_entry (fixture, "other", NULL);
  g_autofree char *config = g_strdup_printf ("{\n  \"mcpServers\": {\n    %s,\n    %s\n  }\n}\n", good, other);

  write_config (fixture, config);
  run_app (fixture, shortcuts_body);
}

/* One Tab stop per list: the number of presses from the search entry through
 * a list to the control after it does not grow with the list. */

#define TAB_LIMIT 120

/* The row of @list holding the focus, as a server (for the servers' list):
 * NULL when the focus is elsewhere. */
static TetherServer *
focused_server (Fixture   *fixture,
                GtkWidget *list)
{
  GtkWidget *focus = gtk_window_get_focus (GTK_WINDOW (fixture->window));
  TetherServerRow *row;

  if (focus == NULL || !gtk_widget_is_ancestor (focus, list))
    return NULL;
  row = find_descendant (focus, TETHER_TYPE_SERVER_ROW);

  return row != NULL ? tether_server_row_get_server (row) : NULL;
}

static gboolean
focus_moved (Fixture       *fixture,
             gconstpointer  data)
{
  return gtk_window_get_focus (GTK_WINDOW (fixture->window)) != data;
}

/* KEYS pressed once, until the focus moves */
static void
press_once (Fixture    *fixture,
            const char *keys)
{
  GtkWidget *before = gtk_window_get_focus (GTK_WINDOW (fixture->window));

  press_keys (fixture, fixture->window, keys);
  wait_until (fixture, focus_moved, before, 10000, "the focus to move");
}

/* Presses KEYS ("Tab", "shift+Tab") one at a time, each time until the focus
 * moves, until it has gone into @list and out of it again; returns how many
 * presses that took, and logs where each one led. */
static guint
presses_through (Fixture    *fixture,
                 gpointer    list,
                 const char *keys)
{
  gboolean entered = FALSE;

  for (guint presses = 1; presses <= TAB_LIMIT; presses++)
    {
      GtkWidget *focus;
      gboolean inside;

      press_once (fixture, keys);
      focus = gtk_window_get_focus (GTK_WINDOW (fixture->window));
      inside = focus != NULL && gtk_widget_is_ancestor (focus, list);
      g_test_message ("%s %u: %s%s", keys, presses, focus != NULL ? G_OBJECT_TYPE_NAME (focus) : "nothing",
                      inside ? " (in the list)" : "");
      if (inside)
        entered = TRUE;
      else if (entered)
        return presses;
    }

  g_error ("%s did not go through %s in %u presses", keys, G_OBJECT_TYPE_NAME (list), TAB_LIMIT);
}

/* The search entry has the focus, and its bar has finished sliding in */
static gboolean
search_shown (Fixture       *fixture,
              gconstpointer  data)
{
  GtkRevealer *revealer = find_descendant (find_descendant (get_page (fixture), GTK_TYPE_SEARCH_BAR),
                                           GTK_TYPE_REVEALER);

  return search_focused (fixture, NULL) && revealer != NULL && gtk_revealer_get_child_revealed (revealer);
}

/* The shown page lists at least @data tools */
static gboolean
tools_listed (Fixture       *fixture,
              gconstpointer  data)
{
  return tab_n_items (fixture, "tools") >= GPOINTER_TO_UINT (data);
}

/* From the search entry of @server's page: Tab through its tools, then on
 * through the servers' list. */
static void
tabs_from_search (Fixture    *fixture,
                  const char *server,
                  guint      *tools,
                  guint      *servers)
{
  g_assert_true (tether_window_show_server (fixture->window, server));
  wait_until (fixture, tools_listed, GUINT_TO_POINTER (1), 10000, "the server's tools");
  press_keys (fixture, fixture->window, "ctrl+f");
  wait_until (fixture, search_shown, NULL, 5000, "the search entry to have the focus, fully shown");
  *tools = presses_through (fixture, tab_list (fixture, "tools"), "Tab");
  *servers = presses_through (fixture, gtk_widget_get_ancestor (GTK_WIDGET (find_row (fixture, server)),
                                                                 GTK_TYPE_LIST_VIEW), "Tab");
  g_test_message ("“%s” (%u tools): %u presses through its tools, %u more through %u servers",
                  server, tab_n_items (fixture, "tools"), *tools, *servers,
                  g_list_model_get_n_items (G_LIST_MODEL (tether_application_get_manager (fixture->app))));
}

static char *
list_tab_stops_config (Fixture *fixture,
                       guint    n_servers)
{
  g_autofree char *small = fake_entry (fixture, "small", NULL);
  g_autofree char *big = fake_entry (fixture, "big", "\"--tools\", \"50\"");
  GString *config = g_string_new (NULL);

  g_string_append_printf (config, "{ \"mcpServers\": { %s, %s", small, big);
  for (guint i = 2; i < n_servers; i++)
    g_string_append_printf (config, ", \"off-%02u\": { \"command\": \"true\", \"disabled\": true }", i);
  g_string_append (config, " } }\n");

  return g_string_free (config, FALSE);
}

static gboolean
servers_listed (Fixture       *fixture,
                gconstpointer  data)
{
  return g_list_model_get_n_items (G_LIST_MODEL (tether_application_get_manager (fixture->app))) ==
         GPOINTER_TO_UINT (data);
}

static void
list_tab_stops_body (Fixture *fixture)
{
  g_autofree char *thirty = list_tab_stops_config (fixture, 30);
  GtkWidget *server_list;
  guint small_tools, big_tools, servers_3, servers_30, dummy, backwards;
  TetherServer *kept;

  wait_connected (fixture, "small");
  wait_connected (fixture, "big");
  g_assert_true (tether_window_show_server (fixture->window, "big"));
  wait_until (fixture, tools_listed, GUINT_TO_POINTER (50), 10000, "fifty tools");
  server_list = gtk_widget_get_ancestor (GTK_WIDGET (find_row (fixture, "big")), GTK_TYPE_LIST_VIEW);

  /* A few tools and fifty, three servers */
  tabs_from_search (fixture, "small", &small_tools, &dummy);
  tabs_from_search (fixture, "big", &big_tools, &servers_3);

  /* Thirty servers */
  write_config (fixture, thirty);
  wait_until (fixture, servers_listed, GUINT_TO_POINTER (30), 10000, "thirty servers");
  tabs_from_search (fixture, "big", &dummy, &servers_30);

  g_assert_cmpuint (small_tools, <=, 8);
  g_assert_cmpuint (big_tools, ==, small_tools);
  g_assert_cmpuint (servers_3, <=, 8);
  g_assert_cmpuint (servers_30, ==, servers_3);

  /* Shift+Tab goes back into the servers' list and out of it likewise, and
   * the row that had the focus has it again when the list is re-entered. */
  backwards = presses_through (fixture, server_list, "shift+Tab");
  g_assert_cmpuint (backwards, <=, 8);
  press_once (fixture, "Tab");
  g_assert_nonnull (focused_server (fixture, server_list));
  press_once (fixture, "Down");
  kept = focused_server (fixture, server_list);
  g_assert_nonnull (kept);
  press_once (fixture, "Tab");
  g_assert_null (focused_server (fixture, server_list));
  press_once (fixture, "shift+Tab");
  g_assert_true (focused_server (fixture, server_list) == kept);
}

static void
test_list_tab_stops (Fixture       *fixture,
                     gconstpointer  data)
{
  g_autofree char *config = list_tab_stops_config (fixture, 3);

  write_config (fixture, config);
  run_app (fixture, list_tab_stops_body);
}

/* Ctrl+Q, with nothing else to end the run: the application's run returns
 * by itself, and no server it started is left. */

static gboolean
quit_timeout_cb (gpointer user_data)
{
  g_error ("Ctrl+Q did not quit the application");

  return G_SOURCE_REMOVE;
}

static gboolean
window_mapped (Fixture       *fixture,
               gconstpointer  data)
{
  return gtk_widget_get_mapped (GTK_WIDGET (fixture->window));
}

static void
quit_activate_cb (GApplication *app,
                  Fixture      *fixture)
{
  g_signal_handlers_disconnect_by_func (app, quit_activate_cb, fixture);

  fixture->window = TETHER_WINDOW (gtk_application_get_active_window (GTK_APPLICATION (app)));
  g_assert_nonnull (fixture->window);
  wait_until (fixture, window_mapped, NULL, 10000, "the window to be mapped");
  wait_connected (fixture, "good");
  g_assert_cmpuint (running (fixture, "good"), ==, 1);

  press_keys (fixture, fixture->window, "ctrl+q");
}

static void
test_quit (Fixture       *fixture,
           gconstpointer  data)
{
  g_autofree char *good = fake_entry (fixture, "good", NULL);
  g_autofree char *config = g_strdup_printf ("{\n  \"mcpServers\": {\n    %s\n  }\n}\n", good);
  char *argv[] = { (char *)"tether", (char *)"--standalone", (char *)"--config", fixture->path, NULL };
  guint timeout;

  write_config (fixture, config);
  fixture->app = tether_application_new ();
  g_signal_connect_after (fixture->app, "activate", G_CALLBACK (quit_activate_cb), fixture);
  timeout = g_timeout_add_seconds (60 * SLOWDOWN, quit_timeout_cb, NULL);

  g_assert_cmpint (g_application_run (G_APPLICATION (fixture->app), G_N_ELEMENTS (argv) - 1, argv), ==, 0);
  g_source_remove (timeout);

  /* The run ended with the window still there: nothing but the key closed it. */
  g_assert_nonnull (fixture->window);
  gtk_window_destroy (GTK_WINDOW (fixture->window));
  fixture->window = NULL;
  g_clear_object (&fixture->app);

  test_assert_no_processes_matching (fixture->dir, 5000);
  g_assert_cmpuint (running (fixture, "good"), ==, 0);
}

int
main (int   argc,
      char *argv[])
{
  window_harness_init (&argc, &argv);

  WINDOW_TEST_ADD ("keyboard/shortcuts", test_shortcuts);
  WINDOW_TEST_ADD ("keyboard/quit", test_quit);
  WINDOW_TEST_ADD ("keyboard/list-tab-stops", test_list_tab_stops);

  return window_harness_run ();
}
