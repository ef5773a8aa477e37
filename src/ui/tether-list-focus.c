/* tether-list-focus.c — one Tab stop per list
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * GTK 4.8's list views make every row a Tab stop of its own: reaching the
 * control after a list of fifty tools takes fifty presses. Here a list is
 * one stop, as GNOME's lists are: Tab enters it on the row that had the
 * focus last (the list view remembers it), moves through the controls of
 * that row (a tool's Run button), and then leaves the list; Shift+Tab does
 * the same backwards; the arrows, which the list view handles, move from
 * row to row.
 */

#include "config.h"

#include "tether-list-focus.h"

/* The modifiers that make Tab something else (Ctrl+Tab is GTK's own way
 * out of a scrolled pane); Shift only turns its direction. */
#define OTHER_MODIFIERS (GDK_CONTROL_MASK | GDK_ALT_MASK | GDK_SUPER_MASK | GDK_HYPER_MASK | GDK_META_MASK)

/* The row of @list that holds @focus: its child that is @focus or one of
 * its ancestors; %NULL when @focus is @list itself. */
static GtkWidget *
row_holding (GtkWidget *list,
             GtkWidget *focus)
{
  GtkWidget *row = focus;

  while (row != NULL && gtk_widget_get_parent (row) != list)
    row = gtk_widget_get_parent (row);

  return row;
}

/* Moves the focus out of @list in @direction, with the window's own rules
 * for what comes next: the list refuses the focus meanwhile. If nothing
 * else takes it (the list is all there is), @focus keeps it. */
static void
leave_list (GtkWidget        *list,
            GtkWidget        *focus,
            GtkDirectionType  direction)
{
  GtkRoot *root = gtk_widget_get_root (list);
  gboolean can_focus = gtk_widget_get_can_focus (list);

  g_object_ref (focus);
  gtk_widget_set_can_focus (list, FALSE);
  if (GTK_IS_WINDOW (root))
    g_signal_emit_by_name (root, "move-focus", direction);
  else
    gtk_widget_child_focus (GTK_WIDGET (root), direction);
  gtk_widget_set_can_focus (list, can_focus);

  if (gtk_root_get_focus (root) == NULL && gtk_widget_get_root (focus) == root)
    gtk_widget_grab_focus (focus);
  g_object_unref (focus);
}

static gboolean
key_pressed_cb (GtkEventControllerKey *controller,
                guint                  keyval,
                guint                  keycode,
                GdkModifierType        state,
                gpointer               user_data)
{
  GtkWidget *list = gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (controller));
  GtkDirectionType direction;
  GtkWidget *focus;
  GtkWidget *row;
  GtkRoot *root;

  if ((keyval != GDK_KEY_Tab && keyval != GDK_KEY_KP_Tab && keyval != GDK_KEY_ISO_Left_Tab) ||
      (state & OTHER_MODIFIERS) != 0)
    return GDK_EVENT_PROPAGATE;

  root = gtk_widget_get_root (list);
  focus = root != NULL ? gtk_root_get_focus (root) : NULL;
  if (focus == NULL || (focus != list && !gtk_widget_is_ancestor (focus, list)))
    return GDK_EVENT_PROPAGATE;

  direction = (keyval == GDK_KEY_ISO_Left_Tab || (state & GDK_SHIFT_MASK) != 0)
              ? GTK_DIR_TAB_BACKWARD : GTK_DIR_TAB_FORWARD;
  row = row_holding (list, focus);

  /* Within the row first: from the row to its controls, and back. */
  if (row != NULL)
    {
      if (direction == GTK_DIR_TAB_FORWARD && gtk_widget_child_focus (row, direction))
        return GDK_EVENT_STOP;

      if (direction == GTK_DIR_TAB_BACKWARD && focus != row)
        {
          if (gtk_widget_child_focus (row, direction))
            return GDK_EVENT_STOP;
          /* The row's first stop (itself, or its first control). */
          if (gtk_widget_grab_focus (row) && gtk_root_get_focus (root) != focus)
            return GDK_EVENT_STOP;
        }
    }

  leave_list (list, focus, direction);

  return GDK_EVENT_STOP;
}

/**
 * tether_list_focus_install:
 * @list: a #GtkListView (or any list whose children are its rows)
 *
 * Makes @list a single Tab stop: Tab and Shift+Tab leave it once they have
 * gone through the controls of the focused row, instead of going to the
 * next row; the arrows still move from row to row.
 */
void
tether_list_focus_install (GtkWidget *list)
{
  GtkEventController *keys;

  g_return_if_fail (GTK_IS_WIDGET (list));

  keys = gtk_event_controller_key_new ();
  gtk_event_controller_set_name (keys, "tether-list-focus");
  gtk_event_controller_set_propagation_phase (keys, GTK_PHASE_CAPTURE);
  g_signal_connect (keys, "key-pressed", G_CALLBACK (key_pressed_cb), NULL);
  gtk_widget_add_controller (list, keys);
}
