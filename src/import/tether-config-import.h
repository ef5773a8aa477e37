/* tether-config-import.h
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "tether-config-error.h"
#include "tether-import-item.h"
#include "tether-import-result.h"
#include "tether-import-source.h"
#include "tether-import-variable.h"
#include "tether-read-limits.h"
#include "tether-server-config.h"

G_BEGIN_DECLS

/*
 * TetherConfigImport: other clients' configuration files to
 * #TetherServerConfig. Nothing is added or started, and the source is only
 * read.
 *
 *   tether_config_import_load_file_async (import, file, NULL, on_loaded, self);
 *   …
 *   result = tether_config_import_load_file_finish (import, res, &error);
 *   items = tether_import_result_get_items (result);          TetherImportItem
 *   variables = tether_import_result_get_variables (result);  TetherImportVariable
 *
 * For each #TetherImportItem: its normalised config, source key (e.g.
 * `mcpServers.memory`), warnings (ignored keys, Windows paths, disabled in
 * the source, values needed), notes (variables resolved), the variables it
 * needs and a skip reason when it cannot be imported. The preview sets
 * tether_import_variable_set_value() on the result's variables (each asked
 * once per file) and adds tether_import_item_dup_resolved_config().
 *
 * Errors (file, line and column in the message and in
 * tether_config_error_get_line()/_column()): see #TetherConfigImport in the
 * source for the full list; every one leaves nothing behind.
 *
 * Discovery for “Import from…”: tether_config_import_discover_async() lists
 * the #TetherImportSource files of clients on this machine with their server
 * counts. #TetherConfigImport:home-dir makes both testable with a fake home.
 */

/**
 * TETHER_CONFIG_IMPORT_DEFAULT_MAX_SIZE:
 *
 * Files larger than this are refused before they are read: the one size
 * cap of every file Tether reads, %TETHER_READ_MAX_FILE_SIZE.
 */
#define TETHER_CONFIG_IMPORT_DEFAULT_MAX_SIZE TETHER_READ_MAX_FILE_SIZE

#define TETHER_TYPE_CONFIG_IMPORT (tether_config_import_get_type ())

G_DECLARE_FINAL_TYPE (TetherConfigImport, tether_config_import, TETHER, CONFIG_IMPORT, GObject)

TetherConfigImport  *tether_config_import_new                 (void);

const char          *tether_config_import_get_home_dir        (TetherConfigImport   *self);
void                 tether_config_import_set_home_dir        (TetherConfigImport   *self,
                                                               const char           *home_dir);
const char          *tether_config_import_get_config_dir      (TetherConfigImport   *self);
void                 tether_config_import_set_config_dir      (TetherConfigImport   *self,
                                                               const char           *config_dir);
const char * const  *tether_config_import_get_environment     (TetherConfigImport   *self);
void                 tether_config_import_set_environment     (TetherConfigImport   *self,
                                                               const char * const   *environment);
guint64              tether_config_import_get_max_size        (TetherConfigImport   *self);
void                 tether_config_import_set_max_size        (TetherConfigImport   *self,
                                                               guint64               max_size);
gboolean             tether_config_import_get_env_file_values (TetherConfigImport   *self);
void                 tether_config_import_set_env_file_values (TetherConfigImport   *self,
                                                               gboolean              env_file_values);

TetherImportResult  *tether_config_import_load_text           (TetherConfigImport   *self,
                                                               const char           *text,
                                                               gssize                length,
                                                               const char           *file_name_hint,
                                                               GError              **error);
TetherImportResult  *tether_config_import_load_file           (TetherConfigImport   *self,
                                                               GFile                *file,
                                                               GCancellable         *cancellable,
                                                               GError              **error);
void                 tether_config_import_load_file_async     (TetherConfigImport   *self,
                                                               GFile                *file,
                                                               GCancellable         *cancellable,
                                                               GAsyncReadyCallback   callback,
                                                               gpointer              user_data);
TetherImportResult  *tether_config_import_load_file_finish    (TetherConfigImport   *self,
                                                               GAsyncResult         *result,
                                                               GError              **error);

void                 tether_config_import_discover_async      (TetherConfigImport   *self,
                                                               GCancellable         *cancellable,
                                                               GAsyncReadyCallback   callback,
                                                               gpointer              user_data);
GListModel          *tether_config_import_discover_finish     (TetherConfigImport   *self,
                                                               GAsyncResult         *result,
                                                               GError              **error);

G_END_DECLS
