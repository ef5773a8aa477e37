/* tether-accessible.c — names for what a screen reader reads
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <adwaita.h>

#include "tether-accessible.h"

/* How far above a row its list item may be: the row itself is the list
 * item's child, or the child of a tree expander in it. */
#define LIST_ITEM_DEPTH 2

/**
 * tether_accessible_set_row_label:
 * @row: a row shown in a list view
 * @label: what a screen reader says of it
 *
 * Names @row and the list item around it. GTK 4.8's list views give the list
 * item, which is what takes focus, no name of its own: without this it is
 * announced with an empty name.
 */
void
tether_accessible_set_row_label (GtkWidget  *row,
                                 const char *label)
{
  GtkWidget *parent;
  guint depth = 0;

  g_return_if_fail (GTK_IS_WIDGET (row));

  gtk_accessible_update_property (GTK_ACCESSIBLE (row), GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);

  for (parent = gtk_widget_get_parent (row);
       parent != NULL && depth < LIST_ITEM_DEPTH;
       parent = gtk_widget_get_parent (parent), depth++)
    if (gtk_accessible_get_accessible_role (GTK_ACCESSIBLE (parent)) == GTK_ACCESSIBLE_ROLE_LIST_ITEM)
      {
        gtk_accessible_update_property (GTK_ACCESSIBLE (parent), GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
        return;
      }
}

static GtkWidget *
find_scroller (GtkWidget *widget)
{
  if (GTK_IS_SCROLLED_WINDOW (widget))
    return widget;

  for (GtkWidget *child = gtk_widget_get_first_child (widget);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_scroller (child);

      if (found != NULL)
        return found;
    }

  return NULL;
}

static void
status_page_title_cb (AdwStatusPage *page)
{
  GtkWidget *scroller = find_scroller (GTK_WIDGET (page));
  const char *title = adw_status_page_get_title (page);

  if (scroller == NULL)
    return;

  if (title != NULL && title[0] != '\0')
    gtk_accessible_update_property (GTK_ACCESSIBLE (scroller), GTK_ACCESSIBLE_PROPERTY_LABEL, title, -1);
  else
    gtk_accessible_reset_property (GTK_ACCESSIBLE (scroller), GTK_ACCESSIBLE_PROPERTY_LABEL);
}

/**
 * tether_accessible_name_status_page:
 * @page: a status page
 *
 * Names the pane that scrolls @page's content after @page's title, now and
 * whenever the title changes. The pane takes focus, and libadwaita 1.2
 * gives it no name: without this it is announced with an empty one.
 */
void
tether_accessible_name_status_page (AdwStatusPage *page)
{
  g_return_if_fail (ADW_IS_STATUS_PAGE (page));

  g_signal_connect (page, "notify::title", G_CALLBACK (status_page_title_cb), NULL);
  status_page_title_cb (page);
}
