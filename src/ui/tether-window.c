/* tether-window.c
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "tether-window"

#include "config.h"

#include <glib/gi18n.h>

#include "tether-window.h"

struct _TetherWindow
{
  AdwApplicationWindow  parent_instance;

  GSettings            *settings;

  /* Template widgets */
  AdwStatusPage        *empty_page;
};

G_DEFINE_FINAL_TYPE (TetherWindow, tether_window, ADW_TYPE_APPLICATION_WINDOW)

static void
tether_window_save_size (TetherWindow *self)
{
  int width;
  int height;

  gtk_window_get_default_size (GTK_WINDOW (self), &width, &height);

  g_settings_delay (self->settings);
  g_settings_set_boolean (self->settings, "window-maximized",
                          gtk_window_is_maximized (GTK_WINDOW (self)));
  if (!gtk_window_is_maximized (GTK_WINDOW (self)))
    {
      g_settings_set_int (self->settings, "window-width", width);
      g_settings_set_int (self->settings, "window-height", height);
    }
  g_settings_apply (self->settings);
}

static gboolean
tether_window_close_request (GtkWindow *window)
{
  tether_window_save_size (TETHER_WINDOW (window));

  return GTK_WINDOW_CLASS (tether_window_parent_class)->close_request (window);
}

static void
tether_window_dispose (GObject *object)
{
  TetherWindow *self = (TetherWindow *)object;

  gtk_widget_dispose_template (GTK_WIDGET (self), TETHER_TYPE_WINDOW);

  g_clear_object (&self->settings);

  G_OBJECT_CLASS (tether_window_parent_class)->dispose (object);
}

static void
tether_window_class_init (TetherWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GtkWindowClass *window_class = GTK_WINDOW_CLASS (klass);

  object_class->dispose = tether_window_dispose;

  window_class->close_request = tether_window_close_request;

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_BASE "/tether-window.ui");
  gtk_widget_class_bind_template_child (widget_class, TetherWindow, empty_page);
}

static void
tether_window_init (TetherWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  self->settings = g_settings_new (APP_ID);

  gtk_window_set_default_size (GTK_WINDOW (self),
                               g_settings_get_int (self->settings, "window-width"),
                               g_settings_get_int (self->settings, "window-height"));
  if (g_settings_get_boolean (self->settings, "window-maximized"))
    gtk_window_maximize (GTK_WINDOW (self));

  adw_status_page_set_icon_name (self->empty_page, BASE_APP_ID "-symbolic");

#if DEVELOPMENT_BUILD
  gtk_widget_add_css_class (GTK_WIDGET (self), "devel");
#endif
}

TetherWindow *
tether_window_new (TetherApplication *application)
{
  return g_object_new (TETHER_TYPE_WINDOW,
                       "application", application,
                       NULL);
}
