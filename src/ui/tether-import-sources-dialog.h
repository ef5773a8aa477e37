/* tether-import-sources-dialog.h
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "tether-config-import.h"

G_BEGIN_DECLS

#define TETHER_TYPE_IMPORT_SOURCES_DIALOG (tether_import_sources_dialog_get_type ())

G_DECLARE_FINAL_TYPE (TetherImportSourcesDialog, tether_import_sources_dialog, TETHER, IMPORT_SOURCES_DIALOG, AdwWindow)

TetherImportSourcesDialog *tether_import_sources_dialog_new         (TetherConfigImport        *importer);
GListModel                *tether_import_sources_dialog_get_sources (TetherImportSourcesDialog *self);

G_END_DECLS
