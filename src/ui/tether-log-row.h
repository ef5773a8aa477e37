/* tether-log-row.h
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "tether-log-entry.h"

G_BEGIN_DECLS

#define TETHER_TYPE_LOG_ROW (tether_log_row_get_type ())

G_DECLARE_FINAL_TYPE (TetherLogRow, tether_log_row, TETHER, LOG_ROW, GtkWidget)

TetherLogEntry *tether_log_row_get_entry (TetherLogRow   *self);
void            tether_log_row_set_entry (TetherLogRow   *self,
                                          TetherLogEntry *entry);

G_END_DECLS
