/* test-window.c — the real main window under Xvfb
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <adwaita.h>

#include "tether-application.h"
#include "ui/tether-window.h"

static GtkWidget *
find_descendant (GtkWidget *widget,
                 GType      type)
{
  GtkWidget *child;

  if (G_TYPE_CHECK_INSTANCE_TYPE (widget, type))
    return widget;

  for (child = gtk_widget_get_first_child (widget);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_descendant (child, type);

      if (found != NULL)
        return found;
    }

  return NULL;
}

static void
iterate_until_mapped (GtkWidget *widget)
{
  gint64 deadline = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;

  while (!gtk_widget_get_mapped (widget) && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, TRUE);
}

static void
test_window_empty_state (void)
{
  g_autoptr(TetherApplication) app = tether_application_new ();
  g_autoptr(GError) error = NULL;
  TetherWindow *window;
  GtkWidget *status;
  GtkWidget *header;

  g_application_set_flags (G_APPLICATION (app), G_APPLICATION_NON_UNIQUE);
  g_assert_true (g_application_register (G_APPLICATION (app), NULL, &error));
  g_assert_no_error (error);

  window = tether_window_new (app);
  gtk_window_present (GTK_WINDOW (window));
  iterate_until_mapped (GTK_WIDGET (window));
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (window)));

  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (window)), ==, "Tether");

  header = find_descendant (GTK_WIDGET (window), ADW_TYPE_HEADER_BAR);
  g_assert_nonnull (header);
  g_assert_true (gtk_widget_get_mapped (header));

  status = find_descendant (GTK_WIDGET (window), ADW_TYPE_STATUS_PAGE);
  g_assert_nonnull (status);
  g_assert_true (gtk_widget_get_mapped (status));
  g_assert_cmpstr (adw_status_page_get_title (ADW_STATUS_PAGE (status)), ==, "No MCP Servers");
  g_assert_nonnull (strstr (adw_status_page_get_description (ADW_STATUS_PAGE (status)), "drop"));

  /* The app menu's actions exist and are enabled. */
  g_assert_true (g_action_group_has_action (G_ACTION_GROUP (app), "about"));
  g_assert_true (g_action_group_has_action (G_ACTION_GROUP (app), "quit"));

  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  /* with-display.sh guarantees a display: no display is a failure. */
  if (!gtk_init_check ())
    g_error ("cannot open a display (DISPLAY=%s)", g_getenv ("DISPLAY"));
  adw_init ();

  g_test_add_func ("/Tether/Window/empty-state", test_window_empty_state);

  return g_test_run ();
}
