/* tether-import-source.h
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "tether-import-result.h"

G_BEGIN_DECLS

#define TETHER_TYPE_IMPORT_SOURCE (tether_import_source_get_type ())

G_DECLARE_FINAL_TYPE (TetherImportSource, tether_import_source, TETHER, IMPORT_SOURCE, GObject)

const char         *tether_import_source_get_client        (TetherImportSource *self);
GFile              *tether_import_source_get_file          (TetherImportSource *self);
TetherImportFormat  tether_import_source_get_format        (TetherImportSource *self);
guint               tether_import_source_get_n_servers     (TetherImportSource *self);
const char         *tether_import_source_get_error_message (TetherImportSource *self);

G_END_DECLS
