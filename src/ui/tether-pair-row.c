/* tether-pair-row.c — a name and a value, for environment variables and headers
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The value may be a secret (a token, an API key), so it is hidden until the
 * user peeks. The row emits ::changed on every edit and ::remove when its
 * trash button is pressed; the dialog owns the list.
 */

#define G_LOG_DOMAIN "tether-pair-row"

#include "config.h"

#include <glib/gi18n.h>

#include "tether-pair-row.h"

struct _TetherPairRow
{
  AdwPreferencesRow  parent_instance;

  /* Template widgets */
  GtkEntry          *key_entry;
  GtkPasswordEntry  *value_entry;
};

G_DEFINE_FINAL_TYPE (TetherPairRow, tether_pair_row, ADW_TYPE_PREFERENCES_ROW)

enum {
  CHANGED,
  REMOVE,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void
changed_cb (TetherPairRow *self)
{
  g_signal_emit (self, signals[CHANGED], 0);
}

static void
remove_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  g_signal_emit (widget, signals[REMOVE], 0);
}

static void
tether_pair_row_dispose (GObject *object)
{
  gtk_widget_dispose_template (GTK_WIDGET (object), TETHER_TYPE_PAIR_ROW);

  G_OBJECT_CLASS (tether_pair_row_parent_class)->dispose (object);
}

static void
tether_pair_row_class_init (TetherPairRowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = tether_pair_row_dispose;

  signals[CHANGED] =
    g_signal_new ("changed",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 0);

  signals[REMOVE] =
    g_signal_new ("remove",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 0);

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_BASE "/tether-pair-row.ui");
  gtk_widget_class_bind_template_child (widget_class, TetherPairRow, key_entry);
  gtk_widget_class_bind_template_child (widget_class, TetherPairRow, value_entry);
  gtk_widget_class_bind_template_callback (widget_class, changed_cb);
  gtk_widget_class_install_action (widget_class, "pair.remove", NULL, remove_action);
}

static void
tether_pair_row_init (TetherPairRow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  gtk_entry_set_placeholder_text (self->key_entry, _("Name"));
  g_object_set (self->value_entry, "placeholder-text", _("Value"), NULL);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->key_entry),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Name"),
                                  -1);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->value_entry),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Value"),
                                  -1);
}

GtkWidget *
tether_pair_row_new (const char *key,
                     const char *value)
{
  TetherPairRow *self = g_object_new (TETHER_TYPE_PAIR_ROW, NULL);

  tether_pair_row_set_key (self, key);
  tether_pair_row_set_value (self, value);

  return GTK_WIDGET (self);
}

const char *
tether_pair_row_get_key (TetherPairRow *self)
{
  g_return_val_if_fail (TETHER_IS_PAIR_ROW (self), NULL);

  return gtk_editable_get_text (GTK_EDITABLE (self->key_entry));
}

void
tether_pair_row_set_key (TetherPairRow *self,
                         const char    *key)
{
  g_return_if_fail (TETHER_IS_PAIR_ROW (self));

  gtk_editable_set_text (GTK_EDITABLE (self->key_entry), key != NULL ? key : "");
}

const char *
tether_pair_row_get_value (TetherPairRow *self)
{
  g_return_val_if_fail (TETHER_IS_PAIR_ROW (self), NULL);

  return gtk_editable_get_text (GTK_EDITABLE (self->value_entry));
}

void
tether_pair_row_set_value (TetherPairRow *self,
                           const char    *value)
{
  g_return_if_fail (TETHER_IS_PAIR_ROW (self));

  gtk_editable_set_text (GTK_EDITABLE (self->value_entry), value != NULL ? value : "");
}

GtkWidget *
tether_pair_row_get_key_entry (TetherPairRow *self)
{
  g_return_val_if_fail (TETHER_IS_PAIR_ROW (self), NULL);

  return GTK_WIDGET (self->key_entry);
}
