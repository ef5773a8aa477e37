/* test-roots.c — the folders a server may use, picked in the window, under Xvfb
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The real application with a real fake server (window-harness.h). A
 * folder is added in the Edit Server dialog as the file chooser hands it
 * over; Save writes it to the configuration file, the running server is
 * told (notifications/roots/list_changed) without a restart, and its
 * "ask" tool, which asks Tether roots/list, gets the folder back.
 */

#include "config.h"

#include "window-harness.h"
#include "tether-roots-group.h"

static TetherRootsGroup *
open_editor (Fixture *fixture)
{
  TetherServerDialog *dialog;
  TetherRootsGroup *group;

  tether_window_show_server (fixture->window, "good");
  gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.edit", NULL);
  dialog = find_dialog ();
  g_assert_nonnull (dialog);
  group = find_descendant (dialog, TETHER_TYPE_ROOTS_GROUP);
  g_assert_nonnull (group);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (group)));

  return group;
}

/* The folders the group shows, by their rows' titles, "|" between them */
static char *
shown_roots (TetherRootsGroup *group)
{
  g_autoptr(GPtrArray) rows = g_ptr_array_new ();
  g_autoptr(GString) titles = g_string_new (NULL);

  collect_descendants (GTK_WIDGET (group), ADW_TYPE_ACTION_ROW, rows);
  for (guint i = 0; i < rows->len; i++)
    {
      GtkWidget *row = g_ptr_array_index (rows, i);

      if (!gtk_widget_get_visible (row))
        continue;
      if (titles->len > 0)
        g_string_append_c (titles, '|');
      g_string_append (titles, adw_preferences_row_get_title (ADW_PREFERENCES_ROW (row)));
    }

  return g_string_free (g_steal_pointer (&titles), FALSE);
}

/* What the file chooser's answer does. GTK 4.8 asks the portal's version
 * with a blocking call, which the fake portal, served on this thread, cannot
 * answer: so the folder goes in as the chooser hands it over. */
static void
pick_folder (TetherRootsGroup *group,
             const char       *path)
{
  GtkWidget *add = find_actionable (group, "roots.add");

  g_assert_nonnull (add);
  g_assert_true (gtk_widget_is_sensitive (add) && gtk_widget_get_visible (add));
  tether_roots_group_add_folder (group, path);
  test_iterate_for (100);
}

static gboolean
roots_changed_seen (Fixture       *fixture,
                    gconstpointer  data)
{
  return method_count (fixture, "good", "notifications/roots/list_changed") >= GPOINTER_TO_UINT (data);
}

static void
roots_body (Fixture *fixture)
{
  g_autofree char *projects = g_build_filename (g_get_home_dir (), "Projects", NULL);
  g_autofree char *elsewhere = g_build_filename (fixture->dir, "elsewhere", NULL);
  g_autofree char *projects_uri = g_filename_to_uri (projects, NULL, NULL);
  g_autofree char *elsewhere_uri = g_filename_to_uri (elsewhere, NULL, NULL);
  g_autofree char *before = NULL, *added = NULL, *removed = NULL, *shown = NULL;
  TetherRootsGroup *group;

  g_assert_cmpint (g_mkdir_with_parents (projects, 0700), ==, 0);
  g_assert_cmpint (g_mkdir_with_parents (elsewhere, 0700), ==, 0);

  wait_connected (fixture, "good");
  before = test_server_ask_roots (get_server (fixture, "good"));
  g_assert_null (strstr (before, "file://"));

  /* None yet: the group says so. */
  group = open_editor (fixture);
  shown = shown_roots (group);
  g_assert_cmpstr (shown, ==, "No folders shared");
  g_clear_pointer (&shown, g_free);

  /* Two folders picked: one in the home folder, shown and saved as ~/… */
  pick_folder (group, projects);
  pick_folder (group, elsewhere);
  /* the same again adds nothing */
  pick_folder (group, projects);
  shown = shown_roots (group);
  g_assert_true (g_str_has_prefix (shown, "~/Projects|"));
  g_assert_nonnull (strstr (shown, "elsewhere"));
  g_clear_pointer (&shown, g_free);
  /* The focus is on the new row's Remove button, named for its folder. */
  g_assert_cmpstr (gtk_widget_get_tooltip_text (gtk_root_get_focus (gtk_widget_get_root (GTK_WIDGET (group)))),
                   ==, "Remove");
  screenshot ("roots.png");

  gtk_widget_activate_action (GTK_WIDGET (find_dialog ()), "dialog.save", NULL);
  g_assert_null (find_dialog ());

  {
    g_autoptr(JsonNode) tether = config_member (fixture, "good", "tether");
    JsonArray *roots;

    g_assert_nonnull (tether);
    roots = json_object_get_array_member (json_node_get_object (tether), "roots");
    g_assert_nonnull (roots);
    g_assert_cmpuint (json_array_get_length (roots), ==, 2);
    g_assert_cmpstr (json_array_get_string_element (roots, 0), ==, "~/Projects");
    g_assert_cmpstr (json_array_get_string_element (roots, 1), ==, elsewhere);
  }

  /* The running server is told at once, and not restarted. */
  wait_until (fixture, roots_changed_seen, GUINT_TO_POINTER (1), 10000, "roots/list_changed");
  added = test_server_ask_roots (get_server (fixture, "good"));
  g_assert_nonnull (strstr (added, projects_uri));
  g_assert_nonnull (strstr (added, elsewhere_uri));
  g_assert_cmpuint (initialize_count (fixture, "good"), ==, 1);

  /* Removed again from its row, with the keyboard's activation. */
  group = open_editor (fixture);
  shown = shown_roots (group);
  g_assert_true (g_str_has_prefix (shown, "~/Projects|"));
  g_clear_pointer (&shown, g_free);
  {
    g_autoptr(GPtrArray) buttons = g_ptr_array_new ();
    GtkWidget *remove = NULL;

    collect_descendants (GTK_WIDGET (group), GTK_TYPE_BUTTON, buttons);
    for (guint i = 0; i < buttons->len && remove == NULL; i++)
      {
        GtkWidget *button = g_ptr_array_index (buttons, i);

        if (g_strcmp0 (gtk_widget_get_tooltip_text (button), "Remove") == 0)
          remove = button;
      }
    g_assert_nonnull (remove);
    click (remove);
  }
  shown = shown_roots (group);
  g_assert_nonnull (strstr (shown, "elsewhere"));
  g_assert_null (strstr (shown, "Projects"));
  g_clear_pointer (&shown, g_free);

  gtk_widget_activate_action (GTK_WIDGET (find_dialog ()), "dialog.save", NULL);
  g_assert_null (find_dialog ());

  {
    g_autoptr(JsonNode) tether = config_member (fixture, "good", "tether");
    JsonArray *roots = json_object_get_array_member (json_node_get_object (tether), "roots");

    g_assert_cmpuint (json_array_get_length (roots), ==, 1);
    g_assert_cmpstr (json_array_get_string_element (roots, 0), ==, elsewhere);
  }

  wait_until (fixture, roots_changed_seen, GUINT_TO_POINTER (2), 10000, "roots/list_changed again");
  removed = test_server_ask_roots (get_server (fixture, "good"));
  g_assert_null (strstr (removed, projects_uri));
  g_assert_nonnull (strstr (removed, elsewhere_uri));
  g_assert_cmpuint (initialize_count (fixture, "good"), ==, 1);

  g_rmdir (projects);
  g_rmdir (elsewhere);
}

static void
test_roots (Fixture       *fixture,
            gconstpointer  data)
{
  g_autofree char *good = fake_entry (fixture, "good", NULL);
  g_autofree char *config = g_strdup_printf ("{ \"mcpServers\": { %s } }\n", good);

  write_config (fixture, config);
  run_app (fixture, roots_body);
}

int
main (int   argc,
      char *argv[])
{
  window_harness_init (&argc, &argv);

  WINDOW_TEST_ADD ("roots", test_roots);

  return window_harness_run ();
}
