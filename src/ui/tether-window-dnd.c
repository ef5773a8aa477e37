/* tether-window-dnd.c — importing other clients' servers into the window
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Four ways in, one way through:
 *  - a drop anywhere on the window (toast_overlay): files from the file
 *    manager, a text/uri-list, or JSON text, with a "Drop to Import" overlay
 *    while something hovers;
 *  - Ctrl+V of JSON text (or of file URIs) when no text field takes it;
 *  - Import… (Ctrl+O), a file chooser;
 *  - Import from…, the configuration files of the clients on this machine.
 *
 * Each file is read asynchronously by TetherConfigImport and shown in a
 * TetherImportDialog; nothing changes until the user confirms there. A file
 * that is not a configuration, cannot be read, is empty, binary, a folder,
 * a named pipe, a socket or a device (refused before it is opened: the
 * window never waits on one), too large, or holds no servers gets a message
 * naming it and saying what was wrong, and changes nothing. Several files
 * are taken one after the other.
 */

#define G_LOG_DOMAIN "tether-window"

#include "config.h"

#include <string.h>

#include <glib/gi18n.h>

#include "tether-config-import.h"
#include "tether-import-dialog.h"
#include "tether-import-sources-dialog.h"
#include "tether-visible-text.h"
#include "tether-window-private.h"

static void import_next (TetherWindow *self);

/* Messages */

static void
message_response_cb (TetherWindow     *self,
                     const char       *response,
                     AdwMessageDialog *dialog)
{
  if (self->import_window == GTK_WINDOW (dialog))
    self->import_window = NULL;
  import_next (self);
}

/* Gone without an answer (the application quits): forget it. */
static void
message_destroyed_cb (TetherWindow *self,
                      GtkWidget    *dialog)
{
  if (self->import_window == GTK_WINDOW (dialog))
    self->import_window = NULL;
}

static void
show_error (TetherWindow *self,
            const char   *heading,
            const GError *error)
{
  g_autofree char *body = tether_visible_lines (error->message);
  GtkWidget *dialog;

  /* What was wrong with a file may quote it: shown, never obeyed. */
  dialog = adw_message_dialog_new (GTK_WINDOW (self), heading, body);
  adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (dialog), "close", _("_Close"));
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "close");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "close");
  g_signal_connect_object (dialog, "response", G_CALLBACK (message_response_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (dialog, "destroy", G_CALLBACK (message_destroyed_cb), self, G_CONNECT_SWAPPED);

  self->import_window = GTK_WINDOW (dialog);
  gtk_window_present (GTK_WINDOW (dialog));
}

/* The preview */

static void
imported_cb (TetherWindow       *self,
             const char         *first,
             guint               n_servers,
             TetherImportDialog *dialog)
{
  /* Translators: how many servers an import added or replaced */
  _tether_window_toast (self, g_dngettext (GETTEXT_PACKAGE, "Added %u server", "Added %u servers", n_servers),
                        n_servers);
  tether_window_show_server (self, first);
}

static void
preview_destroyed_cb (TetherWindow *self,
                      GtkWidget    *dialog)
{
  if (self->import_window == GTK_WINDOW (dialog))
    self->import_window = NULL;
  import_next (self);
}

static void
show_preview (TetherWindow       *self,
              TetherImportResult *result)
{
  TetherImportDialog *dialog = tether_import_dialog_new (self->manager, result);

  gtk_window_set_transient_for (GTK_WINDOW (dialog), GTK_WINDOW (self));
  g_signal_connect_object (dialog, "imported", G_CALLBACK (imported_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (dialog, "destroy", G_CALLBACK (preview_destroyed_cb), self, G_CONNECT_SWAPPED);

  self->import_window = GTK_WINDOW (dialog);
  gtk_window_present (GTK_WINDOW (dialog));
}

/* Loading, one file at a time */

static void
loaded_cb (GObject      *object,
           GAsyncResult *res,
           gpointer      user_data)
{
  g_autoptr(TetherWindow) self = user_data;
  g_autoptr(TetherImportResult) result = NULL;
  g_autoptr(GError) error = NULL;

  result = tether_config_import_load_file_finish (TETHER_CONFIG_IMPORT (object), res, &error);

  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;

  g_clear_object (&self->import_cancellable);

  if (result == NULL)
    {
      GFile *failed = g_object_get_data (object, "file");
      g_autofree char *name = g_file_get_basename (failed);
      /* Translators: the file's name */
      g_autofree char *heading = g_strdup_printf (_("Could Not Import “%s”"), name);

      show_error (self, heading, error);
      return;
    }

  show_preview (self, result);
}

static void
import_next (TetherWindow *self)
{
  g_autoptr(TetherConfigImport) importer = NULL;
  g_autoptr(GFile) file = NULL;

  /* One thing at a time: a preview or message open, or a file loading. */
  if (self->import_window != NULL || self->import_cancellable != NULL || self->import_queue == NULL)
    return;

  file = g_queue_pop_head (self->import_queue);
  if (file == NULL)
    return;

  importer = tether_config_import_new ();
  g_object_set_data_full (G_OBJECT (importer), "file", g_object_ref (file), g_object_unref);
  self->import_cancellable = g_cancellable_new ();
  tether_config_import_load_file_async (importer, file, self->import_cancellable,
                                        loaded_cb, g_object_ref (self));
}

/**
 * _tether_window_import_files:
 * @self: a #TetherWindow
 * @files: (array length=n_files): files to import
 * @n_files: how many
 *
 * Reads each file and previews its servers, one after the other; what is
 * not a configuration gets a message. Used by drops, Ctrl+V, Import… and
 * Import from….
 */
void
_tether_window_import_files (TetherWindow  *self,
                             GFile        **files,
                             guint          n_files)
{
  for (guint i = 0; i < n_files; i++)
    g_queue_push_tail (self->import_queue, g_object_ref (files[i]));

  import_next (self);
}

/**
 * _tether_window_import_text:
 * @self: a #TetherWindow
 * @text: dropped or pasted text: a configuration, or `file://` URIs
 *
 * Returns: %TRUE if the text was taken (a preview or a message shows)
 */
gboolean
_tether_window_import_text (TetherWindow *self,
                            const char   *text)
{
  g_autoptr(TetherConfigImport) importer = NULL;
  g_autoptr(TetherImportResult) result = NULL;
  g_autoptr(GPtrArray) files = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) uris = NULL;
  gboolean all_files = TRUE;

  if (text == NULL)
    return FALSE;

  /* A text/uri-list of local files, as some file managers and terminals
   * drop or copy them: the files. */
  uris = g_uri_list_extract_uris (text);
  for (guint i = 0; uris[i] != NULL && all_files; i++)
    {
      if (g_str_has_prefix (uris[i], "file://"))
        g_ptr_array_add (files, g_file_new_for_uri (uris[i]));
      else
        all_files = FALSE;
    }

  if (all_files && files->len > 0 && strchr (text, '{') == NULL)
    {
      _tether_window_import_files (self, (GFile **)files->pdata, files->len);
      return TRUE;
    }

  if (self->import_window != NULL)
    {
      gtk_window_present (self->import_window);
      return FALSE;
    }
  if (self->import_cancellable != NULL)
    return FALSE;   /* a file is being read, and will be shown */

  importer = tether_config_import_new ();
  result = tether_config_import_load_text (importer, text, -1, NULL, &error);
  if (result == NULL)
    {
      show_error (self, _("Could Not Import This Text"), error);
      return TRUE;
    }

  show_preview (self, result);

  return TRUE;
}

/* The drop target */

static gboolean
drop_cb (GtkDropTarget *target,
         const GValue  *value,
         double         x,
         double         y,
         TetherWindow  *self)
{
  gtk_revealer_set_reveal_child (self->drop_revealer, FALSE);

  if (G_VALUE_HOLDS (value, GDK_TYPE_FILE_LIST))
    {
      GSList *list = g_value_get_boxed (value);
      g_autoptr(GPtrArray) files = g_ptr_array_new ();

      for (GSList *l = list; l != NULL; l = l->next)
        g_ptr_array_add (files, l->data);
      if (files->len == 0)
        return FALSE;

      _tether_window_import_files (self, (GFile **)files->pdata, files->len);
      return TRUE;
    }

  if (G_VALUE_HOLDS (value, G_TYPE_FILE))
    {
      GFile *file = g_value_get_object (value);

      if (file == NULL)
        return FALSE;

      _tether_window_import_files (self, &file, 1);
      return TRUE;
    }

  if (G_VALUE_HOLDS (value, G_TYPE_STRING))
    return _tether_window_import_text (self, g_value_get_string (value));

  return FALSE;
}

static GdkDragAction
enter_cb (GtkDropTarget *target,
          double         x,
          double         y,
          TetherWindow  *self)
{
  gtk_revealer_set_reveal_child (self->drop_revealer, TRUE);

  return GDK_ACTION_COPY;
}

static void
leave_cb (GtkDropTarget *target,
          TetherWindow  *self)
{
  gtk_revealer_set_reveal_child (self->drop_revealer, FALSE);
}

/* Ctrl+V */

static void
paste_read_cb (GObject      *object,
               GAsyncResult *res,
               gpointer      user_data)
{
  g_autoptr(TetherWindow) self = user_data;
  g_autofree char *text = gdk_clipboard_read_text_finish (GDK_CLIPBOARD (object), res, NULL);

  if (text != NULL && self->manager != NULL)
    _tether_window_import_text (self, text);
}

static void
paste_action (GtkWidget  *widget,
              const char *action_name,
              GVariant   *parameter)
{
  GdkClipboard *clipboard = gtk_widget_get_clipboard (widget);

  gdk_clipboard_read_text_async (clipboard, NULL, paste_read_cb, g_object_ref (widget));
}

/* Import… */

static void
chooser_response_cb (TetherWindow         *self,
                     int                   response,
                     GtkFileChooserNative *chooser)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));

      if (file != NULL)
        _tether_window_import_files (self, &file, 1);
    }

  g_clear_object (&self->import_chooser);
}

static void
add_filter (GtkFileChooser  *chooser,
            const char      *name,
            const char     **mime_types,
            const char     **patterns)
{
  g_autoptr(GtkFileFilter) filter = gtk_file_filter_new ();

  gtk_file_filter_set_name (filter, name);
  for (guint i = 0; mime_types != NULL && mime_types[i] != NULL; i++)
    gtk_file_filter_add_mime_type (filter, mime_types[i]);
  for (guint i = 0; patterns != NULL && patterns[i] != NULL; i++)
    gtk_file_filter_add_pattern (filter, patterns[i]);
  gtk_file_chooser_add_filter (chooser, filter);
}

static void
import_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  TetherWindow *self = TETHER_WINDOW (widget);
  const char *all_mime[] = { "application/json", "application/toml", "application/yaml",
                             "application/x-yaml", "text/x-toml", "text/yaml", NULL };
  const char *all_patterns[] = { "*.json", "*.jsonc", "*.toml", "*.yaml", "*.yml", NULL };
  const char *json_patterns[] = { "*.json", "*.jsonc", NULL };
  const char *json_mime[] = { "application/json", NULL };
  const char *toml_patterns[] = { "*.toml", NULL };
  const char *yaml_patterns[] = { "*.yaml", "*.yml", NULL };
  const char *any[] = { "*", NULL };
  GtkFileChooser *chooser;

  if (self->import_chooser != NULL)
    {
      gtk_native_dialog_show (GTK_NATIVE_DIALOG (self->import_chooser));
      return;
    }

  self->import_chooser = gtk_file_chooser_native_new (_("Import Servers"), GTK_WINDOW (self),
                                                      GTK_FILE_CHOOSER_ACTION_OPEN,
                                                      _("_Import"), _("_Cancel"));
  chooser = GTK_FILE_CHOOSER (self->import_chooser);
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (self->import_chooser), TRUE);
  add_filter (chooser, _("Configuration Files"), all_mime, all_patterns);
  add_filter (chooser, _("JSON"), json_mime, json_patterns);
  add_filter (chooser, _("TOML (Codex)"), NULL, toml_patterns);
  add_filter (chooser, _("YAML (goose)"), NULL, yaml_patterns);
  add_filter (chooser, _("All Files"), NULL, any);

  g_signal_connect_object (self->import_chooser, "response", G_CALLBACK (chooser_response_cb), self,
                           G_CONNECT_SWAPPED);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (self->import_chooser));
}

/* Import from… */

static void
source_chosen_cb (TetherWindow              *self,
                  GFile                     *file,
                  TetherImportSourcesDialog *dialog)
{
  _tether_window_import_files (self, &file, 1);
  gtk_window_destroy (GTK_WINDOW (dialog));
}

static void
import_from_action (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  TetherWindow *self = TETHER_WINDOW (widget);
  g_autoptr(TetherConfigImport) importer = tether_config_import_new ();
  TetherImportSourcesDialog *dialog = tether_import_sources_dialog_new (importer);

  gtk_window_set_transient_for (GTK_WINDOW (dialog), GTK_WINDOW (self));
  g_signal_connect_object (dialog, "chosen", G_CALLBACK (source_chosen_cb), self, G_CONNECT_SWAPPED);
  gtk_window_present (GTK_WINDOW (dialog));
}

void
_tether_window_class_init_dnd (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "win.import", NULL, import_action);
  gtk_widget_class_install_action (widget_class, "win.import-from", NULL, import_from_action);
  gtk_widget_class_install_action (widget_class, "win.paste-import", NULL, paste_action);

  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_o, GDK_CONTROL_MASK, "win.import", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_v, GDK_CONTROL_MASK, "win.paste-import", NULL);
}

void
_tether_window_init_dnd (TetherWindow *self)
{
  GType types[] = { GDK_TYPE_FILE_LIST, G_TYPE_FILE, G_TYPE_STRING };
  GtkDropTarget *target = gtk_drop_target_new (G_TYPE_INVALID, GDK_ACTION_COPY);

  self->import_queue = g_queue_new ();

  gtk_drop_target_set_gtypes (target, types, G_N_ELEMENTS (types));
  g_signal_connect_object (target, "drop", G_CALLBACK (drop_cb), self, 0);
  g_signal_connect_object (target, "enter", G_CALLBACK (enter_cb), self, 0);
  g_signal_connect_object (target, "leave", G_CALLBACK (leave_cb), self, 0);
  gtk_widget_add_controller (GTK_WIDGET (self->toast_overlay), GTK_EVENT_CONTROLLER (target));
}

void
_tether_window_dispose_dnd (TetherWindow *self)
{
  g_cancellable_cancel (self->import_cancellable);
  g_clear_object (&self->import_cancellable);
  if (self->import_queue != NULL)
    g_queue_free_full (g_steal_pointer (&self->import_queue), g_object_unref);
  if (self->import_chooser != NULL)
    gtk_native_dialog_destroy (GTK_NATIVE_DIALOG (self->import_chooser));
  g_clear_object (&self->import_chooser);
  self->import_window = NULL;
}
