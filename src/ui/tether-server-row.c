/* tether-server-row.c — one server in the sidebar
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Name, state icon and live subtitle, all bound to the TetherServer; a
 * context menu (secondary click, long press, Menu key on the list) whose
 * items name the server, so the window's actions know which one is meant
 * whatever is selected.
 */

#define G_LOG_DOMAIN "tether-server-row"

#include "config.h"

#include <glib/gi18n.h>

#include "tether-accessible.h"
#include "tether-server-row.h"
#include "tether-status-icon.h"
#include "tether-status-label.h"
#include "tether-visible-text.h"
#include "tether-warning-label.h"

struct _TetherServerRow
{
  GtkWidget       parent_instance;

  TetherServer   *server;
  GtkPopoverMenu *menu_popover;   /* built when the menu first opens */

  /* Template widgets */
  GtkWidget      *box;
  GtkLabel       *name_label;
  GtkWidget      *status_icon;
  GtkWidget      *status_label;
  GtkWidget      *sign_in_button;
};

G_DEFINE_FINAL_TYPE (TetherServerRow, tether_server_row, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_SERVER,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
append_item (GMenu      *section,
             const char *label,
             const char *action,
             const char *name)
{
  g_autoptr(GMenuItem) item = g_menu_item_new (label, NULL);

  g_menu_item_set_action_and_target_value (item, action, g_variant_new_string (name));
  g_menu_append_item (section, item);
}

/* The menu is made when it opens, so "Enable" or "Disable" is current. */
static GMenuModel *
build_menu (TetherServerRow *self)
{
  GMenu *menu = g_menu_new ();
  g_autoptr(GMenu) first = g_menu_new ();
  g_autoptr(GMenu) second = g_menu_new ();
  g_autoptr(GMenu) third = g_menu_new ();
  const char *name = tether_server_get_name (self->server);
  gboolean enabled = tether_server_config_get_enabled (tether_server_get_config (self->server));

  append_item (first, _("_Reconnect"), "win.reconnect-server", name);
  if (enabled)
    append_item (first, _("_Disable"), "win.disable-server", name);
  else
    append_item (first, _("_Enable"), "win.enable-server", name);
  append_item (second, _("_Edit…"), "win.edit-server", name);
  append_item (second, _("_Copy Diagnostics"), "win.copy-server-diagnostics", name);
  append_item (third, _("_Remove"), "win.remove-server", name);

  g_menu_append_section (menu, NULL, G_MENU_MODEL (first));
  g_menu_append_section (menu, NULL, G_MENU_MODEL (second));
  g_menu_append_section (menu, NULL, G_MENU_MODEL (third));

  return G_MENU_MODEL (menu);
}

/**
 * tether_server_row_popup_menu:
 * @self: a #TetherServerRow
 * @x: where, in the row's coordinates, or -1 for the row itself
 * @y: where, or -1
 *
 * Opens the row's context menu.
 */
void
tether_server_row_popup_menu (TetherServerRow *self,
                              double           x,
                              double           y)
{
  g_autoptr(GMenuModel) menu = NULL;

  g_return_if_fail (TETHER_IS_SERVER_ROW (self));

  if (self->server == NULL)
    return;

  /* Built on first use: a popover menu is a few dozen widgets, and a
   * sidebar of many servers rarely opens more than one. */
  if (self->menu_popover == NULL)
    {
      self->menu_popover = GTK_POPOVER_MENU (gtk_popover_menu_new_from_model (NULL));
      gtk_popover_set_has_arrow (GTK_POPOVER (self->menu_popover), FALSE);
      gtk_widget_set_halign (GTK_WIDGET (self->menu_popover), GTK_ALIGN_START);
      gtk_widget_set_parent (GTK_WIDGET (self->menu_popover), GTK_WIDGET (self));
    }

  menu = build_menu (self);
  gtk_popover_menu_set_menu_model (self->menu_popover, menu);

  if (x >= 0 && y >= 0)
    gtk_popover_set_pointing_to (GTK_POPOVER (self->menu_popover),
                                 &(GdkRectangle) { (int)x, (int)y, 1, 1 });
  else
    gtk_popover_set_pointing_to (GTK_POPOVER (self->menu_popover), NULL);

  gtk_popover_popup (GTK_POPOVER (self->menu_popover));
}

static void
secondary_pressed_cb (TetherServerRow *self,
                      int              n_press,
                      double           x,
                      double           y,
                      GtkGesture      *gesture)
{
  gtk_gesture_set_state (gesture, GTK_EVENT_SEQUENCE_CLAIMED);
  tether_server_row_popup_menu (self, x, y);
}

static void
long_pressed_cb (TetherServerRow *self,
                 double           x,
                 double           y,
                 GtkGesture      *gesture)
{
  gtk_gesture_set_state (gesture, GTK_EVENT_SEQUENCE_CLAIMED);
  tether_server_row_popup_menu (self, x, y);
}

/* A credential that would cross the network in clear is said on the row. */
static char *
cleartext_warning_cb (TetherServerRow    *self,
                      TetherServerConfig *config)
{
  if (config == NULL)
    return NULL;

  return tether_server_config_dup_cleartext_warning (config);
}

static gboolean
sign_in_visible_cb (TetherServerRow   *self,
                    TetherServerState  state)
{
  return state == TETHER_SERVER_STATE_SIGN_IN_REQUIRED;
}

static void
tether_server_row_update_accessible (TetherServerRow *self)
{
  g_autofree char *label = NULL;
  g_autofree char *name = NULL;

  if (self->server == NULL)
    return;

  /* Name and state in one phrase, since the row is read as one item. */
  name = tether_visible_text (tether_server_get_name (self->server));
  /* Translators: a server in the sidebar as a screen reader reads it: its
   * name, then its state (such as “Connected · 12 tools”) */
  label = g_strdup_printf (C_("accessible name of a server", "%s, %s"), name,
                           tether_status_label_get_text (TETHER_STATUS_LABEL (self->status_label)));
  tether_accessible_set_row_label (GTK_WIDGET (self), label);
}

static void
tether_server_row_dispose (GObject *object)
{
  TetherServerRow *self = (TetherServerRow *)object;

  if (self->menu_popover != NULL)
    {
      gtk_widget_unparent (GTK_WIDGET (self->menu_popover));
      self->menu_popover = NULL;
    }
  gtk_widget_dispose_template (GTK_WIDGET (self), TETHER_TYPE_SERVER_ROW);
  /* The template's outer box is not a bound child: unparent it too. */
  for (GtkWidget *child; (child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL;)
    gtk_widget_unparent (child);

  g_clear_object (&self->server);

  G_OBJECT_CLASS (tether_server_row_parent_class)->dispose (object);
}

static void
tether_server_row_get_property (GObject    *object,
                                guint       prop_id,
                                GValue     *value,
                                GParamSpec *pspec)
{
  TetherServerRow *self = TETHER_SERVER_ROW (object);

  switch (prop_id)
    {
    case PROP_SERVER:
      g_value_set_object (value, self->server);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tether_server_row_set_property (GObject      *object,
                                guint         prop_id,
                                const GValue *value,
                                GParamSpec   *pspec)
{
  TetherServerRow *self = TETHER_SERVER_ROW (object);

  switch (prop_id)
    {
    case PROP_SERVER:
      tether_server_row_set_server (self, g_value_get_object (value));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tether_server_row_class_init (TetherServerRowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = tether_server_row_dispose;
  object_class->get_property = tether_server_row_get_property;
  object_class->set_property = tether_server_row_set_property;

  properties[PROP_SERVER] =
    g_param_spec_object ("server", NULL, NULL,
                         TETHER_TYPE_SERVER,
                         (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_BASE "/tether-server-row.ui");
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "serverrow");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
  gtk_widget_class_bind_template_child (widget_class, TetherServerRow, box);
  gtk_widget_class_bind_template_child (widget_class, TetherServerRow, name_label);
  gtk_widget_class_bind_template_child (widget_class, TetherServerRow, status_icon);
  gtk_widget_class_bind_template_child (widget_class, TetherServerRow, status_label);
  gtk_widget_class_bind_template_child (widget_class, TetherServerRow, sign_in_button);
  gtk_widget_class_bind_template_callback (widget_class, cleartext_warning_cb);
  gtk_widget_class_bind_template_callback (widget_class, long_pressed_cb);
  gtk_widget_class_bind_template_callback (widget_class, secondary_pressed_cb);
  gtk_widget_class_bind_template_callback (widget_class, sign_in_visible_cb);
  gtk_widget_class_bind_template_callback (widget_class, tether_visible_text_closure);

  g_type_ensure (TETHER_TYPE_STATUS_ICON);
  g_type_ensure (TETHER_TYPE_STATUS_LABEL);
  g_type_ensure (TETHER_TYPE_WARNING_LABEL);
}

static void
tether_server_row_init (TetherServerRow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  g_signal_connect_object (self->status_label, "notify::text",
                           G_CALLBACK (tether_server_row_update_accessible), self,
                           G_CONNECT_SWAPPED);
}

TetherServer *
tether_server_row_get_server (TetherServerRow *self)
{
  g_return_val_if_fail (TETHER_IS_SERVER_ROW (self), NULL);

  return self->server;
}

void
tether_server_row_set_server (TetherServerRow *self,
                              TetherServer    *server)
{
  g_return_if_fail (TETHER_IS_SERVER_ROW (self));

  if (!g_set_object (&self->server, server))
    return;

  /* The button names its server, whatever row is selected */
  if (server != NULL)
    {
      gtk_actionable_set_action_target (GTK_ACTIONABLE (self->sign_in_button), "s",
                                        tether_server_get_name (server));
      gtk_actionable_set_action_name (GTK_ACTIONABLE (self->sign_in_button), "win.sign-in-server");
    }
  tether_server_row_update_accessible (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SERVER]);
}
