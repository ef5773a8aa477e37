/* tether-accessible.c — names for what a screen reader reads
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>

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

/**
 * tether_accessible_find_descendant:
 * @widget: a widget
 * @type: a widget type
 *
 * Returns: (transfer none) (nullable): @widget or its first descendant
 *   (depth first) of @type
 */
GtkWidget *
tether_accessible_find_descendant (GtkWidget *widget,
                                   GType      type)
{
  if (G_TYPE_CHECK_INSTANCE_TYPE (widget, type))
    return widget;

  for (GtkWidget *child = gtk_widget_get_first_child (widget);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = tether_accessible_find_descendant (child, type);

      if (found != NULL)
        return found;
    }

  return NULL;
}

static void
status_page_title_cb (AdwStatusPage *page)
{
  GtkWidget *scroller = tether_accessible_find_descendant (GTK_WIDGET (page), GTK_TYPE_SCROLLED_WINDOW);
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

/**
 * tether_accessible_name_inner:
 * @container: a widget built of others, such as a preferences group
 * @type: the type of the part to name, such as %GTK_TYPE_LIST_BOX
 * @label: what a screen reader says of it
 *
 * Names every part of @type inside @container (or @container itself, and
 * not the parts of a part named). Composite widgets of libadwaita 1.2 leave
 * some of their focusable parts unnamed, and GTK 4.8 announces those by
 * their type name.
 */
void
tether_accessible_name_inner (GtkWidget  *container,
                              GType       type,
                              const char *label)
{
  g_return_if_fail (GTK_IS_WIDGET (container));

  if (G_TYPE_CHECK_INSTANCE_TYPE (container, type))
    {
      gtk_accessible_update_property (GTK_ACCESSIBLE (container), GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
      return;
    }

  for (GtkWidget *child = gtk_widget_get_first_child (container);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    tether_accessible_name_inner (child, type, label);
}

/* A choice may be bound before it is in its list: name it again once it
 * is, for the list item around it to be named too. */
static void
text_item_map_cb (GtkLabel *label)
{
  tether_accessible_set_row_label (GTK_WIDGET (label), gtk_label_get_label (label));
}

static void
text_item_setup_cb (GtkSignalListItemFactory *factory,
                    GtkListItem              *item)
{
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  g_signal_connect (label, "map", G_CALLBACK (text_item_map_cb), NULL);
  gtk_list_item_set_child (item, label);
}

static void
text_item_bind_cb (GtkSignalListItemFactory *factory,
                   GtkListItem              *item)
{
  GtkWidget *label = gtk_list_item_get_child (item);
  gpointer string = gtk_list_item_get_item (item);
  const char *text = GTK_IS_STRING_OBJECT (string) ? gtk_string_object_get_string (string) : "";

  gtk_label_set_label (GTK_LABEL (label), text);
  tether_accessible_set_row_label (label, text);
}

/**
 * tether_accessible_new_text_factory:
 *
 * A factory for the choices of a list of strings (a #GtkStringList), such as
 * a combo row's, each shown as its text and named by it. The choices of
 * libadwaita 1.2's own are announced with an empty name.
 *
 * Returns: (transfer full): a new factory
 */
GtkListItemFactory *
tether_accessible_new_text_factory (void)
{
  GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();

  g_signal_connect (factory, "setup", G_CALLBACK (text_item_setup_cb), NULL);
  g_signal_connect (factory, "bind", G_CALLBACK (text_item_bind_cb), NULL);

  return factory;
}

/* What a part of a composite widget is about: the title in the header bar
 * beside it, if any. */
static const char *
nearby_title (GtkWidget *part)
{
  GtkWidget *parent = gtk_widget_get_parent (part);

  for (GtkWidget *sibling = parent != NULL ? gtk_widget_get_first_child (parent) : NULL;
       sibling != NULL;
       sibling = gtk_widget_get_next_sibling (sibling))
    {
      GtkWidget *title = tether_accessible_find_descendant (sibling, ADW_TYPE_WINDOW_TITLE);

      if (sibling != part && title != NULL)
        {
          const char *text = adw_window_title_get_title (ADW_WINDOW_TITLE (title));

          if (text != NULL && text[0] != '\0')
            return text;
        }
    }

  return NULL;
}

static void
name_part (GtkWidget  *widget,
           const char *fallback)
{
  const char *label = NULL;

  if (GTK_IS_MENU_BUTTON (widget) || GTK_IS_MENU_BUTTON (gtk_widget_get_parent (widget)))
    {
      /* A menu button and the toggle button inside it: its tooltip or its
       * text, else what the window is about (the shortcuts window's chooser
       * of sections has neither). */
      GtkWidget *menu_button = GTK_IS_MENU_BUTTON (widget) ? widget : gtk_widget_get_parent (widget);

      label = gtk_widget_get_tooltip_text (menu_button);
      if (label == NULL)
        label = gtk_menu_button_get_label (GTK_MENU_BUTTON (menu_button));
      if (label == NULL)
        label = fallback;
    }
  else if (GTK_IS_BUTTON (widget) && gtk_button_get_label (GTK_BUTTON (widget)) == NULL)
    {
      GtkWidget *child = gtk_button_get_child (GTK_BUTTON (widget));
      const char *icon = gtk_button_get_icon_name (GTK_BUTTON (widget));

      if (icon == NULL && GTK_IS_IMAGE (child))
        icon = gtk_image_get_icon_name (GTK_IMAGE (child));

      if (gtk_widget_get_tooltip_text (widget) != NULL)
        label = gtk_widget_get_tooltip_text (widget);
      else if (GTK_IS_LABEL (child))
        label = gtk_label_get_text (GTK_LABEL (child));
      else if (g_strcmp0 (icon, "go-previous-symbolic") == 0)
        label = _("Back");
      else if (g_strcmp0 (icon, "edit-find-symbolic") == 0)
        label = _("Search");
    }
  else if (GTK_IS_SEARCH_ENTRY (widget))
    {
      g_autofree char *placeholder = NULL;

      /* what it says while empty, else what the window is about */
      g_object_get (widget, "placeholder-text", &placeholder, NULL);
      gtk_accessible_update_property (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                      placeholder != NULL && placeholder[0] != '\0' ? placeholder : fallback,
                                      -1);
    }
  else if (GTK_IS_SCROLLED_WINDOW (widget) || GTK_IS_TEXT_VIEW (widget))
    {
      GtkWidget *pane = GTK_IS_TEXT_VIEW (widget) ? gtk_widget_get_ancestor (widget, GTK_TYPE_SCROLLED_WINDOW)
                                                  : widget;

      label = pane != NULL ? nearby_title (pane) : NULL;
      if (label == NULL)
        label = fallback;
    }
  else if (GTK_IS_LIST_BOX (widget))
    {
      GtkListBoxRow *row = gtk_list_box_get_row_at_index (GTK_LIST_BOX (widget), 0);

      if (ADW_IS_PREFERENCES_ROW (row))
        label = adw_preferences_row_get_title (ADW_PREFERENCES_ROW (row));
    }

  if (label != NULL && label[0] != '\0')
    gtk_accessible_update_property (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);

  for (GtkWidget *child = gtk_widget_get_first_child (widget);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    name_part (child, fallback);
}

/**
 * tether_accessible_name_window_parts:
 * @window: a window built by GTK or libadwaita, such as the About window
 *
 * Names the parts of @window that GTK 4.8 would announce with an empty name
 * or their type name: buttons that show only an icon or a text (by their
 * tooltip or text; "Back" for a back arrow, "Search" for a magnifier), menu
 * buttons (by their tooltip or text, else by @window's title), search
 * entries (by their placeholder text), scrolling panes and text views
 * (by the title beside them, else by @window's title) and lists (by their
 * first row's title). For windows whose parts Tether does not build itself;
 * call it once they are built.
 */
void
tether_accessible_name_window_parts (GtkWindow *window)
{
  g_return_if_fail (GTK_IS_WINDOW (window));

  name_part (GTK_WIDGET (window), gtk_window_get_title (window));
}
