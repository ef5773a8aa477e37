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

#include "mcp-secrets.h"
#include "tether-pair-row.h"
#include "tether-secret-move.h"

struct _TetherPairRow
{
  AdwPreferencesRow  parent_instance;

  /* Template widgets */
  GtkEntry          *key_entry;
  GtkPasswordEntry  *value_entry;
  GtkToggleButton   *secret_button;

  char              *stored;          /* a reference to the keyring, shown as such */
  gboolean           secret_touched;  /* the lock was set by hand */
  gboolean           setting;
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

/* A name that looks like a credential's turns the lock on, unless the user
 * set it by hand. */
static void
key_changed_cb (TetherPairRow *self)
{
  const char *key = gtk_editable_get_text (GTK_EDITABLE (self->key_entry));

  /* The row is a list item: a screen reader names it by its name */
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  *key != '\0' ? key : _("New entry"), -1);
  if (!self->secret_touched)
    {
      self->setting = TRUE;
      gtk_toggle_button_set_active (self->secret_button,
                                    mcp_secrets_name_is_secret (key));
      self->setting = FALSE;
    }
  changed_cb (self);
}

static void
secret_toggled_cb (TetherPairRow *self)
{
  if (!self->setting)
    self->secret_touched = TRUE;
  changed_cb (self);
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
  TetherPairRow *self = TETHER_PAIR_ROW (object);

  gtk_widget_dispose_template (GTK_WIDGET (object), TETHER_TYPE_PAIR_ROW);
  g_clear_pointer (&self->stored, g_free);

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
  gtk_widget_class_bind_template_child (widget_class, TetherPairRow, secret_button);
  gtk_widget_class_bind_template_callback (widget_class, changed_cb);
  gtk_widget_class_bind_template_callback (widget_class, key_changed_cb);
  gtk_widget_class_bind_template_callback (widget_class, secret_toggled_cb);
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
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL, _("New entry"), -1);
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

/**
 * tether_pair_row_get_value:
 * @self: a #TetherPairRow
 *
 * Returns: the value typed, or, while nothing is typed over it, the
 *   reference to the keyring the row was given
 */
const char *
tether_pair_row_get_value (TetherPairRow *self)
{
  const char *text;

  g_return_val_if_fail (TETHER_IS_PAIR_ROW (self), NULL);

  text = gtk_editable_get_text (GTK_EDITABLE (self->value_entry));
  if (*text == '\0' && self->stored != NULL)
    return self->stored;
  return text;
}

/**
 * tether_pair_row_set_value:
 * @self: a #TetherPairRow
 * @value: (nullable): the value
 *
 * A value that only refers to a secret in the keyring is never shown: the
 * row says "Stored in the keyring", and a value typed replaces it.
 */
void
tether_pair_row_set_value (TetherPairRow *self,
                           const char    *value)
{
  g_return_if_fail (TETHER_IS_PAIR_ROW (self));

  g_clear_pointer (&self->stored, g_free);
  if (tether_secret_move_is_reference (value))
    {
      self->stored = g_strdup (value);
      g_object_set (self->value_entry, "placeholder-text", _("Stored in the keyring"), NULL);
      gtk_editable_set_text (GTK_EDITABLE (self->value_entry), "");
      self->setting = TRUE;
      gtk_toggle_button_set_active (self->secret_button, TRUE);
      self->setting = FALSE;
      return;
    }
  g_object_set (self->value_entry, "placeholder-text", _("Value"), NULL);
  gtk_editable_set_text (GTK_EDITABLE (self->value_entry), value != NULL ? value : "");
}

/**
 * tether_pair_row_get_stored:
 * @self: a #TetherPairRow
 *
 * Returns: whether the value is a reference to the keyring that nothing
 *   typed replaces
 */
gboolean
tether_pair_row_get_stored (TetherPairRow *self)
{
  g_return_val_if_fail (TETHER_IS_PAIR_ROW (self), FALSE);

  return self->stored != NULL && *gtk_editable_get_text (GTK_EDITABLE (self->value_entry)) == '\0';
}

/**
 * tether_pair_row_get_secret:
 * @self: a #TetherPairRow
 *
 * Returns: whether the value goes to the keyring on Save: its name looks
 *   like a credential's, or the user turned the lock on
 */
gboolean
tether_pair_row_get_secret (TetherPairRow *self)
{
  g_return_val_if_fail (TETHER_IS_PAIR_ROW (self), FALSE);

  return gtk_toggle_button_get_active (self->secret_button);
}

void
tether_pair_row_set_secret (TetherPairRow *self,
                            gboolean       secret)
{
  g_return_if_fail (TETHER_IS_PAIR_ROW (self));

  self->secret_touched = TRUE;
  gtk_toggle_button_set_active (self->secret_button, secret);
}

GtkWidget *
tether_pair_row_get_key_entry (TetherPairRow *self)
{
  g_return_val_if_fail (TETHER_IS_PAIR_ROW (self), NULL);

  return GTK_WIDGET (self->key_entry);
}
