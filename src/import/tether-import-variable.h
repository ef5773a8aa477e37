/* tether-import-variable.h
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib-object.h>

G_BEGIN_DECLS

/**
 * TetherImportVariableKind:
 * @TETHER_IMPORT_VARIABLE_INPUT: a VS Code `${input:ID}`, declared in the
 *   file's `inputs` (description, password)
 * @TETHER_IMPORT_VARIABLE_WORKSPACE_FOLDER: `${workspaceFolder}`, the folder
 *   that holds `.vscode/` or `.cursor/`, unknown for a user-level file
 * @TETHER_IMPORT_VARIABLE_ENV: an environment variable that is not set here
 *   (`${env:NAME}`, `${NAME}`, goose `env_keys`, Codex `env_vars` and
 *   `bearer_token_env_var`); it stands as `${env:NAME}` in the configuration
 * @TETHER_IMPORT_VARIABLE_OTHER: any other placeholder the source client
 *   would have filled in (`${config:…}`, 5ire's `{{name@type::description}}`)
 *
 * What an unresolved placeholder is.
 */
typedef enum
{
  TETHER_IMPORT_VARIABLE_INPUT,
  TETHER_IMPORT_VARIABLE_WORKSPACE_FOLDER,
  TETHER_IMPORT_VARIABLE_ENV,
  TETHER_IMPORT_VARIABLE_OTHER,
} TetherImportVariableKind;

#define TETHER_TYPE_IMPORT_VARIABLE_KIND (tether_import_variable_kind_get_type ())

GType tether_import_variable_kind_get_type (void) G_GNUC_CONST;

#define TETHER_TYPE_IMPORT_VARIABLE (tether_import_variable_get_type ())

G_DECLARE_FINAL_TYPE (TetherImportVariable, tether_import_variable, TETHER, IMPORT_VARIABLE, GObject)

const char               *tether_import_variable_get_placeholder (TetherImportVariable *self);
const char               *tether_import_variable_get_name        (TetherImportVariable *self);
TetherImportVariableKind  tether_import_variable_get_kind        (TetherImportVariable *self);
const char               *tether_import_variable_get_description (TetherImportVariable *self);
gboolean                  tether_import_variable_get_secret      (TetherImportVariable *self);
const char               *tether_import_variable_get_value       (TetherImportVariable *self);
void                      tether_import_variable_set_value       (TetherImportVariable *self,
                                                                  const char           *value);

G_END_DECLS
