/* tether-import-dialog.h
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "tether-import-plan.h"
#include "tether-server-manager.h"

G_BEGIN_DECLS

#define TETHER_TYPE_IMPORT_DIALOG (tether_import_dialog_get_type ())

G_DECLARE_FINAL_TYPE (TetherImportDialog, tether_import_dialog, TETHER, IMPORT_DIALOG, AdwWindow)

TetherImportDialog  *tether_import_dialog_new          (TetherServerManager *manager,
                                                        TetherImportResult  *result);
TetherServerManager *tether_import_dialog_get_manager  (TetherImportDialog  *self);
TetherImportPlan    *tether_import_dialog_get_plan     (TetherImportDialog  *self);
gboolean             tether_import_dialog_get_connect  (TetherImportDialog  *self);
void                 tether_import_dialog_set_connect  (TetherImportDialog  *self,
                                                        gboolean             connect);
guint                tether_import_dialog_get_n_adding (TetherImportDialog  *self);
gboolean             tether_import_dialog_get_probing  (TetherImportDialog  *self);
gboolean             tether_import_dialog_get_move_secrets
                                                       (TetherImportDialog  *self);

G_END_DECLS
