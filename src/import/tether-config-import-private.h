/* tether-config-import-private.h
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "tether-config-import.h"

G_BEGIN_DECLS

TetherImportVariable *_tether_import_variable_new           (const char               *placeholder,
                                                             const char               *name,
                                                             TetherImportVariableKind  kind,
                                                             const char               *description,
                                                             gboolean                  secret);
void                  _tether_import_variable_update        (TetherImportVariable     *self,
                                                             const char               *description,
                                                             gboolean                  secret);

TetherImportItem     *_tether_import_item_new               (TetherServerConfig       *config,
                                                             const char               *source_key);
void                  _tether_import_item_add_warning       (TetherImportItem         *self,
                                                             const char               *warning);
void                  _tether_import_item_add_note          (TetherImportItem         *self,
                                                             const char               *note);
void                  _tether_import_item_add_variable      (TetherImportItem         *self,
                                                             TetherImportVariable     *variable);
void                  _tether_import_item_set_skip_reason   (TetherImportItem         *self,
                                                             const char               *reason);

TetherImportResult   *_tether_import_result_new             (GFile                    *file,
                                                             const char               *display_name,
                                                             TetherImportFormat        format);
void                  _tether_import_result_add_item        (TetherImportResult       *self,
                                                             TetherImportItem         *item);
TetherImportVariable *_tether_import_result_lookup_variable (TetherImportResult       *self,
                                                             const char               *placeholder);
void                  _tether_import_result_add_variable    (TetherImportResult       *self,
                                                             TetherImportVariable     *variable);
void                  _tether_import_result_add_warning     (TetherImportResult       *self,
                                                             const char               *warning);

TetherImportSource   *_tether_import_source_new             (const char               *client,
                                                             GFile                    *file,
                                                             TetherImportFormat        format,
                                                             guint                    n_servers,
                                                             const char               *error_message);

G_END_DECLS
