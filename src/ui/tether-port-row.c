/* tether-port-row.c — the hub's port, to read and to change
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * An entry row showing `hub-port`; Apply moves the hub to what was typed,
 * and what is not a port is said in a toast (the preferences window's, or
 * the main window's through win.toast) and put back as it was.
 */

#define G_LOG_DOMAIN "tether-port-row"

#include "config.h"

#include <glib/gi18n.h>

#include "tether-port-row.h"

struct _TetherPortRow
{
  AdwEntryRow       parent_instance;

  TetherHubControl *control;
};

G_DEFINE_FINAL_TYPE (TetherPortRow, tether_port_row, ADW_TYPE_ENTRY_ROW)

static void
update (TetherPortRow *self)
{
  GSettings *settings = tether_hub_control_get_settings (self->control);
  g_autofree char *text = g_strdup_printf ("%u", g_settings_get_uint (settings, "hub-port"));

  gtk_editable_set_text (GTK_EDITABLE (self), text);
}

static void
apply_cb (TetherPortRow *self)
{
  g_autoptr(GError) error = NULL;
  GtkWidget *preferences;

  if (self->control == NULL ||
      tether_hub_control_set_port (self->control, gtk_editable_get_text (GTK_EDITABLE (self)), &error))
    return;

  preferences = gtk_widget_get_ancestor (GTK_WIDGET (self), ADW_TYPE_PREFERENCES_WINDOW);
  if (preferences != NULL)
    adw_preferences_window_add_toast (ADW_PREFERENCES_WINDOW (preferences), adw_toast_new (error->message));
  else
    gtk_widget_activate_action (GTK_WIDGET (self), "win.toast", "s", error->message);
  update (self);
}

static void
tether_port_row_dispose (GObject *object)
{
  TetherPortRow *self = (TetherPortRow *)object;

  if (self->control != NULL)
    g_signal_handlers_disconnect_by_data (tether_hub_control_get_settings (self->control), self);
  g_clear_object (&self->control);

  G_OBJECT_CLASS (tether_port_row_parent_class)->dispose (object);
}

static void
tether_port_row_class_init (TetherPortRowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = tether_port_row_dispose;
}

static void
tether_port_row_init (TetherPortRow *self)
{
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self), _("Port"));
  adw_entry_row_set_input_purpose (ADW_ENTRY_ROW (self), GTK_INPUT_PURPOSE_DIGITS);
  adw_entry_row_set_show_apply_button (ADW_ENTRY_ROW (self), TRUE);
  g_signal_connect (self, "apply", G_CALLBACK (apply_cb), NULL);
}

/**
 * tether_port_row_set_control:
 * @self: a #TetherPortRow
 * @control: the application's hub and its settings
 *
 * Shows and changes @control's port; given once.
 */
void
tether_port_row_set_control (TetherPortRow    *self,
                             TetherHubControl *control)
{
  g_return_if_fail (TETHER_IS_PORT_ROW (self));
  g_return_if_fail (TETHER_IS_HUB_CONTROL (control));
  g_return_if_fail (self->control == NULL);

  self->control = g_object_ref (control);
  g_signal_connect_object (tether_hub_control_get_settings (control), "changed::hub-port",
                           G_CALLBACK (update), self, G_CONNECT_SWAPPED);
  update (self);
}
