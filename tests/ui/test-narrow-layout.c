/* test-narrow-layout.c — the window resized to a phone's width, under Xvfb
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The window is resized as a user (or a window manager) resizes it: by its
 * X window, with xdotool. At 360 px the sidebar and the server's page fold
 * into one pane with a Back button, the tabs move to a bar at the bottom,
 * and nothing asks for more width than there is.
 */

#include "config.h"

#include <gdk/x11/gdkx.h>

#include "window-harness.h"

#define NARROW 360

static gboolean
width_is (Fixture       *fixture,
          gconstpointer  data)
{
  return gtk_widget_get_width (GTK_WIDGET (fixture->window)) == GPOINTER_TO_INT (data);
}

static gboolean
wider_than (Fixture       *fixture,
            gconstpointer  data)
{
  return gtk_widget_get_width (GTK_WIDGET (fixture->window)) > GPOINTER_TO_INT (data);
}

static gboolean
folded (Fixture       *fixture,
        gconstpointer  data)
{
  AdwLeaflet *leaflet = find_descendant (fixture->window, ADW_TYPE_LEAFLET);

  return adw_leaflet_get_folded (leaflet) && gtk_widget_get_mapped (GTK_WIDGET (leaflet));
}

static void
resize (Fixture *fixture,
        int      width)
{
  GdkSurface *surface = gtk_native_get_surface (GTK_NATIVE (fixture->window));
  g_autofree char *xid = g_strdup_printf ("%lu", (unsigned long)gdk_x11_surface_get_xid (surface));
  g_autofree char *text = g_strdup_printf ("%d", width);

  run_xdotool (fixture, "windowsize", xid, text, "700", NULL);
  if (width == NARROW)
    wait_until (fixture, width_is, GINT_TO_POINTER (width), 10000, "the window to narrow");
  else
    wait_until (fixture, wider_than, GINT_TO_POINTER (NARROW * 2), 10000, "the window to widen");
}

/* Nothing in the window is cut: no widget shown asks for more width than
 * the window has (the window's own measure adds its frame's CSS margins). */
static void
assert_shown_fit (GtkWidget *widget)
{
  for (GtkWidget *child = gtk_widget_get_first_child (widget);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      int minimum;

      if (!gtk_widget_get_mapped (child))
        continue;
      gtk_widget_measure (child, GTK_ORIENTATION_HORIZONTAL, -1, &minimum, NULL, NULL, NULL);
      if (minimum > NARROW)
        g_error ("%s (in %s) needs %d px, more than %d", G_OBJECT_TYPE_NAME (child),
                 G_OBJECT_TYPE_NAME (widget), minimum, NARROW);
      assert_shown_fit (child);
    }
}

static void
assert_fits (Fixture *fixture)
{
  /* The X window is wider by the frame's margins (its shadow): what shows
   * is the window's own width. */
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (fixture->window)), ==, NARROW);
  assert_shown_fit (GTK_WIDGET (fixture->window));
}

static GtkWidget *
find_tab (AdwViewSwitcherBar *bar,
          const char         *title)
{
  g_autoptr(GPtrArray) buttons = g_ptr_array_new ();

  collect_descendants (GTK_WIDGET (bar), GTK_TYPE_TOGGLE_BUTTON, buttons);
  for (guint i = 0; i < buttons->len; i++)
    if (find_label (g_ptr_array_index (buttons, i), title) != NULL)
      return g_ptr_array_index (buttons, i);

  return NULL;
}

static void
narrow_body (Fixture *fixture)
{
  AdwLeaflet *leaflet = find_descendant (fixture->window, ADW_TYPE_LEAFLET);
  AdwViewSwitcherBar *bar = find_descendant (fixture->window, ADW_TYPE_VIEW_SWITCHER_BAR);
  AdwViewStack *stack = find_descendant (get_page (fixture), ADW_TYPE_VIEW_STACK);
  GtkWidget *back = find_actionable (fixture->window, "win.go-back");
  GtkWidget *sidebar;
  GtkWidget *content;
  GtkWidget *tab;

  wait_connected (fixture, "good");
  g_assert_false (adw_leaflet_get_folded (leaflet));
  sidebar = adw_leaflet_page_get_child (adw_leaflet_get_page (leaflet, adw_leaflet_get_child_by_name (leaflet, "sidebar")));
  content = adw_leaflet_page_get_child (adw_leaflet_get_page (leaflet, adw_leaflet_get_child_by_name (leaflet, "content")));

  resize (fixture, NARROW);
  wait_until (fixture, folded, NULL, 10000, "the leaflet to fold");
  assert_fits (fixture);

  /* One pane: the list of servers, no Back button. */
  adw_leaflet_set_visible_child_name (leaflet, "sidebar");
  wait_until (fixture, widget_unmapped, content, 5000, "the server's page to go");
  g_assert_true (gtk_widget_get_mapped (sidebar));
  g_assert_cmpint (gtk_widget_get_width (sidebar), <=, NARROW);

  /* The server's page, from its row: a Back button and the tabs in a bar. */
  gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.show-server", "s", "good");
  wait_until (fixture, widget_mapped, content, 5000, "the server's page to show");
  wait_until (fixture, widget_unmapped, sidebar, 5000, "the sidebar to go");
  g_assert_cmpint (gtk_widget_get_width (content), <=, NARROW);
  g_assert_true (gtk_widget_get_mapped (back));
  wait_until (fixture, widget_mapped, bar, 5000, "the tabs' bar");
  assert_fits (fixture);

  /* Every tab is in the bar, whole, and usable. */
  tab = find_tab (bar, "_Prompts");
  g_assert_nonnull (tab);
  g_assert_true (gtk_widget_get_mapped (tab));
  g_assert_cmpint (gtk_widget_get_width (tab), >=, 1);
  click (tab);
  g_assert_cmpstr (adw_view_stack_get_visible_child_name (stack), ==, "prompts");
  click (find_tab (bar, "_Tools"));
  g_assert_cmpstr (adw_view_stack_get_visible_child_name (stack), ==, "tools");
  g_assert_cmpuint (tab_n_items (fixture, "tools"), ==, 10);

  /* Back, to the list. */
  click (back);
  wait_until (fixture, widget_mapped, sidebar, 5000, "the list to come back");
  wait_until (fixture, widget_unmapped, content, 5000, "the server's page to go");

  /* Wide again: both panes. */
  resize (fixture, 1000);
  wait_until (fixture, widget_mapped, content, 10000, "both panes");
  g_assert_false (adw_leaflet_get_folded (leaflet));
  g_assert_true (gtk_widget_get_mapped (sidebar));
}

static void
test_narrow (Fixture       *fixture,
             gconstpointer  data)
{
  g_autofree char *good = fake_entry (fixture, "good", NULL);
  g_autofree char *config = g_strdup_printf ("{\n  \"mcpServers\": {\n    %s\n  }\n}\n", good);

  write_config (fixture, config);
  run_app (fixture, narrow_body);
}

int
main (int   argc,
      char *argv[])
{
  window_harness_init (&argc, &argv);

  WINDOW_TEST_ADD ("narrow-layout", test_narrow);

  return window_harness_run ();
}
