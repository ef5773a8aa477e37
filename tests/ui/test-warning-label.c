/* test-warning-label.c — a warning: shown when it says something, and
 * selectable only then and only when not compact
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <gtk/gtk.h>

#include "tether-warning-label.h"

static GtkLabel *
inner_label (GtkWidget *widget)
{
  if (GTK_IS_LABEL (widget))
    return GTK_LABEL (widget);

  for (GtkWidget *child = gtk_widget_get_first_child (widget);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkLabel *label = inner_label (child);

      if (label != NULL)
        return label;
    }

  return NULL;
}

static void
test_selectable_when_needed (void)
{
  GtkWidget *warning = g_object_ref_sink (tether_warning_label_new (NULL));
  TetherWarningLabel *self = TETHER_WARNING_LABEL (warning);
  GtkLabel *label = inner_label (warning);

  g_assert_nonnull (label);

  /* Empty: hidden, and no selection to build. */
  g_assert_false (gtk_widget_get_visible (warning));
  g_assert_false (gtk_label_get_selectable (label));

  tether_warning_label_set_text (self, "sent in clear text");
  g_assert_true (gtk_widget_get_visible (warning));
  g_assert_true (gtk_label_get_selectable (label));
  g_assert_null (gtk_widget_get_tooltip_text (warning));

  /* Compact (a list row): one line, its text in the tooltip. */
  tether_warning_label_set_compact (self, TRUE);
  g_assert_false (gtk_label_get_selectable (label));
  g_assert_cmpstr (gtk_widget_get_tooltip_text (warning), ==, "sent in clear text");

  tether_warning_label_set_compact (self, FALSE);
  g_assert_true (gtk_label_get_selectable (label));

  tether_warning_label_set_text (self, "");
  g_assert_false (gtk_widget_get_visible (warning));
  g_assert_false (gtk_label_get_selectable (label));

  g_object_unref (warning);
}

int
main (int   argc,
      char *argv[])
{
  gtk_test_init (&argc, &argv, NULL);

  g_test_add_func ("/warning-label/selectable-when-needed", test_selectable_when_needed);

  return g_test_run ();
}
