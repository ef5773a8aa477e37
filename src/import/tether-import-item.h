/* tether-import-item.h
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "tether-server-config.h"

G_BEGIN_DECLS

#define TETHER_TYPE_IMPORT_ITEM (tether_import_item_get_type ())

G_DECLARE_FINAL_TYPE (TetherImportItem, tether_import_item, TETHER, IMPORT_ITEM, GObject)

const char          *tether_import_item_get_name                 (TetherImportItem *self);
TetherServerConfig  *tether_import_item_get_config               (TetherImportItem *self);
const char          *tether_import_item_get_source_key           (TetherImportItem *self);
const char          *tether_import_item_get_skip_reason          (TetherImportItem *self);
gboolean             tether_import_item_get_skipped              (TetherImportItem *self);
const char * const  *tether_import_item_get_warnings             (TetherImportItem *self);
const char * const  *tether_import_item_get_notes                (TetherImportItem *self);
GListModel          *tether_import_item_get_variables            (TetherImportItem *self);
guint                tether_import_item_get_n_unresolved         (TetherImportItem *self);
TetherServerConfig  *tether_import_item_dup_resolved_config      (TetherImportItem *self);

G_END_DECLS
