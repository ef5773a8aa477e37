/* tether-import-sources-dialog.c — Import from…
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The configuration files of the AI clients found on this computer
 * (tether_config_import_discover_async()), each with its client, its path
 * and how many servers it holds; one that could not be read says why.
 * Choosing one emits ::chosen with its file, for the window to preview it.
 */

#define G_LOG_DOMAIN "tether-import-sources-dialog"

#include "config.h"

#include <glib/gi18n.h>

#include "tether-accessible.h"
#include "tether-import-sources-dialog.h"
#include "tether-visible-text.h"

struct _TetherImportSourcesDialog
{
  AdwWindow            parent_instance;

  TetherConfigImport  *importer;
  GCancellable        *cancellable;
  GListModel          *sources;

  /* Template widgets */
  AdwStatusPage       *empty_page;
  AdwPreferencesGroup *sources_group;
  GtkSpinner          *spinner;
  GtkStack            *stack;
};

G_DEFINE_FINAL_TYPE (TetherImportSourcesDialog, tether_import_sources_dialog, ADW_TYPE_WINDOW)

enum {
  PROP_0,
  PROP_SOURCES,
  N_PROPS
};

enum {
  CHOSEN,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

static void
row_activated_cb (TetherImportSourcesDialog *self,
                  AdwActionRow              *row)
{
  TetherImportSource *source = g_object_get_data (G_OBJECT (row), "source");

  g_signal_emit (self, signals[CHOSEN], 0, tether_import_source_get_file (source));
}

static GtkWidget *
new_source_row (TetherImportSourcesDialog *self,
                TetherImportSource        *source)
{
  GtkWidget *row = adw_action_row_new ();
  g_autofree char *error = tether_visible_text (tether_import_source_get_error_message (source));
  guint n_servers = tether_import_source_get_n_servers (source);
  g_autofree char *path = g_file_get_path (tether_import_source_get_file (source));
  g_autofree char *shown_path = tether_visible_text (path);
  g_autofree char *subtitle = NULL;
  g_autofree char *count = NULL;
  GtkWidget *label;

  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), tether_import_source_get_client (source));
  gtk_widget_set_name (row, path);

  if (error != NULL)
    subtitle = g_strdup_printf ("%s\n%s", shown_path, error);
  else
    subtitle = g_strdup (shown_path);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
  adw_action_row_set_subtitle_lines (ADW_ACTION_ROW (row), 0);

  if (error != NULL)
    {
      GtkWidget *icon = gtk_image_new_from_icon_name ("dialog-warning-symbolic");

      gtk_widget_add_css_class (icon, "warning");
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), icon);
      return row;
    }

  count = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u server", "%u servers", n_servers), n_servers);
  label = gtk_label_new (count);
  gtk_widget_add_css_class (label, "dim-label");
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), label);

  if (n_servers > 0)
    {
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), gtk_image_new_from_icon_name ("go-next-symbolic"));
      gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), TRUE);
      g_object_set_data_full (G_OBJECT (row), "source", g_object_ref (source), g_object_unref);
      g_signal_connect_object (row, "activated", G_CALLBACK (row_activated_cb), self, G_CONNECT_SWAPPED);
    }

  return row;
}

static void
discovered_cb (GObject      *object,
               GAsyncResult *result,
               gpointer      user_data)
{
  g_autoptr(TetherImportSourcesDialog) self = user_data;
  g_autoptr(GListModel) sources = NULL;
  g_autoptr(GError) error = NULL;

  sources = tether_config_import_discover_finish (TETHER_CONFIG_IMPORT (object), result, &error);
  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED) || self->cancellable == NULL)
    return;

  gtk_spinner_stop (self->spinner);

  if (sources == NULL)
    {
      g_warning ("Could not look for other clients' configurations: %s", error->message);
      gtk_stack_set_visible_child_name (self->stack, "empty");
      return;
    }

  self->sources = g_steal_pointer (&sources);
  for (guint i = 0; i < g_list_model_get_n_items (self->sources); i++)
    {
      g_autoptr(TetherImportSource) source = g_list_model_get_item (self->sources, i);

      adw_preferences_group_add (self->sources_group, new_source_row (self, source));
    }

  gtk_stack_set_visible_child_name (self->stack,
                                    g_list_model_get_n_items (self->sources) > 0 ? "list" : "empty");
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SOURCES]);
}

static void
tether_import_sources_dialog_dispose (GObject *object)
{
  TetherImportSourcesDialog *self = (TetherImportSourcesDialog *)object;

  g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);

  gtk_widget_dispose_template (GTK_WIDGET (self), TETHER_TYPE_IMPORT_SOURCES_DIALOG);

  g_clear_object (&self->importer);
  g_clear_object (&self->sources);

  G_OBJECT_CLASS (tether_import_sources_dialog_parent_class)->dispose (object);
}

static void
tether_import_sources_dialog_get_property (GObject    *object,
                                           guint       prop_id,
                                           GValue     *value,
                                           GParamSpec *pspec)
{
  TetherImportSourcesDialog *self = TETHER_IMPORT_SOURCES_DIALOG (object);

  switch (prop_id)
    {
    case PROP_SOURCES:
      g_value_set_object (value, self->sources);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tether_import_sources_dialog_class_init (TetherImportSourcesDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = tether_import_sources_dialog_dispose;
  object_class->get_property = tether_import_sources_dialog_get_property;

  /**
   * TetherImportSourcesDialog:sources:
   *
   * The files found (#TetherImportSource), or %NULL while looking.
   */
  properties[PROP_SOURCES] =
    g_param_spec_object ("sources", NULL, NULL,
                         G_TYPE_LIST_MODEL,
                         (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * TetherImportSourcesDialog::chosen:
   * @self: the dialog
   * @file: the configuration file chosen
   */
  signals[CHOSEN] =
    g_signal_new ("chosen",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, G_TYPE_FILE);

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_BASE "/tether-import-sources-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, TetherImportSourcesDialog, empty_page);
  gtk_widget_class_bind_template_child (widget_class, TetherImportSourcesDialog, sources_group);
  gtk_widget_class_bind_template_child (widget_class, TetherImportSourcesDialog, spinner);
  gtk_widget_class_bind_template_child (widget_class, TetherImportSourcesDialog, stack);
}

static void
tether_import_sources_dialog_init (TetherImportSourcesDialog *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  tether_accessible_name_status_page (self->empty_page);
}

/**
 * tether_import_sources_dialog_new:
 * @importer: the importer to look with (its home and config folders)
 *
 * Returns: (transfer full): a new dialog, already looking
 */
TetherImportSourcesDialog *
tether_import_sources_dialog_new (TetherConfigImport *importer)
{
  TetherImportSourcesDialog *self;

  g_return_val_if_fail (TETHER_IS_CONFIG_IMPORT (importer), NULL);

  self = g_object_new (TETHER_TYPE_IMPORT_SOURCES_DIALOG, NULL);
  self->importer = g_object_ref (importer);
  self->cancellable = g_cancellable_new ();
  gtk_spinner_start (self->spinner);
  tether_config_import_discover_async (importer, self->cancellable, discovered_cb, g_object_ref (self));

  return self;
}

/**
 * tether_import_sources_dialog_get_sources:
 * @self: a #TetherImportSourcesDialog
 *
 * Returns: (transfer none) (nullable): the files found, or %NULL while
 *   looking
 */
GListModel *
tether_import_sources_dialog_get_sources (TetherImportSourcesDialog *self)
{
  g_return_val_if_fail (TETHER_IS_IMPORT_SOURCES_DIALOG (self), NULL);

  return self->sources;
}
