/* tether-status-icon.h
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "tether-server.h"

G_BEGIN_DECLS

#define TETHER_TYPE_STATUS_ICON (tether_status_icon_get_type ())

G_DECLARE_FINAL_TYPE (TetherStatusIcon, tether_status_icon, TETHER, STATUS_ICON, GtkWidget)

TetherServerState  tether_status_icon_get_state      (TetherStatusIcon  *self);
void               tether_status_icon_set_state      (TetherStatusIcon  *self,
                                                      TetherServerState  state);
const char        *tether_status_icon_get_icon_name  (TetherStatusIcon  *self);
const char        *tether_server_state_to_label      (TetherServerState  state);

G_END_DECLS
