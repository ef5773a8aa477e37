/* tether-preferences-window.c — the hub's settings and running in the background
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Every row is a GSettings key (the application's hub follows `hub-enabled`
 * and `hub-port`; the application follows `run-in-background` and
 * `run-at-login`), so the window holds nothing of its own.
 */

#define G_LOG_DOMAIN "tether-preferences-window"

#include "config.h"

#include <glib/gi18n.h>

#include "tether-accessible.h"
#include "tether-port-row.h"
#include "tether-preferences-window.h"

struct _TetherPreferencesWindow
{
  AdwPreferencesWindow  parent_instance;

  TetherHubControl     *control;

  /* Template widgets */
  AdwPreferencesGroup  *background_group;
  GtkSwitch            *background_switch;
  AdwPreferencesPage   *general_page;
  AdwPreferencesGroup  *hub_group;
  GtkSwitch            *hub_switch;
  GtkSwitch            *login_switch;
  TetherPortRow        *port_row;
};

G_DEFINE_FINAL_TYPE (TetherPreferencesWindow, tether_preferences_window, ADW_TYPE_PREFERENCES_WINDOW)

static void
tether_preferences_window_dispose (GObject *object)
{
  TetherPreferencesWindow *self = (TetherPreferencesWindow *)object;

  gtk_widget_dispose_template (GTK_WIDGET (self), TETHER_TYPE_PREFERENCES_WINDOW);

  g_clear_object (&self->control);

  G_OBJECT_CLASS (tether_preferences_window_parent_class)->dispose (object);
}

static void
tether_preferences_window_class_init (TetherPreferencesWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = tether_preferences_window_dispose;

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_BASE "/tether-preferences-window.ui");
  gtk_widget_class_bind_template_child (widget_class, TetherPreferencesWindow, background_group);
  gtk_widget_class_bind_template_child (widget_class, TetherPreferencesWindow, background_switch);
  gtk_widget_class_bind_template_child (widget_class, TetherPreferencesWindow, general_page);
  gtk_widget_class_bind_template_child (widget_class, TetherPreferencesWindow, hub_group);
  gtk_widget_class_bind_template_child (widget_class, TetherPreferencesWindow, hub_switch);
  gtk_widget_class_bind_template_child (widget_class, TetherPreferencesWindow, login_switch);
  gtk_widget_class_bind_template_child (widget_class, TetherPreferencesWindow, port_row);

  g_type_ensure (TETHER_TYPE_PORT_ROW);
}

static void
tether_preferences_window_init (TetherPreferencesWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  /* Parts libadwaita leaves unnamed, hidden ones included: the search
   * entry, the panes that scroll the search results and the page, the
   * results' list. The groups' own lists are named after the groups. */
  tether_accessible_name_inner (GTK_WIDGET (self), GTK_TYPE_SEARCH_ENTRY, _("Search Preferences"));
  tether_accessible_name_inner (GTK_WIDGET (self), GTK_TYPE_SCROLLED_WINDOW, _("Search Results"));
  tether_accessible_name_inner (GTK_WIDGET (self), GTK_TYPE_LIST_BOX, _("Search Results"));
  tether_accessible_name_inner (GTK_WIDGET (self->general_page), GTK_TYPE_SCROLLED_WINDOW, _("General"));
  tether_accessible_name_inner (GTK_WIDGET (self->hub_group), GTK_TYPE_LIST_BOX, _("Hub"));
  tether_accessible_name_inner (GTK_WIDGET (self->background_group), GTK_TYPE_LIST_BOX, _("Background"));
}

/**
 * tether_preferences_window_new:
 * @parent: the window it belongs to
 * @control: the application's hub and its settings
 *
 * Returns: (transfer none): a new preferences window, which GTK holds
 *   until it is closed
 */
TetherPreferencesWindow *
tether_preferences_window_new (GtkWindow        *parent,
                               TetherHubControl *control)
{
  TetherPreferencesWindow *self;
  GSettings *settings;

  g_return_val_if_fail (GTK_IS_WINDOW (parent), NULL);
  g_return_val_if_fail (TETHER_IS_HUB_CONTROL (control), NULL);

  self = g_object_new (TETHER_TYPE_PREFERENCES_WINDOW,
                       "transient-for", parent,
                       "application", gtk_window_get_application (parent),
                       NULL);
  self->control = g_object_ref (control);
  settings = tether_hub_control_get_settings (control);

  g_settings_bind (settings, "hub-enabled", self->hub_switch, "active", G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (settings, "run-in-background", self->background_switch, "active", G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (settings, "run-at-login", self->login_switch, "active", G_SETTINGS_BIND_DEFAULT);
  tether_port_row_set_control (self->port_row, control);

  return self;
}
