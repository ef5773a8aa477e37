/* tether-read-window.h
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "mcp-item.h"
#include "tether-result-view.h"
#include "tether-schema-form.h"
#include "tether-server.h"

G_BEGIN_DECLS

#define TETHER_TYPE_READ_WINDOW (tether_read_window_get_type ())

G_DECLARE_FINAL_TYPE (TetherReadWindow, tether_read_window, TETHER, READ_WINDOW, AdwWindow)

TetherReadWindow *tether_read_window_new             (TetherServer     *server,
                                                      McpItem          *item);
TetherReadWindow *tether_read_window_present         (GtkWidget        *from,
                                                      TetherServer     *server,
                                                      McpItem          *item);
TetherServer     *tether_read_window_get_server      (TetherReadWindow *self);
McpItem          *tether_read_window_get_item        (TetherReadWindow *self);
TetherSchemaForm *tether_read_window_get_form        (TetherReadWindow *self);
TetherResultView *tether_read_window_get_result_view (TetherReadWindow *self);
gboolean          tether_read_window_get_busy        (TetherReadWindow *self);

G_END_DECLS
