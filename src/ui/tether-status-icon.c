/* tether-status-icon.c — a server's state as a shape and a colour
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Each state has its own shape, so that it reads without colour: a filled
 * dot (connected), a spinner (connecting), a clock (waiting to retry), a
 * warning triangle (error), a ring (disabled), a ring with a bar (not
 * started). The colour comes from style.css through the state's CSS class.
 */

#define G_LOG_DOMAIN "tether-status-icon"

#include "config.h"

#include <glib/gi18n.h>

#include "tether-status-icon.h"

struct _TetherStatusIcon
{
  GtkWidget          parent_instance;

  TetherServerState  state;

  /* Template widgets */
  GtkImage          *image;
  GtkSpinner        *spinner;
  GtkStack          *stack;
};

G_DEFINE_FINAL_TYPE (TetherStatusIcon, tether_status_icon, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_STATE,
  PROP_ICON_NAME,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static const struct {
  const char *icon_name;
  const char *css_class;
} state_looks[] = {
  [TETHER_SERVER_STATE_DISABLED] = { "tether-state-disabled-symbolic", "state-disabled" },
  [TETHER_SERVER_STATE_DISCONNECTED] = { "tether-state-disconnected-symbolic", "state-disconnected" },
  [TETHER_SERVER_STATE_CONNECTING] = { NULL, "state-connecting" },
  [TETHER_SERVER_STATE_CONNECTED] = { "tether-state-connected-symbolic", "state-connected" },
  [TETHER_SERVER_STATE_WAITING] = { "tether-state-waiting-symbolic", "state-waiting" },
  [TETHER_SERVER_STATE_ERROR] = { "tether-state-error-symbolic", "state-error" },
  [TETHER_SERVER_STATE_SIGN_IN_REQUIRED] = { "tether-state-sign-in-symbolic", "state-sign-in" },
};

/**
 * tether_server_state_to_label:
 * @state: a state
 *
 * Returns: the state in one or two words, for screen readers and tooltips
 */
const char *
tether_server_state_to_label (TetherServerState state)
{
  switch (state)
    {
    case TETHER_SERVER_STATE_DISABLED:
      return _("Disabled");
    case TETHER_SERVER_STATE_DISCONNECTED:
      return _("Not connected");
    case TETHER_SERVER_STATE_CONNECTING:
      return _("Connecting");
    case TETHER_SERVER_STATE_CONNECTED:
      return _("Connected");
    case TETHER_SERVER_STATE_WAITING:
      return _("Waiting to retry");
    case TETHER_SERVER_STATE_ERROR:
      return _("Failed");
    case TETHER_SERVER_STATE_SIGN_IN_REQUIRED:
      return _("Sign-in required");
    default:
      g_return_val_if_reached (NULL);
    }
}

static void
tether_status_icon_update (TetherStatusIcon *self)
{
  const char *label = tether_server_state_to_label (self->state);

  for (guint i = 0; i < G_N_ELEMENTS (state_looks); i++)
    gtk_widget_remove_css_class (GTK_WIDGET (self), state_looks[i].css_class);
  gtk_widget_add_css_class (GTK_WIDGET (self), state_looks[self->state].css_class);

  if (self->state == TETHER_SERVER_STATE_CONNECTING)
    {
      gtk_stack_set_visible_child_name (self->stack, "spinner");
      gtk_spinner_start (self->spinner);
    }
  else
    {
      gtk_spinner_stop (self->spinner);
      gtk_image_set_from_icon_name (self->image, state_looks[self->state].icon_name);
      gtk_stack_set_visible_child_name (self->stack, "image");
    }

  gtk_widget_set_tooltip_text (GTK_WIDGET (self), label);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, label,
                                  -1);
}

static void
tether_status_icon_dispose (GObject *object)
{
  gtk_widget_dispose_template (GTK_WIDGET (object), TETHER_TYPE_STATUS_ICON);
  /* The template's outer box is not a bound child: unparent it too. */
  for (GtkWidget *child; (child = gtk_widget_get_first_child (GTK_WIDGET (object))) != NULL;)
    gtk_widget_unparent (child);

  G_OBJECT_CLASS (tether_status_icon_parent_class)->dispose (object);
}

static void
tether_status_icon_get_property (GObject    *object,
                                 guint       prop_id,
                                 GValue     *value,
                                 GParamSpec *pspec)
{
  TetherStatusIcon *self = TETHER_STATUS_ICON (object);

  switch (prop_id)
    {
    case PROP_STATE:
      g_value_set_enum (value, self->state);
      break;

    case PROP_ICON_NAME:
      g_value_set_string (value, tether_status_icon_get_icon_name (self));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tether_status_icon_set_property (GObject      *object,
                                 guint         prop_id,
                                 const GValue *value,
                                 GParamSpec   *pspec)
{
  TetherStatusIcon *self = TETHER_STATUS_ICON (object);

  switch (prop_id)
    {
    case PROP_STATE:
      tether_status_icon_set_state (self, g_value_get_enum (value));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tether_status_icon_class_init (TetherStatusIconClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = tether_status_icon_dispose;
  object_class->get_property = tether_status_icon_get_property;
  object_class->set_property = tether_status_icon_set_property;

  properties[PROP_STATE] =
    g_param_spec_enum ("state", NULL, NULL,
                       TETHER_TYPE_SERVER_STATE,
                       TETHER_SERVER_STATE_DISCONNECTED,
                       (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /* The icon shown, or NULL for the spinner (for tests). */
  properties[PROP_ICON_NAME] =
    g_param_spec_string ("icon-name", NULL, NULL,
                         NULL,
                         (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_BASE "/tether-status-icon.ui");
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "statusicon");
  gtk_widget_class_bind_template_child (widget_class, TetherStatusIcon, image);
  gtk_widget_class_bind_template_child (widget_class, TetherStatusIcon, spinner);
  gtk_widget_class_bind_template_child (widget_class, TetherStatusIcon, stack);
}

static void
tether_status_icon_init (TetherStatusIcon *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  self->state = TETHER_SERVER_STATE_DISCONNECTED;
  tether_status_icon_update (self);
}

TetherServerState
tether_status_icon_get_state (TetherStatusIcon *self)
{
  g_return_val_if_fail (TETHER_IS_STATUS_ICON (self), TETHER_SERVER_STATE_DISCONNECTED);

  return self->state;
}

void
tether_status_icon_set_state (TetherStatusIcon  *self,
                              TetherServerState  state)
{
  g_return_if_fail (TETHER_IS_STATUS_ICON (self));
  g_return_if_fail (state < G_N_ELEMENTS (state_looks));

  if (self->state == state)
    return;

  self->state = state;
  tether_status_icon_update (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_STATE]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ICON_NAME]);
}

const char *
tether_status_icon_get_icon_name (TetherStatusIcon *self)
{
  g_return_val_if_fail (TETHER_IS_STATUS_ICON (self), NULL);

  return state_looks[self->state].icon_name;
}
