/* tether-config-banner.c — the configuration file on disk cannot be used
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Shown while TetherConfigStore:error is set: where the file is wrong (line
 * and column), that Tether runs on the last good configuration, and a button
 * that opens the file. libadwaita 1.2 has no AdwBanner: a revealer it is.
 */

#define G_LOG_DOMAIN "tether-config-banner"

#include "config.h"

#include <glib/gi18n.h>

#include "tether-config-banner.h"
#include "tether-config-error.h"
#include "tether-visible-text.h"

struct _TetherConfigBanner
{
  GtkWidget          parent_instance;

  TetherConfigStore *store;
  GSignalGroup      *store_signals;

  /* Template widgets */
  GtkWidget         *content;
  GtkLabel          *message_label;
  GtkRevealer       *revealer;
  GtkLabel          *title_label;
};

G_DEFINE_FINAL_TYPE (TetherConfigBanner, tether_config_banner, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_STORE,
  PROP_REVEALED,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
tether_config_banner_update (TetherConfigBanner *self)
{
  const GError *error = NULL;
  gboolean was_revealed = gtk_revealer_get_reveal_child (self->revealer);

  if (self->store != NULL)
    error = tether_config_store_get_error (self->store);

  if (error != NULL)
    {
      g_autofree char *title = NULL;
      g_autofree char *message = tether_visible_lines (error->message);
      guint line = tether_config_error_get_line (error);
      guint column = tether_config_error_get_column (error);

      if (line > 0)
        /* Translators: the configuration file has a mistake at this line and column */
        title = g_strdup_printf (_("The configuration file has an error at line %u, column %u"),
                                 line, column);
      else
        title = g_strdup (_("The configuration file cannot be used"));

      gtk_label_set_label (self->title_label, title);
      gtk_label_set_label (self->message_label, message);
      gtk_widget_set_tooltip_text (GTK_WIDGET (self->message_label),
                                   _("Tether goes on with the last configuration that worked. "
                                     "Changes cannot be saved until the file is fixed."));
      gtk_widget_set_visible (self->content, TRUE);
    }

  gtk_revealer_set_reveal_child (self->revealer, error != NULL);

  if (was_revealed != (error != NULL))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_REVEALED]);
}

/* Out of sight is out of a screen reader's reach too: the banner's content
 * is hidden once it has slid up, and shown before it slides down. */
static void
child_revealed_cb (TetherConfigBanner *self)
{
  if (!gtk_revealer_get_reveal_child (self->revealer) && !gtk_revealer_get_child_revealed (self->revealer))
    gtk_widget_set_visible (self->content, FALSE);
}

static void
open_clicked_cb (TetherConfigBanner *self)
{
  g_autofree char *uri = NULL;
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));

  if (self->store == NULL)
    return;

  uri = g_file_get_uri (tether_config_store_get_file (self->store));
  gtk_show_uri (GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL, uri, GDK_CURRENT_TIME);
}

static void
tether_config_banner_dispose (GObject *object)
{
  TetherConfigBanner *self = (TetherConfigBanner *)object;

  if (self->store_signals != NULL)
    g_signal_group_set_target (self->store_signals, NULL);

  gtk_widget_dispose_template (GTK_WIDGET (self), TETHER_TYPE_CONFIG_BANNER);
  /* The template's outer box is not a bound child: unparent it too. */
  for (GtkWidget *child; (child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL;)
    gtk_widget_unparent (child);

  g_clear_object (&self->store_signals);
  g_clear_object (&self->store);

  G_OBJECT_CLASS (tether_config_banner_parent_class)->dispose (object);
}

static void
tether_config_banner_get_property (GObject    *object,
                                   guint       prop_id,
                                   GValue     *value,
                                   GParamSpec *pspec)
{
  TetherConfigBanner *self = TETHER_CONFIG_BANNER (object);

  switch (prop_id)
    {
    case PROP_STORE:
      g_value_set_object (value, self->store);
      break;

    case PROP_REVEALED:
      g_value_set_boolean (value, tether_config_banner_get_revealed (self));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tether_config_banner_set_property (GObject      *object,
                                   guint         prop_id,
                                   const GValue *value,
                                   GParamSpec   *pspec)
{
  TetherConfigBanner *self = TETHER_CONFIG_BANNER (object);

  switch (prop_id)
    {
    case PROP_STORE:
      tether_config_banner_set_store (self, g_value_get_object (value));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tether_config_banner_class_init (TetherConfigBannerClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = tether_config_banner_dispose;
  object_class->get_property = tether_config_banner_get_property;
  object_class->set_property = tether_config_banner_set_property;

  properties[PROP_STORE] =
    g_param_spec_object ("store", NULL, NULL,
                         TETHER_TYPE_CONFIG_STORE,
                         (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  properties[PROP_REVEALED] =
    g_param_spec_boolean ("revealed", NULL, NULL,
                          FALSE,
                          (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_BASE "/tether-config-banner.ui");
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "configbanner");
  gtk_widget_class_bind_template_child (widget_class, TetherConfigBanner, content);
  gtk_widget_class_bind_template_child (widget_class, TetherConfigBanner, message_label);
  gtk_widget_class_bind_template_child (widget_class, TetherConfigBanner, revealer);
  gtk_widget_class_bind_template_child (widget_class, TetherConfigBanner, title_label);
  gtk_widget_class_bind_template_callback (widget_class, open_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, child_revealed_cb);
}

static void
tether_config_banner_init (TetherConfigBanner *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  self->store_signals = g_signal_group_new (TETHER_TYPE_CONFIG_STORE);
  g_signal_group_connect_swapped (self->store_signals, "notify::error",
                                  G_CALLBACK (tether_config_banner_update), self);
}

TetherConfigStore *
tether_config_banner_get_store (TetherConfigBanner *self)
{
  g_return_val_if_fail (TETHER_IS_CONFIG_BANNER (self), NULL);

  return self->store;
}

void
tether_config_banner_set_store (TetherConfigBanner *self,
                                TetherConfigStore  *store)
{
  g_return_if_fail (TETHER_IS_CONFIG_BANNER (self));

  if (!g_set_object (&self->store, store))
    return;

  g_signal_group_set_target (self->store_signals, store);
  tether_config_banner_update (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_STORE]);
}

gboolean
tether_config_banner_get_revealed (TetherConfigBanner *self)
{
  g_return_val_if_fail (TETHER_IS_CONFIG_BANNER (self), FALSE);

  return gtk_revealer_get_reveal_child (self->revealer);
}

const char *
tether_config_banner_get_title (TetherConfigBanner *self)
{
  g_return_val_if_fail (TETHER_IS_CONFIG_BANNER (self), NULL);

  return gtk_label_get_label (self->title_label);
}
