/* tether-log-row.c — one line of a server's log
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Time, a mark for what kind of line it is (the server's standard error,
 * an event of Tether or the protocol, a failure, a message the server sent)
 * and the text. The kind shows as an icon with an accessible name as well as
 * a colour.
 */

#define G_LOG_DOMAIN "tether-log-row"

#include "config.h"

#include <glib/gi18n.h>

#include "tether-accessible.h"
#include "tether-log-row.h"
#include "tether-text.h"

struct _TetherLogRow
{
  GtkWidget       parent_instance;

  TetherLogEntry *entry;

  /* Template widgets */
  GtkImage       *kind_image;
  GtkLabel       *text_label;
  GtkLabel       *time_label;
};

G_DEFINE_FINAL_TYPE (TetherLogRow, tether_log_row, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_ENTRY,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static const struct {
  const char *css_class;
  const char *icon_name;
} kind_looks[] = {
  [TETHER_LOG_KIND_STDERR] = { "log-stderr", "tether-log-stderr-symbolic" },
  [TETHER_LOG_KIND_EVENT] = { "log-event", "tether-log-event-symbolic" },
  [TETHER_LOG_KIND_ERROR] = { "log-error", "tether-state-error-symbolic" },
  [TETHER_LOG_KIND_SERVER] = { "log-server", "tether-log-message-symbolic" },
};

static const char *
kind_to_label (TetherLogKind kind)
{
  switch (kind)
    {
    case TETHER_LOG_KIND_STDERR:
      return _("Standard error");
    case TETHER_LOG_KIND_EVENT:
      return _("Event");
    case TETHER_LOG_KIND_ERROR:
      return _("Error");
    case TETHER_LOG_KIND_SERVER:
      return _("Server message");
    default:
      return "";
    }
}

static void
tether_log_row_update (TetherLogRow *self)
{
  g_autofree char *time = NULL;
  g_autofree char *text = NULL;
  g_autofree char *spoken = NULL;
  TetherLogKind kind = TETHER_LOG_KIND_EVENT;

  if (self->entry != NULL)
    {
      kind = tether_log_entry_get_kind (self->entry);
      time = tether_log_entry_format_time (self->entry);
    }
  if (kind >= G_N_ELEMENTS (kind_looks))
    kind = TETHER_LOG_KIND_EVENT;

  /* What the server wrote is shown, never obeyed; a line of its standard
   * error is one line, whatever it holds. */
  if (self->entry != NULL)
    text = tether_text_make_visible (tether_log_entry_get_text (self->entry), -1,
                                     kind == TETHER_LOG_KIND_STDERR ? TETHER_TEXT_SINGLE_LINE
                                                                    : TETHER_TEXT_MULTI_LINE);

  gtk_label_set_label (self->time_label, time != NULL ? time : "");
  gtk_label_set_label (self->text_label, text != NULL ? text : "");

  for (guint i = 0; i < G_N_ELEMENTS (kind_looks); i++)
    gtk_widget_remove_css_class (GTK_WIDGET (self), kind_looks[i].css_class);
  gtk_widget_add_css_class (GTK_WIDGET (self), kind_looks[kind].css_class);

  gtk_image_set_from_icon_name (self->kind_image, kind_looks[kind].icon_name);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->kind_image), kind_to_label (kind));
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->kind_image),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, kind_to_label (kind),
                                  -1);

  /* The line is read as one item, the focus being on the list item. */
  /* Translators: a line of a server's log as a screen reader reads it: its
   * kind (such as “Standard error”), its time, then its text */
  spoken = g_strdup_printf (_("%1$s at %2$s: %3$s"), kind_to_label (kind),
                            time != NULL ? time : "", text != NULL ? text : "");
  tether_accessible_set_row_label (GTK_WIDGET (self), spoken);
}

static void
tether_log_row_dispose (GObject *object)
{
  TetherLogRow *self = (TetherLogRow *)object;

  gtk_widget_dispose_template (GTK_WIDGET (self), TETHER_TYPE_LOG_ROW);
  /* The template's outer box is not a bound child: unparent it too. */
  for (GtkWidget *child; (child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL;)
    gtk_widget_unparent (child);

  g_clear_object (&self->entry);

  G_OBJECT_CLASS (tether_log_row_parent_class)->dispose (object);
}

static void
tether_log_row_get_property (GObject    *object,
                             guint       prop_id,
                             GValue     *value,
                             GParamSpec *pspec)
{
  TetherLogRow *self = TETHER_LOG_ROW (object);

  switch (prop_id)
    {
    case PROP_ENTRY:
      g_value_set_object (value, self->entry);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tether_log_row_set_property (GObject      *object,
                             guint         prop_id,
                             const GValue *value,
                             GParamSpec   *pspec)
{
  TetherLogRow *self = TETHER_LOG_ROW (object);

  switch (prop_id)
    {
    case PROP_ENTRY:
      tether_log_row_set_entry (self, g_value_get_object (value));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tether_log_row_class_init (TetherLogRowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = tether_log_row_dispose;
  object_class->get_property = tether_log_row_get_property;
  object_class->set_property = tether_log_row_set_property;

  properties[PROP_ENTRY] =
    g_param_spec_object ("entry", NULL, NULL,
                         TETHER_TYPE_LOG_ENTRY,
                         (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_BASE "/tether-log-row.ui");
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "logrow");
  gtk_widget_class_bind_template_child (widget_class, TetherLogRow, kind_image);
  gtk_widget_class_bind_template_child (widget_class, TetherLogRow, text_label);
  gtk_widget_class_bind_template_child (widget_class, TetherLogRow, time_label);
}

static void
tether_log_row_init (TetherLogRow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

TetherLogEntry *
tether_log_row_get_entry (TetherLogRow *self)
{
  g_return_val_if_fail (TETHER_IS_LOG_ROW (self), NULL);

  return self->entry;
}

void
tether_log_row_set_entry (TetherLogRow   *self,
                          TetherLogEntry *entry)
{
  g_return_if_fail (TETHER_IS_LOG_ROW (self));

  if (!g_set_object (&self->entry, entry))
    return;

  tether_log_row_update (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ENTRY]);
}
