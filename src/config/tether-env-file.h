/* tether-env-file.h — KEY=VALUE files (VS Code's and Cursor's envFile)
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/**
 * TetherEnvFileEntry:
 * @name: a variable name (letters, digits, `_`; not starting with a digit)
 * @value: (nullable): its value, %NULL when only names were read
 */
typedef struct
{
  char *name;
  char *value;
} TetherEnvFileEntry;

GArray   *tether_env_file_parse   (const char  *text,
                                   gsize        length,
                                   gboolean     with_values,
                                   GError     **error);
gboolean  tether_env_file_is_name (const char  *name,
                                   gsize        length);

G_END_DECLS
