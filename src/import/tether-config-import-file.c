/* tether-config-import-file.c — reading a file to import, safely and bounded
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "tether-config-import"

#include "config.h"

#include <sys/stat.h>
#include <glib/gi18n-lib.h>

#include "tether-read-file.h"

#include "tether-import-run-private.h"

/* Above this, parsing goes to a worker thread so no frame stalls. */
#define THREAD_THRESHOLD (256 * 1024)
#define READ_CHUNK       (64 * 1024)

static char *
display_name_of (GFile     *file,
                 GFileInfo *info)
{
  if (info != NULL && g_file_info_has_attribute (info, G_FILE_ATTRIBUTE_STANDARD_DISPLAY_NAME))
    return g_strdup (g_file_info_get_display_name (info));

  return g_file_get_parse_name (file);
}

/* Checks the metadata; on success the file is worth reading. */
static gboolean
check_info (GFile      *file,
            GFileInfo  *info,
            guint64     max_size,
            GError    **error)
{
  g_autofree char *display = g_file_get_parse_name (file);
  GFileType type = g_file_info_get_file_type (info);

  if (type != G_FILE_TYPE_REGULAR)
    {
      guint32 mode = 0;

      if (type == G_FILE_TYPE_DIRECTORY)
        mode = S_IFDIR;
      else if (g_file_info_has_attribute (info, G_FILE_ATTRIBUTE_UNIX_MODE))
        mode = g_file_info_get_attribute_uint32 (info, G_FILE_ATTRIBUTE_UNIX_MODE);
      g_propagate_error (error, tether_read_error_not_a_file (display, mode));
      return FALSE;
    }

  if ((guint64)g_file_info_get_size (info) > max_size)
    {
      g_propagate_error (error, tether_read_error_too_large (display, g_file_info_get_size (info), max_size));
      return FALSE;
    }

  return TRUE;
}

static void
set_unreadable (GError     **error,
                GFile       *file,
                const GError *cause)
{
  g_autofree char *display = g_file_get_parse_name (file);

  if (g_error_matches (cause, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_CANCELLED, cause->message);
  else
    g_set_error (error, TETHER_CONFIG_ERROR, TETHER_CONFIG_ERROR_UNREADABLE,
                 _("%s could not be read: %s"), display, cause->message);
}

#define INFO_ATTRIBUTES G_FILE_ATTRIBUTE_STANDARD_TYPE "," \
                        G_FILE_ATTRIBUTE_STANDARD_SIZE "," \
                        G_FILE_ATTRIBUTE_STANDARD_DISPLAY_NAME "," \
                        G_FILE_ATTRIBUTE_UNIX_MODE

typedef struct
{
  TetherImportSettings *settings;
  GFile                *file;
  char                 *display;
  char                 *text;     /* nul-terminated */
  gsize                 length;
} LoadData;

static void
load_data_free (LoadData *data)
{
  g_clear_pointer (&data->settings, _tether_import_settings_free);
  g_clear_object (&data->file);
  g_clear_pointer (&data->display, g_free);
  g_clear_pointer (&data->text, g_free);
  g_free (data);
}

/* A local file, through the one safe reader: no FIFO, device or socket is
 * read, nothing past the cap is held. */
static char *
read_local (TetherConfigImport  *self,
            GFile               *file,
            const char          *path,
            gsize               *length,
            GError             **error)
{
  g_autofree char *display = g_file_get_parse_name (file);
  g_autoptr(GError) local_error = NULL;
  char *contents = NULL;

  if (tether_read_file (path, display, tether_config_import_get_max_size (self), &contents, length, &local_error))
    return contents;

  /* Open and read errors name the file already. */
  if (local_error->domain == G_IO_ERROR)
    g_set_error_literal (error, TETHER_CONFIG_ERROR, TETHER_CONFIG_ERROR_UNREADABLE, local_error->message);
  else
    g_propagate_error (error, g_steal_pointer (&local_error));

  return NULL;
}

/* Any other GFile (a remote one, through GVfs): type and size first,
 * then read up to the cap. */
static char *
read_remote (TetherConfigImport  *self,
             GFile               *file,
             GCancellable        *cancellable,
             gsize               *length,
             GError             **error)
{
  g_autoptr(GFileInfo) info = NULL;
  g_autoptr(GError) local_error = NULL;
  g_autoptr(GInputStream) stream = NULL;
  g_autoptr(GByteArray) data = g_byte_array_new ();

  info = g_file_query_info (file, INFO_ATTRIBUTES, G_FILE_QUERY_INFO_NONE, cancellable, &local_error);
  if (info == NULL || !check_info (file, info, tether_config_import_get_max_size (self), error) ||
      (stream = G_INPUT_STREAM (g_file_read (file, cancellable, &local_error))) == NULL)
    {
      if (local_error != NULL)
        set_unreadable (error, file, local_error);
      return NULL;
    }

  for (;;)
    {
      guint8 buffer[READ_CHUNK];
      gssize n = g_input_stream_read (stream, buffer, sizeof buffer, cancellable, &local_error);

      if (n < 0)
        {
          set_unreadable (error, file, local_error);
          return NULL;
        }
      if (n == 0)
        break;
      g_byte_array_append (data, buffer, n);
      if (data->len > tether_config_import_get_max_size (self))
        {
          g_autofree char *display = g_file_get_parse_name (file);

          g_propagate_error (error, tether_read_error_too_large (display, 0, tether_config_import_get_max_size (self)));
          return NULL;
        }
    }

  *length = data->len;
  g_byte_array_append (data, (const guint8 *)"", 1);

  return (char *)g_byte_array_free (g_steal_pointer (&data), FALSE);
}

/**
 * tether_config_import_load_file:
 * @self: a #TetherConfigImport
 * @file: the file to read
 * @cancellable: (nullable): a #GCancellable
 * @error: return location for an error
 *
 * Like tether_config_import_load_file_async() but blocking: for tether-cli
 * and tests, never the main thread of the app. A local file (symlinks
 * followed) must be a regular file: a folder, a named pipe, a socket or a
 * device is refused at once, saying which, and never read.
 *
 * Returns: (transfer full): what the file holds, or %NULL on error
 */
TetherImportResult *
tether_config_import_load_file (TetherConfigImport  *self,
                                GFile               *file,
                                GCancellable        *cancellable,
                                GError             **error)
{
  g_autoptr(TetherImportSettings) settings = NULL;
  g_autofree char *path = NULL;
  g_autofree char *display = NULL;
  g_autofree char *contents = NULL;
  gsize length = 0;

  g_return_val_if_fail (TETHER_IS_CONFIG_IMPORT (self), NULL);
  g_return_val_if_fail (G_IS_FILE (file), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  path = g_file_get_path (file);
  if (path != NULL)
    contents = read_local (self, file, path, &length, error);
  else
    contents = read_remote (self, file, cancellable, &length, error);
  if (contents == NULL)
    return NULL;

  settings = _tether_import_settings_new (self);
  display = g_file_get_basename (file);
  if (path != NULL)
    {
      g_free (display);
      display = g_filename_display_basename (path);
    }

  return _tether_import_text (settings, contents, length, file, display, path, error);
}

static TetherImportResult *
load_data_import (LoadData  *data,
                  GError   **error)
{
  return _tether_import_text (data->settings, data->text, data->length, data->file, data->display,
                      g_file_peek_path (data->file), error);
}

static void
parse_in_thread (GTask        *task,
                 gpointer      source_object,
                 gpointer      task_data,
                 GCancellable *cancellable)
{
  GError *error = NULL;
  TetherImportResult *result = load_data_import (task_data, &error);

  if (result == NULL)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, result, g_object_unref);
}

/* GIO reads in blocks and asks before each next one: past the cap, no. */
static gboolean
read_more_cb (const char *contents,
              goffset     size,
              gpointer    user_data)
{
  LoadData *data = g_task_get_task_data (G_TASK (user_data));

  return (guint64)size <= data->settings->max_size;
}

static void
on_loaded (GObject      *object,
           GAsyncResult *res,
           gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  LoadData *data = g_task_get_task_data (task);
  g_autoptr(GError) local_error = NULL;
  GError *error = NULL;

  if (!g_file_load_partial_contents_finish (G_FILE (object), res, &data->text, &data->length, NULL,
                                            &local_error))
    {
      set_unreadable (&error, data->file, local_error);
      g_task_return_error (task, error);
      return;
    }

  /* Stopped at the cap: the file grew past it since its size was seen. */
  if (data->length > data->settings->max_size)
    {
      g_autofree char *display = g_file_get_parse_name (data->file);

      g_task_return_error (task, tether_read_error_too_large (display, 0, data->settings->max_size));
      return;
    }

  /* A document big enough to stall a frame is parsed in a worker thread;
   * it shares nothing with the main thread. */
  if (data->length > THREAD_THRESHOLD)
    {
      g_task_run_in_thread (task, parse_in_thread);
      return;
    }

  {
    TetherImportResult *result = load_data_import (data, &error);

    if (result == NULL)
      g_task_return_error (task, error);
    else
      g_task_return_pointer (task, result, g_object_unref);
  }
}

static void
on_info (GObject      *object,
         GAsyncResult *res,
         gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  LoadData *data = g_task_get_task_data (task);
  g_autoptr(GFileInfo) info = NULL;
  g_autoptr(GError) local_error = NULL;
  GCancellable *cancellable;
  GError *error = NULL;

  info = g_file_query_info_finish (G_FILE (object), res, &local_error);
  if (info == NULL)
    {
      set_unreadable (&error, data->file, local_error);
      g_task_return_error (task, error);
      return;
    }

  /* A named pipe, a device or a folder is refused here, unopened: the
   * window never waits on one. */
  if (!check_info (data->file, info, data->settings->max_size, &error))
    {
      g_task_return_error (task, error);
      return;
    }

  g_free (data->display);
  data->display = display_name_of (data->file, info);

  cancellable = g_task_get_cancellable (task);
  g_file_load_partial_contents_async (data->file, cancellable, read_more_cb, on_loaded,
                                      g_steal_pointer (&task));
}

/**
 * tether_config_import_load_file_async:
 * @self: a #TetherConfigImport
 * @file: the file to read
 * @cancellable: (nullable): a #GCancellable
 * @callback: called when done
 * @user_data: data for @callback
 *
 * Reads @file and imports it. Type and size are checked before anything is
 * read (a folder, a named pipe, a socket or a device is refused at once,
 * saying which; so is a 50 MB file), the content is read with GIO's async
 * calls on the calling thread's main context and never past the size cap,
 * and only a document big enough to stall a frame is parsed in a worker
 * thread.
 */
void
tether_config_import_load_file_async (TetherConfigImport  *self,
                                      GFile               *file,
                                      GCancellable        *cancellable,
                                      GAsyncReadyCallback  callback,
                                      gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;
  LoadData *data;

  g_return_if_fail (TETHER_IS_CONFIG_IMPORT (self));
  g_return_if_fail (G_IS_FILE (file));

  data = g_new0 (LoadData, 1);
  data->settings = _tether_import_settings_new (self);
  data->file = g_object_ref (file);
  data->display = g_file_get_parse_name (file);

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, tether_config_import_load_file_async);
  g_task_set_name (task, "[tether] import file");
  g_task_set_task_data (task, data, (GDestroyNotify)load_data_free);

  g_file_query_info_async (file, INFO_ATTRIBUTES, G_FILE_QUERY_INFO_NONE, G_PRIORITY_DEFAULT,
                           cancellable, on_info, g_steal_pointer (&task));
}

/**
 * tether_config_import_load_file_finish:
 * @self: a #TetherConfigImport
 * @result: the #GAsyncResult
 * @error: return location for an error
 *
 * Returns: (transfer full): what the file holds, or %NULL on error
 */
TetherImportResult *
tether_config_import_load_file_finish (TetherConfigImport  *self,
                                       GAsyncResult        *result,
                                       GError             **error)
{
  g_return_val_if_fail (TETHER_IS_CONFIG_IMPORT (self), NULL);
  g_return_val_if_fail (g_task_is_valid (result, self), NULL);

  return g_task_propagate_pointer (G_TASK (result), error);
}
