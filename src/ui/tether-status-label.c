/* tether-status-label.c — a server's state in words, kept current
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The words come from tether_server_dup_status_text(); this widget only
 * knows when to ask again: on every change of the properties the text is
 * made of, when the tool list changes, and once a second while a server
 * waits to retry ("Retrying in 4 s", "… 3 s").
 */

#define G_LOG_DOMAIN "tether-status-label"

#include "config.h"

#include "tether-status-label.h"
#include "tether-visible-text.h"

struct _TetherStatusLabel
{
  GtkWidget     parent_instance;

  TetherServer *server;
  GSignalGroup *server_signals;
  GSignalGroup *tools_signals;
  GtkLabel     *label;
  guint         tick_id;
  guint         update_id;
  guint         compact : 1;
};

G_DEFINE_FINAL_TYPE (TetherStatusLabel, tether_status_label, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_SERVER,
  PROP_TEXT,
  PROP_COMPACT,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void tether_status_label_update (TetherStatusLabel *self);

static gboolean
update_idle_cb (gpointer user_data)
{
  TetherStatusLabel *self = user_data;

  self->update_id = 0;
  tether_status_label_update (self);

  return G_SOURCE_REMOVE;
}

/* A change of state comes as several notifications in a row (attempt, then
 * state…): show only where they end, before the next frame is drawn. */
static void
tether_status_label_queue_update (TetherStatusLabel *self)
{
  if (self->update_id == 0)
    self->update_id = g_idle_add_full (G_PRIORITY_HIGH_IDLE, update_idle_cb, self, NULL);
}

static gboolean
tick_cb (gpointer user_data)
{
  TetherStatusLabel *self = user_data;

  self->tick_id = 0;
  tether_status_label_update (self);

  return G_SOURCE_REMOVE;
}

static void
tether_status_label_update (TetherStatusLabel *self)
{
  g_autofree char *text = NULL;
  gint64 now = g_get_monotonic_time ();

  g_clear_handle_id (&self->tick_id, g_source_remove);
  g_clear_handle_id (&self->update_id, g_source_remove);

  /* "Failed: …" carries what the server said: shown, never obeyed. */
  if (self->server != NULL)
    {
      g_autofree char *status = tether_server_dup_status_text (self->server, now);

      text = tether_visible_text (status);
    }

  if (g_strcmp0 (text, gtk_label_get_label (self->label)) != 0)
    {
      gtk_label_set_label (self->label, text != NULL ? text : "");
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TEXT]);
    }

  /* Count down to the next whole second of the wait. */
  if (self->server != NULL &&
      tether_server_get_state (self->server) == TETHER_SERVER_STATE_WAITING)
    {
      gint64 remaining = tether_server_get_retry_at (self->server) - now;

      /* In the last second the state changes before "0 s" would show. */
      if (remaining > G_USEC_PER_SEC)
        {
          guint delay_ms = (guint)(((remaining - 1) % G_USEC_PER_SEC) / 1000) + 1;

          self->tick_id = g_timeout_add (delay_ms, tick_cb, self);
        }
    }
}

static void
tether_status_label_dispose (GObject *object)
{
  TetherStatusLabel *self = (TetherStatusLabel *)object;

  g_clear_handle_id (&self->tick_id, g_source_remove);
  g_clear_handle_id (&self->update_id, g_source_remove);
  if (self->server_signals != NULL)
    g_signal_group_set_target (self->server_signals, NULL);
  if (self->tools_signals != NULL)
    g_signal_group_set_target (self->tools_signals, NULL);
  g_clear_object (&self->server_signals);
  g_clear_object (&self->tools_signals);
  g_clear_object (&self->server);
  if (self->label != NULL)
    {
      gtk_widget_unparent (GTK_WIDGET (self->label));
      self->label = NULL;
    }

  G_OBJECT_CLASS (tether_status_label_parent_class)->dispose (object);
}

static void
tether_status_label_get_property (GObject    *object,
                                  guint       prop_id,
                                  GValue     *value,
                                  GParamSpec *pspec)
{
  TetherStatusLabel *self = TETHER_STATUS_LABEL (object);

  switch (prop_id)
    {
    case PROP_SERVER:
      g_value_set_object (value, self->server);
      break;

    case PROP_TEXT:
      g_value_set_string (value, tether_status_label_get_text (self));
      break;

    case PROP_COMPACT:
      g_value_set_boolean (value, self->compact);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tether_status_label_set_property (GObject      *object,
                                  guint         prop_id,
                                  const GValue *value,
                                  GParamSpec   *pspec)
{
  TetherStatusLabel *self = TETHER_STATUS_LABEL (object);

  switch (prop_id)
    {
    case PROP_SERVER:
      tether_status_label_set_server (self, g_value_get_object (value));
      break;

    case PROP_COMPACT:
      tether_status_label_set_compact (self, g_value_get_boolean (value));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tether_status_label_class_init (TetherStatusLabelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = tether_status_label_dispose;
  object_class->get_property = tether_status_label_get_property;
  object_class->set_property = tether_status_label_set_property;

  properties[PROP_SERVER] =
    g_param_spec_object ("server", NULL, NULL,
                         TETHER_TYPE_SERVER,
                         (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  properties[PROP_TEXT] =
    g_param_spec_string ("text", NULL, NULL,
                         NULL,
                         (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /* One line, ellipsized (a list row); otherwise wrapped and selectable. */
  properties[PROP_COMPACT] =
    g_param_spec_boolean ("compact", NULL, NULL,
                          FALSE,
                          (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "statuslabel");
}

static void
tether_status_label_init (TetherStatusLabel *self)
{
  static const char *notifies[] = {
    "notify::state", "notify::attempt", "notify::attempts", "notify::retry-at",
    "notify::error-message", "notify::busy",
  };

  self->label = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_xalign (self->label, 0.0f);
  gtk_widget_set_parent (GTK_WIDGET (self->label), GTK_WIDGET (self));
  tether_status_label_set_compact (self, TRUE);
  self->compact = TRUE;

  self->server_signals = g_signal_group_new (TETHER_TYPE_SERVER);
  for (guint i = 0; i < G_N_ELEMENTS (notifies); i++)
    g_signal_group_connect_swapped (self->server_signals, notifies[i],
                                    G_CALLBACK (tether_status_label_queue_update), self);

  self->tools_signals = g_signal_group_new (G_TYPE_LIST_MODEL);
  g_signal_group_connect_swapped (self->tools_signals, "items-changed",
                                  G_CALLBACK (tether_status_label_queue_update), self);
}

TetherServer *
tether_status_label_get_server (TetherStatusLabel *self)
{
  g_return_val_if_fail (TETHER_IS_STATUS_LABEL (self), NULL);

  return self->server;
}

void
tether_status_label_set_server (TetherStatusLabel *self,
                                TetherServer      *server)
{
  g_return_if_fail (TETHER_IS_STATUS_LABEL (self));
  g_return_if_fail (server == NULL || TETHER_IS_SERVER (server));

  if (!g_set_object (&self->server, server))
    return;

  g_signal_group_set_target (self->server_signals, server);
  g_signal_group_set_target (self->tools_signals,
                             server != NULL ? tether_server_get_tools (server) : NULL);
  tether_status_label_update (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SERVER]);
}

const char *
tether_status_label_get_text (TetherStatusLabel *self)
{
  g_return_val_if_fail (TETHER_IS_STATUS_LABEL (self), NULL);

  return gtk_label_get_label (self->label);
}

gboolean
tether_status_label_get_compact (TetherStatusLabel *self)
{
  g_return_val_if_fail (TETHER_IS_STATUS_LABEL (self), FALSE);

  return self->compact;
}

void
tether_status_label_set_compact (TetherStatusLabel *self,
                                 gboolean           compact)
{
  g_return_if_fail (TETHER_IS_STATUS_LABEL (self));

  compact = !!compact;

  gtk_label_set_ellipsize (self->label, compact ? PANGO_ELLIPSIZE_END : PANGO_ELLIPSIZE_NONE);
  gtk_label_set_wrap (self->label, !compact);
  gtk_label_set_wrap_mode (self->label, PANGO_WRAP_WORD_CHAR);
  gtk_label_set_single_line_mode (self->label, compact);
  gtk_label_set_selectable (self->label, !compact);

  if (self->compact == compact)
    return;

  self->compact = compact;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_COMPACT]);
}
