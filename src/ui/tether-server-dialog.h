/* tether-server-dialog.h
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "tether-server-manager.h"

G_BEGIN_DECLS

#define TETHER_TYPE_SERVER_DIALOG (tether_server_dialog_get_type ())

G_DECLARE_FINAL_TYPE (TetherServerDialog, tether_server_dialog, TETHER, SERVER_DIALOG, AdwWindow)

TetherServerDialog  *tether_server_dialog_new         (TetherServerManager *manager,
                                                       const char          *name);
TetherServerManager *tether_server_dialog_get_manager (TetherServerDialog  *self);
const char          *tether_server_dialog_get_name    (TetherServerDialog  *self);
const char          *tether_server_dialog_get_problem (TetherServerDialog  *self);
gboolean             tether_server_dialog_get_can_save (TetherServerDialog *self);

G_END_DECLS
