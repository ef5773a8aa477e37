/* tether-hub-control.c — the hub as the settings say
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The application's hub runs while `hub-enabled` is on, at `hub-port`.
 * This follows both keys live: switched off, the hub stops (its clients'
 * sessions end); switched on, or given another port, it (re)starts there.
 * A start that fails (most often: the port is taken by another program) is
 * kept as :error-message, for the window to show with a way out, and Tether
 * runs on without the hub.
 *
 * GIO only: nothing here needs GTK.
 */

#define G_LOG_DOMAIN "tether-hub-control"

#include "config.h"

#include <glib/gi18n.h>

#include "tether-hub-control.h"

struct _TetherHubControl
{
  GObject    parent_instance;

  TetherHub *hub;
  GSettings *settings;
  char      *error_message;
  guint      port_taken : 1;
};

G_DEFINE_FINAL_TYPE (TetherHubControl, tether_hub_control, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_ERROR_MESSAGE,
  PROP_PORT_TAKEN,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
set_error (TetherHubControl *self,
           const GError     *error)
{
  const char *message = error != NULL ? error->message : NULL;
  gboolean taken = g_error_matches (error, TETHER_HUB_ERROR, TETHER_HUB_ERROR_ADDRESS_IN_USE);

  /* Both change together, for those who watch either */
  g_object_freeze_notify (G_OBJECT (self));

  if (g_strcmp0 (message, self->error_message) != 0)
    {
      g_free (self->error_message);
      self->error_message = g_strdup (message);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ERROR_MESSAGE]);
    }

  if (self->port_taken != taken)
    {
      self->port_taken = taken;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PORT_TAKEN]);
    }

  g_object_thaw_notify (G_OBJECT (self));
}

static void
apply (TetherHubControl *self)
{
  g_autoptr(GError) error = NULL;
  gboolean enabled = g_settings_get_boolean (self->settings, "hub-enabled");
  guint port = g_settings_get_uint (self->settings, "hub-port");

  if (!enabled)
    {
      tether_hub_stop (self->hub);
      set_error (self, NULL);
      return;
    }

  if (tether_hub_get_running (self->hub))
    {
      if (tether_hub_get_port (self->hub) == port)
        return;

      /* Another port: clients keep the URL, so they must be told anew;
       * the sessions at the old one end. */
      g_debug ("moving the hub to port %u", port);
      tether_hub_stop (self->hub);
    }

  tether_hub_set_port (self->hub, port);
  if (!tether_hub_start (self->hub, &error))
    g_warning ("The hub is not running: %s", error->message);
  set_error (self, error);
}

static void
tether_hub_control_dispose (GObject *object)
{
  TetherHubControl *self = (TetherHubControl *)object;

  if (self->settings != NULL)
    g_signal_handlers_disconnect_by_data (self->settings, self);
  g_clear_object (&self->settings);
  g_clear_object (&self->hub);

  G_OBJECT_CLASS (tether_hub_control_parent_class)->dispose (object);
}

static void
tether_hub_control_finalize (GObject *object)
{
  TetherHubControl *self = (TetherHubControl *)object;

  g_clear_pointer (&self->error_message, g_free);

  G_OBJECT_CLASS (tether_hub_control_parent_class)->finalize (object);
}

static void
tether_hub_control_get_property (GObject    *object,
                                 guint       prop_id,
                                 GValue     *value,
                                 GParamSpec *pspec)
{
  TetherHubControl *self = TETHER_HUB_CONTROL (object);

  switch (prop_id)
    {
    case PROP_ERROR_MESSAGE:
      g_value_set_string (value, self->error_message);
      break;

    case PROP_PORT_TAKEN:
      g_value_set_boolean (value, self->port_taken);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tether_hub_control_class_init (TetherHubControlClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = tether_hub_control_dispose;
  object_class->finalize = tether_hub_control_finalize;
  object_class->get_property = tether_hub_control_get_property;

  /**
   * TetherHubControl:error-message:
   *
   * Why the hub is not running although it should, or %NULL.
   */
  properties[PROP_ERROR_MESSAGE] =
    g_param_spec_string ("error-message", NULL, NULL, NULL,
                         (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * TetherHubControl:port-taken:
   *
   * Whether the hub did not start because its port is in use.
   */
  properties[PROP_PORT_TAKEN] =
    g_param_spec_boolean ("port-taken", NULL, NULL, FALSE,
                          (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
tether_hub_control_init (TetherHubControl *self)
{
}

/**
 * tether_hub_control_new:
 * @hub: the application's hub
 * @settings: the application's settings (`hub-enabled`, `hub-port`)
 *
 * Starts @hub if the settings say so, and follows them from then on.
 *
 * Returns: (transfer full): a new #TetherHubControl
 */
TetherHubControl *
tether_hub_control_new (TetherHub *hub,
                        GSettings *settings)
{
  TetherHubControl *self;

  g_return_val_if_fail (TETHER_IS_HUB (hub), NULL);
  g_return_val_if_fail (G_IS_SETTINGS (settings), NULL);

  self = g_object_new (TETHER_TYPE_HUB_CONTROL, NULL);
  self->hub = g_object_ref (hub);
  self->settings = g_object_ref (settings);
  g_signal_connect_object (settings, "changed::hub-enabled", G_CALLBACK (apply), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (settings, "changed::hub-port", G_CALLBACK (apply), self, G_CONNECT_SWAPPED);
  apply (self);

  return self;
}

TetherHub *
tether_hub_control_get_hub (TetherHubControl *self)
{
  g_return_val_if_fail (TETHER_IS_HUB_CONTROL (self), NULL);

  return self->hub;
}

GSettings *
tether_hub_control_get_settings (TetherHubControl *self)
{
  g_return_val_if_fail (TETHER_IS_HUB_CONTROL (self), NULL);

  return self->settings;
}

const char *
tether_hub_control_get_error_message (TetherHubControl *self)
{
  g_return_val_if_fail (TETHER_IS_HUB_CONTROL (self), NULL);

  return self->error_message;
}

gboolean
tether_hub_control_get_port_taken (TetherHubControl *self)
{
  g_return_val_if_fail (TETHER_IS_HUB_CONTROL (self), FALSE);

  return self->port_taken;
}

/**
 * tether_hub_control_set_port:
 * @self: a #TetherHubControl
 * @text: what the user typed
 * @error: where to say why it is not a port
 *
 * Stores @text as `hub-port` if it is a port (1 to 65535, digits only); the
 * hub moves there.
 *
 * Returns: %TRUE if it was a port
 */
gboolean
tether_hub_control_set_port (TetherHubControl  *self,
                             const char        *text,
                             GError           **error)
{
  guint64 port = 0;
  g_autofree char *stripped = NULL;

  g_return_val_if_fail (TETHER_IS_HUB_CONTROL (self), FALSE);
  g_return_val_if_fail (text != NULL, FALSE);

  stripped = g_strstrip (g_strdup (text));
  if (!g_ascii_string_to_unsigned (stripped, 10, 1, 65535, &port, NULL))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   _("“%s” is not a port: give a number from 1 to 65535"), stripped);
      return FALSE;
    }

  g_settings_set_uint (self->settings, "hub-port", (guint)port);

  return TRUE;
}

/**
 * tether_hub_control_pick_free_port:
 * @self: a #TetherHubControl
 * @error: where to say why none was found
 *
 * Asks the system for a port of 127.0.0.1 that nothing listens on and moves
 * the hub there (`hub-port`).
 *
 * Returns: the port, or 0 on error
 */
guint
tether_hub_control_pick_free_port (TetherHubControl  *self,
                                   GError           **error)
{
  g_autoptr(GSocket) socket = NULL;
  g_autoptr(GInetAddress) loopback = NULL;
  g_autoptr(GSocketAddress) address = NULL;
  g_autoptr(GSocketAddress) bound = NULL;
  guint port;

  g_return_val_if_fail (TETHER_IS_HUB_CONTROL (self), 0);

  socket = g_socket_new (G_SOCKET_FAMILY_IPV4, G_SOCKET_TYPE_STREAM, G_SOCKET_PROTOCOL_TCP, error);
  if (socket == NULL)
    return 0;

  loopback = g_inet_address_new_loopback (G_SOCKET_FAMILY_IPV4);
  address = g_inet_socket_address_new (loopback, 0);
  if (!g_socket_bind (socket, address, FALSE, error))
    return 0;

  bound = g_socket_get_local_address (socket, error);
  if (bound == NULL)
    return 0;

  port = g_inet_socket_address_get_port (G_INET_SOCKET_ADDRESS (bound));
  g_socket_close (socket, NULL);

  g_settings_set_uint (self->settings, "hub-port", port);

  return port;
}
