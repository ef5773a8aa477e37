/* tether-port-row.h
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "tether-hub-control.h"

G_BEGIN_DECLS

#define TETHER_TYPE_PORT_ROW (tether_port_row_get_type ())

G_DECLARE_FINAL_TYPE (TetherPortRow, tether_port_row, TETHER, PORT_ROW, AdwEntryRow)

void tether_port_row_set_control (TetherPortRow    *self,
                                  TetherHubControl *control);

G_END_DECLS
