/* tether-config-import-discover.c — the clients' files on this machine
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "tether-config-import"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "tether-import-run-private.h"

/* Every location of every client in the table, in its order. */
typedef struct
{
  GListStore                 *sources;
  guint                       client;
  const TetherImportLocation *location;    /* of that client, next to look at */
  const TetherImportLocation *reading;     /* the one being read */
  GFile                      *file;
} DiscoverData;

static void
discover_data_free (DiscoverData *data)
{
  g_clear_object (&data->sources);
  g_clear_object (&data->file);
  g_free (data);
}

static void discover_next (GTask *task);

static void
on_discovered (GObject      *object,
               GAsyncResult *res,
               gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  DiscoverData *data = g_task_get_task_data (task);
  const TetherImportClient *client = _tether_import_clients_get_nth (data->client);
  const char *label = data->reading->label != NULL ? data->reading->label : client->name;
  g_autoptr(TetherImportResult) result = NULL;
  g_autoptr(TetherImportSource) source = NULL;
  g_autoptr(GError) error = NULL;

  result = tether_config_import_load_file_finish (TETHER_CONFIG_IMPORT (object), res, &error);

  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    {
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }

  if (result != NULL)
    source = _tether_import_source_new (g_dgettext (GETTEXT_PACKAGE, label), data->file,
                                        tether_import_result_get_format (result),
                                        tether_import_result_get_n_servers (result), NULL);
  else if (!g_error_matches (error, TETHER_CONFIG_ERROR, TETHER_CONFIG_ERROR_NO_SERVERS) ||
           data->reading->servers_only)
    /* A settings file without servers is no source; a broken one, or a
     * file only for servers with none, is shown with why. */
    source = _tether_import_source_new (g_dgettext (GETTEXT_PACKAGE, label), data->file,
                                        TETHER_IMPORT_FORMAT_UNKNOWN, 0, error->message);

  if (source != NULL)
    g_list_store_append (data->sources, source);

  discover_next (g_steal_pointer (&task));
}

/* The next location after data->location, across clients. */
static const TetherImportLocation *
next_location (DiscoverData *data)
{
  while (data->client < _tether_import_clients_get_n ())
    {
      const TetherImportClient *client = _tether_import_clients_get_nth (data->client);

      if (data->location == NULL)
        data->location = client->locations;
      if (data->location != NULL && data->location->path != NULL)
        return data->location++;

      data->client++;
      data->location = NULL;
    }

  return NULL;
}

static void
discover_next (GTask *task)
{
  TetherConfigImport *self = g_task_get_source_object (task);
  DiscoverData *data = g_task_get_task_data (task);
  const TetherImportLocation *location;

  while ((location = next_location (data)) != NULL)
    {
      const char *base = location->base == TETHER_IMPORT_BASE_HOME
                         ? tether_config_import_get_home_dir (self)
                         : tether_config_import_get_config_dir (self);
      g_autofree char *path = g_build_filename (base, location->path, NULL);

      /* A quick stat; the file is read only if it is there. */
      if (!g_file_test (path, G_FILE_TEST_EXISTS))
        continue;

      data->reading = location;
      g_clear_object (&data->file);
      data->file = g_file_new_for_path (path);
      tether_config_import_load_file_async (self, data->file, g_task_get_cancellable (task),
                                            on_discovered, task);
      return;
    }

  g_task_return_pointer (task, g_object_ref (data->sources), g_object_unref);
  g_object_unref (task);
}

/**
 * tether_config_import_discover_async:
 * @self: a #TetherConfigImport
 * @cancellable: (nullable): a #GCancellable
 * @callback: called when done
 * @user_data: data for @callback
 *
 * Looks for the configuration files of the clients Tether imports from, in
 * #TetherConfigImport:home-dir and #TetherConfigImport:config-dir, where the
 * client table (tether-import-clients.c) says each client keeps them: Claude
 * Desktop, Claude Code (`~/.claude.json`), VS Code and VS Code Insiders
 * (`mcp.json` and `settings.json`), VSCodium, Cursor, Windsurf, Zed,
 * LM Studio, Gemini CLI, Codex, Cline (in VS Code, Insiders and Cursor), Roo
 * Code, goose and 5ire. Each file found is read and counted.
 */
void
tether_config_import_discover_async (TetherConfigImport  *self,
                                     GCancellable        *cancellable,
                                     GAsyncReadyCallback  callback,
                                     gpointer             user_data)
{
  GTask *task;
  DiscoverData *data;

  g_return_if_fail (TETHER_IS_CONFIG_IMPORT (self));

  data = g_new0 (DiscoverData, 1);
  data->sources = g_list_store_new (TETHER_TYPE_IMPORT_SOURCE);

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, tether_config_import_discover_async);
  g_task_set_name (task, "[tether] discover configs");
  g_task_set_task_data (task, data, (GDestroyNotify)discover_data_free);

  discover_next (task);
}

/**
 * tether_config_import_discover_finish:
 * @self: a #TetherConfigImport
 * @result: the #GAsyncResult
 * @error: return location for an error (only cancellation)
 *
 * Returns: (transfer full): a #GListModel of #TetherImportSource: the files
 *   found, those holding servers with their count, broken ones with why.
 *   A client's settings file that configures no server is left out.
 */
GListModel *
tether_config_import_discover_finish (TetherConfigImport  *self,
                                      GAsyncResult        *result,
                                      GError             **error)
{
  g_return_val_if_fail (TETHER_IS_CONFIG_IMPORT (self), NULL);
  g_return_val_if_fail (g_task_is_valid (result, self), NULL);

  return g_task_propagate_pointer (G_TASK (result), error);
}
