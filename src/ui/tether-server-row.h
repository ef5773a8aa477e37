/* tether-server-row.h
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "tether-server.h"

G_BEGIN_DECLS

#define TETHER_TYPE_SERVER_ROW (tether_server_row_get_type ())

G_DECLARE_FINAL_TYPE (TetherServerRow, tether_server_row, TETHER, SERVER_ROW, GtkWidget)

TetherServer *tether_server_row_get_server (TetherServerRow *self);
void          tether_server_row_set_server (TetherServerRow *self,
                                            TetherServer    *server);
void          tether_server_row_popup_menu (TetherServerRow *self,
                                            double           x,
                                            double           y);

G_END_DECLS
